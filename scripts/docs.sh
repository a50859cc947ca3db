#!/usr/bin/env bash
# Build the documentation site into docs/_build/html, warnings as errors.
# Installs the docs extra first (Sphinx, numpydoc, sphinx-gallery, myst-nb, pydata-sphinx-theme);
# the gallery's examples and the notebooks run during the build, so every picture on the site is
# made fresh. It runs in a virtual environment (scripts/venv.sh).
# LIGHTSART_DOCS_SKIP_INSTALL=1 skips the install (scripts/test.sh has installed it already).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
if [ "${LIGHTSART_DOCS_SKIP_INSTALL:-0}" != 1 ]; then
    python -m pip install --quiet --disable-pip-version-check -e '.[docs]'
fi
rm -rf docs/_build docs/api/generated docs/auto_examples docs/jupyter_execute docs/notebooks \
    docs/sg_execution_times.rst
# The package imported is this checkout's (docs/conf.py puts it first on sys.path); the notebooks'
# kernels and the examples inherit it through PYTHONPATH.
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
export MPLBACKEND=Agg
python -m sphinx -W --keep-going -b html -j 1 docs docs/_build/html "$@"
