"""Prompts.chat: the model's own template through pyrite.chat.render, encoded as transformers encodes a
rendered chat (no special tokens added: the template writes them), and ChatML with a notice where the
model has no template."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrite.chat import render
from pyrite.errors import PromptError
from pyrite.prompt import Prompts
from pyrite.tokenizer import Tokenizer

SMOLLM2 = (Path(__file__).parent / "templates" / "smollm2.jinja").read_text(encoding="utf-8")
CONVERSATION = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi"},
                {"role": "assistant", "content": "Hello."}, {"role": "user", "content": "Bye"}]


def test_a_model_without_a_template_chats_through_chatml_with_a_notice(smollm_dict):
    tok = Tokenizer.from_dict(smollm_dict)
    p = Prompts("bare", tok, None, 4096)
    assert p.notices == ["model bare has no chat template of its own: chats use the default (chatml)"]
    assert tok.decode(p.chat(CONVERSATION)) == render(None, CONVERSATION)
    assert Prompts("smollm2", tok, SMOLLM2, 4096).notices == []


def test_chat_ids_are_the_rendered_text_without_added_specials(smollm_dict):
    d = dict(smollm_dict, add_bos=True)  # a model that adds BOS to plain prompts; the template decides in a chat
    tok = Tokenizer.from_dict(d)
    p = Prompts("smollm2", tok, SMOLLM2, 4096)
    text = render(SMOLLM2, CONVERSATION, **tok.special_tokens)
    assert p.chat(CONVERSATION) == tok.encode(text) and p.encode(text) == [tok.bos_id] + tok.encode(text)


def test_bos_token_reaches_the_template(smollm_dict):
    tok = Tokenizer.from_dict(smollm_dict)
    p = Prompts("m", tok, "{{ bos_token }}{{ messages[0].content }}", 4096)
    assert tok.special_tokens["bos_token"] == tok.id_to_token(tok.bos_id)
    assert p.chat([{"role": "user", "content": "Hi"}])[0] == tok.bos_id


def test_no_tokenizer_is_a_prompt_error():
    with pytest.raises(PromptError, match="has no tokenizer"):
        Prompts("ids-only", None, SMOLLM2, 4096).chat([{"role": "user", "content": "Hi"}])


def test_warm_compiles_the_template_ahead_and_leaves_a_refusal_to_the_chat(smollm_dict):
    from pyrite.chat.template import compiled
    tok = Tokenizer.from_dict(smollm_dict)
    template = SMOLLM2 + "{# warmed #}"  # a text no other test compiled
    before = compiled.cache_info().currsize
    Prompts("smollm2", tok, template, 4096).warm()
    assert compiled.cache_info().currsize == min(before + 1, compiled.cache_info().maxsize)
    hits = compiled.cache_info().hits
    Prompts("smollm2", tok, template, 4096).chat(CONVERSATION)
    assert compiled.cache_info().hits == hits + 1  # the chat found it compiled
    refusing = Prompts("m", tok, "{{ raise_exception('no chats here') }}", 4096)
    refusing.warm()  # quiet: the chat that uses it is told
    with pytest.raises(Exception, match="no chats here"):
        refusing.chat(CONVERSATION)
