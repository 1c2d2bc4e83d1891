"""Bring your own model: a GGUF dropped on the page (a synthetic drop event carrying a real File) is
converted in the worker, kept in the origin's storage and answers; a reload lists it and answers with no
weight fetched from the network and no conversion; delete removes it and frees its storage. Bad files
picked through the file chooser are refused, named, keep nothing, and leave the page usable.

A page of its own in the session's context (the shared page keeps the served SmolLM2)."""
from __future__ import annotations

import json
import re

import numpy as np
import pytest

from support.gguf import write_gguf, write_tiny_gguf
from .test_page import ask, finish, state

pytestmark = [pytest.mark.browser, pytest.mark.model]

CONVERT_MS = 600_000  # SmolLM2's 100 MB GGUF converted, hashed and loaded on SwiftShader
LOCAL_JS = """async () => {
  const { listLocal } = await import("./local.js");
  const { usage } = await navigator.storage.estimate();
  const root = await (await navigator.storage.getDirectory()).getDirectoryHandle("pyrite-models", {create: true});
  const dirs = [];
  for await (const [name] of root.entries()) dirs.push(name);
  return {models: await listLocal(), usage, dirs};
}"""
# A synthetic drop on the page of the File a hidden test input holds (Playwright sets it from disk).
DROP_JS = """() => {
  const dt = new DataTransfer();
  dt.items.add(document.getElementById("test-drop-source").files[0]);
  document.querySelector("main").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
}"""
READY_LOCAL_JS = """() => document.getElementById('status').dataset.state === 'ready' &&
                     document.getElementById('model').value.startsWith('local:') && window.pyrite?.model"""


@pytest.fixture
def fresh(session, loaded):
    page = session.new_page()
    try:
        page.goto(session.url("index.html?autoload=0"))
        page.wait_for_function("() => window.pyriteApp !== undefined")
        yield page
    finally:
        page.close()


def drop(page, path) -> None:
    page.evaluate("""() => { const i = document.createElement('input'); i.type = 'file'; i.hidden = true;
                              i.id = 'test-drop-source'; document.body.append(i); }""")
    page.set_input_files("#test-drop-source", str(path))
    page.evaluate(DROP_JS)


def answers(page) -> str:
    ask(page, "What is the capital of France?", max_tokens=6, chat=True)
    assert finish(page) == "ready", page.text_content("#status")
    return page.text_content("#output")


def test_a_dropped_gguf_converts_answers_reloads_from_storage_and_deletes(session, fresh, smollm2_gguf):
    page = fresh
    phases = []
    page.expose_function("__phase", lambda p: phases.append(p))
    page.evaluate("""() => new MutationObserver(() => window.__phase(document.getElementById('progress-label')
                     .textContent)).observe(document.getElementById('progress-label'), {childList: true})""")
    drop(page, smollm2_gguf)
    page.wait_for_function(READY_LOCAL_JS, timeout=CONVERT_MS, polling=500)
    key = page.input_value("#model")
    counts = [m.groups() for p in phases if (m := re.fullmatch(r"Converting the file: tensor (\d+)/(\d+)", p))]
    assert len(counts) > 10 and counts[-1][0] == counts[-1][1], phases  # per tensor, to the last
    info = page.evaluate("window.pyrite.model")
    assert info["model"] == "smollm2-135m" and info["config"]["arch"] == "llama"
    assert answers(page)
    first = page.evaluate(LOCAL_JS)
    mine = next(m for m in first["models"] if f"local:{m['key']}" == key)
    assert mine["recipe"] == "exact" and mine["source"] == smollm2_gguf.name
    assert abs(mine["bytes"] - smollm2_gguf.stat().st_size) < 0.05 * smollm2_gguf.stat().st_size
    listed = page.eval_on_selector_all("#model option", "os => os.map(o => [o.value, o.textContent])")
    assert [key, f"{mine['name']} (llama, exact, {mine['bytes'] / 1e6:.0f} MB, local)"] in listed

    fetched = []
    page.on("request", lambda r: fetched.append(r.url))
    page.goto(session.url(f"index.html?model={key}"))
    page.wait_for_function(READY_LOCAL_JS, timeout=CONVERT_MS, polling=500)
    assert page.input_value("#model") == key
    assert page.evaluate("window.pyrite.model.phases.convert") is None  # a load: no conversion
    assert not [u for u in fetched if "weights-" in u or u.endswith(".gguf")], fetched
    assert answers(page)
    api = page.evaluate("""async (key) => {
      const { createEngine } = await import("./pyrite.js");
      const engine = await createEngine({ model: key });
      const reply = await engine.chat.completions.create({ messages: [{ role: "user", content: "Hi" }], max_tokens: 3 });
      await engine.unload();
      return { model: reply.model, text: reply.choices[0].message.content, tokens: reply.usage.completion_tokens };
    }""", key)
    assert api["model"] == key and api["text"] and 1 <= api["tokens"] <= 3, api  # the JS API loads it too

    page.click("#delete-local")
    page.wait_for_function(f"() => ![...document.querySelectorAll('#model option')].some(o => o.value === {json.dumps(key)})")
    after = page.evaluate(LOCAL_JS)
    assert key.split(":", 1)[1] not in after["dirs"] and all(f"local:{m['key']}" != key for m in after["models"])
    assert after["usage"] <= first["usage"] - 0.9 * mine["bytes"], (first["usage"], after["usage"])
    assert "Deleted" in page.text_content("#status")


def test_bad_files_are_refused_by_name_and_keep_nothing(fresh, tmp_path):
    page = fresh
    junk = tmp_path / "notes.gguf"
    junk.write_bytes(b"these are my notes, not a model\n" * 64)
    tiny = write_tiny_gguf(tmp_path / "tiny.gguf")
    cut = tmp_path / "cut.gguf"
    cut.write_bytes(tiny.read_bytes()[:-4096])
    q2 = write_gguf(tmp_path / "q2.gguf", {"w": (np.zeros((32, 84), np.uint8), "Q2_K")})
    mamba = write_gguf(tmp_path / "mamba.gguf", {"w": (np.zeros((4, 32), np.float32), "F32")}, arch="mamba")
    before = page.evaluate(LOCAL_JS)["dirs"]
    for path, named in ((junk, "not a GGUF file"), (cut, "truncated"), (q2, "Q2_K"), (mamba, "'mamba'")):
        with page.expect_file_chooser() as chooser:
            page.click("#pick-file")
        chooser.value.set_files(str(path))
        page.wait_for_function(f"() => document.getElementById('status').textContent.includes("
                               f"{json.dumps('Could not convert ' + path.name)})", timeout=120_000, polling=250)
        status = page.text_content("#status")
        assert named in status, status
        assert page.evaluate(LOCAL_JS)["dirs"] == before, path.name
        assert page.is_enabled("#pick-file") and state(page) in ("ready", "error")


def test_a_stopped_conversion_or_a_closed_tab_keeps_nothing(session, fresh, smollm2_gguf):
    page = fresh
    before = page.evaluate(LOCAL_JS)["dirs"]
    drop(page, smollm2_gguf)
    page.wait_for_function("() => /tensor [1-9]\\d*\\//.test(document.getElementById('progress-label').textContent)",
                           timeout=CONVERT_MS, polling=100)
    assert page.is_enabled("#stop")
    page.click("#stop")
    page.wait_for_function("() => document.getElementById('status').textContent.includes('Could not convert')",
                           timeout=CONVERT_MS, polling=250)
    assert "StoppedError" in page.text_content("#status") and "nothing was kept" in page.text_content("#status")
    assert page.evaluate(LOCAL_JS)["dirs"] == before

    drop(page, smollm2_gguf)  # again, and the tab closes half way
    page.wait_for_function("() => /tensor [1-9]\\d*\\//.test(document.getElementById('progress-label').textContent)",
                           timeout=CONVERT_MS, polling=100)
    page.close()
    later = session.new_page()
    try:
        later.goto(session.url("index.html?autoload=0"))
        later.wait_for_function("() => window.pyriteApp !== undefined")
        # the closed tab's worker may take a moment to end and let go of its directory's lock
        later.wait_for_function(f"async () => {{ const r = await ({LOCAL_JS})(); "
                                f"return JSON.stringify(r.dirs) === {json.dumps(json.dumps(before))}; }}",
                                timeout=60_000, polling=1000)
        assert [o for o in later.eval_on_selector_all("#model option", "os => os.map(o => o.value)")
                if o.startswith("local:")] == []
    finally:
        later.close()


WEATHER = {"type": "function", "function": {"name": "get_weather", "description": "The current weather of a city",
           "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}
# The JS API on a converted local model: a reply, a streamed one (its chunks folded into a reply's shape:
# the streamed deltas' role, the last chunk's finish_reason and usage) and, given tools, a reply with them.
CHAT_API_MESSAGES = [{"role": "system", "content": "You are a helpful assistant."},
                     {"role": "user", "content": "What is the weather in Paris?"}]
CHAT_API_JS = """async ({key, messages, tools}) => {
  const { createEngine } = await import("./pyrite.js");
  const engine = await createEngine({ model: key, maxCtx: 512 });
  try {
    const replies = [await engine.chat.completions.create({ messages, max_tokens: 4 })];
    const chunks = [];
    const stream = await engine.chat.completions.create({ messages, max_tokens: 4, stream: true });
    for await (const c of stream) chunks.push(c);
    const last = chunks[chunks.length - 1];
    const roles = [...new Set(chunks.slice(0, -1).map((c) => c.choices[0].delta.role))];
    replies.push({ model: last.model, usage: last.usage, choices: [{ finish_reason: last.choices[0].finish_reason,
                   message: { role: roles.length === 1 ? roles[0] : roles.join(","), content: "" } }] });
    if (tools) replies.push(await engine.chat.completions.create({ messages, tools, max_tokens: 4 }));
    return replies;
  } finally {
    await engine.unload();
  }
}"""


@pytest.mark.parametrize("kind, how", [("qwen3-0.6b", "folder chooser"), ("llama-3.2-1b", "drop")])
def test_an_hf_folder_converts_in_the_page_and_matches_transformers(fresh, tmp_path, kind, how):
    """The random-weight HF geometries (tests/hf_checkpoints.py) with a trained tokenizer and their real chat
    template, brought as a folder: converted in the page, listed, their logits within the native bound of
    transformers' (1e-3 relative), answering through the JS API's chat.completions.create, then deleted."""
    import base64
    import random
    import time

    import torch

    from hf_checkpoints import VOCAB, assert_logits_match, hf_tokenizer, load_checkpoint, make_chat_checkpoint
    page = fresh
    ckpt = make_chat_checkpoint(kind, tmp_path / kind,
                                dtype=torch.bfloat16 if kind.startswith("llama") else torch.float32)
    if how == "drop":
        page.evaluate("""() => { const i = document.createElement('input'); i.type = 'file'; i.multiple = true;
                                  i.hidden = true; i.id = 'test-drop-source'; document.body.append(i); }""")
        page.set_input_files("#test-drop-source", [str(p) for p in sorted(ckpt.iterdir())])
        page.evaluate(DROP_JS.replace("dt.items.add(document.getElementById(\"test-drop-source\").files[0]);",
                                      "for (const f of document.getElementById('test-drop-source').files) dt.items.add(f);"))
    else:
        with page.expect_file_chooser() as chooser:
            page.click("#pick-folder")
        chooser.value.set_files(str(ckpt))
    page.wait_for_function(READY_LOCAL_JS, timeout=CONVERT_MS, polling=500)
    key = page.input_value("#model")
    info = page.evaluate("window.pyrite.model")
    assert info["config"]["arch"] == {"llama-3.2-1b": "llama", "qwen3-0.6b": "qwen3"}[kind]
    if how == "folder chooser":
        assert info["model"] == kind  # the folder's own name
    ids = random.Random(1).choices(range(VOCAB), k=32)
    r = page.evaluate("(ids) => window.pyrite.score(ids, true)", ids)
    ours = np.frombuffer(base64.b64decode(r["logits"]), dtype="<f4").reshape(32, VOCAB)
    with torch.inference_mode():
        ref = load_checkpoint(ckpt)(torch.tensor([ids])).logits[0].numpy()
    assert_logits_match(ours, ref)
    t0 = time.perf_counter()
    tools = [WEATHER] if kind.startswith("qwen") else None
    replies = page.evaluate(CHAT_API_JS, {"key": key, "messages": CHAT_API_MESSAGES, "tools": tools})
    print(f"\n{kind}: createEngine and {len(replies)} chat completions in {time.perf_counter() - t0:.1f} s")
    prompt = hf_tokenizer(ckpt).apply_chat_template(CHAT_API_MESSAGES, add_generation_prompt=True, tokenize=True,
                                                    return_dict=False)
    for reply in replies:
        choice, usage = reply["choices"][0], reply["usage"]
        assert choice["message"]["role"] == "assistant" and reply["model"] == key, reply
        assert choice["finish_reason"] in ("stop", "length", "tool_calls"), reply
        assert 0 <= usage["completion_tokens"] <= 4, reply
        assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"], reply
    assert [r["usage"]["prompt_tokens"] for r in replies[:2]] == [len(prompt)] * 2  # transformers' prompt
    assert len(replies) == 2 or replies[2]["usage"]["prompt_tokens"] > len(prompt) + 50  # the tools shown
    page.click("#delete-local")
    page.wait_for_function(f"() => ![...document.querySelectorAll('#model option')].some(o => o.value === {json.dumps(key)})")
    assert key.split(":", 1)[1] not in page.evaluate(LOCAL_JS)["dirs"]
