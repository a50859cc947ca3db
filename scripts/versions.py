"""Print the versions a test run tests: Python, the core dependencies and ffmpeg.

scripts/test.sh prints them first, so a CI log says which newest-allowed versions it passed with.
"""

from __future__ import annotations

import importlib.metadata
import platform
import subprocess

PACKAGES = ("numpy", "Pillow", "imageio", "imageio-ffmpeg", "PuLP", "numba", "highspy",
            "scikit-image", "pytest", "playwright", "Sphinx")


def main() -> None:
    versions = [f"Python {platform.python_version()}"]
    for name in PACKAGES:
        try:
            versions.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{name} (not installed)")
    try:
        import imageio_ffmpeg

        line = subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-version"], capture_output=True,
                              text=True, check=False).stdout.split("\n", 1)[0]
        versions.append(line.split(" Copyright")[0])
    except (ImportError, OSError, RuntimeError) as exc:
        versions.append(f"ffmpeg unavailable ({exc})")
    print("testing with " + ", ".join(versions), flush=True)


if __name__ == "__main__":
    main()
