"""The studio's settings form as data: one :class:`Field` per setting, read into the public
settings (:class:`lightsart.Pictures`, :class:`lightsart.Solving`, :class:`lightsart.Timing`) and
written out as the equivalent ``lightsart still`` / ``lightsart animate`` command line.

The page draws its form from :func:`fields_data`, so a new setting is one more :data:`FIELDS`
entry and one line in :func:`settings`; the CLI option a field stands for is in the entry, so
the command line shown follows without more code.

The palette (issue 34) is text as ``--palette`` reads it, offered with the registry's names and
``auto:K``; its length is the number of states. A palette other than ``greys`` sets the states
(the page shows the states field following it, disabled), and the command line then names the
palette and not ``--states``, so the two can never disagree there; ``greys`` (the default) is
the grey boards of the states field.

The game page (``lightsart play --image``) takes the settings ``play`` has options for: size,
states or palette, fit, pattern and topology (:func:`game_options`, :func:`game_command`); it
reads the picture with the default tone and dithering, so a form that changes those is told so.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import lightsart
from lightsart._boardsize import DEFAULT_STATES
from lightsart._choices import EASES, FITS, TOPOLOGIES
from lightsart._errors import InvalidValue
from lightsart._pictures.image import DEFAULT_LONG_SIDE

__all__ = ["FIELDS", "Field", "command_line", "fields_data", "game_command", "game_options",
           "read_form", "settings"]


@dataclass(frozen=True)
class Field:
    """One setting of the form: its name (the settings field it fills), the CLI option it stands
    for, its kind (``choice``, ``number``, ``text``, ``flag``), its default and its choices;
    ``animation``: shown only when there are two pictures or more."""

    name: str
    label: str
    option: str
    kind: str
    default: Any
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    step: float | None = None
    animation: bool = False
    #: Longest text a ``text`` field takes (sixteen ``#rrggbb`` colours for a palette).
    longest: int = 64


#: The patterns the form offers (any ROWS text works on the command line).
PATTERNS = ("plus", "sigma", "x", "square")


def _fields() -> tuple[Field, ...]:
    return (
        Field("size", f"Board size (W or WxH, empty: about {DEFAULT_LONG_SIDE} cells)", "--size",
              "text", ""),
        Field("states", "States per cell", "--states", "number", DEFAULT_STATES, low=2, high=16,
              step=1),
        Field("palette", "Palette (a name, auto:K or #rrggbb,...)",
              "--palette", "text", GREYS, _palette_choices(), longest=16 * 8),
        Field("dither", "Dithering", "--dither", "choice", "floyd-steinberg",
              tuple(lightsart.DITHER_METHODS.names())),
        Field("tone", "Tone", "--tone", "choice", "auto", ("auto", "none")),
        Field("brightness", "Brightness", "--brightness", "number", 0.0, low=-1, high=1, step=0.05),
        Field("contrast", "Contrast", "--contrast", "number", 1.0, low=0, high=3, step=0.05),
        Field("fit", "Fit", "--fit", "choice", "cover", tuple(FITS)),
        Field("pattern", "Click pattern", "--pattern", "choice", "plus", PATTERNS),
        Field("topology", "Topology", "--topology", "choice", "plane", tuple(TOPOLOGIES)),
        Field("order", "Click order", "--order", "choice", "raster",
              # mask needs a picture of its own (mask:FILE): the command line's
              tuple(n for n in lightsart.CLICK_ORDERS.names() if n != "mask"), animation=True),
        Field("ease", "Easing", "--ease", "choice", "linear", tuple(EASES), animation=True),
        Field("duration", "Seconds per transition", "--duration", "number", 4.0, low=0.5, high=30, step=0.5,
              animation=True),
        Field("fps", "Frames per second", "--fps", "number", 25.0, low=1, high=60, step=1, animation=True),
        Field("hold", "Seconds each picture is held", "--hold", "number", 1.0, low=0, high=10, step=0.5,
              animation=True),
        Field("loop", "Loop back to the first picture", "--loop", "flag", False, animation=True),
    )


#: The palette field's default: grey boards, of as many states as the states field says.
GREYS = "greys"


def _palette_choices() -> tuple[str, ...]:
    """What the palette field suggests: the registry's names and ``auto:K`` for a few K."""
    from lightsart._pictures.palettes import PALETTES

    return (*PALETTES.names(), "greys:4", "sepia:3", "auto:2", "auto:3", "auto:4", "auto:8")


FIELDS: tuple[Field, ...] = _fields()
_BY_NAME = {f.name: f for f in FIELDS}


def fields_data() -> list[dict[str, Any]]:
    """The form as the page draws it (JSON)."""
    return [{"name": f.name, "label": f.label, "option": f.option, "kind": f.kind,
             "default": f.default, "choices": list(f.choices), "low": f.low, "high": f.high,
             "step": f.step, "animation": f.animation, "longest": f.longest} for f in FIELDS]


def read_form(data: object) -> dict[str, Any]:
    """The page's form values, checked against :data:`FIELDS` (unknown names and wrong kinds
    are one line); missing values take their defaults."""
    if not isinstance(data, Mapping):
        raise InvalidValue("the settings must be an object of named values")
    values: dict[str, Any] = {f.name: f.default for f in FIELDS}
    for name, value in data.items():
        field = _BY_NAME.get(str(name))
        if field is None:
            raise InvalidValue(f"unknown setting {str(name)[:40]!r}")
        values[field.name] = _value(field, value)
    return values


def _value(field: Field, value: object) -> Any:
    if field.kind == "flag":
        if not isinstance(value, bool):
            raise InvalidValue(f"{field.label} must be on or off")
        return value
    if field.kind == "number":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InvalidValue(f"{field.label} must be a number")
        return int(value) if field.step == 1 else float(value)
    if not isinstance(value, str) or len(value) > field.longest:
        raise InvalidValue(f"{field.label} must be text of at most {field.longest} characters")
    if field.kind == "choice" and value not in field.choices:
        raise InvalidValue(f"{field.label}: choose one of {', '.join(field.choices)}")
    return value.strip()


def settings(values: Mapping[str, Any]) -> dict[str, Any]:
    """The job's ``pictures=``, ``solving=`` and ``timing=`` for checked form values."""
    # As the CLI builds it from --tone, --brightness and --contrast (the same board follows).
    tone = lightsart.Tone(auto=values["tone"] == "auto", brightness=values["brightness"],
                          contrast=values["contrast"])
    palette, states = _palette(values)
    return {
        "pictures": lightsart.Pictures(size=values["size"] or None, fit=values["fit"],
                                       dither=values["dither"], tone=tone, palette=palette),
        "solving": lightsart.Solving(pattern=values["pattern"], topology=values["topology"],
                                     states=states),
        "timing": lightsart.Timing(order=values["order"], ease=values["ease"],
                                   duration=values["duration"], fps=values["fps"],
                                   hold=values["hold"], loop=values["loop"]),
    }


def _palette(values: Mapping[str, Any]) -> tuple[str | None, int]:
    """The palette asked for (``None``: greys of the states field) and the number of states:
    the palette's length, checked now (one line for a bad palette, as ``--palette``'s)."""
    from lightsart._pictures.palettes import palette_request, palette_states

    text = values["palette"] or GREYS
    if text == GREYS:
        return None, values["states"]
    request = palette_request(text)
    return text, palette_states(request) if request is not None else values["states"]


def command_line(pictures: Sequence[str], output: str, values: Mapping[str, Any]) -> str:
    """The ``lightsart`` command that makes the same board (one picture) or animation: the
    options whose values differ from the defaults, in :data:`FIELDS` order."""
    animated = len(pictures) > 1
    words = ["lightsart", "animate" if animated else "still", *pictures, "-o", output]
    for field in FIELDS:
        value = values[field.name]
        if (field.animation and not animated) or value == field.default:
            continue
        if field.name == "states" and (values["palette"] or GREYS) != GREYS:
            continue  # the palette's length is the number of states
        if field.name == "palette" and not value:
            continue
        if field.kind == "flag":
            words.append(field.option)
        else:
            words += [field.option, f"{value:g}" if isinstance(value, float) else str(value)]
    return " ".join(shlex.quote(w) for w in words)


#: The settings ``lightsart play`` has no option for: the game reads pictures at their defaults.
NOT_IN_GAME = ("dither", "tone", "brightness", "contrast")


def game_options(values: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`lightsart._pages.play.make_game_page`'s keywords for checked form values (after
    ``size`` and ``image``): as ``lightsart play`` builds them from its options. A value the
    game does not take (:data:`NOT_IN_GAME` away from its default) is one line."""
    from lightsart._boardsize import to_size

    changed = [_BY_NAME[n].label for n in NOT_IN_GAME if values[n] != _BY_NAME[n].default]
    if changed:
        raise InvalidValue(f"the game page reads the picture with the default tone and "
                           f"dithering: set {', '.join(changed)} back to export it")
    palette, states = _palette(values)
    return {"size": to_size(values["size"] or None), "fit": values["fit"],
            "pattern": values["pattern"], "topology": values["topology"],
            **({"states": states} if palette is None else {"palette": palette})}


def game_command(picture: str, output: str, values: Mapping[str, Any]) -> str:
    """The ``lightsart play --image`` command that writes the same game page: ``--states``
    always for greys (the game's own default is two states), ``--palette`` otherwise."""
    options = game_options(values)
    words = ["lightsart", "play", "--image", picture, "-o", output]
    if options["size"] is not None:
        words += ["--size", values["size"]]
    if "palette" in options:
        words += ["--palette", options["palette"]]
    else:
        words += ["--states", str(options["states"])]
    for name in ("fit", "pattern", "topology"):
        if values[name] != _BY_NAME[name].default:
            words += [_BY_NAME[name].option, values[name]]
    return " ".join(shlex.quote(w) for w in words)
