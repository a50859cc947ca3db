"""Make ``docs/morph.gif``, the animation at the top of the README, from the current defaults.

Run from the repository root:  python scripts/make_morph_gif.py

It is the README's first command (``lightsart animate samples/astronaut.png samples/cat.png -o
morph.gif``) with no option added, so the picture in the README is what a new user gets: today
about 200 cells on the long side, the tone that keeps each photo's brightness, the fewest clicks
and the default order, frame rate and cell size. The script checks that the README still shows
that command, that the first frame is exactly the board ``lightsart still`` makes of the
astronaut at the same defaults, and that the file stays under :data:`MAX_BYTES`.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "morph.gif"
#: The README should load fast: the GIF must stay below this size.
MAX_BYTES = 1_000_000
FIRST_RUN = "lightsart animate samples/astronaut.png samples/cat.png -o morph.gif"


def main() -> int:
    import os
    import tempfile

    import numpy as np
    from PIL import Image

    from lightsart._cli import main as lightsart

    os.chdir(ROOT)
    if FIRST_RUN not in (ROOT / "README.md").read_text(encoding="utf-8"):
        raise SystemExit(f"README.md no longer shows {FIRST_RUN!r}: update this script")
    code = lightsart([*FIRST_RUN.split()[1:-1], str(OUT.relative_to(ROOT))])
    if code:
        return code
    size = OUT.stat().st_size
    if size >= MAX_BYTES:
        raise SystemExit(f"{OUT} is {size:,} bytes, over {MAX_BYTES:,}")
    with tempfile.TemporaryDirectory() as folder:
        still = Path(folder) / "astronaut.png"
        code = lightsart(["still", "samples/astronaut.png", "-o", str(still), "-q"])
        with Image.open(OUT) as gif, Image.open(still) as png:
            same = np.array_equal(np.asarray(gif.convert("L")), np.asarray(png.convert("L")))
    if code or not same:
        raise SystemExit(f"{OUT}: the first frame is not the astronaut's default still")
    print(f"{OUT.relative_to(ROOT)}: {size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
