#!/usr/bin/env bash
# Install everything the tests and the documentation need, then run lint, type check, the whole
# test suite (with every docstring example) and build the documentation site with warnings as
# errors (scripts/docs.sh: 1 to 2 minutes on 2 cores, most of it running the seven notebooks and
# the gallery's examples). This is the README's test command, and .ci/run calls it unchanged.
# LIGHTSART_SKIP_DOCS=1 skips the site (arguments are passed to pytest).
# It runs in a virtual environment (scripts/venv.sh: the active one, or .venv, made when missing),
# and prints the versions it tests at the start. On 2 idle cores: about 1 minute to install into a
# new environment, 4 minutes of tests, 1 minute of site (5 min 36 s in all from a fresh clone).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
# The HTML page tests drive Debian's Chromium through Playwright: install the browser package
# when it is missing (Playwright itself never downloads a browser here).
if [ "${LIGHTSART_SKIP_BROWSER:-0}" != 1 ] && [ ! -x "${LIGHTSART_CHROMIUM:-/usr/bin/chromium}" ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -q
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
fi
python -m pip install --quiet --disable-pip-version-check -e '.[test,docs]'
python scripts/versions.py
python -m ruff check lightsart tests benchmarks scripts notebooks docs
python -m mypy
python -m pytest -n 2 "$@"
if [ "${LIGHTSART_SKIP_DOCS:-0}" != 1 ]; then
    LIGHTSART_DOCS_SKIP_INSTALL=1 bash scripts/docs.sh -q
fi
