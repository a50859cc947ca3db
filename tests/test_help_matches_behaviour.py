"""The help says what the tool does (issue 20, part 5): every value a command's help lists is run.

* Every ``choices=`` value of every command runs (on a tiny input) and exits 0, unless the help
  of that command says it is refused, and then it is refused with one line.
* ``--states``: the commands its help says take more than 2 states run with ``--states 3``; the
  uses it says do not are refused; and exactly the commands that have ``--states`` are listed.
* ``table``: every preset pattern and topology its description says works runs, every one it
  says is refused is refused (2 and 3 states).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from lightsart._choices import STATES_COMMANDS, STATES_TWO_ONLY, TOPOLOGIES, states_words
from lightsart._cli import build_parser, main
from lightsart._rules import PATTERNS


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    rng = np.random.default_rng(0)
    for name in ("a.png", "b.png"):
        grey = np.kron(rng.integers(0, 256, (4, 5)), np.ones((8, 8))).astype(np.uint8)
        Image.fromarray(grey).save(tmp_path / name)
    shots = [Image.fromarray(np.kron(rng.integers(0, 256, (4, 5)), np.ones((8, 8))).astype(np.uint8))
             for _ in range(3)]
    shots[0].save(tmp_path / "c.gif", save_all=True, append_images=shots[1:], duration=100)
    monkeypatch.chdir(tmp_path)
    return tmp_path


#: The smallest run of each command (outputs in the working folder).
MINIMAL: dict[str, list[str]] = {
    "still": ["still", "a.png", "-o", "s.png", "--size", "8x6", "--cell", "1"],
    "animate": ["animate", "a.png", "b.png", "-o", "a.gif", "--size", "8x6", "--cell", "1",
                "--duration", "0.2", "--hold", "0"],
    "video": ["video", "c.gif", "-o", "v.gif", "--size", "8x6", "--cell", "1"],
    "preview": ["preview", "a.png", "-o", "p.png", "--size", "8x6"],
    "solve": ["solve", "010/111/010"],
    "path": ["path", "010/111/010"],
    "table": ["table", "4x4"],
    "sizes": ["sizes", "5x5", "--radius", "0"],
    "census": ["census", "3x3"],
    "play": ["play", "-o", "g.html"],
    # A server that runs until stopped: it lists no choices, so it is never run here.
    "studio": ["studio", "--no-browser"],
    "help": ["help"],
}
#: Extra options a value needs to mean anything (the help says so beside the value).
NEEDS: dict[tuple[str, str], list[str]] = {
    ("--start", "picture"): ["--image", "a.png"],
    ("--solver", "*"): ["--engine", "ip", "--size", "4x3", "--time-limit", "2"],
    ("--engine", "ip"): ["--size", "4x3", "--time-limit", "2"],
    ("--engine", "auto"): ["--size", "4x3", "--time-limit", "2"],
}


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.err


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def _help(command: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    return " ".join(capsys.readouterr().out.split())


def _choices() -> list[tuple[str, str, str]]:
    out = []
    for name, parser in _commands().items():
        for action in parser._actions:
            if action.choices and action.option_strings:
                out += [(name, action.option_strings[-1], str(v)) for v in action.choices]
    return out


def test_every_command_is_covered() -> None:
    assert set(_commands()) == set(MINIMAL)


@pytest.mark.parametrize(("command", "option", "value"), _choices())
def test_every_listed_choice_runs(work: Path, capsys: pytest.CaptureFixture[str], command: str,
                                  option: str, value: str) -> None:
    text = _help(command, capsys)
    extra = NEEDS.get((option, value), NEEDS.get((option, "*"), []))
    code, err = _run([*MINIMAL[command], option, value, *extra], capsys)
    if option == "--solver" and code == 2:
        # A solver the help lists may be missing on this machine: one line saying how to get it.
        assert "not installed" in err or "install" in err, err
        return
    if command == "table" and option == "--topology" and f"the {value} refused" in text:
        assert code == 2 and len(err.splitlines()) == 1, err
        return
    assert code == 0, (command, option, value, err)


# ----------------------------------------------------------------------------- --states


def test_states_help_is_current(capsys: pytest.CaptureFixture[str]) -> None:
    """Every command with --states says the same current sentence, and only those commands
    are the ones listed as taking more than 2 states."""
    having = {name for name, parser in _commands().items()
              if any("--states" in a.option_strings for a in parser._actions)}
    assert having == set(STATES_COMMANDS)
    for name in having:
        text = _help(name, capsys)
        assert "so far" not in text, name
        assert states_words() in text, name


@pytest.mark.parametrize("command", STATES_COMMANDS)
def test_every_command_the_states_help_lists_takes_three_states(
        work: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    argv = {"solve": ["solve", "120/201/012"], "path": ["path", "120/201/012"]}.get(
        command, MINIMAL[command])
    code, err = _run([*argv, "--states", "3"], capsys)
    assert code == 0, (command, err)


@pytest.mark.parametrize("use", STATES_TWO_ONLY)
def test_every_use_the_states_help_excludes_is_refused(
        work: Path, capsys: pytest.CaptureFixture[str], use: str) -> None:
    argv = {"census --db": ["census", "3x3", "--db", "c.sqlite"],
            "--engine auto": [*MINIMAL["still"], "--engine", "auto"]}[use]
    code, err = _run([*argv, "--states", "3"], capsys)
    assert code == 2 and len(err.splitlines()) == 1, err
    assert "3 states" in err and not (work / "c.sqlite").exists()


# ------------------------------------------------------------------------------ table


def _table_claims(text: str) -> tuple[set[str], set[str], set[str], set[str]]:
    """The patterns and topologies ``table --help`` says work and says are refused."""
    presets = re.search(r"\(([a-z ]+) of the presets; ([a-z ]+) are refused\)", text)
    places = re.search(r"on the ([a-z ]+) \(the ([a-z ]+) refused\)", text)
    assert presets and places, text

    def words(s: str) -> set[str]:
        return {w for w in re.split(r" and | or |the | ", s) if w}

    return (words(presets[1]), words(presets[2]), words(places[1]), words(places[2]))


@pytest.mark.parametrize("states", ["2", "3"])
def test_table_runs_exactly_what_its_help_says(capsys: pytest.CaptureFixture[str],
                                                states: str) -> None:
    works, refused, places, refused_places = _table_claims(_help("table", capsys))
    assert works | refused == set(PATTERNS) and not works & refused
    assert places | refused_places == set(TOPOLOGIES) and not places & refused_places
    for pattern in PATTERNS:
        for topology in TOPOLOGIES:
            code, err = _run(["table", "4x4", "--pattern", pattern, "--topology", topology,
                              "--states", states], capsys)
            if pattern in works and topology in places:
                assert code == 0, (pattern, topology, err)
            else:
                assert code == 2 and len(err.splitlines()) == 1, (pattern, topology, err)
