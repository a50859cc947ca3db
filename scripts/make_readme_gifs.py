"""Make the README's animations, ``docs/morph.gif`` and ``docs/grey.gif``, and check them.

Run from the repository root:  python scripts/make_readme_gifs.py [morph] [grey]

Each is the package's own ``animate`` command, so the pictures in the README are what a user gets:

* ``morph``: the README's first command (``lightsart animate samples/astronaut.png
  samples/cat.png -o morph.gif``) with no option added: today's default size, tone, clicks,
  order, frame rate and cell size. The script checks the README still shows that command.
* ``grey``: the astronaut into the cat on a 48×48 board with 4 states per cell (a press adds 1
  mod 4 to a cell and its neighbours; state 3 is white, 0 black), grown from noise by the morph
  order, held, and played back.

For each, the first frame must be exactly the picture ``lightsart still`` makes of the astronaut
with the same options, and the file must stay under :data:`MAX_BYTES`.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The README should load fast: each GIF must stay below this size.
MAX_BYTES = 1_000_000
FIRST_RUN = "lightsart animate samples/astronaut.png samples/cat.png -o morph.gif"
#: Name → (the GIF, the options animate and still share beyond the defaults, animate's own).
GIFS: dict[str, tuple[str, list[str], list[str]]] = {
    "morph": ("docs/morph.gif", [], []),
    "grey": ("docs/grey.gif", ["--states", "4", "--size", "48", "--cell", "4"],
             ["--order", "morph", "--fps", "12", "--duration", "3", "--hold", "1", "--loop"]),
}


def make(name: str) -> int:
    """Write one GIF and check it; 0 when it is right."""
    import tempfile

    import numpy as np
    from PIL import Image

    from lightsart._cli import main as lightsart

    out, shared, own = GIFS[name]
    code = lightsart(["animate", "samples/astronaut.png", "samples/cat.png", "-o", out,
                      *shared, *own, "-q"])
    if code:
        return code
    size = (ROOT / out).stat().st_size
    if size >= MAX_BYTES:
        raise SystemExit(f"{out} is {size:,} bytes, over {MAX_BYTES:,}")
    with tempfile.TemporaryDirectory() as folder:
        still = Path(folder) / "astronaut.png"
        code = lightsart(["still", "samples/astronaut.png", "-o", str(still), *shared, "-q"])
        with Image.open(ROOT / out) as gif, Image.open(still) as png:
            same = np.array_equal(np.asarray(gif.convert("RGB")), np.asarray(png.convert("RGB")))
    if code or not same:
        raise SystemExit(f"{out}: the first frame is not the astronaut's still with {shared}")
    print(f"{out}: {size:,} bytes")
    return 0


def main(argv: list[str]) -> int:
    import os

    os.chdir(ROOT)
    if FIRST_RUN not in (ROOT / "README.md").read_text(encoding="utf-8"):
        raise SystemExit(f"README.md no longer shows {FIRST_RUN!r}: update this script")
    for name in argv or list(GIFS):
        if name not in GIFS:
            raise SystemExit(f"unknown GIF {name!r}; choose from {', '.join(GIFS)}")
        code = make(name)
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
