"""``.. lightsart-cli::``: the CLI reference, read from ``lightsart._cli``'s parsers at build time.

Each command gets a section with its one-line summary and its ``--help`` exactly as the terminal
prints it (``lightsart._cli.build_parser``, 100 columns), so the page cannot drift from ``--help``.
"""

from __future__ import annotations

import argparse
import os
from contextlib import contextmanager
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

WIDTH = "100"


@contextmanager
def _columns(width: str) -> Any:
    """argparse wraps help to ``$COLUMNS``: fix it so the page does not depend on the terminal."""
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = width
    try:
        yield
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old


def command_helps() -> list[tuple[str, str, str]]:
    """``(name, one-line summary, --help text)`` for ``lightsart`` and each of its commands."""
    from lightsart._cli import build_parser

    with _columns(WIDTH):
        parser = build_parser()
        found = [("lightsart", parser.description or "", parser.format_help())]
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                summaries = {a.dest: a.help or "" for a in action._choices_actions}
                for name, sub in action.choices.items():
                    found.append((f"lightsart {name}", summaries.get(name, ""), sub.format_help()))
    return found


class LightsartCli(SphinxDirective):
    """Insert one section per command: its summary and its ``--help`` as a literal block."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        lines: list[str] = []
        for title, summary, text in command_helps():
            lines += [f"``{title}``", "-" * (len(title) + 4), "", summary.replace("*", r"\*"), "",
                      ".. code-block:: text", ""]
            lines += [f"   {line}" if line.strip() else "" for line in text.rstrip().splitlines()]
            lines.append("")
        holder = nodes.section()
        holder.document = self.state.document
        nested_parse_with_titles(self.state, StringList(lines, source="lightsart._cli"), holder)
        return list(holder.children)


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("lightsart-cli", LightsartCli)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
