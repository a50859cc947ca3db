"""still and animate under other rules: legal steps, reachable boards, rules named in --json."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageSequence

from lightsart._cli import main
from lightsart._core.general import packed_algebra
from lightsart._rules import Rules, parse_pattern

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
A, B = str(SAMPLES / "horse.png"), str(SAMPLES / "cat.png")


def boards(path: Path, cell: int) -> list[np.ndarray]:
    with Image.open(path) as im:
        frames = [np.asarray(f.convert("L")) for f in ImageSequence.Iterator(im)]
    return [(f[cell // 2 :: cell, cell // 2 :: cell] > 127).astype(np.uint8) for f in frames]


@pytest.mark.parametrize(("pattern", "topology"), [("sigma", "torus"), ("x", "cylinder"),
                                                   ("110/010/000", "plane"), ("square", "torus")])
def test_animation_steps_are_legal_under_the_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pattern: str, topology: str
) -> None:
    out = tmp_path / "a.gif"
    code = main(["animate", A, B, "-o", str(out), "--size", "18x14", "--cell", "2", "--pattern",
                 pattern, "--topology", topology, "--duration", "1", "--fps", "8", "--hold", "0",
                 "--order", "morph", "--json", "--states", "2"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    rules = Rules(14, 18, parse_pattern(pattern), topology)  # type: ignore[arg-type]
    assert data["rules"] == rules.to_dict()
    alg = packed_algebra(rules)
    frames = boards(out, 2)
    assert alg.is_reachable(frames[0] ^ 1) and alg.is_reachable(frames[-1] ^ 1)
    # Every step is clicks under these rules: the change is in the press operator's image.
    assert all(alg.is_reachable(a ^ b) for a, b in itertools.pairwise(frames))
    assert data["board"]["nullity"] == alg.nullity


def test_still_names_its_rules_and_checks_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                               ) -> None:
    out = tmp_path / "s.png"
    assert main(["still", B, "-o", str(out), "--size", "16x16", "--pattern", "sigma",
                 "--topology", "cylinder", "--states", "2"]) == 0
    assert "(sigma on the cylinder)" in capsys.readouterr().out
    assert main(["still", B, "-o", str(out), "--size", "16x16", "--json", "--states", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == {"pattern": "plus", "topology": "plane",
                                                            "states": 2}
    for bad in (["--pattern", "0101/111/010"], ["--pattern", "ab"], ["--pattern", "000/000/000"]):
        with pytest.raises(SystemExit) as exited:  # refused while the options are parsed
            main(["still", B, "-o", str(tmp_path / "bad.png"), *bad])
        assert exited.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "pattern" in err
        assert not (tmp_path / "bad.png").exists()


def test_artwork_page_replays_under_its_rules(tmp_path: Path) -> None:
    out = tmp_path / "art.html"
    assert main(["animate", A, B, "-o", str(out), "--size", "12x10", "--pattern", "x",
                 "--topology", "cylinder", "--duration", "0.5", "--hold", "0"]) == 0
    page = out.read_text()
    assert '"rules":{"pattern":[[1,0,1],[0,1,0],[1,0,1]],"topology":"cylinder"}' in page.replace(" ", "")
