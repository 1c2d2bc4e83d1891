"""The OpenAI-shaped engine (createEngine in web/pyrite.js) from examples/api.html, the <pyrite-chat>
element from examples/embed.html, and the weight cache: a second load reads no weights from the network,
and a download that broke off resumes from the shards already kept."""
from __future__ import annotations

import json

import pytest

from .test_page_a11y import axe_violations


pytestmark = pytest.mark.browser

LOAD_MS = 900_000
MESSAGES = [{"role": "user", "content": "Name a color."}]


@pytest.fixture(scope="module")
def api(session, loaded):
    """examples/api.html with its engine ready, and every URL the page (worker included) requested."""
    page = session.new_page()
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(session.url("examples/api.html"))
    page.wait_for_function("() => window.engine !== undefined", timeout=LOAD_MS, polling=500)
    yield page, requested
    page.evaluate("window.engine.unload()")
    page.close()


def run(page, body: str, arg=None):
    """An async JS function body with `engine` and `arg` in scope -> its JSON result, or {error: {kind,
    message, field}} when it rejects."""
    return page.evaluate(f"""async (arg) => {{
      const engine = window.engine;
      try {{ {body} }} catch (e) {{ return {{error: {{kind: e.kind, message: e.message, field: e.details?.field}}}}; }}
    }}""", arg)


def test_a_second_load_reads_no_weights_from_the_network(api, loaded):
    page, requested = api
    assert any(u.endswith("/models/smollm2-135m/model.json") for u in requested), requested
    assert not [u for u in requested if u.endswith(".bin")], "weights came from the network again"
    usage = page.evaluate("import('../pyrite.js').then(m => m.cacheUsage())")
    assert usage["shards"] >= 1 and usage["bytes"] >= 90_000_000


def test_the_example_page_streams_a_chat(api):
    page, _ = api
    page.fill("#question", "What is the capital of France?")
    page.click("#send")
    page.wait_for_function("() => document.getElementById('usage').textContent !== ''", timeout=LOAD_MS)
    usage = json.loads(page.text_content("#usage"))
    assert page.text_content("#answer").strip()
    assert usage["finish_reason"] in ("stop", "length") and usage["completion_tokens"] >= 1
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]


def test_runtime_stats_carry_the_load_phases(api):
    page, _ = api
    stats = run(page, "return await engine.runtimeStats();")
    phases = stats["phases"]
    assert list(phases) == ["runtime", "weights", "upload", "plan", "pipelines"], phases
    assert all(s >= 0 for s in phases.values()) and abs(sum(phases.values()) - stats["ready_s"]) < 0.01, stats


def test_a_completion_has_the_openai_shape_and_usage(api):
    page, _ = api
    r = run(page, """
      const reply = await engine.chat.completions.create({messages: arg, max_tokens: 5});
      return {reply, stats: await engine.runtimeStats(), routes: await engine.routes()};""", MESSAGES)
    reply, stats = r["reply"], r["stats"]
    assert reply["object"] == "chat.completion" and reply["model"] == "smollm2-135m"
    choice = reply["choices"][0]
    assert choice["message"]["role"] == "assistant" and choice["message"]["content"]
    assert choice["finish_reason"] in ("stop", "length")
    assert reply["usage"] == {"prompt_tokens": stats["prompt_tokens"], "completion_tokens": stats["generated_tokens"],
                              "total_tokens": stats["prompt_tokens"] + stats["generated_tokens"]}
    assert r["routes"]["routes"]["decode"]["blk.0.attn_qkv"] == "qkv_fused/gemv_vec/norm_folded"


def test_the_same_seed_gives_the_same_text_twice(api):
    page, _ = api
    texts = run(page, """
      const out = [];
      for (let i = 0; i < 2; i++) {
        const r = await engine.completions.create({prompt: "Once upon a time", max_tokens: 8, temperature: 0.9, seed: 11});
        out.push(r.choices[0].text);
      }
      return out;""")
    assert texts[0] == texts[1] and texts[0]


COPY = [{"role": "user", "content": "Fix the typo in this sentence and write it out again: The weather in Paris was "
                                    "sunny and warm for the whole wek of the festival."}]


def test_prepare_compiles_a_speculative_forward_ahead_so_the_first_such_answer_waits_for_none(api):
    """engine.prepare({speculative}) starts a speculative forward's pipelines (seconds of compiling on a CPU
    adapter) before any speculative request, and with wait: true resolves once they are made: the first
    speculative answer then waits for no pipeline (runtimeStats().pipelines_waited). It runs before this
    module's speculative requests, so nothing made them before (a plain answer first: an engine's first
    may wait for the prefill's, which its load left compiling); a bad field is refused naming it."""
    page, _ = api
    r = run(page, """
      await engine.chat.completions.create({messages: arg, max_tokens: 1});
      const refusal = (p) => p.then(() => null, (e) => ({kind: e.kind, field: e.details?.field}));
      const bad = await refusal(engine.prepare({speculative: {method: "ngram", max_draft: 0}}));
      const prepared = await engine.prepare({speculative: "ngram", wait: true});
      const again = await engine.prepare();
      await engine.chat.completions.create({messages: arg, max_tokens: 16, speculative: "ngram"});
      return {bad, prepared, again, stats: await engine.runtimeStats()};""", COPY)
    assert r["bad"] == {"kind": "RequestError", "field": "speculative.max_draft"}, r
    assert r["prepared"]["compiling"] > 0 and r["again"]["compiling"] == 0, r
    assert r["stats"]["pipelines_waited"] == 0 and r["stats"]["drafted_tokens"] > 0, r


@pytest.mark.parametrize("sampling", [{}, {"temperature": 0.5, "top_k": 40, "seed": 5}], ids=["greedy", "draw"])
def test_speculative_decoding_answers_the_same_text_and_says_what_it_drafted(api, sampling):
    """In the page, through the JS API: the same text with speculative on and off (the shorthand and the
    object form), and under a response_format (drafts held to the schema), and usage.speculative counts
    the drafts (absent when off)."""
    page, _ = api
    r = run(page, """
      const ask = (speculative, format) => engine.chat.completions.create({messages: arg.messages, max_tokens: 32,
                                                                           ...arg.sampling, speculative,
                                                                           response_format: format});
      const off = await ask(false), on = await ask("ngram"), short = await ask({method: "ngram", max_draft: 3});
      const heldOff = await ask(false, arg.format), heldOn = await ask("ngram", arg.format);
      return {off: off.choices[0].message.content, on: on.choices[0].message.content,
              short: short.choices[0].message.content, offUsage: off.usage, onUsage: on.usage,
              heldOff: heldOff.choices[0].message.content, heldOn: heldOn.choices[0].message.content,
              heldUsage: heldOn.usage};""",
            {"messages": COPY, "sampling": sampling, "format": {"type": "json_schema", "json_schema": {
                "name": "fixed", "schema": {"type": "object", "properties": {"fixed": {"type": "string"}},
                                            "required": ["fixed"]}}}})
    assert r["off"] and r["on"] == r["off"] and r["short"] == r["off"], r
    assert "speculative" not in r["offUsage"]
    drafts = r["onUsage"]["speculative"]
    assert drafts["accepted"] > 0 and drafts["drafted"] >= drafts["accepted"], r
    assert r["heldOff"].startswith('{"fixed') and r["heldOn"] == r["heldOff"], r
    assert r["heldUsage"]["speculative"]["drafted"] >= r["heldUsage"]["speculative"]["accepted"], r


def test_a_draft_model_answers_the_same_text_and_one_of_another_vocabulary_is_refused(api):
    """speculative {method: "draft", model} through the JS API, the model named by its site id: SmolLM2
    drafting for itself gives the text without drafts and has every drafted token accepted; Qwen's
    vocabulary is refused naming speculative.model and both models, a draft method without a model by the
    page's own check, a model the site does not have by prepare; and the engine answers on."""
    page, _ = api
    r = run(page, """
      const ask = (speculative) => engine.chat.completions.create({messages: arg, max_tokens: 16, speculative});
      const refusal = (p) => p.then(() => null, (e) => ({kind: e.kind, field: e.details?.field, message: e.message}));
      const off = await ask(false), on = await ask({method: "draft", model: "smollm2-135m"});
      const other = await refusal(ask({method: "draft", model: "qwen2.5-coder-0.5b"}));
      const bare = await refusal(ask({method: "draft"}));
      const unknown = await refusal(engine.prepare({speculative: {method: "draft", model: "no-such-model"}}));
      const after = await ask(false);
      return {off: off.choices[0].message.content, on: on.choices[0].message.content, usage: on.usage, other,
              bare, unknown, after: after.choices[0].message.content};""", COPY)
    assert r["off"] and r["on"] == r["off"] and r["after"] == r["off"], r
    drafts = r["usage"]["speculative"]
    assert drafts["drafted"] == drafts["accepted"] > 0, r
    other = r["other"]
    assert other["kind"] == "RequestError" and other["field"] == "speculative.model", r
    assert "vocabularies differ" in other["message"] and "qwen" in other["message"].lower(), r
    for refused in (r["bare"], r["unknown"]):
        assert refused["kind"] == "RequestError" and refused["field"] == "speculative.model", r
    assert "no-such-model" in r["unknown"]["message"], r


def test_stop_strings_end_the_answer(api):
    page, _ = api
    r = run(page, """
      const whole = await engine.completions.create({prompt: "The history of the Roman Empire is", max_tokens: 12});
      const cut = await engine.completions.create({prompt: "The history of the Roman Empire is", max_tokens: 12,
                                                   stop: ["divided"]});
      return {whole: whole.choices[0].text, cut: cut.choices[0].text, finish: cut.choices[0].finish_reason};""")
    assert "divided" in r["whole"]
    assert r["cut"] == r["whole"][:r["whole"].index("divided")] and r["finish"] == "stop"


def test_three_turns_prefill_only_the_new_tokens(api):
    page, _ = api
    stats = run(page, """
      const messages = [{role: "user", content: "Name a color."}];
      const seen = [];
      for (const next of ["And another?", "Which is darker?", null]) {
        const r = await engine.chat.completions.create({messages, max_tokens: 5});
        seen.push(await engine.runtimeStats());
        if (next) messages.push(r.choices[0].message, {role: "user", content: next});
      }
      return seen;""")
    assert stats[0]["reused_tokens"] == 0
    for before, turn in zip(stats, stats[1:]):
        assert turn["reused_tokens"] >= before["prompt_tokens"], (before, turn)
        assert turn["prefilled_tokens"] == turn["prompt_tokens"] - turn["reused_tokens"] < 25, turn
        # a turn's chunk (8 tokens or more with SmolLM2's template) runs on the tiles a full prefill
        # compiled at load (Live.prefill), not on small tiles of its own: it waits for no pipeline
        assert turn["prefilled_tokens"] >= 8 and turn["pipelines_waited"] == 0, turn


def test_interrupt_mid_stream_then_a_new_request(api):
    page, _ = api
    r = run(page, """
      const chunks = [];
      for await (const chunk of await engine.chat.completions.create({messages: arg, max_tokens: 200, stream: true})) {
        chunks.push(chunk);
        if (chunks.length === 3) engine.interrupt();
      }
      const after = await engine.chat.completions.create({messages: arg, max_tokens: 3});
      return {chunks, after};""", MESSAGES)
    last = r["chunks"][-1]
    assert last["choices"][0]["finish_reason"] == "abort" and last["usage"]["completion_tokens"] < 20
    assert all(c["object"] == "chat.completion.chunk" for c in r["chunks"])
    assert r["after"]["choices"][0]["message"]["content"]


@pytest.mark.parametrize("request_,kind,field", [
    ({"messages": MESSAGES, "max_tokens": -3}, "RequestError", "max_tokens"),
    ({"messages": MESSAGES, "top_p": 1.5}, "SamplingError", "top_p"),
    ({"messages": MESSAGES, "temperature": -1}, "SamplingError", "temperature"),
    ({"messages": MESSAGES, "top_k": 300}, "SamplingError", "top_k"),  # the draw's candidates, as Python says
    ({"messages": MESSAGES, "repetition_window": 0, "stop": ["a", "b", "c", "d", "e"]}, None, None),
    ({"messages": "hi"}, "RequestError", "messages"),
    ({"messages": [{"role": "robot", "content": "x"}]}, "RequestError", "messages[0].role"),
    ({"messages": MESSAGES, "beam_width": 4}, "RequestError", "beam_width"),
    ({"messages": MESSAGES, "speculative": {"method": "medusa"}}, "RequestError", "speculative.method"),
    ({"messages": MESSAGES, "speculative": {"method": "ngram", "max_draft": 17}}, "RequestError",
     "speculative.max_draft"),
])
def test_invalid_fields_reject_with_their_kind_naming_the_field(api, request_, kind, field):
    """As Python's schema says (top_k at most 256, a window of 0, any number of stop strings)."""
    page, _ = api
    r = run(page, "const reply = await engine.chat.completions.create({...arg, max_tokens: arg.max_tokens ?? 1});"
                  "return {ok: reply.object};", request_)
    if kind is None:
        assert r == {"ok": "chat.completion"}, r
        return
    assert r["error"]["kind"] == kind and r["error"]["field"] == field, r
    assert field.split("[")[0] in r["error"]["message"]


def test_a_model_by_id_or_by_directory_url_and_what_is_refused(api):
    """An unknown id is a RequestError; a directory that is not a model a ModelFormatError naming its
    model.json; a model directory named by its URL relative to the page loads, beside the first engine."""
    page, _ = api
    r = page.evaluate("""async () => {
      const { createEngine } = await import("../pyrite.js");
      const refusal = (p) => p.then(() => null, (e) => ({kind: e.kind, message: e.message, field: e.details?.field}));
      const unknown = await refusal(createEngine({model: "no-such-model", baseUrl: "../"}));
      const notModel = await refusal(createEngine({model: "../wheels/"}));
      const second = await createEngine({model: "../models/smollm2-135m/"});
      const [a, b] = await Promise.all([
        window.engine.completions.create({prompt: "The history of the Roman Empire is", max_tokens: 4}),
        second.completions.create({prompt: "The history of the Roman Empire is", max_tokens: 4})]);
      await second.unload();
      return {unknown, notModel, base: new URL("../wheels/", location.href).href, model: second.model,
              a: a.choices[0].text, b: b.choices[0].text};
    }""")
    assert r["unknown"]["kind"] == "RequestError" and "no-such-model" in r["unknown"]["message"]
    assert r["unknown"]["field"] == "model"
    assert r["notModel"]["kind"] == "ModelFormatError", r["notModel"]
    assert r["notModel"]["message"].startswith(r["base"] + "model.json: HTTP 404"), r["notModel"]
    assert "not a pyrite model directory" in r["notModel"]["message"]
    assert r["model"] == "../models/smollm2-135m/"
    assert r["a"] == r["b"] and r["a"].startswith(" often")


# <pyrite-chat>'s progress events, recorded from the page's start (capture: they do not bubble)
RECORD_ELEMENT_PROGRESS = """window.__progress = [];
document.addEventListener("pyrite-progress", (e) => window.__progress.push(e.detail), true);"""


def test_the_chat_element_answers_and_takes_its_theme(session, loaded):
    page = session.new_page()
    try:
        page.add_init_script(RECORD_ELEMENT_PROGRESS)
        page.goto(session.url("examples/embed.html"))
        page.wait_for_function("() => document.querySelector('pyrite-chat')?.engine != null", timeout=LOAD_MS,
                               polling=500)
        progress = page.evaluate("window.__progress")
        assert list(dict.fromkeys(p["phase"] for p in progress)) == ["runtime", "weights", "upload", "plan",
                                                                     "pipelines"], progress
        fractions = [p["fraction"] for p in progress]
        assert fractions == sorted(fractions) and fractions[-1] == 1, fractions  # one bar, only forward
        assert page.evaluate("document.querySelector('pyrite-chat').ui.progress.hidden")  # gone once ready
        page.evaluate("""() => { const engine = document.querySelector('pyrite-chat').engine;
                                 const prepare = engine.prepare.bind(engine);
                                 window.prepared = [];
                                 engine.prepare = (o) => { window.prepared.push(o); return prepare(o); }; }""")
        page.evaluate("document.querySelector('pyrite-chat').setAttribute('speculative', '')")
        # the attribute starts its forwards compiling at once, not at the first question
        assert page.evaluate("window.prepared") == [{"speculative": "ngram", "temperature": 0}]
        page.fill("pyrite-chat textarea", "Name a color.")
        page.click("pyrite-chat .send")
        page.wait_for_function("() => document.querySelector('pyrite-chat').messages.length === 2", timeout=LOAD_MS)
        answer = page.text_content("pyrite-chat .msg.assistant")
        assert answer and answer == page.evaluate("document.querySelector('pyrite-chat').messages[1].content")
        stats = page.evaluate("document.querySelector('pyrite-chat').engine.runtimeStats()")
        assert stats["speculative"] == "ngram", stats  # the attribute reached the request
        page.evaluate("document.querySelector('pyrite-chat').setAttribute('draft-model', 'smollm2-135m')")
        assert page.evaluate("window.prepared")[-1] == {"speculative": {"method": "draft", "model": "smollm2-135m"},
                                                        "temperature": 0}
        # the request's field is the same _speculative() (a draft model's answers: the test above)
        assert page.evaluate("document.querySelector('pyrite-chat')._speculative()") == {
            "method": "draft", "model": "smollm2-135m"}
        assert page.evaluate("getComputedStyle(document.querySelector('pyrite-chat').shadowRoot"
                             ".querySelector('.send')).backgroundColor") == "rgb(130, 80, 223)"  # examples.css
        # preload=False: axe's copy of the element's stylesheet would be the only CSP violation in the session
        serious = [f"{v['id']}: {v['help']} ({v['targets']})" for v in axe_violations(page, preload=False)]
        assert not serious, "axe, <pyrite-chat> with an answer:\n" + "\n".join(serious)
        page.click("pyrite-chat .new")
        assert page.evaluate("document.querySelector('pyrite-chat').messages.length") == 0
    finally:
        page.evaluate("document.querySelector('pyrite-chat').engine?.unload()")
        page.close()


def test_a_broken_download_is_a_clear_error_and_the_retry_resumes_from_the_kept_shards(session, loaded):
    """Qwen2.5-Coder (six shards): its third shard's download fails; loading again fetches only the shards
    not kept yet."""
    page = session.new_page()
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.route("**/qwen2.5-coder-0.5b/weights-00003.bin", lambda route: route.abort("connectionreset"))
    try:
        page.goto(session.url("examples/api.html?model=no-such-model"))  # its own engine fails: the page is idle
        # no shard kept yet (an earlier test may have loaded Qwen in this browser: examples/tools.html)
        page.evaluate("""async () => (await import("../pyrite.js")).clearCache()""")
        load = """async () => {
          const { createEngine } = await import("../pyrite.js");
          try {
            const e = await createEngine({model: "qwen2.5-coder-0.5b", baseUrl: "../"});
            await e.unload();
            return {ok: true};
          } catch (e) { return {kind: e.kind, message: e.message}; }
        }"""
        first = page.evaluate(load)
        assert first["kind"] == "ModelFormatError" and "weights-00003.bin" in first["message"], first
        assert "download failed" in first["message"] and "resumes" in first["message"]
        fetched_first = {u.rsplit("/", 1)[1] for u in requested if u.endswith(".bin")}
        assert "weights-00001.bin" in fetched_first
        page.unroute("**/qwen2.5-coder-0.5b/weights-00003.bin")
        requested.clear()
        assert page.evaluate(load) == {"ok": True}
        again = {u.rsplit("/", 1)[1] for u in requested if u.endswith(".bin")}
        assert "weights-00003.bin" in again and not again & (fetched_first - {"weights-00003.bin"}), again
    finally:
        page.close()


def test_a_quota_too_small_for_the_weights_loads_uncached_with_a_notice(session, loaded):
    """The origin's storage quota cut to 1 MB (DevTools' Storage.overrideQuotaForOrigin): the model still
    loads and answers, nothing is kept, and the engine says why."""
    page = session.new_page()
    cdp = page.context.new_cdp_session(page)
    origin = session.url().rstrip("/")
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": 1_000_000})
    try:
        page.goto(session.url("examples/api.html?model=no-such-model"))  # its own engine fails: the page is idle
        r = page.evaluate("""async () => {
          const { createEngine, clearCache, cacheUsage } = await import("../pyrite.js");
          await clearCache();
          const e = await createEngine({model: "smollm2-135m", baseUrl: "../"});
          const reply = await e.completions.create({prompt: "The history of the Roman Empire is", max_tokens: 3});
          const out = {notices: e.notices, text: reply.choices[0].text, usage: await cacheUsage()};
          await e.unload();
          return out;
        }""")
        assert r["text"].startswith(" often") and r["usage"]["shards"] == 0
        assert any("not cached" in n for n in r["notices"]), r["notices"]
    finally:
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin})
        page.close()
