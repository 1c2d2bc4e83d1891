"""A soak natively: generations that each run into the end of the context (the policy: stop with
stop_reason "context"; no sliding window), back to back, leave GPU memory and Python's objects flat from
the first hundred tokens to the last. CI generates SHORT tokens; `pytest --long` LONG (max_ctx 256)."""
import pytest

from pyrite.engine import Engine
from pyrite.sync import run_sync
from support.engine import collect, footprint

pytestmark = [pytest.mark.gpu, pytest.mark.model, pytest.mark.slow]

SHORT, LONG = 240, 2000
FLAT = 0.05


def test_generations_across_context_boundaries_keep_memory_flat(device, smollm2_model, long_run,
                                                                 reliability):
    total, max_ctx = (LONG, 256) if long_run else (SHORT, 96)
    engine = run_sync(Engine.load(smollm2_model, device=device, max_ctx=max_ctx, max_seq=64))
    produced, runs, ends, early = 0, 0, 0, None
    try:
        while produced < total:
            collect(engine, "Once upon a time", max_tokens=max_ctx)  # more than the context holds
            s = engine.stats
            assert s.stop_reason in ("context", "stop_token"), s
            if s.stop_reason == "context":
                assert s.prompt_tokens + s.generated_tokens == max_ctx + 1  # the last token lands on the end
                ends += 1
            produced, runs = produced + s.generated_tokens, runs + 1
            if early is None and produced >= 100:
                early = footprint(engine)
        gpu, objects = footprint(engine)
        reliability(tokens=produced, runs=runs, context_ends=ends, max_ctx=max_ctx, gpu_bytes=[early[0], gpu],
                    py_objects=[early[1], objects], drift=round(objects / early[1] - 1, 4))
        assert ends >= 2, f"{ends} of {runs} runs reached the end of the context"  # crossed it more than once
        assert gpu == early[0], (gpu, early)
        assert objects <= early[1] * (1 + FLAT), (objects, early)
    finally:
        engine.close()
