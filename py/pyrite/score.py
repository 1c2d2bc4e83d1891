"""Teacher-forced scoring: every position's top-1 and the log-probability of the token that follows,
through the model's "score" section, over the engine's own step (passed in, never imported)."""
from __future__ import annotations

import array
import math
from typing import Awaitable, Callable, Sequence

from .errors import PromptError
from .models.resident import Resident
from .sampling import log_softmax_at

Step = Callable[[list[int], int, Sequence[str]], Awaitable[None]]  # Engine.step(ids, pos, sections)
SECTIONS = ("body", "score")


def check_ids(ids: list[int], max_ctx: int, vocab: int, pick: list[list[int]] | None) -> None:
    """PromptError naming what a score cannot take: too few or too many tokens, an id outside the
    vocabulary, a pick list per position that does not match."""
    if len(ids) < 2:
        raise PromptError("score needs at least 2 tokens")
    if len(ids) > max_ctx:
        raise PromptError(f"the text is {len(ids)} tokens; the context holds {max_ctx}")
    bad = next((i for i in ids if not 0 <= i < vocab), None)
    if bad is not None:
        raise PromptError(f"token id {bad} is outside the vocabulary (0 .. {vocab - 1})")
    if pick is not None and len(pick) != len(ids):
        raise PromptError(f"pick has {len(pick)} lists of token ids for {len(ids)} positions")


async def teacher_forced(step: Step, resident: Resident, ids: list[int], logits: bool = False,
                         pick: list[list[int]] | None = None) -> dict[str, list]:
    """top1[i] = argmax after ids[..i], logprob[i] = log p(ids[i+1] | ids[..i]), in chunks of max_seq.

    logits=True adds "logits": one array of vocab floats per position (the last included); pick adds
    "picked": log p of pick[i]'s ids at each position i, computed row by row as the logits arrive (no
    [len(ids), vocab] array is kept)."""
    model = resident.model
    with resident.owning():
        model.ensure_score()  # the score section, built on first use: its buffers are the model's
    device, a, vocab = model.device, model.act, model.config.vocab
    targets = ids[1:] + [0]
    pairs: list[tuple[int, float]] = []
    rows: list[array.array] = []
    picked: list[list[float]] = []
    for start in range(0, len(ids), model.max_seq):
        chunk = ids[start:start + model.max_seq]
        device.write_buffer(a.targets, 0, array.array("I", targets[start:start + len(chunk)]).tobytes())
        await step(chunk, start, SECTIONS)
        out = array.array("I", await device.read_buffer(a.out, 0, 8 * len(chunk)))
        bits = array.array("f", out[1::2].tobytes())  # the f32 log-probability beside each argmax
        pairs += zip(out[0::2], bits)
        if logits or pick is not None:
            flat = array.array("f", await device.read_buffer(model.score_logits, 0, len(chunk) * vocab * 4))
            for i in range(len(chunk)):
                row = flat[i * vocab:(i + 1) * vocab]
                if logits:
                    rows.append(row)
                if pick is not None:
                    picked.append(log_softmax_at(row, pick[len(picked)]))
    result: dict[str, list] = {"tokens": ids, "top1": [t for t, _ in pairs[:-1]],
                               "logprob": [lp if math.isfinite(lp) else -1e30 for _, lp in pairs[:-1]]}
    if logits:
        result["logits"] = rows
    if pick is not None:
        result["picked"] = picked
    return result
