"""Tokenizer ids, special-token properties, from_dict validation and GGUF metadata."""
from __future__ import annotations

import pytest

from pyrite.errors import TokenizerError
from pyrite.quant.gguf import read_gguf
from pyrite.tokenizer import Tokenizer
from pyrite.tokenizer.gguf_meta import tokenizer_dict_from_metadata


def test_smollm_special_ids(smollm_dict):
    tok = Tokenizer.from_dict(smollm_dict)
    assert tok.vocab_size == 49152 and tok.pre == "smollm"
    assert (tok.bos_id, tok.eos_id, tok.eot_id, tok.pad_id) == (1, 2, None, 2)
    assert tok.id_to_token(1) == "<|im_start|>" and tok.token_to_id("<|im_end|>") == 2
    # <|im_end|> (eos) and <|endoftext|> both end a turn
    assert tok.stop_ids == frozenset({0, 2})
    assert not tok.add_bos and not tok.add_eos
    assert tok.encode("hi", add_special=True) == tok.encode("hi")


def test_qwen_special_ids(qwen_dict):
    tok = Tokenizer.from_dict(qwen_dict)
    assert tok.vocab_size == 151936 and tok.pre == "qwen2"
    assert (tok.bos_id, tok.eos_id, tok.eot_id) == (151643, 151645, None)
    assert tok.id_to_token(151645) == "<|im_end|>"
    assert tok.stop_ids == frozenset({151643, 151645})
    # user-defined added tokens are whole tokens even when control tokens are not parsed
    assert tok.encode("<tool_call>", parse_special=False) == [151657]
    assert tok.token_to_id("not a token") is None


def test_add_special_follows_the_flags(smollm_dict):
    tok = Tokenizer.from_dict({**smollm_dict, "add_bos": True, "add_eos": True})
    assert tok.encode("hi", add_special=True) == [1, *tok.encode("hi"), 2]
    assert tok.encode("hi") == tok.encode("hi", add_special=False)


def test_out_of_range_ids_are_typed_errors(smollm_dict):
    tok = Tokenizer.from_dict(smollm_dict)
    with pytest.raises(TokenizerError, match="49152"):
        tok.decode([5, 49152])
    with pytest.raises(TokenizerError, match="-1"):
        tok.id_to_token(-1)


@pytest.mark.parametrize("change, message", [
    ({"type": "spm"}, "'spm'"),
    ({"pre": "falcon"}, "'falcon'"),
    ({"token_types": [1, 1]}, "token_types has 2"),
    ({"eos_id": 10**6}, "eos_id 1000000"),
    ({"merges": ["a b", "abc"]}, "'abc'"),
])
def test_from_dict_rejects_bad_descriptions(smollm_dict, change, message):
    with pytest.raises(TokenizerError, match=message):
        Tokenizer.from_dict({**smollm_dict, **change})


def test_from_dict_names_missing_keys():
    with pytest.raises(TokenizerError, match="merges"):
        Tokenizer.from_dict({"type": "bpe", "pre": "gpt2", "tokens": [], "token_types": []})


def test_metadata_from_the_project_reader_gives_the_same_dict(smollm_path, smollm_dict):
    # pyrite's own pure-Python GGUF reader (what conversion uses) and the gguf package agree
    assert tokenizer_dict_from_metadata(read_gguf(smollm_path).metadata, str(smollm_path)) == smollm_dict


def test_metadata_errors_name_the_source():
    with pytest.raises(TokenizerError, match=r"m\.gguf: tokenizer.ggml.model 'llama'"):
        tokenizer_dict_from_metadata({"tokenizer.ggml.model": "llama"}, "m.gguf")
    with pytest.raises(TokenizerError, match="tokenizer.ggml.merges is missing"):
        tokenizer_dict_from_metadata({"tokenizer.ggml.model": "gpt2", "tokenizer.ggml.tokens": [],
                                      "tokenizer.ggml.token_type": []}, "m.gguf")
