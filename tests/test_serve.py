"""The static server: MIME types, cross-origin isolation, and the Content-Security-Policy, strict for the
product's pages and relaxed only where the benchmark's peer (wllama) builds workers from blob: URLs."""
import socket
import urllib.request

import pytest

from pyrite.cli import main
from pyrite.errors import PyriteError
from pyrite.serve import BENCH_CSP, CSP, ModelHandler, classify, make_server, run_server, serve_in_thread


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


def test_a_directory_is_a_model_a_site_or_a_clear_error(tmp_path):
    for name, files in (("model", ["model.json", "weights-00000.bin"]), ("page", ["index.html"]),
                        ("built", ["build.json"]), ("both", ["model.json", "index.html"]), ("neither", ["notes.txt"])):
        (tmp_path / name).mkdir()
        for f in files:
            (tmp_path / name / f).write_text("{}")
    assert classify(tmp_path / "model") == "model"
    assert classify(tmp_path / "page") == classify(tmp_path / "built") == classify(tmp_path / "both") == "site"
    neither = tmp_path / "neither"
    for path, problem in ((neither, "neither a model directory (no model.json) nor a built site (no index.html or "
                                    "build.json)"),
                          (tmp_path / "nowhere", "no such directory"), (neither / "notes.txt", "not a directory")):
        with pytest.raises(PyriteError) as e:
            classify(path)
        assert str(e.value) == f"{path}: {problem}"


def test_a_model_directory_is_served_to_pages_of_any_origin(tmp_path):
    (tmp_path / "model.json").write_text("{}")
    (tmp_path / "weights-00000.bin").write_bytes(b"\0" * 8)
    server, base = serve_in_thread(tmp_path, handler=ModelHandler)
    try:
        for path, mime in (("model.json", "application/json"), ("weights-00000.bin", "application/octet-stream")):
            h = headers(base, path)
            assert h["access-control-allow-origin"] == "*" and h["cross-origin-resource-policy"] == "cross-origin"
            assert h["content-type"] == mime
            assert "content-security-policy" not in h and "cross-origin-embedder-policy" not in h
    finally:
        server.shutdown()
        server.server_close()
    (tmp_path / "index.html").write_text("x")
    server, base = serve_in_thread(tmp_path)  # the site keeps its own: same-origin resources, no CORS
    try:
        page = headers(base, "index.html")
        assert "access-control-allow-origin" not in page and page["cross-origin-resource-policy"] == "same-origin"
    finally:
        server.shutdown()
        server.server_close()


def test_ctrl_c_ends_the_server_quietly(tmp_path, capsys):
    server = make_server(tmp_path, handler=ModelHandler)
    port = server.server_address[1]

    def interrupted() -> None:
        raise KeyboardInterrupt

    server.serve_forever = interrupted
    run_server(server, tmp_path, "127.0.0.1")
    assert server.socket.fileno() == -1  # closed
    assert capsys.readouterr().out == f"serving {tmp_path} at http://127.0.0.1:{port}/  (Ctrl-C to stop)\n"


def test_serve_command_names_the_directory_or_the_busy_port(tmp_path, capsys):
    assert main(["serve", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {tmp_path}: neither") and "no model.json" in err and "no index.html" in err
    (tmp_path / "model.json").write_text("{}")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", str(tmp_path), "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"cannot serve on 127.0.0.1:{port} (Address already in use)" in err and f"port {port}?" in err
