"""`python -m lightsart` runs the command-line tool."""

from lightsart._cli import main

raise SystemExit(main())
