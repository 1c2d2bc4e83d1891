"""Random-weight HF checkpoints in real head geometries, made with transformers (no hub here).

Few layers, small vocab, but the published checkpoints' head counts and dims: Qwen3-0.6B
(hidden 1024, 16 query heads x 128 -- head_dim independent of hidden -- 8 KV heads, q/k norm) and
Llama-3.2-1B (hidden 2048, 32 x 64, 8 KV heads, llama3 rope scaling). Both tie their embeddings.

make_chat_checkpoint adds what a chat needs: a byte-level BPE tokenizer.json trained on a few built-in
paragraphs (filling the vocabulary, with the model's special and added tokens as in the real one) and a
tokenizer_config.json carrying the real chat template (tests/chat/templates), with config.json's eos (and
Llama's bos) naming the model's own tokens.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers, processors, trainers
from transformers import AutoModelForCausalLM, LlamaConfig, PretrainedConfig, Qwen3Config

VOCAB = 2048
MAX_REL_LOGIT_ERROR = 1e-3  # |ours - HF| / max |HF| per position: the fp16 KV cache costs ~4e-4 here

GEOMETRIES: dict[str, PretrainedConfig] = {
    "qwen3-0.6b": Qwen3Config(
        vocab_size=VOCAB, hidden_size=1024, intermediate_size=768, num_hidden_layers=2, num_attention_heads=16,
        num_key_value_heads=8, head_dim=128, max_position_embeddings=40960, rope_theta=1000000.0,
        rms_norm_eps=1e-6, tie_word_embeddings=True, attention_bias=False, use_sliding_window=False),
    "llama-3.2-1b": LlamaConfig(
        vocab_size=VOCAB, hidden_size=2048, intermediate_size=1024, num_hidden_layers=2, num_attention_heads=32,
        num_key_value_heads=8, head_dim=64, max_position_embeddings=131072, rope_theta=500000.0,
        rms_norm_eps=1e-5, tie_word_embeddings=True,
        rope_scaling={"rope_type": "llama3", "factor": 32.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                      "original_max_position_embeddings": 8192}),
}


def make_checkpoint(kind: str, out: Path, seed: int = 0, dtype: torch.dtype = torch.float32,
                    token_ids: dict[str, int | None] | None = None) -> Path:
    """config.json + model.safetensors of a random model of one geometry (saved in `dtype`); token_ids
    ({"bos_token_id": ..., "eos_token_id": ...}) replace the geometry's (the weights stay the seed's)."""
    config = copy.deepcopy(GEOMETRIES[kind])
    for name, value in (token_ids or {}).items():
        setattr(config, name, value)
    torch.manual_seed(seed)
    model = AutoModelForCausalLM.from_config(config).to(dtype)
    model.save_pretrained(out, safe_serialization=True)
    return out


# ---- chat checkpoints: a trained tokenizer and the real chat template ---------------------------------

TEMPLATES = Path(__file__).parent / "chat" / "templates"
# A few paragraphs of English (and the words a chat prompt uses); trained on in three cases (as written,
# upper and title case) they give the BPE trainer merges enough to fill the 2048 ids.
TRAINING_TEXT = """\
The lighthouse keeper climbed the spiral stairs every evening at dusk, counting the steps as his father
had taught him. From the lamp room he could see the whole bay: the fishing boats coming home, the ferry
to the island, and the long grey line of the breakwater where children gathered to watch the waves.

"What is the weather going to be like tomorrow?" asked Mira, setting down her basket of bread and apples.
"Cloudy in the morning, with rain from the west after noon," he answered. "The wind will turn north by
evening, and the temperature should drop to eleven degrees. Take a warm coat if you go to the market."

You are a helpful assistant. Answer the user's questions in one or two sentences, and say so when you do
not know. When a function can answer a question better than you can, call it with the right arguments
and wait for its result before you reply. Think step by step about the problem, then give the answer.

The city council met on Thursday to discuss the new library, the repairs to the old bridge, and the
summer festival. Several residents spoke about parking near the station, traffic on the main street, and
the price of tickets for the concert in the park. The mayor promised a decision before the end of June.

A good recipe for soup needs only a few things: onions, carrots, potatoes, a little butter, salt, pepper
and fresh water. Cook the vegetables slowly until they are soft, then add herbs from the garden. Serve it
hot with bread, and keep what is left in a cold place for the next day.

The students learned about planets, stars and the moon. Jupiter is the largest planet in our system, and
Saturn has beautiful rings made of ice and rock. Mars looks red because of the iron in its dust, while
Venus is covered by thick clouds that hide its surface from every telescope on Earth.

Paris, London, Berlin, Madrid, Rome, Tokyo, Cairo and Lima are capitals. Travellers often ask which one
is the warmest in winter, which has the best museums, and where they can find cheap hotels and quiet
restaurants. Maps, timetables and a phone with a charged battery make every journey much easier.

Programs read input, compute something, and write output. A function takes arguments and returns a
value; a list holds items in order; a dictionary maps keys to values. Errors should be reported clearly,
with the name of the file, the line, and what was expected instead of what was found.

Given the following functions, please respond with a JSON for a function call with its proper arguments
that best answers the given prompt. Respond in the format {"name": function name, "parameters": dictionary
of argument name and its value}. Do not use variables. You may call one or more functions to assist with
the user query. You are provided with function signatures within XML tags. For each function call, return
a json object with function name and arguments. Environment: ipython. Today Date: 26 Jul 2024.

{
    "type": "function",
    "function": {
        "name": "find_hotel",
        "description": "Hotels near a station",
        "parameters": {
            "type": "object",
            "properties": {
                "city": {
                    "type": "string",
                    "maxLength": 20
                }
            },
            "required": [
                "city"
            ]
        }
    }
}
"""


@dataclass(frozen=True)
class ChatFormat:
    """A model's chat tokens, as its real tokenizer has them: special ones (control tokens, matched in a
    prompt and dropped from decoded text) and ordinary added ones (Qwen's <think>, <tool_call>: always
    matched, kept in the text), both after the BPE vocabulary; the tokenizer_config.json tokens."""
    template: str
    special: tuple[str, ...]
    added: tuple[str, ...]
    bos: str | None
    eos: str
    pad: str | None = None


CHAT_FORMATS = {
    "qwen3-0.6b": ChatFormat("qwen3.jinja", ("<|endoftext|>", "<|im_start|>", "<|im_end|>"),
                             ("<tool_call>", "</tool_call>", "<tool_response>", "</tool_response>", "<think>",
                              "</think>"), bos=None, eos="<|im_end|>", pad="<|endoftext|>"),
    "llama-3.2-1b": ChatFormat("llama3.2.jinja", ("<|begin_of_text|>", "<|end_of_text|>", "<|start_header_id|>",
                                                  "<|end_header_id|>", "<|eom_id|>", "<|eot_id|>", "<|python_tag|>"),
                               (), bos="<|begin_of_text|>", eos="<|eot_id|>"),
}


def train_tokenizer(kind: str) -> Tokenizer:
    """A byte-level BPE (ByteLevel pre-tokenizer with its regex, ByteLevel decoder, no normalizer, all 256
    bytes in the alphabet) of exactly VOCAB ids: the merges TRAINING_TEXT gives, then the kind's special
    and added tokens; Llama's post-processor puts <|begin_of_text|> before a text, as the real one does."""
    fmt = CHAT_FORMATS[kind]
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    tok.decoder = decoders.ByteLevel()
    paragraphs = TRAINING_TEXT.split("\n\n")
    trainer = trainers.BpeTrainer(vocab_size=VOCAB - len(fmt.special) - len(fmt.added), show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(paragraphs + [p.upper() for p in paragraphs] + [p.title() for p in paragraphs], trainer)
    tok.add_special_tokens([AddedToken(t, special=True, normalized=False) for t in fmt.special])
    tok.add_tokens([AddedToken(t, special=False, normalized=False) for t in fmt.added])
    if fmt.bos is not None:
        bos = tok.token_to_id(fmt.bos)
        tok.post_processor = processors.Sequence([
            processors.ByteLevel(trim_offsets=False),
            processors.TemplateProcessing(single=f"{fmt.bos} $A", pair=f"{fmt.bos} $A {fmt.bos} $B:1",
                                          special_tokens=[(fmt.bos, bos)])])
    assert tok.get_vocab_size() == VOCAB, f"{kind}: the tokenizer has {tok.get_vocab_size()} ids, the model {VOCAB}"
    return tok


def make_chat_checkpoint(kind: str, out: Path, seed: int = 0, dtype: torch.dtype = torch.float32) -> Path:
    """make_checkpoint plus tokenizer.json (train_tokenizer) and tokenizer_config.json (the vendored chat
    template, bos and eos tokens); config.json's eos_token_id is the end of a turn (Qwen3: <|im_end|>,
    Llama 3.2: <|eot_id|>) and Llama's bos_token_id <|begin_of_text|>."""
    fmt = CHAT_FORMATS[kind]
    tok = train_tokenizer(kind)
    ids = {"eos_token_id": tok.token_to_id(fmt.eos),
           "bos_token_id": tok.token_to_id(fmt.bos) if fmt.bos is not None else None}
    make_checkpoint(kind, out, seed, dtype, token_ids=ids)
    tok.save(str(out / "tokenizer.json"))
    config = {"tokenizer_class": "PreTrainedTokenizerFast", "chat_template": (TEMPLATES / fmt.template).read_text(),
              "bos_token": fmt.bos, "eos_token": fmt.eos, "pad_token": fmt.pad,
              "model_max_length": GEOMETRIES[kind].max_position_embeddings}
    (out / "tokenizer_config.json").write_text(json.dumps(config, indent=2))
    return out


def hf_tokenizer(ckpt: Path):
    """The checkpoint's tokenizer in transformers (PreTrainedTokenizerFast), with its chat template and
    special tokens: the reference for prompt ids (apply_chat_template)."""
    from transformers import PreTrainedTokenizerFast
    config = json.loads((ckpt / "tokenizer_config.json").read_text())
    tok = PreTrainedTokenizerFast(tokenizer_file=str(ckpt / "tokenizer.json"),
                                  **{k: config[k] for k in ("bos_token", "eos_token", "pad_token") if config[k]})
    tok.chat_template = config["chat_template"]
    return tok


def load_checkpoint(path: Path):
    """The reference: the checkpoint itself in transformers, fp32, CPU."""
    return AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32).eval()


def relative_error(ours: np.ndarray, ref: np.ndarray) -> float:
    """The worst position's max |ours - HF| over its max |HF| (logits [positions, vocab])."""
    return float((np.abs(ours - ref).max(axis=1) / np.abs(ref).max(axis=1)).max())


def assert_logits_match(ours: np.ndarray, ref: np.ndarray, bound: float = MAX_REL_LOGIT_ERROR,
                        min_top1: float = 0.95) -> float:
    """Logits within `bound` of HF's at every position, and top-1 equal at >= min_top1 of them: a random
    model has near-ties (HF's top two within the fp16 KV cache's error), which may go either way, as
    in the real models' agreement rates; a systematic error flips many."""
    err = relative_error(ours, ref)
    assert err <= bound, f"max relative logit error {err:.2e} > {bound:.0e}"
    differ = np.flatnonzero(ours.argmax(1) != ref.argmax(1))
    assert len(differ) <= (1 - min_top1) * len(ref), f"top-1 differs at positions {differ.tolist()} of {len(ref)}"
    return err
