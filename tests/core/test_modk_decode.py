"""The k > 2 decoder beyond the exact search (``decode.decode`` with ``states=k``, the walk of
``isd_ring``), checked against the exact search on boards where it still fits, on planted
low-weight errors, and against the bottom-row chase."""

from __future__ import annotations

import numpy as np
import pytest

from lightsart._core import closest, isd_ring
from lightsart._core.decode import decode
from lightsart._core.modk import modk_algebra
from lightsart._rules import Rules, press

#: (k, board side): boards whose cokernel has at least three checks, the exact search still fits.
#: k = 2 too: a Z/k fit posed with two states takes the same walk (it once reached the GF(2)
#: decoder with values for indices and failed).
CASES = [(2, 9), (2, 16), (3, 8), (4, 9), (5, 11), (6, 5), (8, 9)]
ROUNDS = 300


@pytest.mark.parametrize(("k", "side"), CASES)
def test_decoder_against_exact_and_chase(k: int, side: int) -> None:
    rules = Rules(side, side, states=k)
    alg = modk_algebra(rules.with_states(k))
    rng = np.random.default_rng(k * 100 + side)
    for trial in range(4):
        start = np.full(rules.shape, k - 1)
        if trial < 2:  # planted: a reachable board plus a few wrong cells
            board = (start + press(rng.integers(0, k, rules.shape), rules)) % k
            planted = np.zeros(rules.cells, dtype=np.int64)
            where = rng.choice(rules.cells, size=2 + trial, replace=False)
            planted[where] = rng.integers(1, k, size=where.size)
            target = (board + planted.reshape(rules.shape)) % k
            ceiling = int(np.count_nonzero(planted))
        else:
            target = rng.integers(0, k, rules.shape)
            ceiling = rules.cells
        exact = closest.decode_levels(target, None, alg, start=start)
        found = closest.decode_levels(target, None, alg, start=start, exact_max=0, rounds=ROUNDS,
                                      seed=trial)
        assert exact.proven and exact.decoder in ("exact", "reachable")
        assert found.decoder in ("isd", "reachable")
        assert exact.wrong_cost <= found.wrong_cost
        # Mixed check moduli (Z/2 beside Z/8 at 9x9) too: their slack is searched, not fixed.
        assert found.wrong_cost <= ceiling
        assert found.lower_bound <= exact.wrong_cost
        # Re-verified: the presses make the board from the start.
        assert np.array_equal((start + press(found.presses, rules)) % k, found.board)
        assert found.wrong_cost == int(np.count_nonzero(found.board != target))
        # Never worse than the bottom-row chase it starts from.
        chase = closest._constraint_descent(alg, target.astype(np.int64), start.astype(np.int64),
                                            closest._costs(target.astype(np.int64), k, "wrong"))
        assert found.wrong_cost <= int(np.count_nonzero(chase))
        # Same seed, same rounds: the same answer.
        again = closest.decode_levels(target, None, alg, start=start, exact_max=0, rounds=ROUNDS,
                                      seed=trial)
        assert np.array_equal(again.board, found.board) and not found.cut_short


def test_decode_refuses_a_wrong_start_and_keeps_a_syndrome() -> None:
    alg = modk_algebra(Rules(9, 9).with_states(4))
    cols, moduli = alg.syndrome_columns(), np.array(alg.check_moduli, dtype=np.int64)
    rng = np.random.default_rng(5)
    e = np.zeros(81, dtype=np.int64)
    e[rng.choice(81, 3, replace=False)] = [1, 2, 3]
    sigma = (e @ cols) % moduli
    with pytest.raises(ValueError):
        decode(cols, (sigma + 1) % moduli, None, e, states=4, moduli=moduli, work=5)
    got = decode(cols, sigma, None, e, states=4, moduli=moduli, work=50, seed=1)
    assert got.values is not None and not ((got.values @ cols - sigma) % moduli).any()
    assert got.cost <= 3 and got.rounds <= 50


def test_rounds_follow_the_budget() -> None:
    assert isd_ring.rounds_for(2.0, 56, 16384, 8) > isd_ring.rounds_for(1.0, 56, 16384, 8) >= 1
    assert isd_ring.rounds_for(100.0, 3, 10, 4) == 8 * 10  # capped by the cells


