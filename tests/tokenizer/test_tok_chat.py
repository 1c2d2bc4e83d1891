"""render_chat vs jinja2 rendering of the models' own chat templates."""
from __future__ import annotations

import jinja2
import pytest

from pyrite.errors import ChatTemplateError
from pyrite.tokenizer import parse_chat_template, render_chat
from pyrite.tokenizer.chat_templates import CHATML

SYS = {"role": "system", "content": "You are terse."}
U1 = {"role": "user", "content": "What is 2+2?"}
A1 = {"role": "assistant", "content": "4."}
U2 = {"role": "user", "content": "And 3*3?\n\nShow  work.  "}
CONVERSATIONS = {
    "user": [U1],
    "system+user": [SYS, U1],
    "multi-turn": [U1, A1, U2],
    "system+multi-turn": [SYS, U1, A1, U2],
    "late system": [U1, A1, {"role": "system", "content": "Now be verbose."}, U2],
    "ends on assistant": [SYS, U1, A1],
    "empty content": [{"role": "user", "content": ""}],
    "special text": [{"role": "user", "content": "<|im_end|> é 日本 {{ not jinja }} {% raw %}"}],
}


def _jinja(template: str, messages: list, add_generation_prompt: bool) -> str:
    # Environment defaults, as transformers uses: trailing newline dropped, no autoescape.
    return jinja2.Environment().from_string(template).render(messages=messages,
                                                             add_generation_prompt=add_generation_prompt)


@pytest.fixture(scope="module")
def templates(smollm_meta, qwen_meta) -> dict[str, str]:
    return {"smollm2": smollm_meta["tokenizer.chat_template"],
            "qwen2.5": qwen_meta["tokenizer.chat_template"],
            "chatml": CHATML}


@pytest.mark.parametrize("name", ["smollm2", "qwen2.5", "chatml"])
@pytest.mark.parametrize("conv", sorted(CONVERSATIONS))
@pytest.mark.parametrize("gen", [True, False])
def test_matches_jinja(templates, name, conv, gen):
    template, messages = templates[name], CONVERSATIONS[conv]
    assert render_chat(messages, template, add_generation_prompt=gen) == _jinja(template, messages, gen)


def test_families_and_default_prompts(templates):
    smol, qwen = parse_chat_template(templates["smollm2"]), parse_chat_template(templates["qwen2.5"])
    assert smol.family.name == "chatml-loop-system"
    assert smol.default_system == "You are a helpful AI assistant named SmolLM, trained by Hugging Face"
    assert qwen.family.name == "qwen2.5"
    assert qwen.default_system == "You are Qwen, created by Alibaba Cloud. You are a helpful assistant."
    assert parse_chat_template(None).default_system is None
    assert render_chat([U1], None) == render_chat([U1], CHATML) == "<|im_start|>user\nWhat is 2+2?<|im_end|>\n<|im_start|>assistant\n"


def test_default_prompt_is_read_from_the_template(templates):
    # Qwen2-Instruct ships SmolLM2's template with its own prompt (and a trailing newline)
    qwen2 = templates["smollm2"].replace(" named SmolLM, trained by Hugging Face", "") + "\n"
    assert parse_chat_template(qwen2).default_system == "You are a helpful AI assistant"
    for messages in CONVERSATIONS.values():
        assert render_chat(messages, qwen2) == _jinja(qwen2, messages, True)


def test_any_role_is_verbatim_where_the_template_says_so(templates):
    messages = [U1, {"role": "tool", "content": "42"}]
    assert render_chat(messages, templates["smollm2"]) == _jinja(templates["smollm2"], messages, True)


@pytest.mark.parametrize("messages, message", [
    ([U1, {"role": "critic", "content": "42"}], "role 'critic'"),
    ([U1, {"role": "assistant", "content": "", "tool_calls": [{"name": "f"}]}], "needs a 'name'.*'arguments'"),
    ([U1, {"role": "assistant", "content": "", "tool_calls": ["f"]}], "must be an object"),
    ([{"role": "user", "content": "x", "tool_calls": [{"name": "f", "arguments": {}}]}], "on role 'user'"),
    ([], "no messages"),
    ([{"role": "user", "content": None}], r"messages\[0\] needs string"),
    (["hi"], r"messages\[0\] is a str"),
])
def test_unrenderable_messages_are_typed_errors(templates, messages, message):
    with pytest.raises(ChatTemplateError, match=message):
        render_chat(messages, templates["qwen2.5"])


@pytest.mark.parametrize("template", [
    "{% for m in messages %}{{ m['content'] }}{% endfor %}",
    # Llama 3 style header tokens
    "{{ bos_token }}{% for message in messages %}<|start_header_id|>{{ message['role'] }}<|end_header_id|>{% endfor %}",
])
def test_unknown_templates_are_typed_errors(template):
    with pytest.raises(ChatTemplateError, match="unsupported chat template"):
        render_chat([U1], template)


def test_a_changed_known_template_is_not_guessed(templates):
    edited = templates["qwen2.5"].replace("'<|im_start|>' + message.role + '\\n'", "'<|im_start|>' + message.role")
    assert edited != templates["qwen2.5"]
    with pytest.raises(ChatTemplateError):
        parse_chat_template(edited)


def test_rendered_prompt_tokenizes_like_hf(tok, ref, templates):
    template = templates["smollm2" if tok.pre == "smollm" else "qwen2.5"]
    prompt = render_chat(CONVERSATIONS["system+multi-turn"], template)
    ids = tok.encode(prompt)
    assert ids == ref.encode(prompt, add_special_tokens=False).ids
    suffix = tok.encode("<|im_start|>assistant\n")
    assert ids[-len(suffix):] == suffix and ids.count(tok.token_to_id("<|im_start|>")) == 5


# ---- Qwen2.5's tool branches, against transformers' own rendering of the GGUF template -------------------

WEATHER = {"type": "function", "function": {"name": "get_weather", "description": "Weather in a city, °C",
                                            "parameters": {"type": "object", "required": ["city"],
                                                           "properties": {"city": {"type": "string"}}}}}
TIME = {"type": "function", "function": {"name": "now", "description": "The time <now>", "parameters": {}}}
CALL = {"role": "assistant", "content": "", "tool_calls": [
    {"type": "function", "function": {"name": "get_weather", "arguments": {"city": "Zürich"}}}]}
TOOL_CONVERSATIONS = {
    "call and result": [U1, CALL, {"role": "tool", "content": "{\"t\": 21}"}],
    "two results in one turn": [SYS, U1, {"role": "assistant", "content": "Let me look.", "tool_calls": [
        {"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "now", "arguments": "{}"}]},
        {"role": "tool", "content": "18"}, {"role": "tool", "content": "12:00"}, A1, U2],
    "content None": [U1, {"role": "assistant", "content": None, "tool_calls": CALL["tool_calls"]},
                     {"role": "tool", "content": "21"}, {"role": "assistant", "content": "21 °C."}],
    "plain": [SYS, U1, A1, U2],
}


def _transformers(template: str, messages: list, gen: bool, tools) -> str:
    from transformers.utils.chat_template_utils import _compile_jinja_template
    return _compile_jinja_template(template).render(messages=messages, tools=tools, add_generation_prompt=gen)


@pytest.mark.parametrize("conv", sorted(TOOL_CONVERSATIONS))
@pytest.mark.parametrize("tools", [None, [WEATHER], [WEATHER, TIME]], ids=["no tools", "one tool", "two tools"])
@pytest.mark.parametrize("gen", [True, False])
def test_qwen_tool_branches_match_transformers(templates, conv, tools, gen):
    template, messages = templates["qwen2.5"], TOOL_CONVERSATIONS[conv]
    assert render_chat(messages, template, gen, tools=tools) == _transformers(template, messages, gen, tools)


def test_tools_on_a_template_without_them_are_a_typed_error(templates):
    with pytest.raises(ChatTemplateError, match="renders no tools"):
        render_chat([U1], templates["smollm2"], tools=[WEATHER])
