"""One --json vocabulary across states (issue 21, part 5; issue 31): the same keys at 2 and 3
states for every command, and each deprecated alias (still and animate) equal to its shared
key."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lightsart._cli import main
from lightsart._vocabulary import KEYS

#: The keys 0.2 wrote that 1.0's shared keys replace (removed, not aliased: nothing was released).
OLD_KEYS: dict[str, tuple[str, ...]] = {
    "solve": ("moves", "presses_count", "presses", "fewest_lights_to_change",
              "fewest_lights_proven", "lights_to_change"),
    "path": ("moves",),
    "strategy": ("chased_presses", "fewest_presses", "fewest_presses_count", "steps.presses"),
    "sizes": ("sizes.wrong_pixels_at_most",),
    "still": ("pictures.wrong_pixels", "pictures.wrong_pixels_proven_minimal",
              "pictures.wrong_pixels_lower_bound", "pictures.clicks", "pictures.presses",
              "pictures.clicks_proven_minimal", "pictures.presses_proven_minimal"),
    "animate": ("pictures.wrong_pixels", "pictures.clicks", "pictures.presses",
                "transitions.clicks", "transitions.presses", "transitions.clicks_proven_minimal",
                "transitions.presses_proven_minimal"),
}

SAMPLE = "samples/cat.png"

#: Each command's arguments at 2 states (``--states 3`` is added for the other run): a solvable
#: and an unsolvable board for solve, so every key is seen with a value and with None.
COMMANDS: dict[str, list[list[str]]] = {
    "solve": [["solve", "110/011/000"], ["solve", "100/000/000", "--topology", "torus"]],
    "path": [["path", "110/100/000"]],
    "table": [["table", "4x4"]],
    "census": [["census", "2x2"]],
    "sizes": [["sizes", "4x4", "--radius", "1"]],
    "still": [["still", SAMPLE, "-o", "{tmp}/s.png", "--size", "6"]],
    "animate": [["animate", SAMPLE, SAMPLE, "-o", "{tmp}/a.gif", "--size", "6", "--fps", "4",
                 "--duration", "0.5"]],
}


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main([*argv, "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def _values(data: dict[str, Any], key: str) -> list[Any]:
    """The values of ``key`` (``list.key`` for a key inside each item of a list or object)."""
    if "." not in key:
        assert key in data, key
        return [data[key]]
    outer, inner = key.split(".", 1)
    items = data[outer] if isinstance(data[outer], list) else [data[outer]]
    return [v for item in items for v in _values(item, inner)]


def _keys(data: dict[str, Any], command: str) -> set[str]:
    found = set()
    for key in KEYS[command]:
        try:
            _values(data, key)
        except (AssertionError, KeyError):
            continue
        found.add(key)
    return found


def _present(data: Any, keys: tuple[str, ...]) -> list[str]:
    """Those of ``keys`` (``list.key`` inside each item) that ``data`` holds anywhere."""
    def holds(value: Any, key: str) -> bool:
        if isinstance(value, list):
            return any(holds(v, key) for v in value)
        if not isinstance(value, dict):
            return False
        outer, _, inner = key.partition(".")
        return outer in value and (not inner or holds(value[outer], inner))

    return [key for key in keys if holds(data, key)]


def test_the_old_key_check_can_fail() -> None:
    assert _present({"pictures": [{"clicks": 3}]}, ("pictures.clicks", "moves")) == [
        "pictures.clicks"]
    assert _present({"steps": []}, ("steps.presses",)) == []


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_same_vocabulary_at_2_and_3_states(command: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    for argv in COMMANDS[command]:
        argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
        two = _run([*argv, "--states", "2"], capsys)
        three = _run([*argv, "--states", "3"], capsys)
        assert two["rules"]["states"] == 2 and three["rules"]["states"] == 3
        assert _keys(two, command) == _keys(three, command) == set(KEYS[command])
        for data in (two, three):  # 0.2's keys are gone: each value has one name
            assert not _present(data, OLD_KEYS.get(command, ()))


def test_solve_clicks_press_the_board_to_the_goal(capsys: pytest.CaptureFixture[str]) -> None:
    """``clicks`` (row, col[, times]) and ``click_grid`` say the same presses, which solve it."""
    import numpy as np

    from lightsart._rules import Rules, press

    board = np.array([[1, 2, 0], [2, 0, 1], [0, 1, 2]])
    data = _run(["solve", "120/201/012", "--states", "3"], capsys)
    grid = np.zeros((3, 3), dtype=np.int64)
    for r, c, times in data["clicks"]:
        grid[r, c] = times
    assert grid.tolist() == data["click_grid"] and int(grid.sum()) == data["click_count"]
    assert ((board + press(grid, Rules(3, 3, states=3))) % 3 == 0).all()
    assert data["solutions"] == data["kernel_size"] == 3 ** data["nullity"]


def test_cells_to_change_give_the_changed_board(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, k in ((["solve", "1000/0000/0000/0000"], 2),
                    (["solve", "1230/0000/0000/0000", "--states", "4"], 4)):
        data = _run(argv, capsys)
        assert not data["solvable"]
        board = [[int(ch) for ch in row] for row in argv[1].split("/")]
        for cell in data["cells_to_change"]:
            r, c, add = (*cell, 1) if k == 2 else cell
            board[r][c] = (board[r][c] + add) % k
        assert board == data["changed_board"]
        assert len(data["cells_to_change"]) == data["fewest_cells_to_change"]


@pytest.mark.parametrize("states", [2, 3])
def test_explain_speaks_one_vocabulary(states: int, capsys: pytest.CaptureFixture[str]) -> None:
    """``solve --explain --json``: the strategy's shared keys at 2 and 3 states, and the chased
    clicks, pressed over Z/K, reach the goal."""
    import numpy as np

    from lightsart._rules import Rules, press

    rows = "11110/10001/00001/00100/01110" if states == 2 else "120/201/012"
    data = _run(["solve", rows, "--explain", "--states", str(states)], capsys)["strategy"]
    assert _keys(data, "strategy") == set(KEYS["strategy"])
    assert not _present(data, OLD_KEYS["strategy"])
    board = np.array([[int(ch) for ch in row] for row in rows.split("/")])
    grid = np.zeros(board.shape, dtype=np.int64)
    for cell in data["chased_clicks"]:
        grid[cell[0], cell[1]] = cell[2] if states > 2 else 1
    assert grid.tolist() == data["chased_click_grid"]
    rules = Rules(*board.shape, states=states)
    assert ((board + press(grid, rules)) % states == 0).all()
    fewest = np.array(data["fewest_click_grid"])
    assert ((board + press(fewest, rules)) % states == 0).all()
    assert int(fewest.sum()) == data["fewest_click_count"] <= int(grid.sum())


@pytest.mark.parametrize("argv", [["solve", "110/011/000"], ["solve", "110/011/000", "--explain"],
                                  ["path", "110/100/000"]])
def test_puzzle_json_has_the_same_keys_at_every_number_of_states(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """solve, its strategy and path: one set of keys at 2, 3 and 4 states, none of 0.2's."""
    def keys(data: object) -> set[str]:  # an object's own keys, those of its lists' items
        if isinstance(data, dict):
            return set(data) | {f"{k}.{inner}" for k, v in data.items()
                                if isinstance(v, list) or k == "strategy" for inner in keys(v)}
        if isinstance(data, list) and data and isinstance(data[0], dict):
            return keys(data[0])
        return set()

    found = [keys(_run([*argv, "--states", str(k)], capsys)) for k in (2, 3, 4)]
    assert found[0] == found[1] == found[2]
    old = {"moves", "presses", "presses_count", "fewest_lights_to_change", "lights_to_change",
           "fewest_lights_proven", "chased_presses", "fewest_presses", "fewest_presses_count"}
    assert not {key.rsplit(".", 1)[-1] for key in found[0]} & old
def test_no_number_of_states_keeps_old_keys(capsys: pytest.CaptureFixture[str]) -> None:
    """0.2's keys are gone at every number of states: the same keys for 2 and 3 states."""
    two = _run(["solve", "110/011/000"], capsys)
    three = _run(["solve", "110/011/000", "--states", "3"], capsys)
    assert not _present(two, OLD_KEYS["solve"]) and not _present(three, OLD_KEYS["solve"])
    assert set(two) == set(three)


@pytest.mark.parametrize("states", [2, 3, 4])
def test_one_entry_per_tool_solves_at_every_number_of_states(states: int) -> None:
    """solve_puzzle's answer, pressed again over Z/K, reaches the goal (independent check)."""
    import numpy as np

    from lightsart._cli._options import puzzle_text
    from lightsart._puzzle.solve import solve_puzzle
    from lightsart._rules import Rules, press

    rules = Rules(3, 4, states=states)
    rng = np.random.default_rng(states)
    presses = rng.integers(0, states, size=(3, 4))
    board = (-press(presses, rules).astype(np.int64)) % states  # solvable by construction
    answer = solve_puzzle(board.astype(np.uint8), "off", rules)
    grid = np.zeros((3, 4), dtype=np.int64)
    for cell in answer.to_dict()["clicks"]:  # type: ignore[union-attr]
        grid[cell[0], cell[1]] = cell[2] if states > 2 else 1
    assert ((board + press(grid, rules)) % states == 0).all()
    assert puzzle_text(answer).startswith("4x3")
