"""The page's converter against the native one: a GGUF converted in headless Chromium (Pyrite.convert: the
worker reads the File in slices, repacks with quant/purepack.py, writes OPFS) and natively
(models/convert.py, numpy), each timed, with the ratio, the load average and the adapter.

    python build.py bench --convert [--model qwen2.5-coder-0.5b]

The local model the page made is deleted afterwards; the native one is written to a temporary directory.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from pyrite.driver import DIST, BrowserSession  # noqa: E402
from pyrite.models import sources  # noqa: E402
from pyrite.models.convert import convert_gguf  # noqa: E402

FETCH = {"smollm2-135m": sources.fetch_smollm2, "qwen2.5-coder-0.5b": sources.fetch_qwen25_coder}
CONVERT_JS = """async () => {
  const file = document.getElementById("bench-source").files[0];
  const t0 = performance.now();
  const made = await window.pyriteApp.instance().convert(file);
  const seconds = (performance.now() - t0) / 1000;
  const { removeLocal } = await import("./local.js");
  await removeLocal(made.key);
  return { seconds, ...made, adapter: (await window.pyriteApp.instance().info()).adapter };
}"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="qwen2.5-coder-0.5b", choices=sorted(FETCH))
    args = ap.parse_args()
    gguf = FETCH[args.model]()
    size = gguf.stat().st_size
    with BrowserSession(DIST) as s:
        s.page.evaluate("""() => { const i = document.createElement('input'); i.type = 'file'; i.hidden = true;
                                   i.id = 'bench-source'; document.body.append(i); }""")
        s.page.set_input_files("#bench-source", str(gguf))
        s.call("info")  # boot Python first: the conversion's time is the conversion's
        page = s.page.evaluate(CONVERT_JS)
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        convert_gguf(gguf, Path(tmp) / "m")
        native = time.perf_counter() - t0
    a = page["adapter"]
    print(f"{gguf.name}: {size / 1e6:.0f} MB GGUF, {page['tensors']} tensors, {page['bytes'] / 1e6:.0f} MB kept")
    print(f"  page (Chromium, {a.get('vendor') or '?'} {a.get('architecture') or ''}): {page['seconds']:.1f} s, "
          f"{size / 1e6 / page['seconds']:.0f} MB/s")
    print(f"  native (numpy):  {native:.1f} s, {size / 1e6 / native:.0f} MB/s;  page / native = "
          f"{page['seconds'] / native:.2f}")
    print(f"  load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
