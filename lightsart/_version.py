"""The package's version, as pyproject.toml says it: ``lightsart.__version__``, and the stamp of
every page (it sits at the ground of the import graph, so a page need not import the package's
face for it)."""

__version__ = "0.2.0.dev0"
