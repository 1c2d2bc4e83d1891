"""Sampler: the next token, always picked on the GPU (ops/sample.py), so a seed gives the same text
whatever the batching or the profiling gate. sampling.py keeps the parameters, their checks and the
host's reference draw that tests compare against."""
from __future__ import annotations

import array
import random
import struct

from .gpu import Buffer, Device
from .graph.plan import Plan
from .ops.sample import write_sampling
from .sampling import MAX_WINDOW, SamplingParams

GREEDY = ("logits", "next")  # models/llama.py's head sections: the logits, then the argmax
DRAW = ("logits", "draw")    # or the draw by the sampling parameters
EMPTY = 0xFFFFFFFF           # a history slot that holds no token


class Sampler:
    def __init__(self, device: Device, plan: Plan, sampling: Buffer, history: Buffer, out: Buffer):
        self.device, self.plan = device, plan
        self.sampling, self.history, self.out = sampling, history, out  # out[0]: the token picked last

    def prepare(self, params: SamplingParams, ids: list[int]) -> tuple[str, ...]:
        """Set up a generation's picks; -> the head sections that run them. A draw gets its parameters and
        a seed (params.seed, else a fresh one) in the sampling uniform, and the prompt's last positions
        in the history ring the repetition penalty reads (the draw appends each token it picks)."""
        if params.greedy:
            return GREEDY
        seed = params.seed if params.seed is not None else random.getrandbits(64)
        write_sampling(self.plan, self.sampling, params, seed)
        ring = [EMPTY] * MAX_WINDOW
        for q in range(max(0, len(ids) - MAX_WINDOW), len(ids)):
            ring[q % MAX_WINDOW] = ids[q]
        self.device.write_buffer(self.history, 0, array.array("I", ring).tobytes())
        return DRAW

    async def token(self) -> int:
        """The token the last step picked (4 bytes back)."""
        return struct.unpack("<I", await self.device.read_buffer(self.out, 0, 4))[0]
