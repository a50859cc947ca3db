# Sourced by scripts/test.sh and scripts/docs.sh: run in a virtual environment, never the system's
# Python (Debian's python3 refuses `pip install` with externally-managed-environment).
# - One already active (VIRTUAL_ENV set) is used as it is.
# - Otherwise LIGHTSART_VENV (default: .venv in the checkout) is made with python3 when missing,
#   and activated. .ci/run names a new folder each time, so CI installs the newest allowed versions.
# Python 3.11 or newer is required (pyproject.toml's requires-python).
if [ -z "${VIRTUAL_ENV:-}" ]; then
    venv="${LIGHTSART_VENV:-.venv}"
    if [ ! -x "$venv/bin/python" ]; then
        python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
            echo "lightsart needs Python 3.11 or newer; python3 is $(python3 --version 2>&1)" >&2
            exit 2
        }
        echo "making a virtual environment in $venv"
        python3 -m venv "$venv"
    fi
    # shellcheck disable=SC1091
    . "$venv/bin/activate"
fi
