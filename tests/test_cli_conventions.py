"""The command line people expect (issue 22): help, folders, --quiet, progress, suggestions,
what the summary says about the file written, and the MP4 loop's last frame."""

from __future__ import annotations

import json
import os
import pty
import select
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from videos import decode_video

from lightsart._cli import COMMANDS, main
from lightsart._cli.animate import natural_key, pictures_from

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
A, B, C = (str(SAMPLES / name) for name in ("astronaut.png", "cat.png", "coffee.png"))


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def _cli(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lightsart", *argv], capture_output=True,
                          text=True, env=_env(), cwd=ROOT, timeout=300)


# ------------------------------------------------------------------------ help and no command


@pytest.mark.parametrize("argv", [[], ["help"]])
def test_no_command_and_help_list_every_command_on_stdout(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("    ")
              and line.split()[0] in (*COMMANDS, "help")]
    assert listed == [*COMMANDS, "help"]  # one entry each, in the order COMMANDS gives
    # each line is that command's own one-line help (its module docstring)
    import importlib

    for name in COMMANDS:
        first = importlib.import_module(f"lightsart._cli.{name}").__doc__.split()[0]
        assert any(line.split()[:2] == [name, first] for line in out.splitlines())


def test_help_command_is_the_commands_own_help() -> None:
    via_help, direct = _cli("help", "animate"), _cli("animate", "--help")
    assert via_help.returncode == direct.returncode == 0
    assert via_help.stdout == direct.stdout
    assert "usage: lightsart animate" in via_help.stdout


def test_help_of_an_unknown_command_suggests_one() -> None:
    done = _cli("help", "stil")
    assert done.returncode == 2
    assert done.stderr.strip().endswith("did you mean 'still'?")
    assert len(done.stderr.strip().splitlines()) == 1


# ------------------------------------------------------------------------ suggestions, abbreviations


@pytest.mark.parametrize(("argv", "suggested"), [
    (["animat", A, B], "animate"),
    (["still", A, "-o", "x.png", "--fit", "cove"], "cover"),
    (["animate", A, B, "-o", "x.gif", "--ease", "in-ot"], "in-out"),
    (["still", A, "-o", "x.png", "--dither", "atkinsn"], "atkinson"),
])
def test_mistyped_choices_get_one_suggestion(argv: list[str], suggested: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert err.startswith("lightsart: error: ")
    assert err.endswith(f"; did you mean {suggested!r}?")


def test_a_choice_far_from_every_name_gets_no_suggestion(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    with pytest.raises(SystemExit):
        main(["still", A, "-o", "x.png", "--fit", "zzzzzz"])
    assert "did you mean" not in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["still", A, "-o", "x.png", "--siz", "8"],
    ["animate", A, B, "-o", "x.gif", "--dur", "1"],
    ["solve", "111/111/111", "--expl"],
])
def test_long_options_are_never_abbreviated(argv: list[str], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments" in err and "did you mean '--" in err
    assert not list(tmp_path.iterdir())  # nothing written


def test_captured_bad_input_lines_are_unchanged() -> None:
    golden = json.loads((ROOT / "tests/golden/captured_outputs.json").read_text())
    for name in ("bad-size", "bad-state"):
        case = golden[name]
        done = _cli(*case["argv"])  # both fail before writing anything
        assert (done.returncode, done.stderr) == (case["exit"], case["stderr"])
        assert "did you mean" not in done.stderr


# ------------------------------------------------------------------------ animate DIR


def test_natural_order() -> None:
    names = ["img10.png", "img2.png", "img1.png", "Img3.png", "b.png", "a10b2.png", "a10b10.png"]
    assert sorted(names, key=natural_key) == ["a10b2.png", "a10b10.png", "b.png", "img1.png",
                                              "img2.png", "Img3.png", "img10.png"]


def test_animate_a_folder_takes_its_pictures_in_natural_order(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shots = tmp_path / "shots"
    shots.mkdir()
    # img10 is the cat, img2 the astronaut: name order would put the cat first
    shutil.copy(B, shots / "img10.png")
    shutil.copy(A, shots / "img2.png")
    shutil.copy(C, shots / "img1.jpeg.txt")  # not a picture by its extension
    (shots / "notes.md").write_text("not a picture")
    (shots / "sub.png").mkdir()  # a folder, even with a picture's name, is not a picture
    out = tmp_path / "a.gif"
    assert main(["animate", str(shots), "-o", str(out), "--size", "12", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["path"] for p in data["pictures"]] == [str(shots / "img2.png"),
                                                     str(shots / "img10.png")]
    # the same as naming the two pictures in that order
    again = tmp_path / "b.gif"
    assert main(["animate", str(shots / "img2.png"), str(shots / "img10.png"), "-o", str(again),
                 "--size", "12", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["transitions"] == data["transitions"]
    assert out.read_bytes() == again.read_bytes()


@pytest.mark.parametrize("pictures", [0, 1])
def test_a_folder_of_fewer_than_two_pictures_is_one_line(
        pictures: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shots = tmp_path / "shots"
    shots.mkdir()
    (shots / "readme.txt").write_text("x")
    if pictures:
        shutil.copy(A, shots / "only.png")
    out = tmp_path / "a.gif"
    assert main(["animate", str(shots), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert err.startswith(f"lightsart: error: folder {shots} holds")
    assert "at least two" in err
    assert not out.exists()


def test_every_picture_of_a_folder_is_an_input_no_output_may_replace(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shots = tmp_path / "shots"
    shots.mkdir()
    shutil.copy(A, shots / "1.png")
    with Image.open(B) as im:
        im.convert("RGB").save(shots / "2.gif")  # a picture, and a name an animation could take
    before = (shots / "2.gif").read_bytes()
    assert main(["animate", str(shots), "-o", str(shots / "2.gif"), "--size", "8"]) == 2
    err = capsys.readouterr().err
    assert "input" in err and len(err.splitlines()) == 1
    assert (shots / "2.gif").read_bytes() == before
    assert pictures_from([str(shots)]) == [str(shots / "1.png"), str(shots / "2.gif")]


def test_animate_help_says_how_a_folder_is_read() -> None:
    text = _cli("animate", "--help").stdout
    assert "img2 before img10" in text and ".webp" in text


# ------------------------------------------------------------------------ --quiet


@pytest.mark.parametrize("argv", [
    ["animate", A, B, "-o", "OUT/a.gif", "--size", "8"],
    ["still", A, "-o", "OUT/s.png", "--size", "8"],
    ["solve", "111/111/111"],
    ["table", "4x4"],
    ["sizes", "10"],
    ["census", "3x3"],
    ["path", "111/111/111"],
])
def test_quiet_prints_nothing_on_success(argv: list[str], tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    argv = [a.replace("OUT", str(tmp_path)) for a in argv]
    assert main(argv) == 0
    loud = capsys.readouterr().out
    assert loud  # the same command prints a summary without --quiet
    for flag in ("--quiet", "-q"):
        assert main([*argv, flag]) == 0
        assert capsys.readouterr() == ("", "")


def test_quiet_keeps_json_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "111/111/111", "--json"]) == 0
    loud = json.loads(capsys.readouterr().out)
    assert main(["solve", "111/111/111", "--json", "-q"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == loud and err == ""
    assert main(["still", str(tmp_path / "missing.png"), "-o", str(tmp_path / "s.png"), "-q"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("lightsart: error:")


def test_quiet_silences_notes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a wide picture cropped to a square board is a note on stderr
    wide = tmp_path / "wide.png"
    Image.new("L", (90, 30), 200).save(wide)
    argv = ["animate", A, str(wide), "-o", str(tmp_path / "a.gif"), "--size", "8x8"]
    assert main(argv) == 0
    assert "lightsart: note: picture 2" in capsys.readouterr().err
    assert main([*argv, "-q"]) == 0
    assert capsys.readouterr() == ("", "")


# ------------------------------------------------------------------------ progress


def _run_with_tty_stderr(argv: list[str], cwd: Path) -> tuple[int, str, str]:
    """Run the CLI with stderr on a pseudo-terminal (stdout piped): exit code, stdout, and what
    the terminal received."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "lightsart", *argv], stdout=subprocess.PIPE,
                            stderr=follower, env=_env(), cwd=cwd)
    os.close(follower)
    received = bytearray()
    while True:
        ready, _, _ = select.select([leader], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            received += chunk
        elif proc.poll() is not None:
            break
    assert proc.stdout is not None
    out = proc.stdout.read().decode()
    proc.stdout.close()
    os.close(leader)
    return proc.wait(), out, received.decode(errors="replace")


# The GIF writer's bar draws on its first frame, so a short animation shows it too.
LONG = ["animate", A, B, "--size", "24", "--cell", "4"]


def test_progress_shows_on_a_terminal_and_erases_itself(tmp_path: Path) -> None:
    code, out, terminal = _run_with_tty_stderr([*LONG, "-o", str(tmp_path / "a.gif")], tmp_path)
    assert code == 0
    assert "writing" in terminal or "working" in terminal  # a bar or the elapsed-time line
    assert terminal.endswith("\r\x1b[K")  # erased: the terminal is left as it was
    assert out.startswith("board 24x24")  # the summary itself is untouched


def test_quiet_draws_nothing_on_a_terminal(tmp_path: Path) -> None:
    code, out, terminal = _run_with_tty_stderr([*LONG, "-o", str(tmp_path / "a.gif"), "-q"],
                                               tmp_path)
    assert (code, out, terminal) == (0, "", "")


def test_no_progress_when_piped(tmp_path: Path) -> None:
    done = _cli(*LONG, "-o", str(tmp_path / "a.gif"))
    assert done.returncode == 0
    assert done.stderr == ""
    assert "\r" not in done.stdout and "\x1b" not in done.stdout


def test_working_line_waits_a_second_and_pauses_for_bars() -> None:
    import io
    import time

    from lightsart._output.progress import Progress, Working

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    quick = Terminal()
    with Working("quick", stream=quick):
        pass
    assert quick.getvalue() == ""  # a step under a second draws nothing
    slow = Terminal()
    with Working("slow", stream=slow, delay=0.05, interval=0.01) as w:
        time.sleep(0.3)
        with Progress(3, "bar", stream=slow):
            mark = len(slow.getvalue())
            time.sleep(0.2)
            during = slow.getvalue()[mark:]
        w.stop()
    assert "slow" in slow.getvalue()
    assert "slow" not in during  # paused while the bar owned the line
    assert slow.getvalue().endswith("\r\x1b[K")


# ------------------------------------------------------------------------ what the file holds


def test_outputs_detail_counts_the_frames_the_gif_holds(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "a.gif"
    assert main(["animate", A, B, "-o", str(out), "--size", "16", "--hold", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (detail,) = data["outputs_detail"]
    with Image.open(out) as im:
        held = im.n_frames
        seconds = 0.0
        for k in range(held):
            im.seek(k)
            seconds += im.info["duration"] / 1000
    assert detail["path"] == str(out)
    assert detail["frames"] == held
    assert detail["seconds"] == pytest.approx(seconds, abs=0.011 * held)
    assert detail["bytes"] == out.stat().st_size


def test_a_picture_shown_twice_is_one_gif_frame(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "a.gif"
    assert main(["animate", A, A, "-o", str(out), "--size", "16", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    with Image.open(out) as im:
        assert im.n_frames == 1
    assert data["outputs_detail"][0]["frames"] == 1
    assert data["frames"] == 2  # the plan still has the two pictures


def test_the_summary_says_what_the_gif_holds_when_it_is_not_the_plan(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "a.gif"
    assert main(["animate", A, B, "-o", str(out), "--size", "16"]) == 0
    lines = capsys.readouterr().out.splitlines()
    with Image.open(out) as im:
        held = im.n_frames
    assert lines[-2] == f"frames: {held} (6.0 s)"  # every planned frame is in the file
    assert lines[-1] == f"wrote {out}"
    assert main(["animate", A, A, "-o", str(out), "--size", "16"]) == 0
    lines = capsys.readouterr().out.splitlines()
    with Image.open(out) as im:
        assert im.n_frames == 1
    assert lines[-3:] == ["frames: 2 (10.0 s)", f"{out} holds 1 frame (10.0 s)", f"wrote {out}"]


# ------------------------------------------------------------------------ MP4 loop ending


def _mp4_boards(path: Path, board: int, cell: int) -> np.ndarray:
    side = board * cell
    video = decode_video(path, side, side)
    return (video[:, cell // 2 :: cell, cell // 2 :: cell, 0] > 127).astype(np.uint8)


def test_a_looped_mp4_ends_on_its_first_picture_held(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("imageio_ffmpeg")
    out, frames = tmp_path / "a.mp4", tmp_path / "fr"
    fps, hold = 10, 1.0
    assert main(["animate", A, B, "-o", str(out), "--frames", str(frames), "--loop", "--size",
                 "16", "--cell", "8", "--duration", "1", "--fps", str(fps), "--hold",
                 str(hold), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    with Image.open(frames / "frame_00000.png") as im:
        first = (np.asarray(im.convert("L"))[4::8, 4::8] > 127).astype(np.uint8)
    boards = _mp4_boards(out, 16, 8)
    assert data["video_frames"] == len(boards)
    assert np.array_equal(boards[0], first)
    assert np.array_equal(boards[-1], first)  # a whole picture, not one click before it
    # held: the last hold + 1/fps seconds are all the first picture
    tail = round((hold + 1 / fps) * fps)
    assert all(np.array_equal(b, first) for b in boards[-tail:])
    assert not np.array_equal(boards[-tail - 1], first)


def test_a_looped_gif_still_restarts_one_click_after_its_end(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]
                                                              ) -> None:
    out = tmp_path / "a.gif"
    assert main(["animate", A, B, "-o", str(out), "--loop", "--size", "16", "--cell", "8",
                 "--duration", "1", "--fps", "10"]) == 0
    capsys.readouterr()
    with Image.open(out) as im:
        im.seek(0)
        first = np.asarray(im.convert("L"))[4::8, 4::8] > 127
        im.seek(im.n_frames - 1)
        last = np.asarray(im.convert("L"))[4::8, 4::8] > 127
    assert not np.array_equal(first, last)  # the restart is the loop's closing step


# ------------------------------------------------------------------------ help texts


def test_style_help_names_every_look() -> None:
    from lightsart._choices import STYLES

    text = " ".join(_cli("still", "--help").stdout.split())
    for style in STYLES:
        assert f"{style}:" in text or f"{style} (default)" in text


def test_a_line_written_erases_the_working_line_first() -> None:
    import io
    import time

    from lightsart._cli import _StopsWorking
    from lightsart._output.progress import Working

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    term = Terminal()
    working = Working("busy", stream=term, delay=0.0, interval=0.01)
    out, err = _StopsWorking(term, working), _StopsWorking(term, working)
    with working:
        time.sleep(0.1)
        err.write("\rwriting a bar\x1b[K")  # a bar's redraw leaves the line running
        assert working._thread is not None
        err.write("lightsart: note: something\n")
        out.write("board 8x8\n")
        text = term.getvalue()
    head, tail = text.split("lightsart: note:", 1)
    assert "busy" in head and head.endswith("\r\x1b[K")  # erased before the note
    assert "busy" not in tail and tail.endswith("board 8x8\n")


#: Each command's required words (positionals and required options), so the parse reaches the
#: unknown option.
_REQUIRED = {"animate": [A, B, "-o", "x.gif"], "video": ["clip.mp4", "-o", "x.mp4"],
             "still": [A, "-o", "x.png"], "preview": [A, "-o", "x.png"], "sizes": ["5"],
             "play": ["-o", "x.html"], "solve": ["5"], "path": ["5"], "table": ["5"],
             "census": ["3x3"], "studio": []}


@pytest.mark.parametrize("command", COMMANDS)
def test_an_option_of_another_command_is_named_as_not_this_commands(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # sizes 5 --time-limit 1 answered "did you mean '--time-limit'?", the option typed.
    from lightsart._cli import _commands, _option_strings, build_parser

    subs = _commands(build_parser())
    own = _option_strings(subs[command])
    others = sorted(set().union(*(_option_strings(p) for p in subs.values())) - own)
    assert others
    for option in others:
        with pytest.raises(SystemExit) as exit_:
            main([command, *_REQUIRED[command], f"{option}=1"])
        assert exit_.value.code == 2
        (line,) = capsys.readouterr().err.splitlines()
        assert line.startswith("lightsart: error: unrecognized arguments: ")
        assert f"; {command} has no option {option} (" in line, line
        assert "did you mean" not in line
