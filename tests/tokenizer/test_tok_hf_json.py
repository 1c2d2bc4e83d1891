"""tokenizer.json (HF checkpoints) -> pyrite's tokenizer, per pre-tokenizer family.

No Llama-3 vocabulary ships on PyPI, so each family's tokenizer is trained here with HF tokenizers
(its own pre-tokenizer, normalizer and ignore_merges, as in the published tokenizer.json files) on
the test corpus, saved as tokenizer.json, read by pyrite.models.hf_tokenizer, and then both must
give the same ids on the corpus (text, special tokens, digits in threes for llama3)."""
from __future__ import annotations

import json

import pytest
from tokenizers import Tokenizer as HFTokenizer
from tokenizers import decoders, models, normalizers, processors, trainers

from pyrite.errors import ModelFormatError
from pyrite.models.hf_tokenizer import tokenizer_dict, tokenizer_from_hf
from pyrite.tokenizer import Tokenizer
from pyrite.tokenizer.tokenizer import CONTROL

SPECIAL = {"llama-bpe": ["<|begin_of_text|>", "<|end_of_text|>", "<|eot_id|>"],
           "qwen2": ["<|endoftext|>", "<|im_start|>", "<|im_end|>"], "gpt2": ["<|endoftext|>"],
           "smollm": ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]}


def trained(pre: str, hf_pre, corpus: list[str]) -> HFTokenizer:
    tok = HFTokenizer(models.BPE(ignore_merges=pre == "llama-bpe"))
    if pre == "qwen2":
        tok.normalizer = normalizers.NFC()
    tok.pre_tokenizer = hf_pre(pre)
    tok.decoder = decoders.ByteLevel()
    from tokenizers import pre_tokenizers
    trainer = trainers.BpeTrainer(vocab_size=600, special_tokens=SPECIAL[pre],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
    tok.train_from_iterator(corpus * 3, trainer)
    if pre == "llama-bpe":  # Llama 3 puts <|begin_of_text|> before every text
        tok.post_processor = processors.TemplateProcessing(
            single="<|begin_of_text|> $A", special_tokens=[("<|begin_of_text|>", tok.token_to_id("<|begin_of_text|>"))])
    return tok


@pytest.mark.parametrize("pre", ["llama-bpe", "qwen2", "gpt2", "smollm"])
def test_ids_equal_hf_tokenizers(pre, hf_pre, corpus, tmp_path):
    ref = trained(pre, hf_pre, corpus)
    ref.save(str(tmp_path / "tokenizer.json"))
    config = {"eos_token_id": ref.token_to_id(SPECIAL[pre][-1])}
    d, template = tokenizer_from_hf(tmp_path, ref.get_vocab_size() + 5, config)
    assert d["pre"] == pre and template is None
    assert d["token_types"][-5:] == [5] * 5 and d["tokens"][-1] == f"[PAD{len(d['tokens']) - 1}]"
    tok = Tokenizer.from_dict(d)
    assert all(d["token_types"][ref.token_to_id(s)] == CONTROL for s in SPECIAL[pre])
    for text in corpus + ["".join(SPECIAL[pre]) + "x 1234567 y", "12345678901"]:
        assert tok.encode(text, add_special=True) == ref.encode(text).ids, text
        assert tok.decode(ref.encode(text, add_special_tokens=False).ids) == \
            ref.decode(ref.encode(text, add_special_tokens=False).ids, skip_special_tokens=False), text
    assert (tok.encode("x", add_special=True)[0] == ref.token_to_id("<|begin_of_text|>")) == (pre == "llama-bpe")
    assert d["eos_id"] == ref.token_to_id(SPECIAL[pre][-1]) and d["eos_id"] in tok.stop_ids


def test_unsupported_tokenizers_are_typed_errors(hf_pre, corpus):
    tj = json.loads(trained("qwen2", hf_pre, corpus).to_str())
    with pytest.raises(ModelFormatError, match=r"t\.json: normalizer .* is not the qwen2 family's \(NFC\)"):
        tokenizer_dict({**tj, "normalizer": None}, 10_000, "t.json")
    split = tj["pre_tokenizer"]["pretokenizers"][0]
    odd = {**tj, "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
        {**split, "pattern": {"Regex": r"\w+|\s+"}}, tj["pre_tokenizer"]["pretokenizers"][1]]}}
    with pytest.raises(ModelFormatError, match=r"pre_tokenizer .* is not a supported byte-level BPE family"):
        tokenizer_dict(odd, 10_000, "t.json")
    with pytest.raises(ModelFormatError, match=r"model is not a BPE model"):
        tokenizer_dict({**tj, "model": {"type": "Unigram", "vocab": []}}, 10_000, "t.json")
    with pytest.raises(ModelFormatError, match=r"token id \d+ is past the model's vocab_size 100"):
        tokenizer_dict(tj, 100, "t.json")
