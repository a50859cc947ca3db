"""Make ``docs/grey.gif``, the small grey-level animation near the top of the README.

Run from the repository root:  python scripts/make_grey_gif.py

It is the package's own ``animate`` command, so the picture in the README is what a user gets:
the astronaut into the cat on a 48×48 board with 4 states per cell (a press adds 1 mod 4 to a
cell and its neighbours; state 3 is white, 0 black), grown from noise by the morph order, held,
and played back. The script checks the result: the first frame is exactly the picture
``lightsart still`` makes of the astronaut with the same options, and the file stays under
:data:`MAX_BYTES`.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "grey.gif"
#: The README should load fast: the GIF must stay below this size.
MAX_BYTES = 1_000_000
COMMAND = [
    "animate", "samples/astronaut.png", "samples/cat.png", "-o", "docs/grey.gif",
    "--states", "4", "--size", "48", "--cell", "4", "--order", "morph",
    "--fps", "12", "--duration", "3", "--hold", "1", "--loop",
]


def main() -> int:
    import os
    import tempfile

    import numpy as np
    from PIL import Image

    from lightsart._cli import main as lightsart

    os.chdir(ROOT)
    code = lightsart(COMMAND)
    if code:
        return code
    size = OUT.stat().st_size
    if size >= MAX_BYTES:
        raise SystemExit(f"{OUT} is {size:,} bytes, over {MAX_BYTES:,}")
    with tempfile.TemporaryDirectory() as folder:
        still = Path(folder) / "astronaut.png"
        code = lightsart(["still", "samples/astronaut.png", "-o", str(still), *COMMAND[5:11]])
        with Image.open(OUT) as gif, Image.open(still) as png:
            same = np.array_equal(np.asarray(gif.convert("RGB")), np.asarray(png.convert("RGB")))
    if code or not same:
        raise SystemExit(f"{OUT}: the first frame is not the astronaut's grey still")
    print(f"{OUT.relative_to(ROOT)}: {size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
