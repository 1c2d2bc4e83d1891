"""A soak natively: generations that each run into the end of the context (the policy: stop with
stop_reason "context"; no sliding window), back to back, leave GPU memory and Python's objects flat from
the first hundred tokens to the last. CI generates SHORT tokens; `pytest --long` LONG (max_ctx 256)."""
import gc

import pytest

from pyrite.engine import Engine
from pyrite.sync import run_sync

from .test_engine import collect

pytestmark = [pytest.mark.gpu, pytest.mark.model, pytest.mark.slow]

SHORT, LONG = 240, 2000
FLAT = 0.05


def footprint(engine) -> tuple[int, int]:
    gc.collect()
    return engine.device.live_bytes, len(gc.get_objects())


def test_generations_across_context_boundaries_keep_memory_flat(device, smollm2_model, long_run,
                                                                 reliability):
    total, max_ctx = (LONG, 256) if long_run else (SHORT, 96)
    engine = run_sync(Engine.load(smollm2_model, device=device, max_ctx=max_ctx, max_seq=64))
    produced, runs, early = 0, 0, None
    try:
        while produced < total:
            collect(engine, "Once upon a time", max_tokens=max_ctx)  # more than the context holds
            s = engine.stats
            assert s.stop_reason in ("context", "stop_token"), s
            if s.stop_reason == "context":
                assert s.prompt_tokens + s.generated_tokens == max_ctx + 1  # the last token lands on the end
            produced, runs = produced + s.generated_tokens, runs + 1
            if early is None and produced >= 100:
                early = footprint(engine)
        gpu, objects = footprint(engine)
        reliability(tokens=produced, runs=runs, max_ctx=max_ctx, gpu_bytes=[early[0], gpu],
                    py_objects=[early[1], objects], drift=round(objects / early[1] - 1, 4))
        assert gpu == early[0], (gpu, early)
        assert objects <= early[1] * (1 + FLAT), (objects, early)
        assert runs >= 2  # it crossed the end of the context more than once
    finally:
        engine.close()
