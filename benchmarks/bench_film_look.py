"""How films look, per segment, mode and number of states: cells changing, structure, texture.

Makes one short clip per segment from two pictures (default the bundled samples; pass photos
nobody tuned on with ``--photos A B``): ``pan`` (a slide of ``PAN`` cells per frame), ``zoom``
(in by 1 % a frame), ``cut`` (a hard cut between two held shots), ``fade`` (a cross-fade),
``figure`` (a dark figure walking onto a plain light wall) and ``text`` (white lines scrolling up
on black). Each is filmed with ``make_film`` (nothing written, the boards kept) and measured:

* **changed**: cells changing per frame, mean and worst, the cut's own frame left out;
* **structure**: :func:`lightsart._pictures.likeness.structure_score` against the fitted frame,
  as a ratio to Pillow's per-frame ``convert("1")`` (the worst frame's ratio too);
* **texture / picture**: on ``pan`` and ``text``, the shift of the dot pattern between frames
  (the whole-cell shift that best matches consecutive boards), summed, over the picture's shift
  (frames where either board is dark but for :data:`CONTENT` of its cells left out);
  1 is dots travelling with the picture, 0 a screen door; and on ``pan`` and ``zoom`` the share
  of cells equal to the board 10 frames before where the picture came from, against in place
  (:func:`carried_share`);
* **cut**: on ``cut``, the share of cells of the first frame after the cut that differ from a
  film started at that frame (a fresh fit), and the cells changing in the frame after it;
* **stray**: on ``figure`` and ``text``, stray dots on flat areas (:func:`stray_share`): the
  percent of cells of the plain wall or the black background whose board, blurred, stands out
  from the area's own tone by more than Pillow's dithering of the same frame ever does there.

``--speed`` measures instead the per-frame loop's speed (:func:`lightsart._video.film.film_steps`
on the decoded, fitted frames: tone, motion, mode; no decoding or encoding) in clip-seconds per
CPU-second, against the same loop with the motion estimate left out (every frame still, cuts
only from the mean difference: the baseline), and the estimate's own milliseconds a frame.

``--out DIR`` writes each run's kymograph (one board row over time, time downwards) and the
frames around the cut as PNGs, to look at.

    python benchmarks/bench_film_look.py [--photos A B] [--board 100x56] [--frames 36]
        [--segments pan cut ...] [--configs boards/2 play/2 boards/4 play/4] [--out DIR]
        [--pan 0.6] [--speed]
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from _photos import clips_module, pillow_dots  # benchmarks/ is on sys.path as a script
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
SEGMENTS = ("pan", "zoom", "cut", "fade", "figure", "text")
CONFIGS = ("boards/2", "play/2", "boards/4", "play/4")
#: Pixels per cell of the clips (the decoder's own oversampling).
PIXELS = 4
#: The pan's slide in cells per frame, and the text's.
PAN = 0.6
SCROLL = 0.5
FPS = 24.0

Draw = Callable[[int], Image.Image]


def _window(picture: Image.Image, size: tuple[int, int], x: float, y: float,
            scale: float) -> Image.Image:
    # resize with a box, not an affine transform: that one steps sub-pixel offsets unevenly on
    # 8-bit pictures (a pan of 2.4 pixels a frame moved 2.45, 2.26, 2.59, ...) and with them a
    # +-0.5 % zoom the motion estimate duly found.
    return picture.resize(size, Image.Resampling.BICUBIC,
                          box=(x, y, x + size[0] * scale, y + size[1] * scale))


def _draws(a: Image.Image, b: Image.Image, size: tuple[int, int], frames: int
           ) -> dict[str, tuple[Draw, float]]:
    """Each segment's frame ``k`` and its picture's slide in cells per frame (0: none)."""
    w, h = size
    fit_a = max(w / a.width, h / a.height) * 1.6  # room to pan and zoom
    big_a = a.resize((round(a.width * fit_a), round(a.height * fit_a)), Image.Resampling.LANCZOS)
    fit_b = max(w / b.width, h / b.height)
    held_b = b.resize((round(b.width * fit_b), round(b.height * fit_b)),
                      Image.Resampling.LANCZOS).crop((0, 0, w, h))
    held_a = big_a.crop((0, 0, w, h))
    step = PAN * PIXELS

    def pan(k: int) -> Image.Image:
        return _window(big_a, size, k * step, 0.0, 1.0)

    def zoom(k: int) -> Image.Image:
        scale = 0.99**k
        cx, cy = big_a.width / 2, big_a.height / 2
        return _window(big_a, size, cx - w * scale / 2, cy - h * scale / 2, scale)

    def cut(k: int) -> Image.Image:
        return held_a if k < frames // 2 else held_b

    def fade(k: int) -> Image.Image:
        t = min(1.0, max(0.0, (k - frames / 4) / (frames / 2)))
        return Image.blend(held_a, held_b, t)

    wall = Image.linear_gradient("L").resize(size).point(lambda v: 200 + v * 20 // 255)

    def figure(k: int) -> Image.Image:
        frame = wall.copy()
        draw = ImageDraw.Draw(frame)
        x = -0.3 * w + k * (1.0 * w / frames)
        draw.ellipse((x, 0.15 * h, x + 0.12 * w, 0.35 * h), fill=40)  # a head
        draw.rounded_rectangle((x - 0.02 * w, 0.36 * h, x + 0.14 * w, 1.05 * h), 8, fill=40)
        return frame.convert("RGB")

    font = ImageFont.load_default(size=max(10, h // 8))
    lines = [f"Line {i}: the quick brown fox {i * 7 % 13}" for i in range(40)]

    def text(k: int) -> Image.Image:
        frame = Image.new("L", size, 0)
        draw = ImageDraw.Draw(frame)
        top = h - k * SCROLL * PIXELS
        for i, line in enumerate(lines):
            draw.text((w * 0.05, top + i * h / 5), line, fill=255, font=font)
        return frame.convert("RGB")

    return {"pan": (pan, -PAN), "zoom": (zoom, 0.0), "cut": (cut, 0.0), "fade": (fade, 0.0),
            "figure": (figure, 0.0), "text": (text, -SCROLL)}


def make_clip(folder: Path, name: str, draw: Draw, size: tuple[int, int], frames: int) -> Path:
    path = folder / f"{name}.mp4"
    clips_module().write_clip(path, (draw(k).convert("RGB") for k in range(frames)), size, FPS,
                               None)
    return path


def fitted_frames(clip: Path, board: tuple[int, int]) -> list[np.ndarray]:
    from lightsart._pictures.image import fit_to_board
    from lightsart._video.clip import decode_size, probe, read_frames

    info = probe(str(clip))
    grays = read_frames(info, decode_size(info, board), FPS, 0.0, None)
    return [fit_to_board(g, *board, "cover") for g in grays]


def film(clip: Path, board: str, config: str, start: float = 0.0) -> list[np.ndarray]:
    from lightsart import Filming, Pictures, Solving, make_film

    mode, states = config.split("/")
    result = make_film(str(clip), pictures=Pictures(size=board),
                       solving=Solving(states=int(states)),
                       filming=Filming(mode=mode, start=start))  # type: ignore[arg-type]
    return [np.asarray(b) for b in result.boards]


def shift(a: np.ndarray, b: np.ndarray, reach: int = 3) -> tuple[int, int]:
    """The whole-cell shift (rows, columns) that best carries board ``a`` onto ``b``; no shift
    unless one matches clearly better."""
    rows, cols = a.shape
    best, where = np.mean(a != b), (0, 0)
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            if (dy, dx) == (0, 0):
                continue
            sa = a[max(0, -dy): rows - max(0, dy), max(0, -dx): cols - max(0, dx)]
            sb = b[max(0, dy): rows - max(0, -dy) or None, max(0, dx): cols - max(0, -dx) or None]
            wrong = np.mean(sa != sb)
            if wrong < 0.9 * best:
                best, where = wrong, (dy, dx)
    return where


#: Least share of cells above the darkest level of both boards whose texture shift is
#: measured (below it a board is black with a few dots, which match at any shift).
CONTENT = 0.01
#: Frames apart of the boards compared by :func:`carried_share`.
GAP = 10


def carried_share(boards: list[np.ndarray], name: str) -> tuple[float, float]:
    """On ``pan`` and ``zoom``: the share of cells equal to the board :data:`GAP` frames before
    (on a slow pan as many as it takes to move 2 cells)
    at the cell the picture moved them from (nearest cell), and at the same cell; only cells the
    picture moved at least 2 cells (a zoom's centre is left out). A texture travelling with the
    picture matches the first; a screen door the second."""
    rows, cols = boards[0].shape
    j, i = np.meshgrid(np.arange(cols), np.arange(rows))
    gap = GAP
    if name == "pan":
        gap = max(GAP, int(np.ceil(2 / PAN)))  # a slow pan: 2 cells at least
        y, x = i.astype(np.float64), j + gap * PAN
    else:
        f = 0.99**GAP
        y, x = (rows - 1) / 2 + (i - (rows - 1) / 2) * f, (cols - 1) / 2 + (j - (cols - 1) / 2) * f
    iy, ix = np.rint(y).astype(np.intp), np.rint(x).astype(np.intp)
    use = ((iy >= 0) & (iy < rows) & (ix >= 0) & (ix < cols)
           & (np.hypot(y - i, x - j) >= 2))
    iy, ix = np.clip(iy, 0, rows - 1), np.clip(ix, 0, cols - 1)
    moved, still = [], []
    for before, now in zip(boards, boards[gap:], strict=False):
        moved.append(float(np.mean((now == before[iy, ix])[use])))
        still.append(float(np.mean((now == before)[use])))
    return float(np.mean(moved)), float(np.mean(still))


#: Flat areas: cells whose frame varies by less than this within FLAT_REACH cells.
FLAT = 0.03
FLAT_REACH = 3
#: The blur, in cells, a dot is seen through (a lit cell alone on black: 0.16 at its centre).
STRAY_SIGMA = 1.0
#: Flat cells are judged with the others of their tone, in bins this wide (a dark figure and
#: the light wall around it are two areas: one median over both let any dot pass).
TONE_BIN = 0.1


def _blurred(a: np.ndarray, sigma: float) -> np.ndarray:
    from lightsart._video.refine import blur, gaussian

    return blur(a.astype(np.float64), gaussian(sigma))


def flat_area(frame: np.ndarray) -> np.ndarray:
    """Cells whose frame varies by less than :data:`FLAT` within :data:`FLAT_REACH` cells, the
    board's edge left out."""
    r = FLAT_REACH
    rows, cols = frame.shape
    padded = np.pad(frame, r, mode="edge")
    high = np.full(frame.shape, -np.inf)
    low = np.full(frame.shape, np.inf)
    for dy in range(2 * r + 1):
        for dx in range(2 * r + 1):
            window = padded[dy:dy + rows, dx:dx + cols]
            high, low = np.maximum(high, window), np.minimum(low, window)
    flat = high - low < FLAT
    flat[:r], flat[-r:], flat[:, :r], flat[:, -r:] = False, False, False, False
    return flat


def stray_share(board: np.ndarray, frame: np.ndarray, states: int) -> float:
    """The share of a frame's flat cells (:func:`flat_area`) where the board blurred by
    :data:`STRAY_SIGMA` differs from its median over the flat cells of the same tone
    (:data:`TONE_BIN`) by more than Pillow's dithering of the frame, blurred alike, ever does
    there (its largest difference): dots the area's own texture does not make. ``nan`` without
    a flat area."""
    flat = flat_area(frame)
    if flat.sum() < 20:
        return float("nan")
    seen = _blurred(board / (states - 1), STRAY_SIGMA)
    texture = _blurred(pillow_dots(frame), STRAY_SIGMA)
    stray, counted = 0, 0
    tones = np.floor(frame / TONE_BIN).astype(np.int64)
    for tone in np.unique(tones[flat]):  # each flat tone apart: a dark figure on a light wall
        area = flat & (tones == tone)
        if area.sum() < 20:
            continue
        allowed = float(np.max(np.abs(texture[area] - np.median(texture[area]))))
        stray += int(np.sum(np.abs(seen[area] - np.median(seen[area])) > allowed + 1e-9))
        counted += int(area.sum())
    return stray / counted if counted else float("nan")


def kymograph(boards: list[np.ndarray], states: int, path: Path) -> None:
    row = np.stack([b[b.shape[0] // 2] for b in boards]).astype(np.float64) / (states - 1)
    Image.fromarray(np.round(row * 255).astype(np.uint8)).resize(
        (row.shape[1] * 4, row.shape[0] * 4), Image.Resampling.NEAREST).save(path)


def strip(boards: list[np.ndarray], states: int, path: Path) -> None:
    tiles = [np.pad(b.astype(np.float64) / (states - 1), 1, constant_values=0.5) for b in boards]
    picture = np.concatenate(tiles, axis=1)
    Image.fromarray(np.round(picture * 255).astype(np.uint8)).resize(
        (picture.shape[1] * 3, picture.shape[0] * 3), Image.Resampling.NEAREST).save(path)


def measure(name: str, clip: Path, slide: float, frames: list[np.ndarray], board: str,
            config: str, out: Path | None) -> dict[str, Any]:
    from lightsart._pictures.likeness import structure_score

    states = int(config.split("/")[1])
    boards = film(clip, board, config)
    count = len(boards)
    cut = count // 2 if name == "cut" else None
    changed = [float(np.mean(a != b)) for a, b in itertools.pairwise(boards)]
    steady = [c for i, c in enumerate(changed) if cut is None or i + 1 != cut]
    ratios = [structure_score(b.astype(np.float64) / (states - 1), f)
              / max(structure_score(pillow_dots(f), f), 1e-9)
              for b, f in zip(boards, frames, strict=True)]
    row: dict[str, Any] = {"segment": name, "config": config,
                           "changed": float(np.mean(steady)), "worst": float(np.max(steady)),
                           "structure": float(np.mean(ratios)), "low": float(np.min(ratios))}
    if slide:  # over the frames with something to match (not the text's first line entering)
        shown = [(a, b) for a, b in itertools.pairwise(boards)
                 if min(np.mean(a > 0), np.mean(b > 0)) >= CONTENT]
        travel = sum(shift(a, b)[1 if name == "pan" else 0] for a, b in shown)
        row["texture"] = travel / (slide * len(shown)) if shown else float("nan")
    if name in ("pan", "zoom") and count > GAP:
        row["carried"], row["in_place"] = carried_share(boards, name)
    if name in ("figure", "text"):
        row["stray"] = float(np.nanmean([stray_share(b, f, states)
                                         for b, f in zip(boards, frames, strict=True)]))
    if cut is not None:
        fresh = film(clip, board, config, start=cut / FPS)
        row["cut_wrong"] = float(np.mean(boards[cut] != fresh[0]))
        row["after_cut"] = changed[cut] if cut < len(changed) else 0.0
    if out is not None:
        tag = f"{name}-{config.replace('/', 's')}"
        kymograph(boards, states, out / f"{tag}-kymograph.png")
        if cut is not None:
            strip(boards[cut - 1: cut + 3], states, out / f"{tag}-cut.png")
        else:
            strip(boards[count // 2: count // 2 + 3], states, out / f"{tag}-frames.png")
    return row


def speed(name: str, frames: list[np.ndarray], board: tuple[int, int], config: str
          ) -> dict[str, float]:
    """Clip-seconds per CPU-second of the per-frame loop with and without the motion estimate,
    and the estimate's CPU milliseconds a frame."""
    import time

    import lightsart._video.motion as motion
    from lightsart._engines import Budget, engine
    from lightsart._pictures.tone import Tone
    from lightsart._rules import Rules
    from lightsart._video.film import default_clicks, film_steps
    from lightsart._video.steady import SteadyTone
    from lightsart._video.steps import BoardsMode, PlayMode

    mode, states = config.split("/")
    w, h = board

    def run() -> float:
        rules = Rules(h, w, states=int(states))
        boards = BoardsMode(rules, engine("exact"), Budget(1.0), engine_rules=rules)
        chosen = boards if mode == "boards" else PlayMode(boards, default_clicks(w, h))
        start = time.process_time()
        for _ in film_steps(frames, chosen, SteadyTone(Tone(), FPS)):
            pass
        return time.process_time() - start

    def no_motion(previous: np.ndarray, frame: np.ndarray) -> motion.Motion:
        cut = float(np.mean(np.abs(previous - frame))) > motion.CUT_DIFFERENCE
        return motion.Motion(cut=cut)

    estimate = motion.estimate
    start = time.process_time()
    for a, b in itertools.pairwise(frames):
        estimate(a, b)
    each = (time.process_time() - start) / max(1, len(frames) - 1)
    with_motion = run()
    motion.estimate = no_motion  # type: ignore[assignment]
    try:
        without = run()
    finally:
        motion.estimate = estimate
    clip = len(frames) / FPS
    return {"with": clip / with_motion, "without": clip / without, "estimate": 1000 * each}


def main() -> None:
    global PAN
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", nargs=2, default=[str(ROOT / "samples" / "astronaut.png"),
                                                      str(ROOT / "samples" / "coffee.png")])
    parser.add_argument("--board", default="100x56")
    parser.add_argument("--frames", type=int, default=36)
    parser.add_argument("--segments", nargs="*", choices=SEGMENTS, default=list(SEGMENTS))
    parser.add_argument("--configs", nargs="*", default=list(CONFIGS))
    parser.add_argument("--out", type=Path)
    parser.add_argument("--pan", type=float, default=PAN, help="the pan's cells per frame")
    parser.add_argument("--speed", action="store_true", help="measure the per-frame loop's speed")
    args = parser.parse_args()
    PAN = args.pan
    w, h = (int(v) for v in args.board.split("x"))
    size = (w * PIXELS, h * PIXELS)
    a, b = (Image.open(p).convert("RGB") for p in args.photos)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    print(f"board {args.board}, {args.frames} frames a segment, pan {PAN} cells a frame; pictures "
          f"{Path(args.photos[0]).name}, {Path(args.photos[1]).name}")
    if args.speed:
        print("| segment | mode/states | clip-s per CPU-s | without motion | ratio | estimate "
              "(ms a frame) |")
        print("|---|---|---|---|---|---|")
    else:
        print("| segment | mode/states | cells changed per frame (mean, worst) | structure / "
              "Pillow (mean, worst frame) | texture / picture shift | 10 frames: same as where the "
              "picture came from, in place | cut: wrong vs fresh, next frame | stray dots on flat "
              "areas |")
        print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        draws = _draws(a, b, size, args.frames)
        for name in args.segments:
            draw, slide = draws[name]
            clip = make_clip(Path(tmp), name, draw, size, args.frames)
            frames = fitted_frames(clip, (w, h))
            for config in args.configs:
                if args.speed:
                    v = speed(name, frames, (w, h), config)
                    print(f"| {name} | {config} | {v['with']:.2f} | {v['without']:.2f} | "
                          f"{v['with'] / v['without']:.2f} | {v['estimate']:.1f} |", flush=True)
                    continue
                r = measure(name, clip, slide, frames, args.board, config, args.out)
                texture = f"{r['texture']:.2f}" if "texture" in r else ""
                carried = (f"{100 * r['carried']:.0f} %, {100 * r['in_place']:.0f} %"
                           if "carried" in r else "")
                cut = (f"{100 * r['cut_wrong']:.1f} %, {100 * r['after_cut']:.1f} %"
                       if "cut_wrong" in r else "")
                stray = f"{100 * r['stray']:.2f} %" if "stray" in r else ""
                print(f"| {name} | {config} | {100 * r['changed']:.2f} %, {100 * r['worst']:.1f} % "
                      f"| {r['structure']:.2f}, {r['low']:.2f} | {texture} | {carried} | {cut} "
                      f"| {stray} |", flush=True)


if __name__ == "__main__":
    main()
