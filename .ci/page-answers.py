"""The served page answers in headless Chromium, as a person would use it: open it, wait for Ready (the
default model loads by itself), type a question, press Enter, wait for the answer. Chromium brings its own
WebGPU adapter (SwiftShader); nothing here needs a GPU or a driver on the machine.

    python page-answers.py URL     (Playwright installed; Debian's chromium on PATH)
Exits non-zero, with the page's status and console, when any step fails."""
from __future__ import annotations

import shutil
import sys

from playwright.sync_api import sync_playwright

FLAGS = ["--enable-unsafe-webgpu", "--no-sandbox", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]
STATE = "() => document.getElementById('status').dataset.state"


def main(url: str) -> int:
    console: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=FLAGS)
        page = browser.new_page()
        page.on("console", lambda m: console.append(f"[{m.type}] {m.text}"))
        page.on("pageerror", lambda e: console.append(f"[pageerror] {e}"))
        try:
            page.goto(url)
            page.wait_for_function(f"() => ({STATE})() === 'ready' || ({STATE})() === 'error'", timeout=600_000)
            if page.evaluate(STATE) != "ready":
                raise RuntimeError(f"the model did not load: {page.text_content('#status')}")
            page.evaluate("document.getElementById('settings').open = true")
            page.fill("#max-tokens", "8")
            page.fill("#prompt", "What is the capital of France?")
            page.press("#prompt", "Enter")
            page.wait_for_function(f"() => ({STATE})() === 'generating'", timeout=60_000)
            page.wait_for_function(f"() => ({STATE})() !== 'generating'", timeout=600_000, polling=500)
            answer = page.eval_on_selector_all("#log .msg.assistant", "ms => ms.map(m => m.textContent)")
            if page.evaluate(STATE) != "ready" or not answer or not answer[-1].strip():
                raise RuntimeError(f"no answer: status {page.text_content('#status')!r}, log {answer!r}")
            print(f"[page-answers] ok: {url} answered {answer[-1].strip()!r} ({page.text_content('#status')})")
            return 0
        except Exception as exc:
            print(f"[page-answers] FAILED: {exc}", file=sys.stderr)
            print("\n".join(console[-40:]), file=sys.stderr)
            return 1
        finally:
            browser.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
