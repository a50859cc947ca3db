"""One registry type for everything lightsart chooses by name.

Engines, MIP solvers, dithering methods, animation formats, click orders, fields and click
patterns are each a :class:`Registry`: a table from a name to an entry, with one line of help
per name, optional aliases, and one error sentence for a name it does not know::

    unknown dithering method 'atkinsn': choose from floyd-steinberg, atkinson, ...; did you mean 'atkinson'?

An entry is either the value itself or a :class:`Lazy` record naming the module and attribute
that hold it (imageio's ``PluginConfig``), imported on the first :meth:`Registry.get`. So the CLI
can list every choice at start-up while numpy, PuLP and the engines stay unimported, and adding
a choice is the module that holds it plus one :meth:`Registry.register` line. Entries with an
optional dependency name the modules they ``require``; :meth:`Registry.available` lists the ones
that import here (PuLP's ``listSolvers(onlyAvailable=True)``).

This module imports only the standard library and :mod:`lightsart._errors`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast, overload

from lightsart._errors import InvalidType, InvalidValue

__all__ = ["Lazy", "Registry"]

T = TypeVar("T")
D = TypeVar("D")


@dataclass(frozen=True)
class Lazy:
    """Where an entry lives, to be imported when it is first used: ``module.attribute``.

    >>> Lazy("math", "pi").load()
    3.141592653589793
    """

    module: str
    attribute: str

    def load(self) -> Any:
        """Import the module and return the attribute."""
        return getattr(importlib.import_module(self.module), self.attribute)


@dataclass
class _Record(Generic[T]):
    """One registered name: its entry (loaded, or a :class:`Lazy` still to load) and its help."""

    entry: T | Lazy
    about: str
    aliases: tuple[str, ...]
    requires: tuple[str, ...]
    loaded: bool = field(default=False)


def _imports(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


class Registry(Generic[T]):
    """Named entries of one kind, in the order they were registered.

    ``kind`` names an entry in messages (``"engine"``, ``"dithering method"``); ``check``, if
    given, tells whether a loaded entry can run here (a solver's binary, say), on top of its
    ``requires`` modules importing.

    >>> colours = Registry[str]("colour")
    >>> colours.register("red", "#ff0000", about="a warm colour", aliases=("rouge",))
    >>> colours.get("rouge"), colours.names(), "red" in colours
    ('#ff0000', ('red',), True)
    >>> colours.get("rd")
    Traceback (most recent call last):
    ...
    lightsart.InvalidValue: unknown colour 'rd': choose from red; did you mean 'red'?
    """

    def __init__(self, kind: str, *, check: Callable[[T], bool] | None = None) -> None:
        self.kind = kind
        self._check = check
        self._records: dict[str, _Record[T]] = {}
        self._aliases: dict[str, str] = {}

    # ------------------------------------------------------------------------ registering

    def register(self, name: str, entry: T | Lazy, *, about: str = "",
                 aliases: Sequence[str] = (), requires: Sequence[str] = ()) -> None:
        """Add ``name`` (and its ``aliases``) for ``entry``, a value or a :class:`Lazy` record.

        Parameters
        ----------
        name
            The name users type; it must not be taken by another entry or alias.
        entry
            The value, or where to import it from on first use.
        about
            One line of help (the CLI's option help reads it).
        aliases
            Other names that :meth:`get` accepts for the same entry; :meth:`names` omits them.
        requires
            Optional modules the entry needs; :meth:`available` leaves it out where one fails
            to import.

        Raises
        ------
        LightsartError
            If ``name`` or an alias is registered already.
        """
        taken = [n for n in (name, *aliases) if n in self]
        if taken:
            raise InvalidValue(f"{self.kind} {taken[0]!r} is registered already")
        self._records[name] = _Record(entry, about, tuple(aliases), tuple(requires),
                                      loaded=not isinstance(entry, Lazy))
        self._aliases.update(dict.fromkeys(aliases, name))

    def unregister(self, name: str) -> None:
        """Remove ``name`` and its aliases (an unknown name is the usual error)."""
        record = self._records.pop(self.canonical(name))
        for alias in record.aliases:
            del self._aliases[alias]

    def __setitem__(self, name: str, entry: T | Lazy) -> None:
        """Replace a registered name's entry, keeping its place and help (what
        ``pytest.MonkeyPatch.setitem`` does to stub one); a new name takes :meth:`register`."""
        record = self._records[self.canonical(name)]
        record.entry, record.loaded = entry, not isinstance(entry, Lazy)

    @contextmanager
    def registered(self, name: str, entry: T | Lazy, **options: Any) -> Iterator[None]:
        """Register ``name`` for the ``with`` block only (a test's own entry)."""
        self.register(name, entry, **options)
        try:
            yield
        finally:
            self.unregister(name)

    # ------------------------------------------------------------------------ reading

    def canonical(self, name: str) -> str:
        """The registered name ``name`` stands for (itself, or the name it is an alias of)."""
        if name in self._records:
            return name
        if name in self._aliases:
            return self._aliases[name]
        raise self.unknown(name)

    @overload
    def get(self, name: str) -> T: ...

    @overload
    def get(self, name: str, default: D) -> T | D: ...

    def get(self, name: str, default: Any = ...) -> Any:
        """The entry called ``name`` (or an alias), imported now if it is lazy.

        Without ``default`` an unknown name raises :class:`LightsartError` with the one
        sentence of :meth:`unknown`; with it, an unknown name gives ``default``.
        """
        if default is not ... and name not in self:
            return default
        record = self._records[self.canonical(name)]
        if not record.loaded:
            record.entry = cast(Lazy, record.entry).load()
            record.loaded = True
        return cast(T, record.entry)

    def __getitem__(self, name: str) -> T:
        return self.get(name)

    def names(self) -> tuple[str, ...]:
        """Every registered name (no aliases), in registration order: the CLI's choices."""
        return tuple(self._records)

    def about(self, name: str) -> str:
        """The one line of help registered for ``name``."""
        return self._records[self.canonical(name)].about

    def aliases(self, name: str) -> tuple[str, ...]:
        """The other names ``name``'s entry answers to."""
        return self._records[self.canonical(name)].aliases

    def is_available(self, name: str) -> bool:
        """Whether ``name``'s entry can run here: its modules import, it loads, it checks out."""
        record = self._records[self.canonical(name)]
        if not all(_imports(module) for module in record.requires):
            return False
        try:
            entry = self.get(name)
        except ImportError:
            return False
        return self._check is None or self._check(entry)

    def available(self) -> tuple[str, ...]:
        """The registered names whose entries can run here (:meth:`is_available`)."""
        return tuple(name for name in self._records if self.is_available(name))

    def items(self) -> Iterator[tuple[str, T]]:
        """``(name, entry)`` pairs in registration order, loading lazy entries."""
        return ((name, self.get(name)) for name in self.names())

    def unknown(self, name: object, shown: Iterable[str] | None = None) -> InvalidValue | InvalidType:
        """The one error for a name not registered, listing ``shown`` (default: :meth:`names`)
        and the closest name or alias, if one is close."""
        import difflib  # only on an error: the CLI's start-up does without it

        names = list(self._records if shown is None else shown)
        if not names:
            error = InvalidValue if isinstance(name, str) else InvalidType
            return error(f"unknown {self.kind} {name!r}: none is registered")
        message = f"unknown {self.kind} {name!r}: choose from {', '.join(names)}"
        close = difflib.get_close_matches(str(name), [*names, *self._aliases], n=1)
        error = InvalidValue if isinstance(name, str) else InvalidType
        return error(message + (f"; did you mean {close[0]!r}?" if close else ""))

    def __contains__(self, name: object) -> bool:
        return name in self._records or name in self._aliases

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        return len(self._records)

    def __repr__(self) -> str:
        return f"Registry({self.kind!r}: {', '.join(self._records)})"
