"""Census and lookup database against breadth-first search over every state, and the CLI."""

from __future__ import annotations

import itertools
import json
import math
import sqlite3
import zlib
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from lightsart._cli import main
from lightsart._errors import LightsartError
from lightsart._puzzle.census import census, signature_groups
from lightsart._puzzle.censusdb import query_db, write_db

# Sizes (rows, columns) small enough for search over all 2**(mn) states; nullity 0 to 4,
# wide and tall.
SMALL = [(1, 1), (1, 2), (1, 5), (1, 8), (2, 2), (2, 3), (2, 5), (2, 7), (3, 3), (3, 4),
         (3, 5), (4, 4), (2, 8), (3, 6), (4, 3), (5, 3), (8, 1)]


def press_masks(m: int, n: int) -> list[int]:
    """The state bits one click toggles (row-major, bit i*n+j), written out from the rules."""
    out = []
    for i, j in itertools.product(range(m), range(n)):
        cells = [(i, j), (i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)]
        out.append(sum(1 << (r * n + c) for r, c in cells if 0 <= r < m and 0 <= c < n))
    return out


@cache
def bfs(m: int, n: int) -> np.ndarray:
    """Optimal moves to all-off for every state (-1: unreachable), by breadth-first search."""
    masks = press_masks(m, n)
    dist = np.full(1 << (m * n), -1, dtype=np.int16)
    dist[0] = 0
    frontier = np.array([0], dtype=np.int64)
    moves = 0
    while frontier.size:
        moves += 1
        nxt = np.unique(np.concatenate([frontier ^ mask for mask in masks]))
        nxt = nxt[dist[nxt] < 0]
        dist[nxt] = moves
        frontier = nxt
    return dist


@pytest.mark.parametrize("size", SMALL, ids=[f"{n}x{m}" for m, n in SMALL])
def test_every_census_number_matches_breadth_first_search(size: tuple[int, int]) -> None:
    m, n = size
    dist = bfs(m, n)
    c = census(m, n)
    reached = dist[dist >= 0]
    assert (c.width, c.height) == (n, m)
    assert c.boards == dist.size and c.states == 2
    assert c.solvable == reached.size
    assert 1 << c.nullity == dist.size // reached.size
    assert list(c.distribution) == np.bincount(reached).tolist()
    assert c.max_click_count == int(reached.max())
    assert c.boards_at_max == int((reached == reached.max()).sum())
    assert c.all_lit_click_count == int(dist[(1 << (m * n)) - 1])


def compositions_reference(m: int, n: int) -> list[int]:
    """Click sets per optimal move count, by every choice of clicked cells per signature group.

    Direct formula, none of the programme's shortcuts: for each count ``a_v`` of clicked cells
    in each group, the coset weights for all ``λ`` are summed outright and minimised.
    """
    groups = signature_groups(m, n)
    zero = groups.pop(0, 0)
    d = max(groups).bit_length()
    flips = [np.bitwise_count(np.arange(1 << d) & v) & 1 for v in groups]
    sizes = list(groups.values())
    grid = np.indices([s + 1 for s in sizes]).reshape(len(sizes), -1).T  # every (a_v)
    by_weight = np.zeros(m * n + 1, dtype=np.int64)
    for part in np.array_split(grid, max(1, grid.shape[0] // 200_000)):
        weight = np.zeros((part.shape[0], 1 << d), dtype=np.int64)
        ways = np.ones(part.shape[0], dtype=np.int64)
        for k, size in enumerate(sizes):
            a = part[:, k : k + 1]
            weight += np.where(flips[k][None, :] == 1, size - a, a)
            ways *= np.array([math.comb(size, i) for i in range(size + 1)])[part[:, k]]
        np.add.at(by_weight, weight.min(axis=1), ways)
    out = [0] * (m * n + 1)
    for w, count in enumerate(by_weight.tolist()):
        for a0 in range(zero + 1):
            if w + a0 <= m * n:
                out[w + a0] += count * math.comb(zero, a0)
    return [v >> d for v in out]


@pytest.mark.parametrize("size", [(5, 5), (5, 7), (7, 8), (7, 14)],
                         ids=["5x5", "7x5", "8x7", "14x7"])
def test_programme_matches_direct_composition_sum_beyond_search(size: tuple[int, int]) -> None:
    m, n = size
    reference = compositions_reference(m, n)
    while reference[-1] == 0:
        reference.pop()
    c = census(m, n)
    assert list(c.distribution) == reference
    assert sum(c.distribution) == c.solvable == 1 << (m * n - c.nullity)


def test_known_5x5_figures() -> None:
    # The classic 5x5 facts: 15 moves at most, 7350 hardest states, the all-lit board needs 15.
    c = census(5, 5)
    assert (c.nullity, c.max_click_count, c.boards_at_max, c.all_lit_click_count) == (2, 15, 7350, 15)


def test_nullity_zero_is_binomial_at_any_size() -> None:
    c = census(40, 40)
    assert c.nullity == 0
    assert list(c.distribution) == [math.comb(1600, k) for k in range(1601)]
    assert c.max_click_count == 1600 and c.boards_at_max == 1


def test_out_of_reach_boards_say_so() -> None:
    with pytest.raises(LightsartError, match=r"census of 9x9 \(nullity 8\) is out of reach"):
        census(9, 9, budget=1 << 16)
    with pytest.raises(LightsartError, match="more than"):
        census(100, 100)


def rank_to_state(meta: dict[str, object], rank: int, m: int, n: int) -> int:
    """Decode a rank from the file's own layout: free cells in order, pivots by parity."""
    pivots = [int(p) for p in meta["pivots"]]  # type: ignore[attr-defined]
    masks = [int(v, 16) for v in meta["masks"]]  # type: ignore[attr-defined]
    free = [c for c in range(m * n) if c not in pivots]
    state = sum(((rank >> k) & 1) << c for k, c in enumerate(free))
    for p, mask in zip(pivots, masks, strict=True):
        state |= ((state & mask).bit_count() & 1) << p
    return state


@pytest.mark.parametrize("size", [(3, 3), (4, 4), (2, 5), (3, 5)], ids=["3x3", "4x4", "5x2", "5x3"])
def test_database_holds_every_solvable_state_with_an_optimal_next_click(
        tmp_path: Path, size: tuple[int, int]) -> None:
    m, n = size
    path = tmp_path / "census.sqlite"
    written = write_db(m, n, path)
    dist = bfs(m, n)
    assert written.boards == int((dist >= 0).sum())
    db = sqlite3.connect(path)
    meta = {k: json.loads(v) for k, v in db.execute("SELECT key, value FROM meta")}
    data = b"".join(zlib.decompress(blob) for (blob,) in
                    db.execute("SELECT data FROM chunk ORDER BY id"))
    db.close()
    assert len(data) == 2 * written.boards  # one chunk here: moves plane, then clicks plane
    moves = np.frombuffer(data[: written.boards], dtype=np.uint8)
    clicks = np.frombuffer(data[written.boards :], dtype=np.uint8)
    masks = press_masks(m, n)
    seen = set()
    for rank in range(written.boards):
        state = rank_to_state(meta, rank, m, n)
        seen.add(state)
        assert moves[rank] == dist[state]
        if state:
            assert dist[state ^ masks[clicks[rank]]] == dist[state] - 1
    assert len(seen) == written.boards


def test_database_lookup_walks_an_optimal_path(tmp_path: Path) -> None:
    m, n = 4, 4
    path = tmp_path / "census.sqlite"
    write_db(m, n, path)
    dist = bfs(m, n)
    masks = press_masks(m, n)
    rng = np.random.default_rng(4)
    for state in [0, (1 << 16) - 1, *rng.integers(0, 1 << 16, 60).tolist()]:
        answer = query_db(path, state)
        assert answer.solvable == (dist[state] >= 0)
        if not answer.solvable:
            assert answer.click_count is None and answer.path == ()
            continue
        assert answer.click_count == dist[state] == len(answer.path)
        now = state
        for (r, c), after in answer.path:
            now ^= masks[r * n + c]
            assert after == now
        assert now == 0


def test_database_refuses_big_boards_and_leaves_no_file(tmp_path: Path) -> None:
    target = tmp_path / "big.sqlite"
    with pytest.raises(LightsartError, match="at most"):
        write_db(6, 6, target)
    assert list(tmp_path.iterdir()) == []


def test_query_rejects_bad_files_and_states(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    write_db(3, 3, path)
    with pytest.raises(LightsartError, match="does not fit a 3x3 board"):
        query_db(path, 1 << 9)
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(LightsartError, match="cannot read"):
        query_db(junk, 0)
    with pytest.raises(LightsartError, match="no census database"):
        query_db(tmp_path / "missing.sqlite", 0)


# ---- CLI, in process ----

def test_cli_census_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["census", "3x2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "3x2 board: 64 states, 16 solvable (nullity 2: 1 in 4)"
    assert out[2:6] == ["    0  1", "    1  6", "    2  7", "    3  2"]
    assert out[6] == "hardest: 3 moves, needed by 2 states; from all lit: 2 moves"


def test_cli_census_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["census", "4x4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    dist = bfs(4, 4)
    reached = dist[dist >= 0]
    assert data["distribution"] == np.bincount(reached).tolist()
    assert {k: data[k] for k in ("width", "height", "boards", "solvable", "nullity",
                                 "max_click_count", "boards_at_max", "all_lit_click_count")} == {
        "width": 4, "height": 4, "boards": 65536, "solvable": 4096, "nullity": 4,
        "max_click_count": 7, "boards_at_max": 32, "all_lit_click_count": int(dist[0xFFFF])}


def test_cli_census_database_write_and_lookup(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "c.sqlite")
    assert main(["census", "3x3", "--db", db]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith(f"wrote {db}: 512 solvable states")
    assert main(["census", "--db", db, "--state", "0x1ff"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"state 0x1ff on 3x3: {bfs(3, 3)[0x1FF]} moves to all off")
    assert out[-1].endswith(" 0x0")
    assert main(["census", "--db", db, "--state", "0x10", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["click_count"] == bfs(3, 3)[0x10] and len(data["path"]) == data["click_count"]


@pytest.mark.parametrize("argv, message", [
    (["census", "5by5"], "board size must be WxH"),
    (["census", "0x3"], "board size must be WxH"),
    (["census"], "give a board size"),
    (["census", "24x24"], "out of reach"),
    (["census", "--state", "3"], "--state is looked up in a database"),
    (["census", "--db", "missing.sqlite", "--state", "3"], "no census database"),
    (["census", "--db", "missing.sqlite", "--state", "zz"], "state must be an integer"),
])
def test_cli_census_bad_input(argv: list[str], message: str,
                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
