"""The notebooks are written against the public API and run with ``pip install -e '.[notebooks]'``
(from a clone).

* Every ``lightsart`` name a notebook uses is public: ``import lightsart as la`` and ``la.NAME``
  (or ``from lightsart import NAME``) with ``NAME`` in ``lightsart.__all__``; no internal module.
* Every other import is the standard library, a dependency of lightsart, or in the ``notebooks``
  extra of pyproject.toml.
* Each notebook runs top to bottom in a fresh kernel through nbclient (what ``jupyter execute``
  does), unless nbmake already runs it in this session (``pytest`` collects ``notebooks/``).
"""

from __future__ import annotations

import ast
import json
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

import lightsart

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
IDS = [p.stem for p in NOTEBOOKS]


def code_of(path: Path) -> str:
    """The notebook's code as Python: ``%load_ext M`` becomes ``import M``, other magics ``pass``."""
    cells = json.loads(path.read_text())["cells"]
    source = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    source = re.sub(r"^(\s*)%load_ext\s+(\S+)", r"\1import \2", source, flags=re.M)
    return re.sub(r"^(\s*)[%!].*$", r"\1pass", source, flags=re.M)


def private_uses(source: str) -> list[str]:
    """What ``source`` takes from lightsart that is not public (empty: only the public API)."""
    tree = ast.parse(source)
    aliases: set[str] = set()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name == "lightsart":
                    aliases.add(a.asname or a.name)
                elif a.name.startswith("lightsart."):
                    found.append(f"import {a.name}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "lightsart":
            if node.module != "lightsart":
                found.append(f"from {node.module} import ...")
            else:
                found += [f"from lightsart import {a.name}" for a in node.names
                          if a.name not in lightsart.__all__]
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in aliases and node.attr not in lightsart.__all__):
            found.append(f"{node.value.id}.{node.attr}")
    return found


def third_party_imports(source: str) -> set[str]:
    tops: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            tops |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            tops.add(node.module.split(".")[0])
    return {t for t in tops if t not in sys.stdlib_module_names and t != "lightsart"}


def requirement_names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0].lower().replace("_", "-") for r in requirements}


def test_there_are_notebooks() -> None:
    assert len(NOTEBOOKS) >= 6


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_uses_only_the_public_api(path: Path) -> None:
    source = code_of(path)
    assert "import lightsart as la" in source
    assert private_uses(source) == []


def test_the_check_sees_internal_modules_and_names(tmp_path: Path) -> None:
    bad = ("import lightsart as la\nfrom lightsart._core.modk import press_mod\n"
           "import lightsart._pipeline\nfrom lightsart import _display, Rules\n"
           "la._pictures.tone.levels(x)\nla.Rules(3, 3)\n")
    assert sorted(private_uses(bad)) == [
        "from lightsart import _display", "from lightsart._core.modk import ...",
        "import lightsart._pipeline", "la._pictures"]
    cells = [{"cell_type": "code", "source": ["import lightsart as la\n", "%load_ext lightsart._display\n",
                                              "%%time\n", "!ls\n"]}]
    (tmp_path / "x.ipynb").write_text(json.dumps({"cells": cells}))
    assert private_uses(code_of(tmp_path / "x.ipynb")) == ["import lightsart._display"]


def test_the_notebooks_extra_covers_every_import() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    allowed = requirement_names(project["dependencies"] + project["optional-dependencies"]["notebooks"])
    # The extra stays light: the test and lint tools are not what a notebook needs.
    assert not allowed & {"ruff", "mypy", "playwright", "highspy", "pytest", "hypothesis"}
    distributions = packages_distributions()
    for path in NOTEBOOKS:
        for module in third_party_imports(code_of(path)):
            names = {d.lower().replace("_", "-") for d in distributions.get(module, [module])}
            assert names & allowed, (path.name, module, names)


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_runs_clean_in_a_fresh_kernel(path: Path, request: pytest.FixtureRequest) -> None:
    if any(Path(str(item.path)) == path for item in request.session.items):
        pytest.skip("nbmake runs this notebook in this session")
    nbclient = pytest.importorskip("nbclient")
    import nbformat

    nb = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(nb, timeout=180, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert errors == []
