"""Drive the real page from the host: dist/ served locally, headless Chromium, requests through pyrite.js.

Host-only (Playwright). Used by the browser tests, by `python -m pyrite ... --backend browser` and
by the bench:

    with BrowserSession() as s:
        s.load()                                  # the page's own load path (progress bar and all)
        ids = s.encode("Hello", chat=True)
        s.generate_ids(ids, 16)["ids"]

Every request is a page.evaluate that awaits one pyrite.js request, raced against a timer inside
the page (Playwright's evaluate has no timeout of its own), so a stuck worker ends as a
BrowserTimeout naming the request, never as a hang. The page's console (worker included) is kept
for error messages.
"""
from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import PyriteError

# The built site; PYRITE_DIST points the driver (and the browser tests) at another build.
DIST = Path(os.environ.get("PYRITE_DIST") or Path(__file__).resolve().parents[2] / "dist")
DEFAULT_MODEL = "models/smollm2-135m"
WEBGPU_FLAG = "--enable-unsafe-webgpu"
# Chromium 156 (Debian): WebGPU is behind the flag on Linux; the rest keeps a headless run quiet
# and offline. --no-sandbox: the tests run as root in a container.
CHROMIUM_FLAGS = ("--no-sandbox", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run")
CONSOLE_KEEP = 2000  # lines of page + worker console kept for error messages


class BrowserError(PyriteError):
    """A request to the page failed: kind is the Python (or JS) error class the page reported."""

    def __init__(self, request: str, kind: str, message: str, console: list[str] | None = None):
        self.request, self.kind, self.message = request, kind, message
        self.console = console or []
        tail = "\n".join(self.console[-20:])
        super().__init__(f"{request}: {kind}: {message}" + (f"\n--- page console (last lines) ---\n{tail}" if tail else ""))


class BrowserTimeout(BrowserError):
    """A request to the page did not answer within its time limit."""


@dataclass(frozen=True)
class Timeouts:
    start_s: float = 60.0    # serve, launch Chromium, open the page
    load_s: float = 900.0    # Pyodide + model download, upload and pipelines (SwiftShader: slow)
    call_s: float = 900.0    # one request (a generate of a few dozen tokens on SwiftShader)


def find_chromium(path: str | None = None) -> str:
    """The Chromium binary: path, $PYRITE_CHROMIUM, or `chromium` on PATH (Debian's package)."""
    found = path or os.environ.get("PYRITE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found or not Path(found).exists():
        raise BrowserError("launch", "ChromiumMissing",
                           "no Chromium binary: install Debian's `chromium` (apt-get install chromium), "
                           "set PYRITE_CHROMIUM, or run `python build.py test`, which installs it")
    return found


# One request, raced against a timer in the page. Errors come back as data (kind + message), not as
# Playwright exceptions, so the Python side can raise a typed error with the page's own words.
_CALL_JS = """async ([type, payload, ms]) => {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject({ kind: "Timeout", message: `no answer after ${ms / 1000} s` }), ms);
  });
  const pieces = [];
  try {
    const work = type === "load"
      ? window.pyriteApp.load(payload.model, payload.max_ctx, payload.block_bytes, payload.options)
      : window.pyriteApp.instance().request(type, payload, (t) => pieces.push(t));
    const result = await Promise.race([work, timeout]);
    return { ok: true, result, pieces };
  } catch (e) {
    return { ok: false, kind: e.kind || e.name || "Error", message: String(e.message ?? e) };
  } finally {
    clearTimeout(timer);
  }
}"""


class BrowserSession:
    """dist/ served on 127.0.0.1, one headless Chromium, one page (index.html?autoload=0)."""

    def __init__(self, dist: str | Path = DIST, *, webgpu: bool = True, headless: bool = True,
                 chromium: str | None = None, timeouts: Timeouts = Timeouts(), page: str = "index.html?autoload=0"):
        self.dist = Path(dist)
        self.webgpu, self.headless, self.chromium_path = webgpu, headless, chromium
        self.timeouts = timeouts
        self.start_page = page
        self.console: list[str] = []
        self.base_url = ""
        self._server = self._pw = self._browser = self._context = self.page = None

    # -- lifecycle -------------------------------------------------------------------------------

    def __enter__(self) -> "BrowserSession":
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        from playwright.sync_api import sync_playwright

        from .serve import serve_in_thread
        if not (self.dist / "index.html").exists() or not (self.dist / "build.json").exists():
            raise BrowserError("start", "DistMissing", f"{self.dist} has no index.html/build.json: "
                               "run `python build.py build` first")
        chromium = find_chromium(self.chromium_path)
        self._server, self.base_url = serve_in_thread(self.dist)
        self._pw = sync_playwright().start()
        self._browser = self.launch(self.webgpu, chromium)
        self._context = self._browser.new_context()  # every page of the session shares it
        self.page = self.new_page()
        self.open(self.start_page)

    def launch(self, webgpu: bool = True, chromium: str | None = None) -> Any:
        """A Chromium from this session's Playwright (sync Playwright runs one per thread, so a second
        browser, e.g. one without WebGPU, comes from here); the caller closes any but the first."""
        args = [*CHROMIUM_FLAGS, *([WEBGPU_FLAG] if webgpu else [])]
        return self._pw.chromium.launch(executable_path=chromium or find_chromium(self.chromium_path), args=args,
                                        headless=self.headless, timeout=self.timeouts.start_s * 1000)

    def new_page(self, browser: Any = None) -> Any:
        """A fresh page in the session's context (or in its own context of `browser`) whose console
        lands in self.console."""
        page = browser.new_page() if browser is not None else self._context.new_page()
        page.set_default_timeout(self.timeouts.start_s * 1000)
        # page "console" includes the dedicated worker's console (Playwright 1.65, Chromium 156).
        page.on("console", lambda m: self._log(f"[{m.type}] {m.text}"))
        page.on("pageerror", lambda e: self._log(f"[pageerror] {e}"))
        page.on("crash", lambda _: self._log("[crash] the page crashed"))
        return page

    def open(self, path: str) -> None:
        """Navigate the session's page to path (under dist/) and wait for app.js to start."""
        from playwright.sync_api import Error as PlaywrightError
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        try:
            self.page.goto(self.url(path))
            self.page.wait_for_function("() => window.pyriteApp !== undefined")
        except PlaywrightError as e:
            error = BrowserTimeout if isinstance(e, PlaywrightTimeout) else BrowserError
            raise error("open", type(e).__name__, f"{self.url(path)} did not start app.js: {e}",
                        list(self.console)) from None

    def url(self, path: str = "") -> str:
        return self.base_url + path.lstrip("/")

    def _log(self, line: str) -> None:
        self.console.append(line)
        del self.console[:-CONSOLE_KEEP]

    def close(self) -> None:
        for step in (lambda: self._browser and self._browser.close(), lambda: self._pw and self._pw.stop(),
                     lambda: self._server and (self._server.shutdown(), self._server.server_close())):
            try:
                step()
            except Exception:  # closing is best effort: one failed step must not leak the others
                pass
        self._browser = self._pw = self._server = self._context = self.page = None

    # -- requests --------------------------------------------------------------------------------

    def call(self, type: str, timeout_s: float | None = None, **payload: Any) -> dict[str, Any]:
        """One worker request by its protocol name (see web/worker.js) -> its result.

        A generate's result also carries "pieces" (the streamed text pieces, in order) and "text".
        Raises BrowserError (kind = the Python error class) or BrowserTimeout.
        """
        if self.page is None:
            raise BrowserError(type, "NotStarted", "the session is not started (use it as a context manager)")
        limit = timeout_s or (self.timeouts.load_s if type == "load" else self.timeouts.call_s)
        answer = self.page.evaluate(_CALL_JS, [type, payload, int(limit * 1000)])
        if not answer["ok"]:
            error = BrowserTimeout if answer["kind"] == "Timeout" else BrowserError
            raise error(type, answer["kind"], answer["message"], list(self.console))
        result = answer["result"]
        if type == "generate":
            result = {**result, "pieces": answer["pieces"], "text": "".join(answer["pieces"])}
        return result

    def load(self, model: str = DEFAULT_MODEL, max_ctx: int | None = None,
             options: dict[str, Any] | None = None) -> dict[str, Any]:
        """Load model through the page (its progress bar shows), with runtime options (those read at load,
        route_tuning and adapter_class, included); -> {model, config, device, max_ctx, gpu_bytes, tuning}."""
        return self.call("load", model=model, max_ctx=max_ctx, **({"options": options} if options else {}))

    def generate(self, prompt: str, **options: Any) -> dict[str, Any]:
        """Stream an answer: {text, pieces, stats, attest}; options as pyrite.js generate()."""
        return self.call("generate", prompt=prompt, options=options)

    def set_options(self, **options: Any) -> dict[str, Any]:
        """Runtime options of the loaded engine (read per execution, no rebuild); -> all of them."""
        return self.call("options", options=options)

    def set_profiling(self, on: bool) -> dict[str, Any]:
        """The profiling gate of the loaded engine for the generations that follow."""
        return self.call("profiling", on=on)

    def generate_ids(self, ids: list[int], max_tokens: int) -> dict[str, Any]:
        """Greedy continuation of token ids: {ids, stats}."""
        return self.call("generate_ids", ids=list(ids), max_tokens=max_tokens)

    def encode(self, text: str, chat: bool = False) -> list[int]:
        return self.call("encode", text=text, chat=chat)["ids"]

    def probe(self) -> dict[str, Any]:
        """The page's read roofline (Engine.measure_read_bandwidth): {gbps, kernel, nbytes, timer}; later
        generations' stats carry their fraction of it."""
        return self.call("probe")

    def profile(self, ids: list[int]) -> dict[str, list]:
        """GPU time per kernel (timestamp queries) of a prefill of ids and one decode step."""
        return self.call("profile", ids=list(ids))

    def score(self, ids: list[int], logits: bool = False, pick: list[list[int]] | None = None) -> dict[str, Any]:
        """Teacher-forced: {tokens, top1, logprob} (+ "logits": base64 f32 [len(ids), vocab]; + "picked":
        log p of pick[i] at each position i)."""
        return self.call("score", ids=list(ids), logits=logits, pick=pick)

    def run_cases(self, cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Kernel cases (pyrite.ops.single.Case.to_json()) -> [{outputs (base64), attest}], in order."""
        return self.call("cases", cases=cases)["results"]

    def info(self) -> dict[str, Any]:
        """The page's device: {backend, adapter, features, limits}."""
        return self.call("info")
