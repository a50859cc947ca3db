"""The documentation site's sources keep up with the code (issue 24): every public name has a
full numpydoc docstring and a page in the API reference, the CLI reference is read from the
parsers, the gallery's examples and the guide's Python blocks run, and every guide page is
reachable. Building the whole site is ``bash scripts/docs.sh`` (test.sh runs it after pytest)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest
from script_loader import load_script

import lightsart

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def test_every_public_name_has_a_full_numpydoc_docstring() -> None:
    coverage = load_script("scripts/docstring_coverage.py")
    gaps = [f"lightsart.{r.name}: missing {', '.join(r.missing)}"
            for r in coverage.public_reports() if r.missing]
    assert not gaps, "\n".join(gaps)


def test_the_coverage_check_can_fail() -> None:
    coverage = load_script("scripts/docstring_coverage.py")

    def bare(x: int) -> int:
        """Only a summary."""
        return x

    def full(x: int) -> int:
        """A summary.

        Parameters
        ----------
        x : int
            A number.

        Returns
        -------
        int
            The same number.
        """
        return x

    assert coverage.check("bare", bare).missing == ("Parameters", "Returns")
    assert coverage.check("full", full).missing == ()
    assert coverage.check("make_still", full).missing == ("Examples",)
    assert coverage.check("undocumented", lambda: None).missing == ("docstring",)


def test_a_public_registry_needs_a_docstring_of_its_own() -> None:
    """A value such as ``CLICK_ORDERS`` takes no arguments and returns nothing, so it needs no
    Parameters or Returns; but the docstring its class lends it does not document it."""
    from lightsart._registry import Registry

    coverage = load_script("scripts/docstring_coverage.py")
    colours = Registry[str]("colour")
    assert colours.__doc__ == Registry.__doc__  # what inspect.getdoc would have read
    assert coverage.check("COLOURS", colours).missing == ("docstring",)
    colours.__doc__ = "Every colour by name."
    assert coverage.check("COLOURS", colours).missing == ()
    assert Registry.__doc__ != colours.__doc__  # the class keeps its own
    assert coverage.check("CLICK_ORDERS", lightsart.CLICK_ORDERS).missing == ()


def test_the_api_reference_lists_every_public_name() -> None:
    text = (DOCS / "api" / "index.rst").read_text()
    listed = set(re.findall(r"^   (\w+)$", text, re.M))
    public = set(lightsart.__all__) - {"__version__"}
    assert listed == public, (f"missing: {sorted(public - listed)}; "
                              f"not public: {sorted(listed - public)}")


def test_the_cli_reference_is_each_parsers_help() -> None:
    from lightsart._cli import COMMANDS, build_parser

    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        reference = load_script("docs/_ext/cli_reference.py")
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    helps = {name: text for name, _, text in reference.command_helps()}
    assert list(helps) == ["lightsart", *(f"lightsart {c}" for c in (*COMMANDS, "help"))]
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = reference.WIDTH
    try:
        for action in build_parser()._subparsers._group_actions:  # type: ignore[union-attr]
            for name, sub in action.choices.items():  # type: ignore[union-attr]
                assert helps[f"lightsart {name}"] == sub.format_help()
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old


def test_every_guide_page_is_in_the_toctree() -> None:
    index = (DOCS / "guide" / "index.md").read_text()
    for page in sorted((DOCS / "guide").glob("*.md")):
        if page.name != "index.md":
            assert re.search(rf"^{page.stem}$", index, re.M), f"{page.name} is not in the guide"
    notebooks = (DOCS / "notebooks.md").read_text()
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"notebooks/{notebook.stem}" in notebooks, notebook.name


def test_the_readme_links_every_section_of_the_site() -> None:
    readme = (ROOT / "README.md").read_text()
    for target in re.findall(r"\]\(([^)#]+)\)", readme):
        assert (ROOT / target).exists(), f"README links to a missing {target}"
    for page in [*sorted((DOCS / "guide").glob("*.md")), DOCS / "mathematics.md"]:
        if page.name != "index.md":
            assert str(page.relative_to(ROOT)) in readme, f"README does not link {page.name}"


def test_the_gallery_has_ten_to_fifteen_examples_each_with_a_title() -> None:
    examples = sorted((DOCS / "examples").glob("plot_*.py"))
    assert 10 <= len(examples) <= 15
    for example in examples:
        doc = example.read_text().split('"""')[1].strip().splitlines()
        assert len(doc) >= 3 and set(doc[1]) == {"="}, f"{example.name} has no title"


@pytest.mark.slow
def test_the_docs_python_blocks_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Every ```python block of the site's Markdown pages runs as written, from a folder that
    has the samples (as the repository root has), writing its files there."""
    (tmp_path / "samples").symlink_to(ROOT / "samples")
    monkeypatch.chdir(tmp_path)
    pages = [*sorted(DOCS.glob("*.md")), *sorted((DOCS / "guide").glob("*.md"))]
    ran = 0
    for page in pages:
        for block in re.findall(r"```python\n(.*?)```", page.read_text(), re.S):
            exec(compile(block, str(page), "exec"), {"__name__": "docs"})
            ran += 1
    assert ran >= 3
