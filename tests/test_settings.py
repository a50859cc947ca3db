"""Settings travel as four small values, the one way to pass them; each checks itself."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from lightsart._errors import LightsartError
from lightsart._pipeline import make_animation, make_still
from lightsart._settings import Look, Pictures, Solving, Timing

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
A, B = str(SAMPLES / "astronaut.png"), str(SAMPLES / "cat.png")


def test_a_settings_field_as_a_keyword_names_its_settings() -> None:
    with pytest.raises(LightsartError, match=r"make_still\(\) takes no size=: give "
                                             r"pictures=Pictures\(size=...\)"):
        make_still(B, size=12)  # type: ignore[call-arg]
    with pytest.raises(LightsartError, match=r"takes no order=: give timing=Timing\(order"):
        make_animation([A, B], order="radial")  # type: ignore[call-arg]
    with pytest.raises(LightsartError, match="unexpected keyword argument 'colour'"):
        make_still(B, colour="red")  # type: ignore[call-arg]


@pytest.mark.parametrize(("call", "message"), [
    (lambda: make_still(B, pictures="big"), "pictures must be Pictures(...) or None; got 'big'"),
    (lambda: make_still(B, solving=Pictures()), "solving must be Solving(...) or None"),
    (lambda: make_animation([A, B], timing={"fps": 5}), "timing must be Timing(...) or None"),
])
def test_settings_of_the_wrong_type_are_one_line(call: Callable[[], object], message: str) -> None:
    with pytest.raises(LightsartError) as caught:
        call()
    assert str(caught.value).startswith(message)


def test_settings_make_the_files_the_cli_makes(tmp_path: Path) -> None:
    still = make_still(B, str(tmp_path / "s.png"), pictures=Pictures(size=(10, 10)),
                       solving=Solving(states=2), look=Look(cell=1))
    with Image.open(tmp_path / "s.png") as im:
        assert np.array_equal((np.asarray(im.convert("L")) > 127).astype(np.uint8),
                              still.picture.fit.board)


# --- settings check themselves (issue 21) -------------------------------------------------------

BAD = [
    (lambda: Pictures(size=0), "board size must be WxH or W"),
    (lambda: Pictures(size=(4, 0)), "board size (rows, columns) must be positive"),
    (lambda: Pictures(size=2.5), "board size must be (rows, columns), \"WxH\" text"),
    (lambda: Pictures(fit="fill"), "fit must be one of cover, contain, stretch; got 'fill'"),
    (lambda: Pictures(dither="ordered"), "dither must be one of floyd-steinberg, "),
    (lambda: Pictures(errors="most"), "errors must be one of perceptual, uniform, brightness"),
    (lambda: Pictures(tone="auto"), "tone must be a Tone or None"),
    (lambda: Pictures(linear="yes"), "linear must be True or False"),
    (lambda: Solving(engine="fast"), "engine must be one of exact, ip, auto; got 'fast'"),
    (lambda: Solving(time_limit=0), "time_limit must be a number of seconds > 0"),
    (lambda: Solving(time_limit=float("nan")), "time_limit must be a number of seconds > 0"),
    (lambda: Solving(solver="gurobi"), "unknown solver 'gurobi'"),
    (lambda: Solving(pattern="01/10"), "pattern must have an odd number of rows"),
    (lambda: Solving(pattern=3), "pattern must be a name or rows"),
    (lambda: Solving(topology="sphere"), "unknown topology 'sphere'"),
    (lambda: Solving(states=1), "states per cell must be a whole number from 2 to 16, got 1"),
    (lambda: Solving(states=2.0), "states per cell must be a whole number from 2 to 16, got 2.0"),
    (lambda: Timing(order="sideways"), "unknown click order 'sideways'"),
    (lambda: Timing(order="mask"), "the mask order names its grey picture"),
    (lambda: Timing(seed=-1), "--seed must be a whole number from 0 to 2**64 - 1, got -1"),
    (lambda: Timing(fps=1000), "--fps must be between 1 and 120, got 1000"),
    (lambda: Timing(fps="fast"), "--fps must be a number; got 'fast'"),
    (lambda: Timing(duration=0), "--duration must be a number > 0, got 0"),
    (lambda: Timing(hold=-1), "--hold must be a number >= 0, got -1"),
    (lambda: Timing(clicks_per_frame=0), "clicks_per_frame must be a whole number >= 1"),
    (lambda: Timing(loop=1), "loop must be True or False"),
    (lambda: Timing(ease="bounce"), "unknown ease 'bounce': choose one of linear, in-out"),
    (lambda: Look(cell=0), "--cell must be 1 to 512 pixels, got 0"),
    (lambda: Look(cell=1.5), "--cell must be a whole number; got 1.5"),
    (lambda: Look(style="neon"), "style must be one of pixels, lights, dots, grid; got 'neon'"),
    (lambda: Look(colours=("no-such-colour", None, None)), "unknown colour 'no-such-colour'"),
    (lambda: Look(colours=("red", None)), "colours must be three colours"),
]


@pytest.mark.parametrize(("make", "message"), BAD, ids=[m for _, m in BAD])
def test_a_bad_value_is_one_line_naming_the_field(make: Callable[[], object], message: str) -> None:
    with pytest.raises(LightsartError) as caught:
        make()
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


def test_settings_normalise_and_stay_frozen() -> None:
    from lightsart._rules import parse_pattern

    assert Pictures(size=64).size == (None, 64) == Pictures(size="64").size
    assert Pictures(size="40x30").size == (30, 40) == Pictures(size=[30, 40]).size
    assert Pictures(size=np.int64(12)).size == (None, 12)
    assert Solving(pattern=parse_pattern("sigma")).pattern == "010/101/010"  # type: ignore[arg-type]
    assert Solving(states=np.int8(3)).states == 3 and type(Solving(states=np.int8(3)).states) is int
    assert Timing(fps=10, duration=1).fps == 10.0 and isinstance(Timing(fps=10).fps, float)
    assert Look(colours=["red", None, None]).colours == ("red", None, None)  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Pictures().fit = "contain"  # type: ignore[misc]
    with pytest.raises(LightsartError, match="fit must be one of"):
        dataclasses.replace(Pictures(), fit="fill")  # type: ignore[arg-type]


def test_budget_reads_its_values_as_the_settings_do() -> None:
    from lightsart._engines import Budget

    for budget, setting in ((lambda: Budget(seconds=0), lambda: Solving(time_limit=0)),
                            (lambda: Budget(seed=-1), lambda: Timing(seed=-1)),
                            (lambda: Budget(solver="gurobi"), lambda: Solving(solver="gurobi"))):
        with pytest.raises(LightsartError) as b:
            budget()
        with pytest.raises(LightsartError) as s:
            setting()
        assert str(b.value).replace("seconds", "time_limit", 1) == str(s.value)
    assert Budget(3, 1, "cbc") == Budget(3.0, 1, "cbc")


def _cli(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    from lightsart._cli import main

    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("options", "settings"), [
    (["--size", "0"], lambda: {"pictures": Pictures(size=0)}),
    (["--size", "3x0"], lambda: {"pictures": Pictures(size="3x0")}),
    (["--lit-colour", "no-such-colour"],
     lambda: {"look": Look(colours=("no-such-colour", None, None))}),
    (["--cell", "600"], lambda: {"look": Look(cell=600)}),
])
def test_library_and_cli_say_the_same_about_a_bad_value(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str],
        settings: Callable[[], dict[str, object]]) -> None:
    code, out, err = _cli(capsys, ["still", B, "-o", str(tmp_path / "cli.png"), *options])
    with pytest.raises(LightsartError) as caught:
        make_still(B, str(tmp_path / "lib.png"), **settings())  # type: ignore[arg-type]
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("lightsart: error: ") and err.rstrip("\n").endswith(str(caught.value))
    assert not list(tmp_path.iterdir())


def _same_run(library: dict[str, object], cli: dict[str, object]) -> None:
    """Two runs' JSON agree but for wall-clock times and the paths written."""
    drop = {"seconds", "elapsed", "outputs", "duration_seconds"}

    def clean(value: object) -> object:
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items() if k not in drop
                    and not (k == "path" and "bytes" in value)}  # an outputs_detail entry's path
        if isinstance(value, list):
            return [clean(v) for v in value]
        return value

    assert clean(library) == clean(cli)


def test_make_still_size_64_is_the_cli_size_64(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(capsys, ["still", B, "-o", str(tmp_path / "cli.png"), "--size", "12",
                                 "--json"])
    result = make_still(B, str(tmp_path / "lib.png"), pictures=Pictures(size=12))
    assert code == 0
    _same_run(result.to_dict(), json.loads(out))
    assert (tmp_path / "cli.png").read_bytes() == (tmp_path / "lib.png").read_bytes()


def test_make_animation_settings_are_the_cli_options(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    options = ["--size", "6", "--states", "3", "--pattern", "sigma", "--topology", "torus",
               "--duration", "0.5", "--hold", "0", "--cell", "2", "--order", "random", "--seed", "4"]
    code, out, _ = _cli(capsys, ["animate", A, B, "-o", str(tmp_path / "cli.gif"), *options,
                                 "--json"])
    result = make_animation([A, B], str(tmp_path / "lib.gif"), pictures=Pictures(size=6),
                            solving=Solving(states=3, pattern="sigma", topology="torus"),
                            timing=Timing(duration=0.5, hold=0, order="random", seed=4),
                            look=Look(cell=2))
    assert code == 0
    _same_run(result.to_dict(), json.loads(out))
    assert (tmp_path / "cli.gif").read_bytes() == (tmp_path / "lib.gif").read_bytes()
