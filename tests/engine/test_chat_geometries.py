"""Chat on the random-weight Qwen3-0.6B and Llama-3.2-1B geometries (tests/hf_checkpoints.py) with a
trained tokenizer and their real chat templates, converted from the HF folder (native, real adapter):
pyrite's tokenizer encodes as HF's; every prompt (system or not, multi-turn, tools, a tool's result,
Qwen3 with and without thinking, reasoning in the history) is transformers' apply_chat_template's, id
for id; Engine.chat and chat_completion (streamed or not) answer in OpenAI's shape with consistent usage;
a forced call and a json_object answer stay in their language; and a turn whose template drops earlier
thinking reuses exactly the common prefix of what the KV cache held and its prompt."""
from __future__ import annotations

import json
from contextlib import aclosing
from pathlib import Path

import pytest
import torch

from hf_checkpoints import CHAT_FORMATS, hf_tokenizer, make_chat_checkpoint
from json_matrix import check_answer
from pyrite.chat.completion import ChatTurn
from pyrite.kvstate import common_prefix
from pyrite.models.convert_hf import convert_hf
from pyrite.models.format import load_index
from pyrite.prompt import Prompts
from pyrite.sampling import SamplingParams
from pyrite.sync import run_sync
from pyrite.tokenizer import Tokenizer

pytestmark = pytest.mark.gpu

KINDS = sorted(CHAT_FORMATS)
MAX_CTX = 512
WEATHER = {"type": "function", "function": {
    "name": "get_weather", "description": "The current weather of a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string", "maxLength": 12}},
                   "required": ["city"]}}}
SYSTEM = {"role": "system", "content": "You are a helpful assistant. Answer in one sentence."}
USER = {"role": "user", "content": "What is the weather in Paris tomorrow?"}
CALL = {"role": "assistant", "content": None, "tool_calls": [
    {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}}]}
RESULT = {"role": "tool", "tool_call_id": "call_1", "content": '{"temperature_c": 18, "sky": "cloudy"}'}
CONVERSATIONS = {  # name -> (messages, the turn's fields)
    "user": ([USER], {}),
    "system": ([SYSTEM, USER], {}),
    "multi-turn": ([SYSTEM, USER, {"role": "assistant", "content": "Cloudy, with rain after noon."},
                    {"role": "user", "content": "And in London?"}], {}),
    "tools": ([SYSTEM, USER], {"tools": [WEATHER]}),
    "tool result": ([USER, CALL, RESULT], {"tools": [WEATHER]}),
    "thinking": ([SYSTEM, USER], {"enable_thinking": True}),
    "no thinking": ([SYSTEM, USER], {"enable_thinking": False}),
    "reasoning in the history": ([USER, {"role": "assistant", "content": "Cloudy.",
                                         "reasoning_content": "The user asks about the weather."},
                                  {"role": "user", "content": "Thanks! And in London?"}], {}),
}


@pytest.fixture(scope="module")
def chat_models(tmp_path_factory):
    """kind -> (HF chat checkpoint, its exact pyrite conversion), each made once on first use (Llama's
    weights in bf16, as test_convert_hf's)."""
    made: dict[str, tuple[Path, Path]] = {}

    def get(kind: str) -> tuple[Path, Path]:
        if kind not in made:
            root = tmp_path_factory.mktemp(kind)
            dtype = torch.bfloat16 if kind.startswith("llama") else torch.float32
            ckpt = make_chat_checkpoint(kind, root / kind, dtype=dtype)
            made[kind] = ckpt, convert_hf(ckpt, root / "pyrite")
        return made[kind]
    return get


@pytest.fixture(scope="module")
def engines(device, chat_models):
    """kind -> a loaded native Engine (max_ctx 512), loaded once on first use."""
    from pyrite.engine import Engine
    loaded: dict[str, Engine] = {}

    def get(kind: str) -> Engine:
        if kind not in loaded:
            loaded[kind] = run_sync(Engine.load(chat_models(kind)[1], device=device, max_ctx=MAX_CTX, max_seq=64))
        return loaded[kind]
    yield get
    for engine in loaded.values():
        engine.close()


@pytest.fixture(params=KINDS)
def kind(request) -> str:
    return request.param


@pytest.fixture(scope="module")
def references(chat_models):
    """kind -> the prompt ids transformers gives for (messages, the turn's fields), with the checkpoint's
    own tokenizer and template."""
    def get(kind: str):
        hf = hf_tokenizer(chat_models(kind)[0])

        def ids(messages: list[dict], tools: list[dict] | None = None, **variables) -> list[int]:
            return hf.apply_chat_template(hf_messages(messages), tools=tools or None,
                                          add_generation_prompt=True, tokenize=True, return_dict=False, **variables)
        return ids
    return get


@pytest.fixture
def reference(kind, references):
    return references(kind)


def prompts_of(model: Path) -> Prompts:
    index = load_index(model)
    return Prompts(index.name, Tokenizer.from_dict(index.tokenizer), index.chat_template, MAX_CTX)


def hf_messages(messages: list[dict]) -> list[dict]:
    """A conversation as transformers' templates take it: a call's arguments as an object, the content of a
    message of calls as "" (Qwen3's template concatenates it)."""
    out = []
    for m in messages:
        if m.get("tool_calls"):
            m = {**m, "content": m["content"] or "", "tool_calls": [
                {**c, "function": {**c["function"], "arguments": json.loads(c["function"]["arguments"])}}
                for c in m["tool_calls"]]}
        out.append(m)
    return out


def chat(engine, messages, **kw) -> str:
    async def go():
        return "".join([p async for p in engine.chat(messages, **kw)])
    return run_sync(go())


def complete(engine, messages, **kw) -> dict:
    return run_sync(engine.chat_completion(messages, **kw))


def stream(engine, messages, **kw) -> list[dict]:
    async def go():
        return [c async for c in await engine.chat_completion(messages, stream=True, **kw)]
    return run_sync(go())


def check_reply(reply: dict, prompt_tokens: int, max_tokens: int) -> dict:
    """A chat.completion's shape and usage; its choice."""
    assert reply["object"] == "chat.completion" and reply["id"].startswith("chatcmpl-") and len(reply["choices"]) == 1
    choice, usage = reply["choices"][0], reply["usage"]
    message, finish = choice["message"], choice["finish_reason"]
    assert message["role"] == "assistant" and finish in ("stop", "length", "tool_calls"), reply
    assert isinstance(message["content"], str) or (message["content"] is None and message.get("tool_calls")), reply
    assert usage["prompt_tokens"] == prompt_tokens, (usage, prompt_tokens)
    assert usage["total_tokens"] == prompt_tokens + usage["completion_tokens"]
    assert 0 <= usage["completion_tokens"] <= max_tokens
    assert (usage["completion_tokens"] == max_tokens) == (finish == "length") or finish == "tool_calls", reply
    return choice


def check_chunks(chunks: list[dict], prompt_tokens: int, max_tokens: int) -> str:
    """A stream of chat.completion.chunk objects: one id, deltas from the assistant, then an empty delta
    with the finish_reason and the usage; the content it streamed."""
    assert len({c["id"] for c in chunks}) == 1 and all(c["object"] == "chat.completion.chunk" for c in chunks)
    *deltas, last = [c["choices"][0] for c in chunks]
    assert all(d["finish_reason"] is None and d["delta"]["role"] == "assistant" for d in deltas), deltas
    assert last["delta"] == {} and last["finish_reason"] in ("stop", "length", "tool_calls"), last
    usage = chunks[-1]["usage"]
    assert usage["prompt_tokens"] == prompt_tokens, (usage, prompt_tokens)
    assert usage["total_tokens"] == prompt_tokens + usage["completion_tokens"], usage
    assert (usage["completion_tokens"] == max_tokens) == (last["finish_reason"] == "length") or \
        last["finish_reason"] == "tool_calls", usage
    return "".join(d["delta"].get("content") or "" for d in deltas)


def spy_tokens(engine, monkeypatch) -> list[int]:
    """The token ids the engine's next generations show (appended as they stream)."""
    got: list[int] = []
    original = engine.generate_ids

    async def recording(*args, **kw):
        async with aclosing(original(*args, **kw)) as tokens:
            async for token in tokens:
                got.append(token)
                yield token
    monkeypatch.setattr(engine, "generate_ids", recording)
    return got


# ---- the tokenizer and the prompts (no GPU work) -----------------------------------------------------

def test_the_converted_tokenizer_encodes_chat_text_as_hf(kind, chat_models):
    from tokenizers import Tokenizer as HFTokenizer
    ckpt, model = chat_models(kind)
    index = load_index(model)
    fmt = CHAT_FORMATS[kind]
    ours, hf = Tokenizer.from_dict(index.tokenizer), HFTokenizer.from_file(str(ckpt / "tokenizer.json"))
    assert index.chat_template == json.loads((ckpt / "tokenizer_config.json").read_text())["chat_template"]
    assert ours.vocab_size == hf.get_vocab_size() == index.config.vocab
    assert ours.eos_id == ours.token_to_id(fmt.eos) == json.loads((ckpt / "config.json").read_text())["eos_token_id"]
    assert ours.stop_ids >= {ours.token_to_id(fmt.eos)}
    assert all(ours.is_control(ours.token_to_id(t)) for t in fmt.special)
    assert not any(ours.is_control(ours.token_to_id(t)) for t in fmt.added)
    prompts = prompts_of(model)
    texts = [prompts.render_chat(m, tools=turn.get("tools") or None,
                                 **{k: v for k, v in turn.items() if k != "tools"})
             for m, turn in CONVERSATIONS.values()]
    texts += ["<think>\nThe user greets me.\n</think>\n\nHello! <tool_call>\n{\"name\": \"x\"}\n</tool_call>",
              "Unseen words: zebra, quixotic, 12345, naïve café, emoji 🙂, tabs\tand\r\nnewlines  \n\n"]
    for text in texts:
        assert ours.encode(text) == hf.encode(text, add_special_tokens=False).ids, text
        assert ours.encode(text, add_special=True) == hf.encode(text).ids, text  # Llama's BOS
        assert ours.decode(ours.encode(text)) == text


@pytest.mark.parametrize("name", list(CONVERSATIONS))
def test_prompt_ids_are_transformers_apply_chat_template(kind, chat_models, reference, name):
    messages, turn = CONVERSATIONS[name]
    ids = ChatTurn.of(prompts_of(chat_models(kind)[1]), messages, **turn).ids
    assert ids == reference(messages, **turn)


def test_a_tool_renders_in_the_order_the_request_gives_its_keys(chat_models):
    ckpt, model = chat_models("qwen3-0.6b")
    ids = ChatTurn.of(prompts_of(model), [USER], tools=[WEATHER]).ids
    assert ids == hf_tokenizer(ckpt).apply_chat_template([USER], tools=[WEATHER], add_generation_prompt=True,
                                                         tokenize=True, return_dict=False)


def test_qwen3_thinking_on_and_off_render_different_prompts(chat_models):
    prompts = prompts_of(chat_models("qwen3-0.6b")[1])
    on = prompts.render_chat([SYSTEM, USER], enable_thinking=True)
    off = prompts.render_chat([SYSTEM, USER], enable_thinking=False)
    assert on.endswith("<|im_start|>assistant\n") and off == on + "<think>\n\n</think>\n\n"
    assert prompts.render_chat([SYSTEM, USER]) == on  # undefined: Qwen3 thinks


# ---- answers (native GPU) ----------------------------------------------------------------------------

def test_every_conversation_answers_in_openai_shape(kind, engines, reference):
    """chat_completion, then streamed, over every conversation: the prompt the cache holds is transformers'."""
    e = engines(kind)
    for name, (messages, turn) in CONVERSATIONS.items():
        ref = reference(messages, **turn)
        choice = check_reply(complete(e, messages, max_tokens=6, **turn), len(ref), 6)
        assert e.kv.ids[:len(ref)] == ref, name
        assert choice["finish_reason"] != "tool_calls" or choice["message"]["tool_calls"], (name, choice)
    for name in ("system", "tools", "no thinking"):
        messages, turn = CONVERSATIONS[name]
        check_chunks(stream(e, messages, max_tokens=5, **turn), len(reference(messages, **turn)), 5)


def test_engine_chat_streams_text_with_and_without_a_system_prompt(kind, engines, reference):
    e = engines(kind)
    for messages in ([USER], [SYSTEM, USER], CONVERSATIONS["multi-turn"][0]):
        text = chat(e, messages, max_tokens=6, params=SamplingParams(temperature=0.8, seed=1))
        s = e.stats
        assert isinstance(text, str) and s.prompt_tokens == len(reference(messages))
        assert s.stop_reason in ("stop_token", "max_tokens") and s.generated_tokens <= 6
        assert (s.stop_reason == "max_tokens") == (s.generated_tokens == 6)
        assert s.prefilled_tokens == s.prompt_tokens - s.reused_tokens


def test_qwen3_answers_with_thinking_on_and_off(engines, references):
    e, reference = engines("qwen3-0.6b"), references("qwen3-0.6b")
    for thinking in (True, False):
        ref = reference([SYSTEM, USER], enable_thinking=thinking)
        check_reply(complete(e, [SYSTEM, USER], max_tokens=8, enable_thinking=thinking), len(ref), 8)
        assert e.kv.ids[:len(ref)] == ref
    check_chunks(stream(e, [SYSTEM, USER], max_tokens=4, enable_thinking=True),
                 len(reference([SYSTEM, USER], enable_thinking=True)), 4)


def test_a_forced_call_validates_and_its_result_is_answered(kind, engines, reference):
    e = engines(kind)
    # the call is at most ~110 bytes (the city at most 12 characters): a random model writes it in 35-55 tokens
    first = complete(e, [USER], tools=[WEATHER], tool_choice="required", max_tokens=128)
    choice = check_reply(first, len(reference([USER], tools=[WEATHER], enable_thinking=False)), 128)
    assert choice["finish_reason"] == "tool_calls", choice
    (call,) = choice["message"]["tool_calls"]
    assert call["type"] == "function" and call["function"]["name"] == "get_weather"
    args = json.loads(call["function"]["arguments"])
    assert set(args) == {"city"} and isinstance(args["city"], str) and len(args["city"]) <= 12
    history = [USER, choice["message"], {"role": "tool", "tool_call_id": call["id"], "content": RESULT["content"]}]
    ref = reference(history, tools=[WEATHER])
    check_reply(complete(e, history, tools=[WEATHER], max_tokens=6), len(ref), 6)
    assert e.kv.ids[:len(ref)] == ref


def test_json_object_answers_parse_or_are_a_prefix(kind, engines):
    e = engines(kind)
    messages = [{"role": "user", "content": "Describe Paris as a JSON object."}]
    for max_tokens in (8, 48):
        reply = complete(e, messages, response_format={"type": "json_object"}, max_tokens=max_tokens)
        choice = check_reply(reply, reply["usage"]["prompt_tokens"], max_tokens)
        check_answer("json_object", {"type": "object"}, choice["message"]["content"], choice["finish_reason"],
                     reply["usage"]["completion_tokens"], max_tokens)


def test_a_turn_after_dropped_thinking_reuses_the_common_prefix(kind, engines, reference, monkeypatch):
    """Turn 2 sends turn 1's answer back with reasoning_content, which the template leaves out of earlier
    turns (Qwen3; Llama's never shows it). Reused: the common prefix of the cache and the prompt."""
    reuse_after_dropped_thinking(kind, engines, reference, monkeypatch, None)


@pytest.mark.parametrize("kind", ["qwen3-0.6b"])  # enable_thinking is Qwen3's
def test_qwen3_without_thinking_reuses_up_to_the_empty_think_block(kind, engines, reference, monkeypatch):
    """With enable_thinking false Qwen3's turn-1 prompt also held an empty think block that turn 2 renders
    without: reuse stops there."""
    reuse_after_dropped_thinking(kind, engines, reference, monkeypatch, False)


def reuse_after_dropped_thinking(kind, engines, reference, monkeypatch, thinking):
    e = engines(kind)
    turn = {} if thinking is None else {"enable_thinking": thinking}
    first = [SYSTEM, USER]
    ids1 = reference(first, **turn)
    shown = spy_tokens(e, monkeypatch)
    answer = check_reply(complete(e, first, max_tokens=10, temperature=0.8, seed=2, **turn), len(ids1), 10)["message"]
    held, answered = ids1 + shown[:-1], len(shown)  # every shown token but the last went through a decode step
    assert e.kv.ids == held
    reasoning = (answer.get("reasoning_content") or "").strip() or "I should look the weather up."
    second = first + [{"role": "assistant", "content": answer["content"], "reasoning_content": reasoning},
                      {"role": "user", "content": "And in London?"}]
    ids2 = reference(second, **turn)
    prompts = e.prompts
    assert prompts.encode_rendered(prompts.render_chat(second, **turn)) == ids2
    assert reasoning not in prompts.tokenizer.decode(ids2)  # left out of the earlier turn
    expected = min(common_prefix(held, ids2), len(ids2) - 1)
    check_reply(complete(e, second, max_tokens=4, **turn), len(ids2), 4)
    s = e.stats
    print(f"\n{kind} enable_thinking={thinking}: turn 1 {len(ids1)} + {answered} tokens, turn 2 {len(ids2)}, "
          f"reused {s.reused_tokens}")
    assert s.reused_tokens == expected and s.prompt_tokens == len(ids2)
    assert s.prefilled_tokens == s.prompt_tokens - s.reused_tokens
    if thinking is False:  # the empty think block after turn 1's "<|im_start|>assistant\n" re-prefills
        think = ids1.index(prompts.tokenizer.token_to_id("<think>"))
        assert think - 1 <= expected <= think < len(ids1)
    else:  # the whole turn-1 prompt stays (its last "\n" may merge with a leading newline of the answer)
        assert expected >= len(ids1) - 1
