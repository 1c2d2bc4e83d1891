"""The npm package (dist/pkg/pyrite-webgpu-<version>.tgz, `build.py pack`) as a user's app meets it: installed
from the tarball, bundled by Vite (its one documented line: worker format "es") and by webpack 5 (no config
for pyrite), served by a static server under a sub-path with the site's strict Content-Security-Policy, and
answering in Chromium with a model directory named by its URL, every model byte from that URL."""
from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from pyrite.serve import serve_in_thread
from support.npm_app import APP, npm, tools
from support.site import SOURCE

pytestmark = pytest.mark.browser

ANSWER_MS = 600_000
MODEL_DIR = "demo/models/smollm2-135m/"
NO_SHARD_DIR = "demo/models/no-shard/"  # the model's model.json, its first shard's file absent
MODULE_SCRIPT = '<script type="module" src="./main.js">'  # the app's page, as Vite takes it


def tarball() -> Path:
    """The package build.py test made; missing is a failure, never a skip."""
    found = sorted((SOURCE / "pkg").glob("pyrite-webgpu-*.tgz"))
    if not found:
        pytest.fail(f"no {SOURCE}/pkg/pyrite-webgpu-*.tgz: run `python build.py pack` (build.py test makes it)")
    return found[-1]


def bundle(tool: str, app: Path) -> Path:
    """app built by `vite build` or `webpack`: its output folder."""
    cmd = {"vite": ["vite", "build", "--base", "./", "--outDir", "out"], "webpack": ["webpack"]}[tool]
    run = subprocess.run([str(app / "node_modules" / ".bin" / cmd[0]), *cmd[1:]], cwd=app, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, f"{tool} failed:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    return app / "out"


@pytest.fixture(scope="module")
def served(tmp_path_factory, site):
    """A static site: demo/vite/ and demo/webpack/ (the test app bundled each way), demo/models/smollm2-135m/
    (the converted model); its base URL."""
    modules = tools() / "node_modules"
    npm(["install", "--no-save", "--prefer-offline", str(tarball())], tools())
    www = tmp_path_factory.mktemp("www")
    for tool in ("vite", "webpack"):
        app = tmp_path_factory.mktemp(f"app-{tool}")
        for name in ("package.json", "index.html", "main.js", "vite.config.js", "webpack.config.js"):
            shutil.copy2(APP / name, app / name)
        (app / "node_modules").symlink_to(modules, target_is_directory=True)
        out = bundle(tool, app)
        if tool == "webpack":  # webpack writes no page of its own: the app's, loading its bundle (a script)
            page = (APP / "index.html").read_text()
            assert MODULE_SCRIPT in page
            (out / "index.html").write_text(page.replace(MODULE_SCRIPT, '<script defer src="./main.js">'))
        shutil.copytree(out, www / "demo" / tool)
    (www / MODEL_DIR).parent.mkdir(parents=True, exist_ok=True)
    (www / MODEL_DIR).symlink_to((site / "models" / "smollm2-135m").resolve(), target_is_directory=True)
    index = json.loads((www / MODEL_DIR / "model.json").read_text())
    index["shards"][0]["sha256"] = "0" * 64  # a shard no weight cache holds: only its URL can answer
    (www / NO_SHARD_DIR).mkdir()
    (www / NO_SHARD_DIR / "model.json").write_text(json.dumps(index))
    server, base = serve_in_thread(www)
    yield base
    server.shutdown()
    server.server_close()


def outcome(session, url: str, block: str | None = None) -> tuple[dict, list[str]]:
    """The app's window.outcome at url, and every URL the page and its worker requested; block: a glob
    whose requests get a 404, as a server without those files would answer."""
    page = session.new_page()
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    if block:
        page.route(block, lambda route: route.fulfill(status=404, body="not here"))
    try:
        page.goto(url)
        page.wait_for_function("() => window.outcome !== undefined", timeout=ANSWER_MS, polling=500)
        return page.evaluate("window.outcome"), requested
    finally:
        page.close()


def test_the_tarball_holds_the_runtime_and_types_and_no_weights():
    path = tarball()
    with tarfile.open(path) as tar:
        names = {m.name.removeprefix("package/") for m in tar.getmembers()}
        manifest = json.load(tar.extractfile("package/package.json"))
    assert path.stat().st_size < 60_000_000
    assert {"pyrite.js", "worker.js", "runtime.js", "pyrite.d.ts", "pyrite-chat.js", "pyrite-chat.d.ts",
            "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "python.snapshot"} <= names
    assert any(n.startswith("wheels/pyrite-") and n.endswith(".whl") for n in names)
    assert not [n for n in names if n.endswith((".bin", ".gguf")) or n.startswith("models/")]
    assert manifest["name"] == "pyrite-webgpu" and manifest["type"] == "module"
    targets = [manifest["types"], *(t for e in manifest["exports"].values()
                                    for t in (e.values() if isinstance(e, dict) else [e]))]
    assert all(t.removeprefix("./") in names for t in targets), targets


@pytest.mark.parametrize("tool", ["vite", "webpack"])
def test_a_bundled_app_answers_from_a_model_directory_url_under_a_sub_path(session, served, tool):
    model = "../models/smollm2-135m/" if tool == "vite" else served + MODEL_DIR  # relative, or absolute
    got, requested = outcome(session, f"{served}demo/{tool}/index.html?model={model}")
    assert "error" not in got, got
    assert got["content"].strip() and got["usage"]["completion_tokens"] >= 1, got
    assert got["phases"] == ["runtime", "weights", "upload", "plan", "pipelines"], got
    assert all(u.startswith(served) for u in requested), [u for u in requested if not u.startswith(served)]
    model_bytes = [u for u in requested if u.endswith((".bin", "model.json"))]
    assert model_bytes and all(u.startswith(served + MODEL_DIR) for u in model_bytes), model_bytes
    assert all(u.startswith((served + f"demo/{tool}/", served + MODEL_DIR)) for u in requested), requested


@pytest.mark.parametrize("tool", ["vite", "webpack"])
def test_the_chat_element_is_styled_in_a_bundle_under_a_strict_csp(session, served, tool):
    """Its stylesheet is a file of the bundle, not a data: URL, which the site's style-src 'self' refuses."""
    page = session.new_page()
    try:
        page.goto(f"{served}demo/{tool}/index.html?model=../nowhere/")
        page.evaluate("""() => { const el = document.createElement("pyrite-chat");
                                 el.setAttribute("model", "../nowhere/"); document.body.append(el); }""")
        page.wait_for_function("""() => {
          const send = document.querySelector("pyrite-chat").shadowRoot.querySelector(".send");
          return getComputedStyle(send).backgroundColor === "rgb(9, 105, 218)"; }""",
                               timeout=60_000)  # the stylesheet's --pyrite-accent default
        sheet = page.evaluate("document.querySelector('pyrite-chat').shadowRoot.querySelector('link').href")
        assert sheet.startswith(f"{served}demo/{tool}/") and ".css" in sheet, sheet
    finally:
        page.close()


def test_a_url_that_is_not_a_model_directory_is_a_typed_error_naming_it(session, served):
    got, _ = outcome(session, f"{served}demo/vite/index.html?model=../nowhere/")
    assert got["error"]["kind"] == "ModelFormatError", got
    assert got["error"]["message"].startswith(f"{served}demo/nowhere/model.json: HTTP 404"), got
    assert "not a pyrite model directory" in got["error"]["message"]


def test_a_model_directory_missing_a_shard_is_a_typed_error_naming_the_shard(session, served):
    got, _ = outcome(session, f"{served}demo/vite/index.html?model=../models/no-shard/")
    error = got.get("error") or {}
    shard = served + NO_SHARD_DIR + "weights-00000.bin"
    assert error.get("kind") == "ModelFormatError", got
    assert error["message"].startswith(f"{shard}: the download failed") and "404" in error["message"], got


@pytest.mark.parametrize("asset", ["*.whl", "*.wasm"])
def test_a_package_served_without_an_asset_names_the_asset_url(session, served, asset):
    got, _ = outcome(session, f"{served}demo/vite/index.html?model=../models/smollm2-135m/", block=f"**/{asset}")
    error = got.get("error") or {}
    assert error.get("kind") == "LoadError", got
    url = error["details"]["url"]
    assert url.startswith(served + "demo/vite/assets/") and url.endswith(asset[1:]), got
    assert error["message"] == f"{url}: HTTP 404", got
