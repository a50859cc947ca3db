"""Issue 32's closing measure: one markdown row per photo, before the issue and after it.

Run:  python scripts/photo_table.py DIR [DIR ...] [--before-python /tmp/venv-before/bin/python]
      [--first-command] > docs/photo-table.md

"After" is the lightsart this script runs in; "before" is another lightsart (e.g. ``git worktree
add /tmp/before 821cd81^`` installed in ``/tmp/venv-before``: the code before issue 32 began),
run once for all photos in a subprocess of ``--before-python``; without it the before columns
say "—". Each photo is made a board as ``lightsart still PHOTO`` makes it at its defaults (in
memory, :func:`lightsart.make_still`), once per side. Columns:

- kind: judged on a contact sheet of the photos (:data:`KINDS`; "?" for a photo not listed);
- size: the default board before / after;
- eye: whether the board reads, by eye (R recognisable, B barely, N not), from the verdicts
  ``scripts/hint_agreement.py`` holds: at 0.2's default no verdict per photo exists (only counts,
  :data:`EYE_BEFORE_COUNTS`), so "—"; "k2" is the two-state board at issue 32's first default
  (about 200 cells); "after" the 4-state default;
- brightness: the photo's mean (fitted to the board, before tone) / the board's mean after a
  one-cell blur (levels scaled to 0..1), before / after;
- structure: :func:`lightsart._pictures.likeness.structure_score` as a ratio to that of Pillow's
  ``convert("1")`` of the same fitted photo at the same size (``benchmarks/_photos.py``'s
  :func:`pillow_dots`, the benchmarks' baseline), before / after;
- hint: whether ``still`` prints its hint line, before / after.

Then a summary (counts and medians) per folder and for all, and with ``--first-command`` the
README's first command (``lightsart animate samples/astronaut.png samples/cat.png -o
morph.gif``) before and after: presses and wall time, best of 3 fresh processes. The photos are
not in the repository (Debian and PyPI packages: docs/README.md).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def _load(path: Path) -> ModuleType:
    """A script of the repository as a module (what it holds is reused, not copied)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pillow_dots = _load(ROOT / "benchmarks" / "_photos.py").pillow_dots
NOT_RECOGNISABLE: dict[int, dict[str, str]] = _load(
    ROOT / "scripts" / "hint_agreement.py").NOT_RECOGNISABLE

SUFFIXES = (".png", ".jpg", ".jpeg")
DASH = "—"

#: Each photo's kind, judged by eye on contact sheets of both folders (tuning photos first, then
#: held-out ones; transparent PNGs looked at on white).
KINDS: dict[str, str] = {
    "Infinite-Sea_by_Aury88.jpg": "night", "Tom_Hanks_54745.png": "portrait",
    "Wine_by_Jakkub_Mede.jpg": "still life", "aitzgorri_by_Aitzol_Berasategi.jpg": "landscape",
    "analogpattern_by_Peter_Nerlich.jpg": "texture", "apple.jpg": "still life",
    "baboon.jpg": "animal", "basketball1.png": "group", "biden.jpg": "portrait",
    "board.jpg": "texture", "box_in_scene.png": "still life", "bus.jpg": "street",
    "butterfly.jpg": "animal", "carcassone.png": "line art", "cards.png": "still life",
    "castle-maintenon.jpg": "building", "chicky_512.png": "animal", "china.jpg": "building",
    "configure.jpg": "text", "digits.png": "text", "ela_original.jpg": "still life",
    "free_by_Peter_Nerlich.jpg": "high key", "frog.png": "line art", "grace_hopper.jpg": "portrait",
    "gradient.png": "gradient", "graf1.png": "painting", "home.jpg": "building",
    "jellyfish.jpg": "animal", "lena.jpg": "portrait", "life_by_Aitzol_Berasategi.jpg": "landscape",
    "lighthouse.jpg": "building", "logo2.png": "logo", "luispedro.jpg": "portrait",
    "pansy.png": "silhouette", "pic1.png": "silhouette", "plasma-Canopee.jpg": "abstract",
    "plasma-Cascade.jpg": "abstract", "plasma-ColorfulCups.jpg": "still life",
    "plasma-EveningGlow.jpg": "sunset", "plasma-FallenLeaf.jpg": "close-up",
    "plasma-Kite.jpg": "sky", "plasma-summer_1am.jpg": "sky", "quokka.jpg": "animal",
    "rubberwhale1.png": "still life", "smarties.png": "still life", "squirrel_cls.jpg": "animal",
    "stuff.jpg": "still life", "sudoku.png": "text", "t1.jpg": "group", "text_defocus.jpg": "text",
    "text_motion.jpg": "text", "tux_farmer.png": "line art",
    "umang_by_Abhishek_Mudgal.jpg": "abstract", "Blender_Suzanne1.jpg": "render",
    "Bridge_by_Sander_Klootwijk.jpg": "sky", "DepartmentStore.jpg": "crowd",
    "Dragonfly_by_Bolly.jpg": "animal", "Fossa_by_Jasper_Roks.jpg": "abstract",
    "HappyFish.jpg": "cartoon", "Kleiber_by_Lukas_Baubkus.jpg": "animal", "LinuxLogo.jpg": "logo",
    "Megamind_frame2s.png": "cartoon", "Picture_0B_by_freespace.jpg": "still life",
    "Picture_1A_by_freespace.jpg": "still life", "aero1.jpg": "landscape", "ascent.png": "building",
    "blox.jpg": "render", "building.jpg": "building", "cincinnati-bridge.jpg": "night",
    "citrus-fruits.jpg": "still life", "corn_maze.jpg": "texture",
    "european-honey-bee.jpg": "animal", "flower.jpg": "close-up",
    "friends_by_Aitzol_Berasategi.jpg": "animal", "fruits.jpg": "still life",
    "greentock_by_Peter_Nerlich.jpg": "high key", "imageTextN.png": "text",
    "julia-set.png": "abstract", "leuvenA.jpg": "street", "licenseplate_motion.jpg": "street",
    "messi5.jpg": "sport", "nagasaki.png": "line art", "notes.png": "text", "obama.jpg": "portrait",
    "opencv-logo.png": "logo", "orange.jpg": "still life", "panther-chameleon-female.jpg": "animal",
    "picosdeeuropa_by_Aitzol_Berasategi.jpg": "landscape", "plasma-Altai.jpg": "abstract",
    "plasma-Autumn.jpg": "landscape", "plasma-BytheWater.jpg": "sunset",
    "plasma-ColdRipple.jpg": "fog", "plasma-DarkestHour.jpg": "fog", "plasma-Grey.jpg": "abstract",
    "plasma-Kokkini.jpg": "abstract", "plasma-MilkyWay.jpg": "abstract",
    "plasma-Path.jpg": "landscape", "raccoon_face.png": "animal",
    "seeding_by_Clements_Engelhardt.jpg": "close-up", "skyline-sf-dusk.png": "silhouette",
    "starry_night.jpg": "painting", "sunset_by_Aitzol_Berasategi.jpg": "sunset",
    "vtest_frame10s.png": "street", "wizard.png": "cartoon", "worldmap_europe.png": "line art",
    "zidane.jpg": "group",
}

#: Verdicts at 0.2's default (100 or 150 cells, two states, the old tone) exist only as counts,
#: for the first 40 photos of each folder (issue 32's first half; CHANGELOG): R, B, N.
EYE_BEFORE_COUNTS = {"tune": (22, 13, 5), "heldout": (23, 11, 6)}

#: Run by ``--before-python``: the other lightsart's default board per photo, saved for this one.
_BEFORE = """
import sys, json, numpy as np
from lightsart import make_still
out = sys.argv[1]
for k, path in enumerate(sys.argv[2:]):
    r = make_still(path)
    p = r.picture
    np.savez(f"{out}/{k}.npz", board=p.fit.board, fitted=p.fitted)
    print(json.dumps({"width": r.width, "height": r.height, "states": int(p.fit.states),
                      "hint": r.texture_hint() is not None}), flush=True)
"""


@dataclass(frozen=True)
class Side:
    """One photo's default board on one side (before or after)."""

    width: int
    height: int
    brightness: float  # the board's mean after a one-cell blur, levels scaled to 0..1
    structure: float  # structure score over Pillow's at the same size
    hint: bool


@dataclass(frozen=True)
class Row:
    """One photo's row."""

    folder: str
    name: str
    photo_brightness: float
    after: Side
    before: Side | None


def side(levels: np.ndarray, fitted: np.ndarray, hint: bool) -> Side:
    """A side's measures from its board (scaled to 0..1) and the photo as fitted to it."""
    from lightsart._pictures.likeness import structure_score
    from lightsart._pictures.tone import gaussian_blur

    base = structure_score(pillow_dots(fitted), fitted)
    return Side(levels.shape[1], levels.shape[0], float(gaussian_blur(levels, 1.0).mean()),
                structure_score(levels, fitted) / base, hint)


def photos(folders: Sequence[Path]) -> list[Path]:
    return [p for folder in folders for p in sorted(folder.iterdir())
            if p.is_file() and p.suffix.lower() in SUFFIXES]


def start_before(python: str, paths: list[Path], tmp: str) -> subprocess.Popen[str]:
    # cwd: ``-c`` puts the working folder first on sys.path, which must not hold a lightsart.
    return subprocess.Popen([python, "-c", _BEFORE, tmp, *(str(p.resolve()) for p in paths)],
                            stdout=subprocess.PIPE, text=True, cwd=tmp)


def before_sides(process: subprocess.Popen[str], tmp: str) -> list[Side]:
    out, _ = process.communicate()
    if process.returncode:
        raise SystemExit(f"the before lightsart failed (exit {process.returncode})")
    sides = []
    for k, line in enumerate(out.splitlines()):
        info = json.loads(line)
        with np.load(f"{tmp}/{k}.npz") as saved:
            levels = saved["board"] / (info["states"] - 1)
            sides.append(side(levels, saved["fitted"], info["hint"]))
    return sides


def measure(folders: Sequence[Path], before_python: str | None) -> list[Row]:
    from lightsart import make_still

    paths = photos(folders)
    with tempfile.TemporaryDirectory() as tmp:
        process = start_before(before_python, paths, tmp) if before_python else None
        rows = []
        for path in paths:
            result = make_still(path)
            picture = result.picture
            assert picture.fitted is not None
            levels = picture.fit.board / (picture.fit.states - 1)
            after = side(levels, picture.fitted, result.texture_hint() is not None)
            rows.append(Row(path.parent.name, path.name, float(picture.fitted.mean()), after, None))
        if process is not None:
            rows = [Row(r.folder, r.name, r.photo_brightness, r.after, b)
                    for r, b in zip(rows, before_sides(process, tmp), strict=True)]
    return rows


def eye(states: int, name: str) -> str:
    return NOT_RECOGNISABLE[states].get(name, "R")


def yes(flag: bool) -> str:
    return "yes" if flag else "no"


def cells(s: Side) -> tuple[str, str, str, str]:
    """A side's cells: size, brightness, structure, hint."""
    return f"{s.width}x{s.height}", f"{s.brightness:.2f}", f"{s.structure:.2f}", yes(s.hint)


def row_line(r: Row) -> str:
    after = cells(r.after)
    before = (DASH,) * 4 if r.before is None else cells(r.before)
    size, bright, structure, hint = (f"{b} / {a}" for b, a in zip(before, after, strict=True))
    return "| " + " | ".join([
        r.name, KINDS.get(r.name, "?"), size, f"{DASH} / {eye(2, r.name)} / {eye(4, r.name)}",
        f"{r.photo_brightness:.2f} / {bright}", structure, hint]) + " |"


HEADER = ("| photo | kind | size before / after | eye 0.2 / k2 / after | brightness photo / before / "
          "after | structure / Pillow before / after | hint before / after |\n"
          "|---|---|---|---|---|---|---|")


def counts(verdicts: list[str]) -> str:
    return " ".join(f"{v} {verdicts.count(v)}" for v in "RBN")


def summary(title: str, rows: list[Row]) -> list[str]:
    """Counts and medians of one set of rows, as markdown bullet lines."""
    a = [r.after for r in rows]
    b = [r.before for r in rows if r.before is not None]
    gap = [abs(s.brightness - r.photo_brightness) for r, s in zip(rows, a, strict=True)]
    lines = [f"**{title}** ({len(rows)} photos):"]
    kinds = {KINDS.get(r.name, "?") for r in rows}
    lines.append("- kinds: " + ", ".join(
        f"{k} {sum(KINDS.get(r.name, '?') == k for r in rows)}" for k in sorted(kinds)))
    old = {f: EYE_BEFORE_COUNTS[f] for f in dict.fromkeys(r.folder for r in rows)
           if f in EYE_BEFORE_COUNTS}
    lines.append(
        "- eye: 0.2 " + ("(counts only, of the first 40 photos of a folder) " + "; ".join(
            f"{f} R {o[0]} B {o[1]} N {o[2]}" for f, o in old.items()) if old else DASH)
        + f"; k2 {counts([eye(2, r.name) for r in rows])}; after "
        + counts([eye(4, r.name) for r in rows]))
    sizes = [f"{s.width}x{s.height}" for s in a]
    lines.append(f"- size after: {len(set(sizes))} distinct, median long side "
                 f"{statistics.median(max(s.width, s.height) for s in a):g}")
    lines.append(f"- brightness after: median |board - photo| {statistics.median(gap):.3f}, "
                 f"more than 0.1 apart on {sum(g > 0.1 for g in gap)}")
    lines.append(f"- structure / Pillow after: median {statistics.median(s.structure for s in a):.2f}, "
                 f"lowest {min(s.structure for s in a):.2f}, below 1 on "
                 f"{sum(s.structure < 0.995 for s in a)}")
    fired = [r for r in rows if r.after.hint]
    lines.append(f"- hint after: fires on {len(fired)}, of them judged B or N after: "
                 f"{sum(eye(4, r.name) != 'R' for r in fired)}; B or N after silent: "
                 f"{sum(eye(4, r.name) != 'R' and not r.after.hint for r in rows)}")
    if b:
        gap_b = [abs(r.before.brightness - r.photo_brightness) for r in rows if r.before is not None]
        lines.append(
            f"- before: median long side {statistics.median(max(s.width, s.height) for s in b):g}; "
            f"brightness median |board - photo| {statistics.median(gap_b):.3f}, more than 0.1 "
            f"apart on {sum(g > 0.1 for g in gap_b)}; structure / Pillow median "
            f"{statistics.median(s.structure for s in b):.2f}, lowest {min(s.structure for s in b):.2f}; "
            f"hint fires on {sum(s.hint for s in b)}")
    return lines


FIRST_COMMAND = ["animate", str(ROOT / "samples/astronaut.png"), str(ROOT / "samples/cat.png"), "-o"]


def first_command(pythons: Sequence[str], repeats: int = 5) -> list[tuple[int, float]]:
    """Presses of the README's first command and its best wall time over fresh processes, per
    python; the sides take turns, so a load on the machine falls on both alike."""
    best = [float("inf")] * len(pythons)
    presses = [-1] * len(pythons)
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(repeats):
            for k, python in enumerate(pythons):
                start = time.perf_counter()
                # cwd: ``-m`` puts the working folder first on sys.path; it must not hold a lightsart.
                out = subprocess.run([python, "-m", "lightsart", *FIRST_COMMAND, f"{tmp}/morph.gif"],
                                     cwd=tmp, capture_output=True, text=True, check=True).stdout
                best[k] = min(best[k], time.perf_counter() - start)
                found = re.search(r"transition 1->2: (\d+)", out)
                assert found is not None, out
                presses[k] = int(found[1])
    return list(zip(presses, best, strict=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--before-python", help="the python of the lightsart to compare with")
    parser.add_argument("--first-command", action="store_true",
                        help="also time the README's first command, before and after")
    args = parser.parse_args(argv)
    rows = measure(args.folders, args.before_python)
    print("# Photos before and after issue 32\n")
    print("Made by `python scripts/photo_table.py` (its docstring says what each column is). "
          "Before: the code before issue 32 (0.2's default: 100 or 150 cells, two states); after: "
          "this tree's default (4 states). eye: R recognisable, B barely, N not, judged by eye at "
          "0.2's default (no verdict per photo exists: —), at two states at issue 32's first "
          "default (about 200 cells: k2) and at this default (after).\n")
    print(HEADER)
    for r in rows:
        print(row_line(r))
    print("\n## Summary\n")
    groups = {folder: [r for r in rows if r.folder == folder] for folder in dict.fromkeys(
        r.folder for r in rows)}
    for folder, group in groups.items():
        print("\n".join(summary(folder, group)) + "\n")
    if len(groups) > 1:
        print("\n".join(summary("all", rows)) + "\n")
    if args.first_command:
        print("## The README's first command\n")
        print("`lightsart animate samples/astronaut.png samples/cat.png -o morph.gif`: presses "
              "(clicks at two states) of the transition, and the best wall time of 5 fresh "
              "processes each (Python's start included; the sides taking turns), on this "
              "shared 2-core machine.\n")
        print("| side | presses | wall time (s) |\n|---|---|---|")
        sides = ([("before", args.before_python)] if args.before_python else []) + [
            ("after", sys.executable)]
        for (label, _), (presses, seconds) in zip(
                sides, first_command([python for _, python in sides]), strict=True):
            print(f"| {label} | {presses:,} | {seconds:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
