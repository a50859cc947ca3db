"""Sphinx configuration for the lightsart site (``bash scripts/docs.sh`` builds it with -W)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
# The worktree's package, not whichever copy is installed, and the local extensions.
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "_ext"))

import lightsart  # noqa: E402

project = "lightsart"
author = "lightsart contributors"
copyright = "lightsart contributors, MIT licence"
release = lightsart.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
    "myst_nb",
    "sphinx_gallery.gen_gallery",
    "sphinx_copybutton",
    "cli_reference",
    "mathjax_local",
]

exclude_patterns = ["_build", "README.md", "photo-table.md", "**.ipynb_checkpoints", "auto_examples/*.ipynb",
                    "auto_examples/*.py", "auto_examples/*.zip", "auto_examples/*.json",
                    "examples/GALLERY_HEADER.rst"]
templates_path = ["_templates"]
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"

# -- API reference -----------------------------------------------------------------------------
autosummary_generate = True
autosummary_imported_members = True
autodoc_typehints = "none"  # numpydoc's Parameters sections say the types in words
autodoc_default_options = {"members": False}
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
# Every public docstring is checked at build time: these numpydoc checks fail the build (-W).
numpydoc_validation_checks = {"PR01", "PR02", "RT01", "GL08"}
numpydoc_validation_exclude = {r"\.__init__$", r"\._repr_", r"\.__post_init__$"}

# -- Notebooks (myst-nb executes them: the files in notebooks/ are stored without outputs) ---
NOTEBOOKS = DOCS / "notebooks"
if NOTEBOOKS.exists():
    shutil.rmtree(NOTEBOOKS)
NOTEBOOKS.mkdir()
for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
    shutil.copy2(notebook, NOTEBOOKS / notebook.name)
nb_execution_mode = os.environ.get("LIGHTSART_DOCS_EXECUTE", "force")
nb_execution_timeout = 300
nb_execution_raise_on_error = True
nb_merge_streams = True
myst_enable_extensions = ["dollarmath", "colon_fence", "deflist"]
myst_heading_anchors = 3
suppress_warnings = ["mystnb.unknown_mime_type"]

# -- Gallery (every picture on the site is made by the code beside it) ------------------------
from gallery_scraper import PictureFiles  # noqa: E402

sphinx_gallery_conf = {
    "examples_dirs": ["examples"],
    "gallery_dirs": ["auto_examples"],
    "filename_pattern": r"/plot_",
    "image_scrapers": ("matplotlib", PictureFiles()),
    "download_all_examples": False,
    "remove_config_comments": True,
    "within_subsection_order": "FileNameSortKey",
    "show_memory": False,
    "min_reported_time": 10_000,
    "capture_repr": (),
    "abort_on_example_error": True,
    "matplotlib_animations": False,
}

# -- HTML ----------------------------------------------------------------------------------------
# pydata-sphinx-theme, chosen over furo by looking at both (docs/site-*.png): its top bar shows
# the six sections at once, as scikit-image's and networkx's sites do, the API pages list every
# public name beside the page with a breadcrumb, and the home page has no sidebar, so the two
# animations show at 400 pixels. LIGHTSART_DOCS_THEME=furo builds the other for comparison.
html_theme = os.environ.get("LIGHTSART_DOCS_THEME", "pydata_sphinx_theme")
html_title = f"lightsart {release}"
html_static_path = ["_static"]
html_css_files = ["lightsart.css"]
html_show_sourcelink = False
if html_theme == "pydata_sphinx_theme":
    html_theme_options = {
        "navigation_with_keys": False,
        "header_links_before_dropdown": 6,
        "show_toc_level": 2,
        "secondary_sidebar_items": ["page-toc"],
        "footer_start": ["copyright"],
        "footer_end": ["sphinx-version"],
    }
    html_sidebars = {"index": [], "mathematics": [], "cli": [], "notebooks": []}
