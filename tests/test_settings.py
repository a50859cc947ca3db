"""Settings travel as four small values; the 0.1 keyword arguments still work and mean the same."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from lightsart.pipeline import make_animation, make_still
from lightsart.settings import Look, Pictures, Solving, Timing, gather

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
A, B = str(SAMPLES / "astronaut.png"), str(SAMPLES / "cat.png")


def test_gather_files_old_keywords_under_their_group() -> None:
    prep, how, when, look = gather("f", {"fit": "contain", "seed": 3, "cell": 2, "engine": "ip"},
                                   None, Solving(topology="torus"), None, None,
                                   kinds=(Pictures, Solving, Timing, Look))
    assert prep == Pictures(fit="contain") and look == Look(cell=2)
    assert how == Solving(engine="ip", topology="torus") and when == Timing(seed=3)
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        gather("f", {"colour": "red"}, None, kinds=(Look,))


def test_groups_and_old_keywords_make_the_same_files(tmp_path: Path) -> None:
    new = make_animation([A, B], str(tmp_path / "new.gif"), pictures=Pictures(size=(12, 12)),
                         timing=Timing(order="random", seed=5, duration=0.5, hold=0),
                         look=Look(cell=2, style="lights"), solving=Solving(pattern="sigma"))
    old = make_animation([A, B], str(tmp_path / "old.gif"), size=(12, 12), order="random", seed=5,
                         duration=0.5, hold=0, cell=2, style="lights", pattern="sigma")
    assert new.to_dict() | {"outputs": 0, "seconds": 0} == old.summary() | {"outputs": 0, "seconds": 0}
    assert (tmp_path / "new.gif").read_bytes() == (tmp_path / "old.gif").read_bytes()
    still = make_still(B, str(tmp_path / "s.png"), pictures=Pictures(size=(10, 10)),
                       look=Look(cell=1))
    with Image.open(tmp_path / "s.png") as im:
        assert np.array_equal((np.asarray(im.convert("L")) > 127).astype(np.uint8),
                              still.picture.fit.board)
