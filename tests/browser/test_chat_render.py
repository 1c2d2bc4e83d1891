"""pyrite.chat.render in the page's Pyodide (jinja2 and markupsafe unpacked by the worker from the site):
the four models' templates with the native test's conversations (tests/chat/test_render.py), each equal to
transformers' rendering; the loaded model's own template by default; a refusal as a ChatTemplateError."""
from __future__ import annotations

import pytest

from chat.test_render import CONVERSATIONS, ROWS, KWARGS, SPECIALS, TEMPLATES, transformers_render
from pyrite.driver import BrowserError

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("name, kw", ROWS, ids=[f"{n}-{k}" for n, k in ROWS])
def test_the_page_renders_as_transformers(session, name, kw):
    for conv, (messages, tools) in CONVERSATIONS.items():
        variables = {**SPECIALS.get(name, {}), **KWARGS[kw], "date_string": "04 Dec 2026"}
        got = session.call("render", template=TEMPLATES[name], messages=messages, tools=tools,
                           variables=variables)["text"]
        assert got == transformers_render(name, messages, tools, True, **KWARGS[kw], date_string="04 Dec 2026"), conv


def test_no_template_is_the_loaded_models_own(session, loaded):
    messages, tools = CONVERSATIONS["system+multi-turn"]
    assert session.call("render", messages=messages)["text"] == transformers_render("smollm2", messages, tools, True)


def test_a_refusal_is_a_chat_template_error(session):
    with pytest.raises(BrowserError) as e:
        session.call("render", template="{{ raise_exception('no tools here') }}", messages=[{"role": "user", "content": "x"}])
    assert e.value.kind == "ChatTemplateError" and "no tools here" in str(e.value)
