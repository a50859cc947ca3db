"""What both pages share: templates, the scripts they bundle, page data, rules and boards as data.

A page is one of the HTML templates beside this module with its CSS, its scripts and its data
(JSON safe inside ``<script>``) filled in. Rules travel as ``{pattern: [[0, 1, 0], ...],
topology}``; boards as rows of 0/1, or with ``k > 2`` states one hexadecimal digit per cell.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources
from typing import Any

from lightsart.choices import Topology
from lightsart.core.board import format_board
from lightsart.rules import Pattern, Rules, parse_pattern
from lightsart.types import Board

__all__: list[str] = []


def _template(name: str) -> str:
    return resources.files("lightsart.pages").joinpath(name).read_text(encoding="utf-8")


def _scripts(page: str, states: int) -> tuple[str, ...]:
    """A page's scripts: the GF(2) solver, the mod-k one with k > 2 states, the view, the page."""
    return ("lightsout.js", *(("modk.js",) if states > 2 else ()), "view.js", page)


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


def _page(template: str, title: str, data: dict[str, Any], scripts: Sequence[str]) -> str:
    from lightsart import __version__

    parts = {
        "{{VERSION}}": __version__,
        "{{TITLE}}": _html_text(title),
        "{{CSS}}": _template("page.css"),
        "{{DATA}}": _json(data),
        "{{SCRIPT}}": _script(*scripts),
    }
    html = _template(template)
    for key, value in parts.items():
        html = html.replace(key, value)
    return html


def _rules(pattern: str, topology: Topology, height: int = 1, width: int = 1,
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


def _rules_data(rules: Rules) -> dict[str, Any]:
    """The page's ``rules`` entry: the pattern as rows of 0/1 numbers, and the topology."""
    return {"pattern": [[int(ch) for ch in row] for row in rules.pattern.rows],
            "topology": rules.topology}


def _rows(board: Board, states: int = 2) -> list[str]:
    if states > 2:
        from lightsart.pages.levels import level_rows

        return level_rows(board)
    return format_board(board).split("\n")
