"""The native engine as the tests drive it: the prompt and its golden greedy continuation (SmolLM2-135M,
exact recipe), the converted test models, the agreement corpus, streaming a generation into a list, and the memory probes that
the leak and soak tests compare."""
from __future__ import annotations

import gc
import os
from pathlib import Path

from pyrite.sync import run_sync

PROMPT = "The history of the Roman Empire is"
GOLDEN = " often divided into four eras: the Early Roman Empire, the Roman Empire under Emperor Augustus"
CORPUS = Path(__file__).resolve().parents[1] / "models" / "corpus.txt"  # prose, code, numbers, languages


def golden_words(n: int) -> str:
    """The golden continuation's first n words (the first tokens are one word each: 4 tokens, 4 words)."""
    return " " + " ".join(GOLDEN.split()[:n])


def collect(engine, prompt: str, **kw) -> list[str]:
    """engine.generate's pieces, in order."""
    async def go():
        return [p async for p in engine.generate(prompt, **kw)]
    return run_sync(go())


def corpus_ids(model_dir: Path) -> list[int]:
    """The corpus tokenized by the model's own tokenizer (with its special tokens)."""
    from pyrite.models.format import load_index
    from pyrite.tokenizer import Tokenizer
    tokenizer = Tokenizer.from_dict(load_index(model_dir).tokenizer)
    return tokenizer.encode(CORPUS.read_text(encoding="utf-8"), add_special=True)


def cached_model(gguf: Path, name: str, recipe: str = "exact") -> Path:
    """A GGUF converted into .cache/test-models/<name> (again whenever the converter's sources change).
    `build.py test --fast` promises no model conversion: there a test that asks for one fails."""
    if os.environ.get("PYRITE_TEST_FAST"):
        raise AssertionError(f"a --fast test asked for the converted model {name}: mark it pytest.mark.model")
    from pyrite.models.convert import convert_cached
    from pyrite.models.sources import default_cache
    return convert_cached(gguf, default_cache() / "test-models" / name, recipe=recipe, name=name)


def live_bytes(device) -> int:
    """The device's live bytes once unreferenced buffers (garbage of earlier tests) are collected."""
    gc.collect()
    return device.live_bytes


def footprint(engine) -> tuple[int, int]:
    """(GPU bytes live on the engine's device, Python objects alive), after a collection."""
    return live_bytes(engine.device), len(gc.get_objects())
