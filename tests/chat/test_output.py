"""pyrite.chat.output: the assistant's streamed text as OpenAI's message (content, reasoning_content,
tool_calls), the same whichever way the text is cut into pieces, and a parsed message that the real
templates render back into the text the model wrote."""
from __future__ import annotations

import json
from itertools import count
from pathlib import Path

import pytest

from pyrite.chat import render
from pyrite.chat.output import OutputFormat, OutputParser, output_format
from pyrite.chat.tools import messages_for_template

TEMPLATES = {p.stem: p.read_text(encoding="utf-8") for p in (Path(__file__).parent / "templates").glob("*.jinja")}
QWEN3 = OutputFormat("hermes", reasoning=True)
QWEN25 = OutputFormat("hermes")
LLAMA3 = OutputFormat("llama3")
PLAIN = OutputFormat()
WEATHER = {"type": "function", "function": {"name": "get_weather", "description": "Weather in a city",
                                            "parameters": {"type": "object", "required": ["city"],
                                                           "properties": {"city": {"type": "string"}}}}}
USER = {"role": "user", "content": "Weather in Zürich and Bern?"}


def call_text(name: str, args: dict) -> str:
    """A call as Qwen's templates teach the model to write it."""
    return f'<tool_call>\n{{"name": "{name}", "arguments": {json.dumps(args, ensure_ascii=False)}}}\n</tool_call>'


ZURICH, BERN = call_text("get_weather", {"city": "Zürich"}), call_text("get_weather", {"city": "Bern"})
SAMPLES = [
    (QWEN3, "<think>\nI should look it up.\n\nTwice.\n</think>\n\nThe answer is 21 °C."),
    (QWEN3, "<think>\nCheck both.\n</think>\n\nLet me check.\n" + ZURICH + "\n" + BERN),
    (QWEN3, "<think>\nunclosed thought\n"),
    (QWEN25, "Checking.\n" + ZURICH + "\nThen:\n" + BERN + "\nDone."),
    (QWEN25, ZURICH),
    (QWEN25, '<tool_call>\n{"name": "get_weather", "arguments": {"city": }\n</tool_call> after'),
    (QWEN25, "before " + ZURICH[:-4]),
    (QWEN25, "a < b, <t, </tool and <tool_cal are no tags <tool_"),
    (PLAIN, "<think>x</think> <tool_call>{}</tool_call>"),
    (LLAMA3, '{"name": "get_weather", "parameters": {"city": "Zürich"}}'),
    (LLAMA3, ' <|python_tag|>{"name": "a", "parameters": {}}; {"name": "b", "arguments": "{\\"x\\": 1}"}'),
    (LLAMA3, '{"name": "Bob", "age": 3}'),
    (LLAMA3, "<|python nope {"),
    (LLAMA3, "It is sunny."),
]


def ids():
    n = count()
    return lambda: f"call_{next(n)}"


def parse(fmt: OutputFormat, pieces) -> tuple[list[dict], OutputParser]:
    p = OutputParser(fmt, ids=ids())
    deltas = [d for piece in pieces for d in p.feed(piece)]
    return deltas + p.finish(), p


def joined(deltas: list[dict]) -> tuple[str, str, list]:
    """What a streaming client holds after the deltas: content, reasoning, the calls."""
    for d in deltas:
        assert len(d) == 1 and all(v for v in d.values()), d  # exactly one field, never empty
    return ("".join(d.get("content", "") for d in deltas), "".join(d.get("reasoning_content", "") for d in deltas),
            [c for d in deltas for c in d.get("tool_calls", [])])


def result(fmt: OutputFormat, pieces) -> tuple:
    deltas, p = parse(fmt, pieces)
    return joined(deltas), p.message(), p.finish_reason("stop")


@pytest.mark.parametrize("fmt, text", SAMPLES, ids=[t[:24] for _, t in SAMPLES])
def test_any_cut_into_pieces_streams_the_same_message(fmt, text):
    whole = result(fmt, [text])
    assert result(fmt, list(text)) == whole  # one character at a time
    for at in range(1, len(text)):
        assert result(fmt, [text[:at], text[at:]]) == whole, at
    for at in range(1, len(text) - 7, 5):
        assert result(fmt, [text[:at], "", text[at:at + 7], text[at + 7:]]) == whole, at


def test_qwen3_reasoning_and_answer():
    deltas, p = parse(QWEN3, ["<think>\nI should add.\n</think>\n\nThe answer is 4."])
    assert deltas == [{"reasoning_content": "I should add."}, {"content": "The answer is 4."}]
    assert p.message() == {"role": "assistant", "content": "The answer is 4.", "reasoning_content": "I should add."}
    assert p.finish_reason("length") == "length"


def test_a_tag_cut_across_pieces_is_held_back_never_sent_as_content():
    p = OutputParser(QWEN3)
    assert p.feed("Hi <thi") == [{"content": "Hi"}]  # the space too: it may be the whitespace before a call
    assert p.feed("nk>\nhm") == [{"reasoning_content": "hm"}]
    assert p.feed("\n</th") == [] and p.feed("ink>\n\nOK <tool") == [{"content": " OK"}]
    assert p.feed("s>") == [{"content": " <tools>"}]
    assert p.finish() == []
    assert p.message() == {"role": "assistant", "content": "Hi OK <tools>", "reasoning_content": "hm"}
    p = OutputParser(PLAIN)  # a model of no tags holds nothing back
    assert p.feed("a <thi") == [{"content": "a <thi"}]


def test_a_partial_tag_at_the_end_is_released_at_finish():
    p = OutputParser(QWEN25)
    assert p.feed("x <tool_ca") == [{"content": "x"}]
    assert p.finish() == [{"content": " <tool_ca"}]


def test_an_unclosed_think_is_reasoning():
    deltas, p = parse(QWEN3, ["<think>\nStill thinking\n\n"])
    assert deltas == [{"reasoning_content": "Still thinking"}]
    assert p.message() == {"role": "assistant", "content": "", "reasoning_content": "Still thinking"}


def test_the_format_of_each_vendored_template():
    assert output_format(TEMPLATES["qwen3"]) == OutputFormat("hermes", reasoning=True)
    assert output_format(TEMPLATES["qwen2.5-coder"]) == OutputFormat("hermes")
    assert output_format(TEMPLATES["llama3.2"]) == OutputFormat("llama3")
    assert output_format(TEMPLATES["smollm2"]) == output_format(None) == OutputFormat()


@pytest.mark.parametrize("thinking, opened", [(False, False), (True, False), (None, False)])
def test_qwen3_prompts_open_no_think_of_their_own(thinking, opened):
    kw = {} if thinking is None else {"enable_thinking": thinking}
    prompt = render(TEMPLATES["qwen3"], [USER], **kw)
    assert output_format(TEMPLATES["qwen3"], prompt).start_in_reasoning is opened


def test_thinking_disabled_the_answer_is_all_content():
    prompt = render(TEMPLATES["qwen3"], [USER], enable_thinking=False)
    assert prompt.endswith("<think>\n\n</think>\n\n")
    deltas, p = parse(output_format(TEMPLATES["qwen3"], prompt), ["It is ", "21 °C."])
    assert joined(deltas)[:2] == ("It is 21 °C.", "")
    assert p.message() == {"role": "assistant", "content": "It is 21 °C."}


def test_a_prompt_that_opens_think_starts_in_reasoning():
    template = "{{ messages[0].content }}<|im_start|>assistant\n<think>\n"
    fmt = output_format(template, render(template, [USER]))
    assert fmt == OutputFormat(reasoning=True, start_in_reasoning=True)
    assert output_format(template, "<think>\n\n</think>\n\n").start_in_reasoning is False
    deltas, p = parse(fmt, ["I should look.\n</think>\n\nSunny."])
    assert deltas == [{"reasoning_content": "I should look."}, {"content": "Sunny."}]


def test_hermes_one_call():
    deltas, p = parse(QWEN25, [ZURICH])
    call = {"id": "call_0", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Zürich"}'}}
    assert deltas == [{"tool_calls": [{"index": 0, **call}]}]
    assert p.message() == {"role": "assistant", "content": None, "tool_calls": [call]}
    assert p.finish_reason("stop") == "tool_calls"


def test_hermes_two_calls_with_text_around():
    deltas, p = parse(QWEN25, ["Checking.\n", ZURICH, "\n", BERN, "\nDone."])
    assert [next(iter(d)) for d in deltas] == ["content", "tool_calls", "tool_calls", "content"]
    assert [c["index"] for d in deltas for c in d.get("tool_calls", [])] == [0, 1]
    m = p.message()
    assert m["content"] == "Checking.\nDone." and [c["id"] for c in m["tool_calls"]] == ["call_0", "call_1"]
    assert [json.loads(c["function"]["arguments"]) for c in m["tool_calls"]] == [{"city": "Zürich"}, {"city": "Bern"}]


@pytest.mark.parametrize("body", ['{"name": "f", "arguments": "{\\"x\\": [1, 2]}"}',
                                  '{"name": "f", "parameters": {"x": [1, 2]}}',
                                  ' {"arguments": {"x": [1,2]}, "name": "f"} '])
def test_hermes_arguments_as_a_string_or_parameters(body):
    _, p = parse(QWEN25, [f"<tool_call>{body}</tool_call>"])
    assert p.message()["tool_calls"][0]["function"] == {"name": "f", "arguments": '{"x": [1, 2]}'}


@pytest.mark.parametrize("body", ['{"name": "f", "arguments": {"x": }', '{"name": "f"}', '{"name": 3, "arguments": {}}',
                                  '{"name": "f", "arguments": "[1]"}', '{"name": "f", "arguments": {}, "x": 1}',
                                  '{"name": "f", "arguments": {}, "parameters": {}}', '[1]', ''])
def test_a_malformed_block_is_content_and_the_reason_stays(body):
    text = f"Hm. <tool_call>{body}</tool_call>"
    deltas, p = parse(QWEN25, [text])
    assert p.message() == {"role": "assistant", "content": text} and p.finish_reason("stop") == "stop"


def test_an_unclosed_block_is_content():
    text = "Calling " + ZURICH[:30]
    assert result(QWEN25, [text])[1:] == ({"role": "assistant", "content": text}, "stop")
    text = ZURICH + "\n<tool_call>\n{\"name\""
    _, p = parse(QWEN25, [text])
    assert p.message()["content"] == "\n<tool_call>\n{\"name\"" and len(p.message()["tool_calls"]) == 1


def test_default_ids_are_call_and_24_hex_digits():
    p = OutputParser(QWEN25)
    p.feed(ZURICH + BERN)
    p.finish()
    got = [c["id"] for c in p.message()["tool_calls"]]
    assert len(set(got)) == 2 and all(i[:5] == "call_" and len(i) == 29 and int(i[5:], 16) >= 0 for i in got)


def test_llama3_one_call_buffered_to_the_end():
    p = OutputParser(LLAMA3, ids=ids())
    assert p.feed('{"name": "get_weather", ') == [] and p.feed('"parameters": {"city": "Bern"}}') == []
    assert p.finish() == [{"tool_calls": [{"index": 0, "id": "call_0", "type": "function", "function": {
        "name": "get_weather", "arguments": '{"city": "Bern"}'}}]}]
    assert p.message()["content"] is None and p.finish_reason("stop") == "tool_calls"


def test_llama3_two_calls_separated_by_a_semicolon():
    _, p = parse(LLAMA3, ['<|python_tag|>{"name": "a", "parameters": {"s": "x;y"}}; {"name": "b", "parameters": {}};'])
    assert [(c["function"]["name"], c["function"]["arguments"]) for c in p.message()["tool_calls"]] == [
        ("a", '{"s": "x;y"}'), ("b", "{}")]


@pytest.mark.parametrize("text", ['{"name": "Bob", "age": 3}', '{"name": "a", "parameters": {}} and more',
                                  '{"a": 1}; {"b": 2}', '{"name": "a", "parameters": {}};;', '{"name": "a", "para'])
def test_llama3_json_that_is_no_call_stays_content(text):
    deltas, p = parse(LLAMA3, [text])
    assert deltas == [{"content": text}] and p.message() == {"role": "assistant", "content": text}
    assert p.finish_reason("stop") == "stop"


def test_llama3_text_streams_at_once():
    p = OutputParser(LLAMA3)
    assert p.feed("  ") == [] and p.feed("It") == [{"content": "  It"}] and p.feed(" is {") == [{"content": " is {"}]


# -- round trips through the real templates ----------------------------------------------------------

def assistant_turn(template: str, message: dict) -> str:
    """The assistant's turn as the template renders the parsed message back after the user's question."""
    text = render(TEMPLATES[template], messages_for_template([USER, message]), tools=[WEATHER],
                  add_generation_prompt=False)
    return text[text.rindex("<|im_start|>assistant\n") + len("<|im_start|>assistant\n"):]


@pytest.mark.parametrize("text", [ZURICH, ZURICH + "\n" + BERN, "Let me check.\n" + ZURICH + "\n" + BERN])
@pytest.mark.parametrize("template", ["qwen3", "qwen2.5-coder"])
def test_a_parsed_message_renders_back_as_the_model_wrote_it(template, text):
    fmt = output_format(TEMPLATES[template])
    _, p = parse(fmt, list(text))
    assert p.message()["tool_calls"]
    think = "<think>\n\n</think>\n\n" if template == "qwen3" else ""  # Qwen3 writes the last turn's thought
    assert assistant_turn(template, p.message()) == think + text + "<|im_end|>\n"


def test_qwen3_reasoning_renders_back():
    text = "<think>\nBoth cities.\n</think>\n\nLet me check.\n" + ZURICH
    _, p = parse(QWEN3, [text])
    assert p.message()["reasoning_content"] == "Both cities."
    assert assistant_turn("qwen3", p.message()) == text + "<|im_end|>\n"
