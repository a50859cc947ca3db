"""A film page's data read back, written here apart from the writer
(:func:`lightsart._video.output.pack_clicks`) so a test of one checks the other."""

from __future__ import annotations

import json
from typing import Any

DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def unpack_clicks(text: str, cells: int) -> list[int]:
    """The presses (flat cells) of a film page's packed ``clicks``: steps from the press before
    modulo ``cells``, base-32 digits low first, a digit above 31 saying more follow."""
    out: list[int] = []
    last = value = shift = 0
    for char in text:
        digit = DIGITS.index(char)
        value |= (digit & 31) << shift
        if digit & 32:
            shift += 5
            continue
        last = (last + value) % cells
        out.append(last)
        value = shift = 0
    assert shift == 0, "the packed clicks end inside a number"
    return out


def page_segment(text: str) -> dict[str, Any]:
    """The page's one transition, its clicks unpacked to a list of cells."""
    data_start = text.index('"segments":') + len('"segments":')
    (segment,) = json.JSONDecoder().raw_decode(text[data_start:])[0]
    size = text.index('"m":') + len('"m":')
    m = json.JSONDecoder().raw_decode(text[size:])[0]
    size = text.index('"n":') + len('"n":')
    n = json.JSONDecoder().raw_decode(text[size:])[0]
    if isinstance(segment["clicks"], str):
        segment["clicks"] = unpack_clicks(segment["clicks"], m * n)
    return dict(segment)
