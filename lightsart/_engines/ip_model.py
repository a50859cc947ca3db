"""Bosch's two integer programs built once, with the number of states ``k`` as a parameter.

A click adds 1 (mod ``k``) to every cell of its pattern, so a cell ``C`` changes by its *change
count* ``x(C)`` (the presses of the cells whose pattern covers ``C``, with multiplicity where a
pattern lands on one cell twice: :func:`neighbourhood_terms`) modulo ``k``. Presses are
``x ∈ {0, ..., k-1}`` (binary for ``k = 2``); pictures start from the all-brightest board ``k-1``.

* **Fewest presses** (Bosch's basic IP) for a change ``c = (target - start) mod k``::

      minimise Σ x   subject to   x(C) = k·y(C) + c(C),   y integer in {0..⌊(k-1)s/k⌋}

  (``s`` cells in the pattern). Infeasible exactly when ``c`` is not reachable.
* **Fewest (cheapest) wrong cells** (Bosch's error-minimising IP), ``cost · z`` minimised:

  - ``k = 2``: a binary flag ``z`` per cell sits in the parity row,
    ``x(C) = 2y + z`` where the cell should keep its state and ``x(C) = 2y + 1 - z`` where it
    should flip (rows ``white<p>`` / ``black<p>`` from all-lit), ``y`` in ``{0..⌊s/2⌋}``;
  - three or more states: the board's level ``b`` is a variable and big-M rows (``M = k - 1``) flag
    ``z`` when it misses the target: ``x(C) + start(C) - b(C) = k·y(C)``,
    ``|b(C) - target(C)| <= (k-1)·z(C)``, ``y`` in ``{0..⌊(k-1)(s+1)/k⌋}``.

The builders here only build; :mod:`lightsart._engines.ip` solves through
:mod:`lightsart._engines.solvers`, reads the answer back (:func:`read`) and re-applies it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from lightsart._engines.cbc import variable
from lightsart._errors import LightsartError
from lightsart._rules import change_counts

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from lightsart._rules import Rules

__all__ = ["Model", "error_model", "neighbourhood_terms", "presses_model", "read", "warm"]


@dataclass(frozen=True)
class Model:
    """One integer program: its ``name`` (the solver's log label and the fit's method), the PuLP
    problem and its variables (``b`` empty except in the k-state error IP, ``z`` empty in the
    fewest-presses IP) and the per-cell change ``c`` it asks for."""

    name: str
    prob: Any
    x: list[Any]
    y: list[Any]
    b: list[Any]
    z: list[Any]
    change: NDArray[np.int64]


def neighbourhood_terms(rules: Rules) -> list[list[tuple[int, int]]]:
    """``C(i, j)`` for every cell (row-major): ``(click index, multiplicity)`` pairs, by index.

    Click ``(a, b)`` reaches ``(a + di, b + dj)`` for each offset of the pattern (wrapped or
    dropped as the topology says); a click landing twice on a cell has multiplicity 2. So
    ``sum multiplicity * x[click]`` over the terms of a cell is its change count,
    :func:`lightsart._rules.change_counts`. For the classic plus: the cell and its 2-4 neighbours.
    """
    m, n = rules.shape
    wrap_rows, wrap_cols = rules.wraps
    terms: list[Counter[int]] = [Counter() for _ in range(m * n)]
    for di, dj in rules.pattern.offsets:
        for a in range(m):
            i = _landing(a + di, m, wrap_rows)
            if i is None:
                continue
            for b in range(n):
                j = _landing(b + dj, n, wrap_cols)
                if j is not None:
                    terms[i * n + j][a * n + b] += 1
    return [sorted(cell.items()) for cell in terms]


def _landing(i: int, size: int, wraps: bool) -> int | None:
    """Where an offset lands along one axis: wrapped around a torus, ``None`` off a plane's edge."""
    if wraps:
        return i % size
    return i if 0 <= i < size else None


def _change_count(x: list[Any], cell: list[tuple[int, int]]) -> Any:
    import pulp

    return pulp.LpAffineExpression([(x[q], mult) for q, mult in cell])


def _presses(prob: Any, states: int, cells: int) -> list[Any]:
    # Two states: PuLP's Binary (its own file section), which every solver reads as 0/1 anyway.
    cat = "Binary" if states == 2 else "Integer"
    return [variable(prob, f"x{p}", 0, states - 1, cat) for p in range(cells)]


def _counts(prob: Any, cells: int, top: int) -> list[Any]:
    """The ``y`` of ``x(C) = k y + ...``, each in ``0..top``."""
    return [variable(prob, f"y{p}", 0, top, "Integer") for p in range(cells)]


def _start(rules: Rules, start: NDArray[np.int64] | None) -> NDArray[np.int64]:
    return np.full(rules.cells, rules.states - 1, dtype=np.int64) if start is None else start.ravel()


def presses_model(change: NDArray[np.integer[Any]], rules: Rules, name: str = "presses") -> Model:
    """Bosch's basic IP over ``Z/k``: fewest presses making ``change`` (levels mod ``k``), unsolved.

    ``2 m n`` variables (``x``, ``y``) and ``m n`` rows ``cell<p>``; ``name`` labels the problem.
    """
    import pulp

    k, cells = rules.states, rules.cells
    c = np.asarray(change, dtype=np.int64).ravel()
    prob = pulp.LpProblem(f"lights_out_{name}", pulp.LpMinimize)
    x = _presses(prob, k, cells)
    y = _counts(prob, cells, (k - 1) * len(rules.pattern.offsets) // k)
    prob += pulp.lpSum(x)
    for p, cell in enumerate(neighbourhood_terms(rules)):
        prob += _change_count(x, cell) - k * y[p] == int(c[p]), f"cell{p}"
    return Model(name, prob, x, y, [], [], c)


def error_model(target: NDArray[np.int64], cost: NDArray[np.float64], rules: Rules,
                start: NDArray[np.int64] | None = None) -> Model:
    """Bosch's error-minimising IP for ``target`` (levels) under ``rules``, unsolved, no warm start.

    ``start`` is the board the presses act on (default all-brightest); ``cost`` weighs each wrong
    cell. Two states: ``3 m n`` variables and ``m n`` rows (model ``errors``); ``k`` states:
    ``4 m n`` variables and ``3 m n`` rows (model ``levels``).
    """
    s = _start(rules, start)
    # Two states need no level variable and no big-M: a wrong cell is just a flipped parity.
    if rules.is_binary:
        return _flag_model(target.ravel(), cost.ravel(), rules, s)
    return _level_model(target.ravel(), cost.ravel(), rules, s)


def _flag_model(t: NDArray[np.int64], w: NDArray[np.float64], rules: Rules,
                s: NDArray[np.int64]) -> Model:
    import pulp

    cells = rules.cells
    c = (t - s) % 2
    prob = pulp.LpProblem("lights_out_errors", pulp.LpMinimize)
    x = _presses(prob, 2, cells)
    y = _counts(prob, cells, len(rules.pattern.offsets) // 2)
    z = [variable(prob, f"z{p}", 0, 1, "Binary") for p in range(cells)]
    prob += pulp.lpSum(float(w[p]) * z[p] for p in range(cells))
    for p, cell in enumerate(neighbourhood_terms(rules)):
        count = _change_count(x, cell)
        if c[p] == 0:  # keep (white from all-lit): even change count unless flagged wrong
            prob += count - 2 * y[p] - z[p] == 0, f"white{p}"
        else:  # flip (black from all-lit): odd change count unless flagged wrong
            prob += count - 2 * y[p] + z[p] == 1, f"black{p}"
    return Model("errors", prob, x, y, [], z, c)


def _level_model(t: NDArray[np.int64], w: NDArray[np.float64], rules: Rules,
                 s: NDArray[np.int64]) -> Model:
    import pulp

    k, cells = rules.states, rules.cells
    prob = pulp.LpProblem("lights_out_levels", pulp.LpMinimize)
    x = _presses(prob, k, cells)
    y = _counts(prob, cells, (k - 1) * (len(rules.pattern.offsets) + 1) // k)
    b = [variable(prob, f"b{p}", 0, k - 1, "Integer") for p in range(cells)]
    z = [variable(prob, f"z{p}", 0, 1, "Binary") for p in range(cells)]
    prob += pulp.lpSum(float(w[p]) * z[p] for p in range(cells))
    for p, cell in enumerate(neighbourhood_terms(rules)):
        prob += _change_count(x, cell) - b[p] - k * y[p] == -int(s[p]), f"cell{p}"
        prob += b[p] - (k - 1) * z[p] <= int(t[p]), f"above{p}"
        prob += b[p] + (k - 1) * z[p] >= int(t[p]), f"below{p}"
    return Model("levels", prob, x, y, b, z, (t - s) % k)


def warm(model: Model, presses: NDArray[np.int64], rules: Rules,
         target: NDArray[np.int64] | None = None, start: NDArray[np.int64] | None = None) -> None:
    """Hand ``presses`` to the solver as a start, every variable of ``model`` set consistently
    (``target`` for the error IPs). A start that is not a solution stays in the variables' bounds
    (the solver then rejects it and says so)."""
    k = rules.states
    counts = change_counts(presses, rules).ravel().astype(np.int64)
    flat = presses.ravel()
    for p in range(rules.cells):
        model.x[p].setInitialValue(int(flat[p]))
    if target is None:  # fewest presses: x(C) = k y + c
        top = model.y[0].upBound if model.y else 0
        for p, v in enumerate(((counts - model.change) // k).tolist()):
            model.y[p].setInitialValue(min(top, max(0, int(v))))
        return
    s = _start(rules, start)
    board = (s + counts) % k
    wrong = (board != target.ravel()).astype(np.int64)
    if model.b:  # levels: x(C) + start - b = k y
        for p in range(rules.cells):
            model.b[p].setInitialValue(int(board[p]))
        ys = (counts + s - board) // k
    else:  # flags: x(C) = 2 y + z (keep) or 2 y + 1 - z (flip)
        ys = (counts - np.where(model.change == 0, wrong, 1 - wrong)) // 2
    for p in range(rules.cells):
        model.y[p].setInitialValue(int(ys[p]))
        model.z[p].setInitialValue(int(wrong[p]))


def read(variables: list[Any], shape: tuple[int, ...], solver: str = "the solver"
         ) -> NDArray[np.int64]:
    """Integer variable values as an array; a value farther than 1e-4 from an integer is refused."""
    values = np.array([v.value() or 0.0 for v in variables], dtype=np.float64)
    if np.abs(values - np.round(values)).max(initial=0.0) > 1e-4:
        raise LightsartError(f"{solver} returned fractional values for integer variables")
    return np.round(values).astype(np.int64).reshape(shape)
