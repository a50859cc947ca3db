"""The fixed commands of ``scripts/capture_outputs.py`` print and write what was recorded.

This is the witness of the 0.3 redesign: code may move, what the commands do may not (JSON may
only gain keys).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from script_loader import load_script

ROOT = Path(__file__).resolve().parent.parent


capture = load_script("scripts/capture_outputs.py")


def test_differences_allow_only_new_keys() -> None:
    old = {"a": 1, "b": [1, {"c": "x"}]}
    assert capture.differences(old, {**old, "new": 2}) == []
    assert capture.differences(old, {"a": 1, "b": [1, {"c": "x", "d": 0}]}) == []
    assert capture.differences(old, {"a": 2, "b": [1, {"c": "x"}]}) == [".a: 1 -> 2"]
    assert capture.differences(old, {"b": [1, {"c": "x"}]}) == [".a: removed"]
    assert capture.differences(old, {"a": 1, "b": [1]}) != []
    assert capture.differences("text", "text\n") != []


def test_every_case_is_recorded() -> None:
    recorded = json.loads(capture.GOLDEN.read_text())
    assert [name for name, _ in capture.CASES] == list(recorded)


@pytest.mark.parametrize("group", ["still", "animate", "solve|path|table", "census|sizes",
                                   "preview|play|bad"])
def test_commands_print_and_write_what_was_recorded(group: str) -> None:
    names = [n for n, _ in capture.CASES if n.startswith(tuple(group.split("|")))]
    recorded = json.loads(capture.GOLDEN.read_text())
    got = capture.capture(names, None, 1)
    # An answer the clock cut short depends on the machine's load: it cannot be compared.
    changed = {n: capture.differences(recorded[n], got[n]) for n in names
               if not capture._cut_short(got[n])}
    assert {n: d for n, d in changed.items() if d} == {}
