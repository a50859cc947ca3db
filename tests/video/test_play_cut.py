"""Play mode at a cut (issue 33): the frame after a cut is boards mode's fresh fit of the new
shot, whatever it costs in clicks; every other frame keeps the budget, and the presses between
any two frames, pressed again with a brute-force press matrix (:mod:`brute`), make the board.
"""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest
from brute import press_matrix

from lightsart._engines import Budget, engine
from lightsart._pictures.tone import Tone
from lightsart._rules import Rules
from lightsart._video.film import film_steps
from lightsart._video.motion import estimate
from lightsart._video.steady import SteadyTone
from lightsart._video.steps import BoardsMode, PlayMode, Step

ROWS, COLS, CLICKS, FPS = 24, 32, 60, 24.0


def _picture(seed: int) -> np.ndarray:
    """Smooth random blobs, 0.1 .. 0.9."""
    rng = np.random.default_rng(seed)
    small = rng.random((ROWS // 4 + 1, COLS // 4 + 1))
    big = np.kron(small, np.ones((4, 4)))[:ROWS, :COLS]
    for axis in (0, 1):
        big = (big + np.roll(big, 1, axis) + np.roll(big, -1, axis)) / 3
    return 0.1 + 0.8 * (big - big.min()) / (big.max() - big.min())


def _film(frames: list[np.ndarray], kind: str, states: int) -> list[Step]:
    rules = Rules(ROWS, COLS, states=states)
    boards = BoardsMode(rules, engine("exact"), Budget(1.0), engine_rules=rules)
    mode = boards if kind == "boards" else PlayMode(boards, CLICKS)
    steps = list(film_steps(frames, mode, SteadyTone(Tone(), FPS)))
    a = press_matrix(rules)
    for before, after in pairwise(steps):
        assert after.presses is not None
        pressed = (before.board.reshape(-1) + a @ after.presses.reshape(-1)) % states
        assert np.array_equal(pressed.reshape(after.board.shape), after.board)
        assert after.clicks == int((after.presses % states).sum())
    return steps


@pytest.mark.parametrize("states", [2, 4])
def test_the_frame_after_a_cut_is_boards_modes_fresh_fit(states: int) -> None:
    """Two shots, moving a cell a frame, then a cut: the first frame of the second shot is the
    board a film started on it has, the step there is over the budget (the cut's), every other
    step within it, and a held second shot stays on that board."""
    wide = _picture(7)
    wide = np.concatenate([wide, wide[:, ::-1]], axis=1)
    first = [wide[:, k: k + COLS] for k in range(4)]  # a pan: play mode chases it
    second = [1.0 - _picture(8)] * 4
    frames = first + second
    assert [estimate(a, b).cut for a, b in pairwise(frames)] == [False] * 3 + [True] + [False] * 3
    played = _film(frames, "play", states)
    fresh = _film(second[:1], "boards", states)[0]
    assert np.array_equal(played[4].board, fresh.board)
    assert played[4].clicks > CLICKS  # the jump the clip makes, not the game's budget
    assert all(s.clicks <= CLICKS for i, s in enumerate(played[1:], 1) if i != 4)
    assert all(s.clicks == 0 and np.array_equal(s.board, fresh.board) for s in played[5:])


def test_the_summary_line_names_the_cuts_over_the_budget(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``lightsart video --mode play`` prints its bound with the frames over it counted from the
    film's own presses: a clip with one hard cut says so; every other frame keeps the bound."""
    from PIL import Image
    from script_loader import load_script

    from lightsart._cli import main

    shots = [Image.fromarray(np.uint8(255 * p)).resize((COLS * 4, ROWS * 4)).convert("RGB")
             for p in (_picture(7), 1.0 - _picture(8))]
    clip = tmp_path / "cut.mp4"
    load_script("scripts/make_test_clips.py").write_clip(
        clip, [shots[0]] * 6 + [shots[1]] * 6, shots[0].size, FPS, None)
    argv = ["video", str(clip), "--mode", "play", "--clicks-per-frame", str(CLICKS),
            "--size", f"{COLS}x{ROWS}", "-o", str(tmp_path / "film.gif")]
    assert main([*argv, "--json"]) == 0
    clicks = json.loads(capsys.readouterr().out)["clicks_per_frame"]
    over = [k for k, c in enumerate(clicks) if c > CLICKS]
    assert len(over) == 1 and all(c <= CLICKS for k, c in enumerate(clicks) if k not in over)
    assert main(argv) == 0
    line = next(t for t in capsys.readouterr().out.splitlines() if t.startswith("play mode"))
    assert line.endswith(f"at most {CLICKS} per frame but at 1 cut, where the board jumps "
                         "to the new shot)")
