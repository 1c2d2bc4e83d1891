"""A static server for dist/: correct MIME types (application/wasm, text/javascript for .mjs), the
COOP/COEP headers that make the page cross-origin isolated (SharedArrayBuffer for wasm threads), and a
Content-Security-Policy that locks the page down: scripts, workers, styles, fetches only from this
origin, no inline script or style, no eval but what WebAssembly needs ('wasm-unsafe-eval').

A converted model directory is served differently (`pyrite serve DIR`): it is data that a page of another
origin loads (an app's dev server on another port), so its files carry CORS and a cross-origin CORP."""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

from .errors import PyriteError

MIME = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".json": "application/json", ".whl": "application/zip", ".bin": "application/octet-stream",
        ".zip": "application/zip", ".gguf": "application/octet-stream"}


CSP = "; ".join((
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",  # Pyodide's WebAssembly; nothing inline, no eval
    "worker-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",                   # the pages' empty data: favicon
    "style-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
))
# The benchmark's peer page (dist/bench/, wllama) builds its workers from blob: URLs; it is not the product.
BENCH_CSP = CSP.replace("script-src 'self'", "script-src 'self' blob:").replace("worker-src 'self'",
                                                                                 "worker-src 'self' blob:")


class Files(http.server.SimpleHTTPRequestHandler):
    """Static files with our MIME types, quietly."""
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def log_message(self, format: str, *args) -> None:  # quiet: tests and bench fetch hundreds of files
        return


class Handler(Files):
    """The site: cross-origin isolated and locked down by its CSP."""

    def end_headers(self) -> None:
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Security-Policy", BENCH_CSP if self.path.startswith("/bench/") else CSP)
        super().end_headers()


class ModelHandler(Files):
    """A model directory, fetched by pages of any origin: CORS lets them read it, and CORP cross-origin
    lets a cross-origin isolated page (COEP require-corp) load it at all."""

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Cross-Origin-Resource-Policy", "cross-origin")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


HANDLERS: dict[str, type[Files]] = {"site": Handler, "model": ModelHandler}


def classify(root: Path) -> str:
    """'model' (a converted model directory: model.json) or 'site' (a built site: index.html or build.json);
    a site wins where a directory has both, since its pages need their isolation and CSP. PyriteError
    naming root and what it lacks otherwise."""
    if not root.is_dir():
        raise PyriteError(f"{root}: {'not a directory' if root.exists() else 'no such directory'}")
    if (root / "index.html").is_file() or (root / "build.json").is_file():
        return "site"
    if (root / "model.json").is_file():
        return "model"
    raise PyriteError(f"{root}: neither a model directory (no model.json) nor a built site (no index.html or "
                      f"build.json)")


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


def make_server(root: Path, host: str = "127.0.0.1", port: int = 0, handler: type[Files] = Handler) -> Server:
    """A server for root on host:port (port 0: any free port); start it with serve_forever."""
    return Server((host, port), functools.partial(handler, directory=str(root)))


def serve_in_thread(root: Path, host: str = "127.0.0.1", port: int = 0,
                    handler: type[Files] = Handler) -> tuple[Server, str]:
    """Start serving root in a daemon thread; returns the server and its base URL."""
    server = make_server(root, host, port, handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


def serve_dir(root: Path, host: str = "127.0.0.1", port: int = 8000) -> None:
    run_server(make_server(root, host, port), root, host)


def run_server(server: Server, root: Path, host: str) -> None:
    """Serve until Ctrl-C, which ends it quietly, the socket closed."""
    print(f"serving {root} at http://{host}:{server.server_address[1]}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
