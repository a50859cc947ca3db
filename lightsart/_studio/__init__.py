"""lightsart studio: make Lights Out art in the browser, on the public job layer.

:func:`serve` makes a temporary folder (the studio's job folder: uploads, thumbnails, exports),
starts the app of :mod:`lightsart._studio.app` with uvicorn on 127.0.0.1 (never another
address), prints the address, opens the browser, and removes the folder when it stops (Ctrl-C,
SIGTERM or an error alike). Starlette and uvicorn are the ``studio`` extra, imported only here.
"""

from __future__ import annotations

import atexit
import shutil
import socket
import tempfile
from collections.abc import Callable
from pathlib import Path

from lightsart._errors import InvalidValue

__all__ = ["LOOPBACK", "check_host", "missing_extra", "samples", "serve"]

#: The only addresses the studio listens on: this computer's own.
LOOPBACK = ("127.0.0.1", "localhost")


def check_host(host: str) -> str:
    """``host`` if it is this computer's own address, else one line (the studio is local)."""
    if host not in LOOPBACK:
        raise InvalidValue(f"the studio listens on 127.0.0.1 only, not {host[:40]!r}: it serves "
                           "your files to whoever can reach it")
    return "127.0.0.1"


def missing_extra() -> str | None:
    """One line saying how to install the studio's server, or None when it is installed."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        return (f"the studio needs {exc.name or 'its server'}: pip install 'lightsart[studio]' "
                "(Starlette and uvicorn)")
    return None


def samples() -> list[Path]:
    """The sample pictures beside the package (a source checkout's ``samples/``), if any."""
    folder = Path(__file__).resolve().parents[2] / "samples"
    return sorted(folder.glob("*.png")) if folder.is_dir() else []


def serve(port: int = 0, open_browser: bool = True, host: str = "127.0.0.1",
          ready: Callable[[str, Callable[[], None]], None] | None = None) -> None:
    """Run the studio until interrupted; ``ready(address, stop)`` is called once it listens
    (default: print the address and open the browser); ``stop()`` ends it (from any thread)."""
    import uvicorn

    from lightsart._studio.app import make_app
    from lightsart._studio.work import Studio

    host = check_host(host)
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:  # port 0: any free one
        probe.bind((host, port))
        port = probe.getsockname()[1]
    root = Path(tempfile.mkdtemp(prefix="lightsart-studio-"))
    # Also when the process ends with the server still running in a daemon thread (a script
    # that starts a studio and exits): atexit runs before such threads are dropped.
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    studio = None
    try:
        studio = Studio(root, samples())
        app = make_app(studio, lambda: port)
        address = f"http://{host}:{port}/"
        config = uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="off",
                                limit_concurrency=64, timeout_graceful_shutdown=2)
        server = uvicorn.Server(config)

        def announce() -> None:
            if ready is not None:
                ready(address, lambda: setattr(server, "should_exit", True))
                return
            print(f"lightsart studio: {address} (Ctrl-C stops it)", flush=True)
            if open_browser:
                import webbrowser

                webbrowser.open(address)

        _when_started(server, announce)
        server.run()
    finally:
        if studio is not None:
            studio.close()
        shutil.rmtree(root, ignore_errors=True)


def _when_started(server: object, then: Callable[[], None]) -> None:
    """Call ``then`` once uvicorn has bound its socket (its ``startup`` returns)."""
    startup = server.startup  # type: ignore[attr-defined]

    async def started(*args: object, **kwargs: object) -> None:
        await startup(*args, **kwargs)
        if getattr(server, "started", False):
            then()

    server.startup = started  # type: ignore[attr-defined]
