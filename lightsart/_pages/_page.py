"""What both pages share: templates, the scripts they bundle, page data, rules and boards as data.

A page is one of the HTML templates beside this module with its CSS, its scripts and its data
(JSON safe inside ``<script>``) filled in. Rules travel as ``{pattern: [[0, 1, 0], ...],
topology}``; boards of ``k`` states (``k <= 16``) as rows of one hexadecimal digit per cell, so
two-state boards are rows of 0/1. A press adds 1 (mod ``k``) to every cell of its pattern; with
two states that is the click, which toggles.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from lightsart._choices import Topology
from lightsart._errors import LightsartError
from lightsart._results import vocabulary
from lightsart._rules import Pattern, Rules, parse_pattern
from lightsart._types import Board

__all__ = ["after_presses", "as_levels", "html_page", "level_rows", "page_rules",
           "page_scripts", "rules_data", "states_data"]


def _template(name: str) -> str:
    return resources.files("lightsart._pages").joinpath(name).read_text(encoding="utf-8")


def page_scripts(page: str, states: int) -> tuple[str, ...]:
    """A page's scripts: the rules and GF(2) solver, the one API for any number of states
    (``lights.js``), the Z/k solver when the page needs it (:func:`states_data`), the view,
    the page."""
    return ("lightsout.js", "lights.js", *states_data(states)[1], "view.js", page)


def _script(*names: str) -> str:
    code = "\n".join(_template(n) for n in names)
    # The script is inlined in <script>: a closing tag inside it would end it early.
    if "</script" in code.lower() or "<!--" in code:  # pragma: no cover - template bug
        raise AssertionError("page script contains </script or <!--")
    return code


def _json(data: dict[str, Any]) -> str:
    """JSON safe inside a <script> element (no '<', so no '</script>')."""
    return json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")


def _html_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


#: The pages' content security policy: nothing from outside the page.
_POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"


def html_page(template: str, title: str, data: dict[str, Any], scripts: Sequence[str],
              media: bool = False) -> str:
    """The page ``template`` with its head, data and scripts; ``media``: it plays sound held in
    the page (``data:`` URIs, a film's), which its policy then allows."""
    from lightsart._version import __version__

    parts = {
        "{{VERSION}}": __version__,
        "{{TITLE}}": _html_text(title),
        "{{CSS}}": _template("page.css"),
        "{{DATA}}": _json(data),
        "{{SCRIPT}}": _script(*scripts),
    }
    # Every page shares its head (meta, title, style) and foot (data, script): one template each.
    head = _template("page-head.html")
    if media:
        head = head.replace(_POLICY, _POLICY + "; media-src data:", 1)
    html = _template(template).replace("{{HEAD}}\n", head, 1)
    html = html.replace("{{FOOT}}\n", _template("page-foot.html"), 1)
    for key, value in parts.items():
        html = html.replace(key, value)
    return html


def page_rules(pattern: str, topology: Topology, height: int = 1, width: int = 1,
               states: int = 2) -> Rules:
    """The rules ``pattern`` (a name or ROWS) and ``topology`` name, checked, on a board.

    All-zero border rings of the pattern are dropped, as the page does (``trim`` in
    ``lightsout.js``): they toggle nothing, and the plus drawn in a 5x5 grid is the classic game.
    """
    rows = parse_pattern(pattern).rows
    while len(rows) > 1 and "1" not in rows[0] + rows[-1]:
        rows = rows[1:-1]
    while len(rows[0]) > 1 and all(row[0] == row[-1] == "0" for row in rows):
        rows = tuple(row[1:-1] for row in rows)
    return Rules(height, width, Pattern(rows), topology, states)


def rules_data(rules: Rules) -> dict[str, Any]:
    """The page's ``rules`` entry: the pattern as rows of 0/1 numbers, and the topology."""
    return {"pattern": [[int(ch) for ch in row] for row in rules.pattern.rows],
            "topology": rules.topology}


def states_data(states: int) -> tuple[dict[str, int], tuple[str, ...]]:
    """The page data's ``states`` entry and the Z/k solver script, for ``states`` states."""
    # Two-state pages keep the data they always had (the page reads a missing entry as 2) and
    # solve by lights.js's GF(2) fast path (faster than Z/2, and proven fewest where Z/2 only
    # searches: benchmarks/page_solvers.js), so they need no Z/k solver.
    if states == 2:
        return {}, ()
    return {"states": states}, ("modk.js",)


_DIGITS = "0123456789abcdef"


def as_levels(board: ArrayLike, states: int, what: str) -> Board:
    """``board`` as a 2-D ``uint8`` array of levels ``0 .. states-1`` (booleans as 0/1), or one
    line saying why not."""
    a = np.asarray(board)
    if a.ndim != 2 or a.size == 0:
        raise LightsartError(f"{what} must be a non-empty 2-D array, got shape {a.shape}")
    if a.dtype == np.bool_:
        return a.astype(np.uint8)
    if not np.issubdtype(a.dtype, np.integer) or int(a.min()) < 0 or int(a.max()) >= states:
        # Two states keep the words of lightsart._core.board.as_board.
        raise LightsartError(f"{what} must hold only {vocabulary(states).values}")
    return a.astype(np.uint8)


def level_rows(board: Board) -> list[str]:
    """One string per row, one hexadecimal digit per cell (``[[0, 10], [15, 3]] -> ["0a", "f3"]``)."""
    return ["".join(_DIGITS[v] for v in row) for row in np.asarray(board).tolist()]


def after_presses(start: Board, cells: Sequence[int] | np.ndarray, rules: Rules) -> Board:
    """``start`` after one press of each listed cell (``i * n + j``; repeats press again), mod k
    (two states: each click toggles its pattern, a cell listed twice undoes itself)."""
    from lightsart._rules import press

    k = rules.states
    counts = np.bincount(np.asarray(cells, dtype=np.int64), minlength=rules.cells) % k
    made = start.astype(np.int64) + press(counts.reshape(rules.shape), rules)
    return (made % k).astype(np.uint8)
