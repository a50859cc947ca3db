#!/usr/bin/env bash
# Install everything the tests need, then run lint, type check and the whole test suite.
# This is the README's test command, and .ci/run calls it unchanged.
set -euo pipefail
cd "$(dirname "$0")/.."
# The HTML page tests drive Debian's Chromium through Playwright: install the browser package
# when it is missing (Playwright itself never downloads a browser here).
if [ "${LIGHTSART_SKIP_BROWSER:-0}" != 1 ] && [ ! -x "${LIGHTSART_CHROMIUM:-/usr/bin/chromium}" ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -q
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
fi
python -m pip install --quiet --disable-pip-version-check -e '.[test]'
python -m ruff check lightsart tests benchmarks scripts notebooks
python -m mypy
python -m pytest -n 2 "$@"
