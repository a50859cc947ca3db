"""Play mode after a fade (issue 33): the tone follows the clip over two seconds, so a shot that
has stopped changing still moves boards mode's target by a few cells a frame. Play mode counts
it as held all the same and takes the way to boards mode's fit, clearing the stray dots its
clicks left on a flat black area (no single or paired click removes a lone dot)."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from brute import press_matrix

from lightsart._engines import Budget, engine
from lightsart._pictures.tone import Tone
from lightsart._rules import Rules
from lightsart._video.film import film_steps
from lightsart._video.motion import estimate
from lightsart._video.steady import SteadyTone
from lightsart._video.steps import BoardsMode, PlayMode, Step

ROWS, COLS, CLICKS, FPS = 24, 32, 60, 24.0


def _film(frames: list[np.ndarray], kind: str) -> list[Step]:
    rules = Rules(ROWS, COLS)
    boards = BoardsMode(rules, engine("exact"), Budget(1.0), engine_rules=rules)
    mode = boards if kind == "boards" else PlayMode(boards, CLICKS)
    steps = list(film_steps(frames, mode, SteadyTone(Tone(), FPS)))
    a = press_matrix(rules)
    for before, after in pairwise(steps):
        assert after.presses is not None and after.clicks <= (CLICKS if kind == "play" else 10**6)
        pressed = (before.board.reshape(-1) + a @ after.presses.reshape(-1)) % 2
        assert np.array_equal(pressed.reshape(after.board.shape), after.board)
    return steps


def test_play_mode_clears_its_stray_dots_once_a_fade_has_ended() -> None:
    """A grey gradient fades into a picture whose left half is black; then the picture holds.
    At the end play mode's board is lit on the black half no more than boards mode's."""
    rows, cols = np.mgrid[0:ROWS, 0:COLS]
    start = 0.2 + 0.6 * cols / (COLS - 1) + 0.0 * rows
    end = np.where(cols < COLS // 2, 0.0, 0.35 + 0.5 * rows / (ROWS - 1))
    fade = [start + (end - start) * t for t in np.linspace(0, 1, 10)]
    frames = [start] * 2 + fade + [end] * 30
    assert not any(estimate(a, b).cut for a, b in pairwise(frames))
    played, boards = _film(frames, "play"), _film(frames, "boards")
    black = (cols < COLS // 2 - 2)  # away from the edge of the lit half
    lit_played = int(played[-1].board[black].sum())
    lit_boards = int(boards[-1].board[black].sum())
    assert lit_played <= lit_boards, (lit_played, lit_boards)
    assert all(s.clicks == 0 for s in played[-3:])  # and it holds there
