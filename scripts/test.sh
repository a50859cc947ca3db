#!/usr/bin/env bash
# Install everything the tests need, then run lint, type check and the whole test suite.
# This is the README's test command, and .ci/run calls it unchanged.
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install --quiet --disable-pip-version-check -e '.[test]'
python -m ruff check lightsart tests benchmarks scripts
python -m mypy
python -m pytest -n 2 "$@"
