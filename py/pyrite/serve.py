"""A static server for dist/: correct MIME types (application/wasm, text/javascript for .mjs), the
COOP/COEP headers that make the page cross-origin isolated (SharedArrayBuffer for wasm threads), and a
Content-Security-Policy that locks the page down: scripts, workers, styles, fetches only from this
origin, no inline script or style, no eval but what WebAssembly needs ('wasm-unsafe-eval')."""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

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


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def end_headers(self) -> None:
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Security-Policy", BENCH_CSP if self.path.startswith("/bench/") else CSP)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # quiet: tests and bench fetch hundreds of files
        return


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


def make_server(root: Path, host: str = "127.0.0.1", port: int = 0) -> Server:
    """A server for root on host:port (port 0: any free port); start it with serve_forever."""
    return Server((host, port), functools.partial(Handler, directory=str(root)))


def serve_in_thread(root: Path, host: str = "127.0.0.1", port: int = 0) -> tuple[Server, str]:
    """Start serving root in a daemon thread; returns the server and its base URL."""
    server = make_server(root, host, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


def serve_dir(root: Path, host: str = "127.0.0.1", port: int = 8000) -> None:
    server = make_server(root, host, port)
    print(f"serving {root} at http://{host}:{server.server_address[1]}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
