"""The static server: MIME types, cross-origin isolation, and the Content-Security-Policy, strict for the
product's pages and relaxed only where the benchmark's peer (wllama) builds workers from blob: URLs."""
import urllib.request

from pyrite.serve import BENCH_CSP, CSP, serve_in_thread


def headers(base: str, path: str) -> dict:
    with urllib.request.urlopen(base + path) as r:
        return {k.lower(): v for k, v in r.headers.items()}


def test_every_page_is_served_locked_down(tmp_path):
    (tmp_path / "bench").mkdir()
    for name in ("index.html", "app.mjs", "w.wasm", "bench/wllama.html"):
        (tmp_path / name).write_text("x")
    server, base = serve_in_thread(tmp_path)
    try:
        page = headers(base, "index.html")
        assert page["content-security-policy"] == CSP
        assert "'unsafe-inline'" not in CSP and "'unsafe-eval'" not in CSP and "blob:" not in CSP
        assert page["cross-origin-opener-policy"] == "same-origin"
        assert page["cross-origin-embedder-policy"] == "require-corp"
        assert headers(base, "app.mjs")["content-type"] == "text/javascript"
        assert headers(base, "w.wasm")["content-type"] == "application/wasm"
        assert headers(base, "bench/wllama.html")["content-security-policy"] == BENCH_CSP
        assert "worker-src 'self' blob:" in BENCH_CSP and "'unsafe-eval'" not in BENCH_CSP
    finally:
        server.shutdown()
        server.server_close()
