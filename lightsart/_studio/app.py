"""The studio's web app (Starlette): the page, its assets, and a small JSON API over
:class:`~lightsart._studio.work.Studio`.

Safety is here, in one place: every request must name this server as its ``Host`` (so a
rebound DNS name reaches nothing), a request that says where it comes from (``Origin``) must
come from this server, and every ``POST`` carries the ``X-Studio`` header a page of another site
cannot send without asking first (a CORS preflight this app never grants). Files are served by id
from the studio's own folder, never by a path the request names. An error is one line of JSON
(``{"error": ...}``), never a stack trace.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from anyio import to_thread
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from lightsart._errors import LightsartError
from lightsart._studio.form import fields_data, read_form
from lightsart._studio.work import FORMATS, Studio, megabytes

__all__ = ["make_app"]

#: Assets the page loads: name -> (package, media type). The game pages' scripts are reused.
ASSETS: dict[str, tuple[str, str]] = {
    "studio.js": ("lightsart._studio", "text/javascript"),
    "studio.css": ("lightsart._studio", "text/css"),
    "lightsout.js": ("lightsart._pages", "text/javascript"),
    "lights.js": ("lightsart._pages", "text/javascript"),
    "modk.js": ("lightsart._pages", "text/javascript"),
    "view.js": ("lightsart._pages", "text/javascript"),
}
_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' blob: data:; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
_MEDIA = {"png": "image/png", "svg": "image/svg+xml", "pdf": "application/pdf",
          "gif": "image/gif", "mp4": "video/mp4", "html": "text/html", "game": "text/html"}


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class _Api:
    """The app's request handlers over one :class:`Studio`."""

    def __init__(self, studio: Studio, port: Callable[[], int]) -> None:
        import anyio

        self.studio = studio
        self.port = port
        self.previews = anyio.CapacityLimiter(1)

    def allowed_hosts(self) -> set[str]:
        port = self.port()
        return {f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"}

    async def guard(self, request: Request,
                    call: Callable[[Request], Awaitable[Response]]) -> Response:
        if request.headers.get("host", "") not in self.allowed_hosts():
            return _error("this studio answers only at its own address", 403)
        origin = request.headers.get("origin")
        if origin is not None and origin.removeprefix("http://") not in self.allowed_hosts():
            return _error("requests from other sites are refused", 403)
        if request.method == "POST" and request.headers.get("x-studio") != "1":
            return _error("requests from other sites are refused", 403)
        try:
            response = await call(request)
        except LightsartError as exc:
            response = _error(str(exc))
        except MemoryError:
            response = _error("out of memory (try a smaller board)", 507)
        except Exception as exc:  # a bug: one line on the page, never a stack trace
            response = _error(f"the studio failed ({type(exc).__name__}); try other settings",
                              500)
        response.headers.update(_HEADERS)
        return response

    async def page(self, request: Request) -> Response:
        text = resources.files("lightsart._studio").joinpath("studio.html").read_text("utf-8")
        return Response(text, media_type="text/html")

    async def asset(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            return _error("no such file", 404)
        package, media = ASSETS[name]
        return Response(resources.files(package).joinpath(name).read_text("utf-8"),
                        media_type=media)

    async def about(self, request: Request) -> Response:
        samples = [self.studio.pictures[i] for i in self.studio.sample_ids]
        return JSONResponse({"fields": fields_data(), "formats": FORMATS,
                             "samples": [{"id": p.id, "name": p.name} for p in samples],
                             "upload_max_bytes": self.studio.upload_max_bytes})

    async def upload(self, request: Request) -> Response:
        declared = request.headers.get("content-length")
        most = self.studio.upload_max_bytes
        too_large = f"the file is larger than {megabytes(most)}"
        if declared is not None and (not declared.isdigit() or int(declared) > most):
            return _error(too_large, 413)
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > most:
                return _error(too_large, 413)
        if not body:
            return _error("the file is empty")
        from urllib.parse import unquote

        name = unquote(request.headers.get("x-name", "picture"))
        stored = await to_thread.run_sync(self.studio.add_upload, bytes(body), name)
        return JSONResponse({"id": stored.id, "name": stored.name})

    async def thumbnail(self, request: Request) -> Response:
        picture = self.studio.pictures.get(request.path_params["id"])
        if picture is None:
            return _error("no such picture", 404)
        return FileResponse(picture.thumbnail, media_type="image/png")

    async def body_of(self, request: Request) -> dict[str, Any]:
        try:
            data = json.loads(await request.body())
        except ValueError:
            data = None
        if not isinstance(data, dict):
            raise LightsartError("the request must be a JSON object")
        return data

    async def board(self, request: Request) -> Response:
        data = await self.body_of(request)
        session, generation = str(data.get("session", ""))[:64], data.get("generation")
        if not isinstance(generation, int):
            return _error("the request has no generation number")
        pictures = self.studio.picture_list(data.get("pictures"))
        values = read_form(data.get("settings", {}))
        if not self.studio.newest(session, generation):
            return JSONResponse({"superseded": True, "generation": generation})

        def work() -> dict[str, Any] | None:
            if not self.studio.current(session, generation):  # a newer one came while this waited
                return None
            return self.studio.preview(pictures, values)

        answer = await to_thread.run_sync(work, limiter=self.previews)
        if answer is None or not self.studio.current(session, generation):
            return JSONResponse({"superseded": True, "generation": generation})
        return JSONResponse({**answer, "generation": generation})

    async def export(self, request: Request) -> Response:
        data = await self.body_of(request)
        pictures = self.studio.picture_list(data.get("pictures"))
        values = read_form(data.get("settings", {}))
        started = await to_thread.run_sync(self.studio.start_export, pictures, values,
                                                 data.get("format"))
        return JSONResponse(started.to_dict())

    async def status(self, request: Request) -> Response:
        return JSONResponse(self.studio.export(request.path_params["id"]).to_dict())

    async def cancel(self, request: Request) -> Response:
        cancelled = await to_thread.run_sync(self.studio.cancel, request.path_params["id"])
        return JSONResponse(cancelled.to_dict())

    async def download(self, request: Request) -> Response:
        found = self.studio.exports.get(request.path_params["id"])
        if found is None or found.to_dict()["state"] != "done":
            return _error("no such file", 404)
        return FileResponse(found.path, media_type=_MEDIA[found.format],
                            filename=found.path.name)



def make_app(studio: Studio, port: Callable[[], int]) -> Starlette:
    """The app over ``studio``; ``port()`` is the port it listens on (known once bound)."""
    api = _Api(studio, port)
    routes = [
        Route("/", api.page),
        Route("/assets/{name}", api.asset),
        Route("/api/studio", api.about),
        Route("/api/pictures", api.upload, methods=["POST"]),
        Route("/api/pictures/{id}", api.thumbnail),
        Route("/api/board", api.board, methods=["POST"]),
        Route("/api/exports", api.export, methods=["POST"]),
        Route("/api/exports/{id}", api.status),
        Route("/api/exports/{id}/cancel", api.cancel, methods=["POST"]),
        Route("/files/{id}", api.download),
    ]
    return Starlette(routes=routes, middleware=[Middleware(BaseHTTPMiddleware, dispatch=api.guard)])
