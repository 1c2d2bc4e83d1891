"""pyrite.chat.render against transformers' own renderer (render_jinja_template, as apply_chat_template
calls it) on the real models' templates, vendored in templates/: SmolLM2 and Qwen2.5-Coder from their
GGUFs' metadata, Qwen3-0.6B and Llama-3.2-Instruct from their tokenizer_config.json (as llama.cpp keeps
them in models/templates). String-equal, and equal token ids under HF tokenizers where the vocab is here."""
from __future__ import annotations

from pathlib import Path

import pytest
from transformers.utils.chat_template_utils import render_jinja_template

from pyrite.chat import CHATML, render
from pyrite.errors import ChatTemplateError

TEMPLATES = {p.stem: p.read_text(encoding="utf-8") for p in (Path(__file__).parent / "templates").glob("*.jinja")}
SPECIALS = {"llama3.2": {"bos_token": "<|begin_of_text|>", "eos_token": "<|eot_id|>"}}

SYS = {"role": "system", "content": "You are terse."}
U1 = {"role": "user", "content": "What is the weather in Zürich?"}
A1 = {"role": "assistant", "content": "Sunny."}
U2 = {"role": "user", "content": "And tomorrow?\n\nShow  work.  "}
WEATHER = {"type": "function", "function": {"name": "get_weather", "description": "Weather in a city, °C",
                                            "parameters": {"type": "object", "required": ["city"],
                                                           "properties": {"city": {"type": "string"}}}}}
NOW = {"type": "function", "function": {"name": "now", "description": "The time <now>", "parameters": {}}}
CALL = {"role": "assistant", "content": "", "tool_calls": [
    {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": {"city": "Zürich"}}}]}
RESULT = {"role": "tool", "tool_call_id": "call_1", "content": "{\"t\": 21}"}
THOUGHT = {"role": "assistant", "content": "It is 21 °C.", "reasoning_content": "The tool said 21."}
CONVERSATIONS = {
    "user": ([U1], None),
    "system+user": ([SYS, U1], None),
    "multi-turn": ([U1, A1, U2], None),
    "system+multi-turn": ([SYS, U1, A1, U2], None),
    "tools": ([SYS, U1], [WEATHER, NOW]),
    "tools, no system": ([U1], [WEATHER]),
    "tool call and result": ([SYS, U1, CALL, RESULT], [WEATHER]),
    "result, then an answer with reasoning": ([U1, CALL, RESULT, THOUGHT, U2], [WEATHER]),
}
KWARGS = {"default": {}, "thinking on": {"enable_thinking": True}, "thinking off": {"enable_thinking": False}}


def transformers_render(name: str, messages: list, tools, gen: bool, **kwargs) -> str:
    rendered, _ = render_jinja_template(conversations=[messages], tools=tools, chat_template=TEMPLATES[name],
                                        add_generation_prompt=gen, **SPECIALS.get(name, {}), **kwargs)
    return rendered[0]


def test_the_four_models_templates_are_vendored():
    assert sorted(TEMPLATES) == ["llama3.2", "qwen2.5-coder", "qwen3", "smollm2"]


# enable_thinking is read by Qwen3's template only: the other templates take the default row
ROWS = [(name, kw) for name in sorted(TEMPLATES) for kw in KWARGS if kw == "default" or name == "qwen3"]


@pytest.mark.parametrize("name, kw", ROWS, ids=[f"{n}-{k}" for n, k in ROWS])
@pytest.mark.parametrize("conv", list(CONVERSATIONS))
@pytest.mark.parametrize("gen", [True, False], ids=["gen", "no gen"])
def test_renders_as_transformers(name, kw, conv, gen):
    messages, tools = CONVERSATIONS[conv]
    kwargs = {**KWARGS[kw], "date_string": "04 Dec 2026"}
    want = transformers_render(name, messages, tools, gen, **kwargs)
    assert render(TEMPLATES[name], messages, tools=tools, add_generation_prompt=gen,
                  **SPECIALS.get(name, {}), **kwargs) == want


def test_qwen3_thinking_switch_is_the_templates_own():
    on = render(TEMPLATES["qwen3"], [U1])
    off = render(TEMPLATES["qwen3"], [U1], enable_thinking=False)
    assert on.endswith("<|im_start|>assistant\n") and off == on + "<think>\n\n</think>\n\n"
    # earlier turns' reasoning is dropped by the template; the last assistant turn after the query keeps it
    assert "The tool said 21." not in render(TEMPLATES["qwen3"], CONVERSATIONS["result, then an answer with reasoning"][0])
    assert "<think>\nThe tool said 21.\n</think>" in render(TEMPLATES["qwen3"], [U1, THOUGHT])


def test_llama_puts_tools_in_the_first_user_message_and_dates_the_system_turn():
    text = render(TEMPLATES["llama3.2"], [U1], tools=[WEATHER], bos_token="<|begin_of_text|>",
                  date_string="04 Dec 2026")
    assert text.startswith("<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nEnvironment: ipython\n")
    assert "Today Date: 04 Dec 2026" in text and '"name": "get_weather"' in text.split("<|eot_id|>")[1]


def test_no_template_renders_chatml():
    assert render(None, [U1]) == render(CHATML, [U1]) == f"<|im_start|>user\n{U1['content']}<|im_end|>\n<|im_start|>assistant\n"


@pytest.mark.parametrize("name", ["smollm2", "qwen2.5-coder", "qwen3"])
def test_rendered_prompts_tokenize_as_hf(name, request):
    """The same ids from pyrite's tokenizer and HF tokenizers (Qwen3 shares Qwen2.5's vocab)."""
    from tokenizer.conftest import hf_reference
    from pyrite.tokenizer import Tokenizer
    d = request.getfixturevalue("smollm_dict" if name == "smollm2" else "qwen_dict")
    ours, ref = Tokenizer.from_dict(d), hf_reference(d)
    for conv, (messages, tools) in CONVERSATIONS.items():
        text = render(TEMPLATES[name], messages, tools=tools)
        assert ours.encode(text) == ref.encode(text, add_special_tokens=False).ids, conv


@pytest.mark.parametrize("template, messages, kwargs, match", [
    ("{{ raise_exception('no system role here') }}", [U1], {}, "the chat template refused: no system role here"),
    (TEMPLATES["llama3.2"], [SYS], {"tools": [WEATHER]}, "refused: Cannot put tools in the first user message"),
    ("{{ messages.__class__.__mro__ }}", [U1], {}, "tried to leave its sandbox"),
    ("{{ ''.__class__.__subclasses__() }}", [U1], {}, "tried to leave its sandbox"),
    ("{% set ns = namespace() %}{% set ns._x = 1 %}", [U1], {}, "tried to leave its sandbox"),
    ("{% for m in messages %}", [U1], {}, "does not parse: .*line 1"),
    (CHATML, "hi", {}, "messages must be a list"),
    (CHATML, ["hi"], {}, r"messages\[0\] is a str"),
    (CHATML, [U1], {"tools": {"name": "f"}}, "tools must be a list of JSON schemas"),
    (CHATML, [U1], {"tools": ["f"]}, "tools must be a list of JSON schemas"),
    (CHATML, [{"role": "user"}], {}, "refused: 'dict object' has no attribute 'content'"),
])
def test_what_a_template_cannot_render_is_a_chat_template_error(template, messages, kwargs, match):
    with pytest.raises(ChatTemplateError, match=match):
        render(template, messages, **kwargs)
