"""`python -m lightsart` runs the command-line tool."""

from lightsart.cli import main

raise SystemExit(main())
