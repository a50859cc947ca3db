"""Grey levels end to end (issue 13): ``still --states K`` decoded back to its board, the presses
re-applied, K = 2 unchanged, and every command that does not take K > 2 (or not this large)
refusing it in one line."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from lightsart import Look, Pictures, Solving
from lightsart._cli import main
from lightsart._pictures.image import load_target
from lightsart._pipeline import make_still
from lightsart._rules import Rules, press

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
A, B = str(SAMPLES / "astronaut.png"), str(SAMPLES / "cat.png")


def decode_levels(path: Path, cell: int, k: int) -> np.ndarray:
    """The board a ``--style pixels`` PNG shows: grey ``round(255 s / (k-1))`` is level ``s``."""
    with Image.open(path) as im:
        grey = np.asarray(im.convert("RGB")).astype(int)[cell // 2 :: cell, cell // 2 :: cell]
    assert (grey[..., 0] == grey[..., 1]).all() and (grey[..., 0] == grey[..., 2]).all()
    levels = np.rint(grey[..., 0] * (k - 1) / 255).astype(np.uint8)
    # Every cell is exactly one of the k greys, not merely near one.
    exact = np.array([round(255 * s / (k - 1)) for s in range(k)])
    assert (grey[..., 0] == exact[levels]).all()
    return levels


@pytest.mark.parametrize(("k", "size"), [(3, "24x20"), (4, "21x21"), (8, "16x16"), (16, "12x10")])
def test_still_png_decodes_to_a_reachable_board_of_k_levels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], k: int, size: str
) -> None:
    out, target, compare = tmp_path / "g.png", tmp_path / "t.png", tmp_path / "c.png"
    code = main(["still", A, "-o", str(out), "--states", str(k), "--size", size, "--cell", "3",
                 "--target-out", str(target), "--compare", str(compare), "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    width, height = (int(v) for v in size.split("x"))
    board = decode_levels(out, 3, k)
    assert board.shape == (height, width) and board.max() <= k - 1
    # The target is the picture stage's K-level dither, and the wrong cells are counted right.
    expected_target = load_target(A, size=(height, width), states=k).bits
    assert np.array_equal(decode_levels(target, 3, k), expected_target)
    assert len(np.unique(expected_target)) > 2  # a grey picture, not a two-level one
    (picture,) = data["pictures"]
    assert data["rules"]["states"] == k and picture["states"] == k
    assert picture["wrong_cells"] == int((board != expected_target).sum())
    assert picture["wrong_cells_lower_bound"] <= picture["wrong_cells"]
    # The board is reachable from the all-brightest board: solve for presses and re-apply them.
    from lightsart._core.modk import modk_algebra

    rules = Rules(height, width, states=k)
    presses = modk_algebra(rules).solve((board.astype(np.int64) - (k - 1)) % k)
    assert presses is not None
    assert np.array_equal((k - 1 + press(presses, rules).astype(int)) % k, board)
    assert picture["click_count"] >= 0 and isinstance(picture["click_count_proven_minimal"], bool)
    assert sorted(data["outputs"]) == sorted(map(str, (out, target, compare)))


def test_make_still_takes_states_and_its_presses_reproduce_the_board(tmp_path: Path) -> None:
    k = 5
    result = make_still(A, str(tmp_path / "g.png"), pictures=Pictures(size=(15, 18)),
                        solving=Solving(states=k), look=Look(cell=2))
    same = make_still(A, str(tmp_path / "h.png"), solving=Solving(states=k),
                      pictures=Pictures(size=(15, 18)), look=Look(cell=2))
    f = result.picture.fit
    assert f.states == k and f.rules is not None and f.rules.states == k
    assert np.array_equal(f.board, same.picture.fit.board)
    # A cell pressed j times counts j; the presses make the board from the all-brightest board.
    assert f.clicks_count == int(f.clicks.astype(int).sum()) and f.clicks.max() < k
    made = (k - 1 + press(f.clicks, f.rules).astype(int)) % k
    assert np.array_equal(made, f.board)
    assert np.array_equal(decode_levels(tmp_path / "g.png", 2, k), f.board)
    assert result.to_dict()["board"]["kernel_size"] == f.kernel_size


def test_two_states_is_todays_output_bit_for_bit(tmp_path: Path) -> None:
    # --states 2 (the default before issue 32 made it 4) and Solving(states=2) write the same.
    for extra in ([], ["--style", "lights", "--cell", "7"]):
        today, two = tmp_path / "a.png", tmp_path / "b.png"
        compare_a, compare_b = tmp_path / "ca.png", tmp_path / "cb.png"
        make_still(B, str(today), pictures=Pictures(size=(20, 20)), solving=Solving(states=2),
                   look=Look(cell=7, style="lights") if extra else Look(),
                   compare=str(compare_a))
        assert main(["still", B, "-o", str(two), "--size", "20x20", "--compare", str(compare_b),
                     "--states", "2", *extra]) == 0
        assert today.read_bytes() == two.read_bytes()
        assert compare_a.read_bytes() == compare_b.read_bytes()


def test_lights_style_has_k_lamp_brightnesses(tmp_path: Path) -> None:
    out = tmp_path / "l.png"
    k = 4
    result = make_still(A, str(out), pictures=Pictures(size=(16, 16)), solving=Solving(states=k),
                        look=Look(cell=12, style="lights"))
    board = result.picture.fit.board
    with Image.open(out) as im:
        centres = np.asarray(im.convert("L")).astype(int)[6::12, 6::12]
    means = [centres[board == s].mean() for s in range(k) if (board == s).any()]
    assert len(means) == k and all(a < b for a, b in itertools.pairwise(means))
    for s in range(k):  # one brightness per level
        assert len(np.unique(centres[board == s])) == 1


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["census", "4x4", "--states", "3"], "3^16"),
        (["census", "--db", "OUT/c.sqlite", "--state", "3", "--states", "3"],
         "census --db does not support 3 states"),
        (["census", "3x3", "--db", "OUT/c.sqlite", "--states", "3"],
         "census --db does not support 3 states"),
        (["table", "3x3", "--states", "5", "--topology", "torus"], "needs light chasing"),
        (["path", "11/11", "--states", "3"], "cannot reach every cell 0"),
        (["sizes", "1000", "--states", "3"], "too much work"),
        (["solve", "13/21", "--states", "3"], "one of '012'"),
        (["still", A, "-o", "OUT/s.png", "--states", "17"], "from 2 to 16"),
        (["still", A, "-o", "OUT/s.png", "--states", "1"], "from 2 to 16"),
        (["still", A, "-o", "OUT/s.png", "--states", "x"], "from 2 to 16"),
    ],
)
def test_k_states_where_not_supported_yet_is_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    argv = [a.replace("OUT", str(tmp_path)) for a in args]
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own refusals
        code = int(exc.code or 0)
    assert code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert words in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_still_with_the_ip_engine_and_a_model_for_k_states(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import pulp

    from lightsart._engines.cbc import quiet_pulp

    k, out, model = 3, tmp_path / "g.png", tmp_path / "m.mps"
    assert main(["still", B, "-o", str(out), "--states", str(k), "--size", "6x5", "--cell", "3",
                 "--engine", "ip", "--time-limit", "30", "--export-model", str(model),
                 "--json"]) == 0
    (picture,) = json.loads(capsys.readouterr().out)["pictures"]
    board = decode_levels(out, 3, k)
    target = load_target(B, size=(5, 6), states=k).bits
    assert picture["wrong_cells"] == int((board != target).sum())
    # The board is reachable from the all-brightest board (solved for presses, re-applied).
    from lightsart._core.modk import modk_algebra

    rules = Rules(5, 6, states=k)
    presses = modk_algebra(rules).solve((board.astype(np.int64) - (k - 1)) % k)
    assert presses is not None
    assert np.array_equal((k - 1 + press(presses, rules).astype(int)) % k, board)
    # The model written is Bosch's error IP for the target: solved again, the same optimum.
    with quiet_pulp():
        _, prob = pulp.LpProblem.fromMPS(str(model), sense=pulp.LpMinimize)
        prob.solve(pulp.PULP_CBC_CMD(msg=False))
    assert round(pulp.value(prob.objective)) == picture["wrong_cells"]
    assert picture["wrong_cells_proven_minimal"]


def test_animate_with_the_ip_engine_for_k_states_matches_the_exact_presses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = {}
    for engine in ("exact", "ip"):
        out = tmp_path / f"{engine}.gif"
        extra = ["--export-model", str(tmp_path / "m.mps")] if engine == "ip" else []
        assert main(["animate", A, B, "-o", str(out), "--states", "4", "--size", "5x4",
                     "--engine", engine, "--time-limit", "30", "--json", *extra]) == 0
        runs[engine] = json.loads(capsys.readouterr().out)
    exact, ip = runs["exact"], runs["ip"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["exact.gif", "ip.gif", "m-1.mps", "m-2.mps"]
    # Both engines prove their answers, so they agree on the counts (the boards may differ only
    # where several are optimal: here every board is reachable, so they are the targets).
    for a, b in zip(exact["pictures"], ip["pictures"], strict=True):
        assert a["wrong_cells"] == b["wrong_cells"] == 0
    (step_exact,), (step_ip,) = exact["transitions"], ip["transitions"]
    assert step_exact["click_count_proven_minimal"] and step_ip["click_count_proven_minimal"]
    assert step_ip["click_count"] == step_exact["click_count"]
    # Two states: the ip engine's JSON (it once held a numpy bool) still prints.
    assert main(["animate", A, B, "-o", str(tmp_path / "two.gif"), "--size", "5x4",
                 "--engine", "ip", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["transitions"][0]["click_count_proven_minimal"] is True


@pytest.mark.parametrize("errors", ["uniform", "brightness"])
def test_still_with_the_auto_engine_and_k_states_is_the_exact_engine_and_optimal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], errors: str
) -> None:
    """``--engine auto`` takes k states (it is the exact engine there): the same board, presses
    and proofs as ``--engine exact``, and the fewest wrong cells by brute force over every
    press vector of the 3x3 board (3^9 of them)."""
    k, runs = 3, {}
    for engine in ("exact", "auto"):
        out = tmp_path / f"{engine}.png"
        assert main(["still", A, "-o", str(out), "--states", str(k), "--size", "3x3",
                     "--cell", "3", "--style", "pixels", "--errors", errors,
                     "--engine", engine, "--json"]) == 0
        runs[engine] = json.loads(capsys.readouterr().out)
        for key in ("seconds", "outputs"):  # the time taken, and the file's own name
            runs[engine].pop(key, None)
        for picture in runs[engine]["pictures"]:
            picture.pop("seconds", None)
    assert runs["auto"] == runs["exact"]
    assert np.array_equal(decode_levels(tmp_path / "auto.png", 3, k),
                          decode_levels(tmp_path / "exact.png", 3, k))
    (picture,) = runs["auto"]["pictures"]
    target = load_target(A, size=(3, 3), states=k).bits.ravel().astype(np.int64)
    rules = Rules(3, 3, states=k)
    presses = np.array(list(itertools.product(range(k), repeat=9)), dtype=np.int64)
    boards = np.array([(k - 1 + press(x.reshape(3, 3), rules).ravel()) % k
                       for x in presses])
    if errors == "uniform":
        assert picture["wrong_cells"] == int((boards != target).sum(axis=1).min())
    else:  # brightness: the least total of levels off
        least = int(np.abs(boards - target).sum(axis=1).min())
        board = decode_levels(tmp_path / "auto.png", 3, k).ravel().astype(np.int64)
        assert int(np.abs(board - target).sum()) == least
    assert picture["wrong_cells_proven_minimal"] or errors == "brightness"


def test_solve_with_k_states(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "120/201/012", "--states", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["solvable"] and data["states"] == 3 and data["proven_minimal"]
    presses = np.array(data["click_grid"])
    board = np.array([[1, 2, 0], [2, 0, 1], [0, 1, 2]])
    assert ((board + press(presses, Rules(3, 3).with_states(3))) % 3 == 0).all()
    assert data["click_count"] == int(presses.sum())
    # The same board as an integer: base-3 digit i*n + j is cell (i, j).
    state = sum(int(v) * 3**i for i, v in enumerate(board.reshape(-1)))
    assert main(["solve", "--state", str(state), "--size", "3x3", "--states", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["click_grid"] == data["click_grid"]
    assert main(["solve", "120/201/012", "--states", "3"]) == 0
    assert "solvable with" in capsys.readouterr().out


def test_a_grey_still_draws_itself_in_jupyter(tmp_path: Path) -> None:
    import io

    from lightsart import _display as display

    result = make_still(A, str(tmp_path / "g.png"), pictures=Pictures(size=(10, 12)),
                        solving=Solving(states=4))
    with Image.open(io.BytesIO(display.still_png(result))) as im:
        assert len({c for _, c in im.convert("L").getcolors(1 << 16) or []}) >= 4
    caption = display.still_html(result)
    assert "wrong cell" in caption and f"{result.picture.fit.clicks_count:,} presses" in caption


def test_perceptual_errors_weigh_wrong_levels_and_uniform_counts_them(tmp_path: Path) -> None:
    """``--errors`` reaches grey fits: perceptual minimises the level costs (never more of them than
    the uniform fit's board has), uniform the wrong cells; both boards are reachable."""
    from lightsart._core.modk import modk_algebra
    from lightsart._pictures.costs import level_costs
    from lightsart._pictures.image import fit_target, read_for_board

    k, fits = 4, {}
    for errors in ("perceptual", "uniform"):
        result = make_still(A, str(tmp_path / f"{errors}.png"),
                            pictures=Pictures(size=(24, 24), errors=errors),
                            solving=Solving(states=k), look=Look(cell=2))  # type: ignore[arg-type]
        fits[errors] = result.picture.fit
        assert result.to_dict()["pictures"][0]["minimised"] == (
            "cost" if errors == "perceptual" else "wrong pixels")
    gray, (w, h) = read_for_board(A, (24, 24), lambda m, n: 0)
    target = fit_target(gray, (w, h), "cover", "floyd-steinberg", states=k)
    costs = level_costs(target.bits, target.toned, k)
    assert costs is not None
    for f in fits.values():
        assert f.rules is not None and np.array_equal(f.target, target.bits)
        assert modk_algebra(f.rules).solve((f.board.astype(np.int64) - (k - 1)) % k) is not None

    def cost(board: np.ndarray) -> float:
        errors = ((board.astype(np.int64) - target.bits) % k).ravel()
        return float(costs[np.arange(errors.size), errors].sum())

    weighted = fits["perceptual"]
    assert weighted.weighted and weighted.wrong_cost == pytest.approx(cost(weighted.board))
    assert not fits["uniform"].weighted
    # Proven here (the exact search), so no reachable board costs less: not the uniform fit's either.
    assert weighted.wrong_pixels_proven_minimal
    assert weighted.wrong_cost <= cost(fits["uniform"].board) + 1e-9


def test_brightness_errors_minimise_the_total_level_difference(tmp_path: Path) -> None:
    """``--errors brightness``: the least ``Σ |board - target|`` (proven here: no other reachable
    board, the uniform fit's included, has less); with two states it is ``uniform``."""
    k = 4
    fits = {e: make_still(A, str(tmp_path / f"{e}.png"),
                          pictures=Pictures(size=(24, 24), errors=e), solving=Solving(states=k),
                          look=Look(cell=2)).picture.fit  # type: ignore[arg-type]
            for e in ("brightness", "uniform")}
    bright = fits["brightness"]
    off = np.abs(bright.board.astype(int) - bright.target.astype(int)).sum()
    assert bright.weighted and bright.wrong_pixels_proven_minimal and bright.wrong_cost == off
    uniform = fits["uniform"]
    assert off <= np.abs(uniform.board.astype(int) - uniform.target.astype(int)).sum()
    two = {e: tmp_path / f"two-{e}.png" for e in ("brightness", "uniform")}
    for e, out in two.items():
        assert main(["still", B, "-o", str(out), "--size", "20x20", "--errors", e]) == 0
    assert two["brightness"].read_bytes() == two["uniform"].read_bytes()


def test_exported_model_follows_the_rules_with_two_states(tmp_path: Path) -> None:
    """``--export-model`` under sigma writes the sigma model (it once wrote the plus one)."""
    import pulp

    from lightsart._engines.cbc import quiet_pulp

    model = tmp_path / "m.mps"
    assert main(["still", B, "-o", str(tmp_path / "s.png"), "--size", "6x6", "--pattern", "sigma",
                 "--export-model", str(model), "--states", "2"]) == 0
    with quiet_pulp():
        _, prob = pulp.LpProblem.fromMPS(str(model), sense=pulp.LpMinimize)
    (row,) = [c for name, c in prob.constraints.items() if name in ("white0", "black0")]
    # Cell (0, 0) under sigma: toggled by its right and lower neighbours, not by itself.
    assert sorted(v.name for v in row if v.name.startswith("x")) == ["x1", "x6"]
