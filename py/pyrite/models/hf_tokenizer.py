"""An HF tokenizer.json (byte-level BPE) -> the model.json "tokenizer" object (stdlib only).

The pre-tokenizer family is recognised from the file's own pre_tokenizer (the Split regex of Qwen2
or Llama 3, GPT-2's ByteLevel, SmolLM's Digits + ByteLevel); its normalizer and ignore_merges must
be the ones that family implies. Added tokens become control tokens (special) or user-defined ones.
A checkpoint without tokenizer.json converts without a tokenizer (scoring by ids still works).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import ModelFormatError
from ..tokenizer.pretokenize import PRE_TOKENIZERS
from ..tokenizer.tokenizer import CONTROL, END_OF_TURN_TOKENS, USER_DEFINED

NORMAL, UNUSED = 1, 5  # GGUF token types: a vocabulary token, a padding id with no token
QWEN2_SPLIT = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}"
               r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
LLAMA3_SPLIT = QWEN2_SPLIT.replace(r"\p{N}|", r"\p{N}{1,3}|")
SPLITS = {QWEN2_SPLIT: "qwen2", LLAMA3_SPLIT: "llama-bpe"}


def _pre_family(pre: Any, where: str) -> str:
    """The PRE_TOKENIZERS name of a tokenizer.json pre_tokenizer."""
    kind = pre.get("type") if isinstance(pre, dict) else None
    steps = pre.get("pretokenizers", []) if kind == "Sequence" else [pre]
    kinds = [s.get("type") if isinstance(s, dict) else None for s in steps]
    if kinds == ["ByteLevel"] and steps[0].get("use_regex", True):
        return "gpt2"
    if kinds == ["Digits", "ByteLevel"] and steps[0].get("individual_digits"):
        return "smollm"
    if kinds == ["Split", "ByteLevel"] and not steps[1].get("use_regex", True):
        pattern = (steps[0].get("pattern") or {}).get("Regex")
        if pattern in SPLITS and steps[0].get("behavior") == "Isolated":
            return SPLITS[pattern]
    raise ModelFormatError(f"{where}: pre_tokenizer {json.dumps(pre)[:120]} is not a supported byte-level "
                           f"BPE family (supported: {', '.join(PRE_TOKENIZERS)})")


def _normalizer(d: Any) -> str | None:
    kind = d.get("type") if isinstance(d, dict) else None
    if kind == "Sequence" and not d.get("normalizers"):
        return None
    return kind


def tokenizer_dict(tj: Any, vocab_size: int, where: str, eos_id: int | None = None,
                   bos_id: int | None = None) -> dict[str, Any]:
    """The model.json tokenizer object of a parsed tokenizer.json; ids past the vocabulary up to
    vocab_size (the embedding's rows) are padding tokens."""
    model = tj.get("model") if isinstance(tj, dict) else None
    if not isinstance(model, dict) or model.get("type") != "BPE" or not isinstance(model.get("vocab"), dict):
        raise ModelFormatError(f"{where}: model is not a BPE model with a vocab")
    pre = _pre_family(tj.get("pre_tokenizer"), where)
    family = PRE_TOKENIZERS[pre]
    if _normalizer(tj.get("normalizer")) != family.normalize:
        raise ModelFormatError(f"{where}: normalizer {tj.get('normalizer')!r:.80} is not the {pre} family's "
                               f"({family.normalize})")
    if bool(model.get("ignore_merges", False)) != family.ignore_merges:
        raise ModelFormatError(f"{where}: ignore_merges {model.get('ignore_merges')} is not the {pre} family's")
    ids: dict[int, tuple[str, int]] = {i: (t, NORMAL) for t, i in model["vocab"].items()}
    for a in tj.get("added_tokens") or []:
        ids[a["id"]] = (a["content"], CONTROL if a.get("special") else USER_DEFINED)
    n = max(vocab_size, max(ids) + 1)
    if max(ids) >= vocab_size:
        raise ModelFormatError(f"{where}: token id {max(ids)} is past the model's vocab_size {vocab_size}")
    tokens = [ids.get(i, (f"[PAD{i}]", UNUSED))[0] for i in range(n)]
    types = [ids.get(i, ("", UNUSED))[1] for i in range(n)]
    merges = [m if isinstance(m, str) else " ".join(m) for m in model.get("merges") or []]
    control = {t: i for i, t in enumerate(tokens) if types[i] == CONTROL}
    eot = next((control[t] for t in END_OF_TURN_TOKENS if t in control), None)
    return {"type": "bpe", "pre": pre, "tokens": tokens, "merges": merges, "token_types": types,
            "bos_id": bos_id, "eos_id": eos_id, "eot_id": eot, "pad_id": None,
            "add_bos": False, "add_eos": False}


def _template_bos(tj: dict[str, Any], tokens: list[str]) -> int | None:
    """The special token a TemplateProcessing post-processor puts before every text (Llama 3's
    <|begin_of_text|>), or None."""
    pp = tj.get("post_processor") or {}
    steps = pp.get("processors", []) if pp.get("type") == "Sequence" else [pp]
    for step in steps:
        if isinstance(step, dict) and step.get("type") == "TemplateProcessing":
            first = (step.get("single") or [{}])[0]
            name = (first.get("SpecialToken") or {}).get("id") if isinstance(first, dict) else None
            if name in tokens:
                return tokens.index(name)
    return None


def _first_id(v: Any) -> int | None:
    """config.json's eos_token_id may be one id or a list of them."""
    if isinstance(v, list):
        v = v[0] if v else None
    return v if type(v) is int else None


def tokenizer_from_hf(src: Path, vocab_size: int, config: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
    """(tokenizer object or None, chat template or None) of an HF checkpoint directory whose
    config.json object is `config` (it names the eos / bos ids)."""
    path = src / "tokenizer.json"
    if not path.exists():
        return None, None
    try:
        tj = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as e:
        raise ModelFormatError(f"{path}: not valid JSON: {e}") from None
    tc_path = src / "tokenizer_config.json"
    tc = json.loads(tc_path.read_text(encoding="utf-8")) if tc_path.exists() else {}
    tok = tokenizer_dict(tj, vocab_size, str(path), eos_id=_first_id(config.get("eos_token_id")),
                         bos_id=_first_id(config.get("bos_token_id")))
    bos = _template_bos(tj, tok["tokens"])
    if bos is not None:
        tok["bos_id"], tok["add_bos"] = bos, True
    else:
        tok["add_bos"] = bool(tc.get("add_bos_token", False)) and tok["bos_id"] is not None
    template = tc.get("chat_template")
    return tok, template if isinstance(template, str) else None
