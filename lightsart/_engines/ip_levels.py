"""Bosch's two integer programs for ``k`` states per cell: an alias module, kept for one release.

The programs are built once for any number of states by :mod:`lightsart._engines.ip_model` and
solved by :mod:`lightsart._engines.ip` (``rules.states`` chooses the formulation); the names here
call those with the 0.2 signatures and checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from lightsart._engines import ip
from lightsart._engines.ip import IPClicks, IPFit
from lightsart._engines.ip_model import Model, error_model, presses_model
from lightsart._engines.solvers import DEFAULT_SOLVER, write_model
from lightsart._errors import LightsartError
from lightsart._limits import check_model

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from lightsart._results import Fit
    from lightsart._rules import Rules

__all__ = [
    "LevelsModel",
    "basic_ip_levels",
    "closest_board_ip_levels",
    "error_model_levels",
    "export_model_levels",
    "presses_model",
    "transition_ip_levels",
]

#: The model type of 0.2 (now :class:`lightsart._engines.ip_model.Model`).
LevelsModel = Model


def _grey(rules: Rules) -> Rules:
    """0.2's contract: these names take rules with at least 3 states (``ip`` takes any)."""
    if rules.states < 3:
        raise LightsartError("the k-state integer programs need rules with at least 3 states")
    return rules


def _check(levels: object, rules: Rules, what: str) -> NDArray[np.int64]:
    """``levels`` as a board of levels under ``rules`` (at least 3 states)."""
    return ip._levels(levels, _grey(rules), what).astype(np.int64)


def error_model_levels(target: object, rules: Rules, start: object | None = None) -> Model:
    """:func:`lightsart._engines.ip_model.error_model` with unit costs (every cell costs one)."""
    t = _check(target, rules, "target")
    s = None if start is None else _check(start, rules, "start")
    return error_model(t, np.ones(rules.shape), rules, s)


def export_model_levels(target: object, path: str, rules: Rules) -> None:
    """Write :func:`error_model_levels` for ``target`` to ``path`` (``.lp`` or ``.mps``), unsolved."""
    check_model(rules.width, rules.height, len(rules.pattern.offsets), rules.states, path)
    write_model(error_model_levels(target, rules).prob, path)


def basic_ip_levels(target: object, rules: Rules, *, time_limit: float | None = None,
                    solver: str = DEFAULT_SOLVER) -> IPClicks:
    """:func:`lightsart._engines.ip.basic_ip` for a picture of levels."""
    _check(target, rules, "target")
    return ip.basic_ip(np.asarray(target), time_limit=time_limit, solver=solver, rules=rules)


def transition_ip_levels(first: Fit, second: Fit, *, time_limit: float | None = None,
                         solver: str = DEFAULT_SOLVER) -> IPClicks:
    """:func:`lightsart._engines.ip.transition_ip` for two fits of the same k-state rules."""
    rules = first.rules
    if rules is None or second.rules != rules:
        raise LightsartError("a k-state transition needs two fits of the same rules")
    return ip.transition_ip(first, second, time_limit=time_limit, solver=solver,
                            rules=_grey(rules))


def closest_board_ip_levels(target: object, rules: Rules, *, time_limit: float | None = None,
                            solver: str = DEFAULT_SOLVER, warm_start: bool = True) -> IPFit:
    """:func:`lightsart._engines.ip.closest_board_ip` for a picture of levels (unit costs)."""
    t = _check(target, rules, "target")
    return ip.closest_board_ip(t.astype(np.uint8), time_limit=time_limit, solver=solver,
                               warm_start=warm_start, rules=rules)
