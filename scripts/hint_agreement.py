"""How often the texture hint of ``still`` agrees with the eye, on photos judged by eye.

Run:  python scripts/hint_agreement.py DIR [DIR ...] [--states 2]

Each photo in the folders is made a board as ``lightsart still PHOTO`` makes it (the default size
and states, in memory, :func:`lightsart.make_still`; ``--states 2`` as ``still --states 2``), and
the result's hint (:meth:`StillResult.texture_hint`) is set against the verdict below: R
recognisable, B barely, N not, judged on the contact sheets of ``scripts/make_photo_sheets.py``.
The hint should fire on B and N and stay silent on R. Prints each photo's likeness, busyness,
fineness and hint, then the confusion table. The photos are not in the repository (Debian and
PyPI packages: docs/README.md).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

#: Verdicts by eye, by the board's states, at the default size (about 200 cells); photos not
#: named are R. 2 states: issue 32's first half judged 80 photos, its second half 26 more (group
#: portraits, faces, text in scenes, line art); 4 states (the default since issue 32's third
#: part): the same 106 photos judged again on sheets of the new default.
NOT_RECOGNISABLE = {
    2: {
        # tuning photos
        "analogpattern_by_Peter_Nerlich.jpg": "B", "cards.png": "B",
        "life_by_Aitzol_Berasategi.jpg": "B", "plasma-FallenLeaf.jpg": "B",
        "biden.jpg": "B", "jellyfish.jpg": "B", "digits.png": "N",
        # held-out photos
        "DepartmentStore.jpg": "N", "Dragonfly_by_Bolly.jpg": "B",
        "friends_by_Aitzol_Berasategi.jpg": "B", "zidane.jpg": "B", "imageTextN.png": "B",
        "nagasaki.png": "B", "corn_maze.jpg": "B",
    },
    4: {
        # tuning photos: a fine stone texture, a page of 20-pixel handwritten digits
        "analogpattern_by_Peter_Nerlich.jpg": "B", "digits.png": "N",
        # held-out photos: a crowd of small figures, a page of small text, a dragonfly lost
        # in the leaves behind it
        "DepartmentStore.jpg": "B", "imageTextN.png": "B", "Dragonfly_by_Bolly.jpg": "B",
    },
}


def main(argv: list[str] | None = None) -> int:
    from lightsart import Solving, make_still
    from lightsart._pictures.likeness import busyness, fineness, viewing_score

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--states", type=int, choices=sorted(NOT_RECOGNISABLE),
                        help="the board's states (default: still's)")
    args = parser.parse_args(argv)
    table = {(eye, hint): 0 for eye in ("R", "B/N") for hint in (True, False)}
    for path in sorted(p for folder in args.folders for p in folder.iterdir() if p.is_file()
                       and p.suffix.lower() in (".png", ".jpg", ".jpeg")):
        result = make_still(path, solving=Solving(states=args.states))
        picture = result.picture
        assert picture.fitted is not None and picture.grey is not None
        states = picture.fit.states
        likeness = viewing_score(picture.fit.board / (states - 1), picture.fitted)
        busy, fine = busyness(picture.grey), fineness(picture.grey)
        hint = result.texture_hint() is not None
        verdict = NOT_RECOGNISABLE[states].get(path.name, "R")
        table["R" if verdict == "R" else "B/N", hint] += 1
        print(f"{path.name:40s} {result.width:4d}x{result.height:<4d} k{states} {verdict}  "
              f"likeness {likeness:.3f}  busy {busy:.3f}  fine {fine:.3f}  "
              f"hint {'yes' if hint else 'no'}")
    print("\n          hint  silent")
    for eye in ("B/N", "R"):
        print(f"eye {eye:4s} {table[eye, True]:5d} {table[eye, False]:7d}")
    agree = table["B/N", True] + table["R", False]
    total = sum(table.values())
    print(f"agree {agree} of {total}; silent always would agree on {table['R', True] + table['R', False]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
