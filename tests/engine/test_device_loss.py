"""A device lost in the middle of a decode batch (GPUDevice.destroy as the test hook, natively): a clear
DeviceLostError, the engine refuses further work with the same error, and the model loads again on a new
device and gives the golden continuation."""
import asyncio

import pytest

from pyrite.engine import Engine
from pyrite.errors import DeviceLostError
from pyrite.gpu.native import request_device
from pyrite.sync import run_sync
from support.engine import GOLDEN, PROMPT, collect

pytestmark = [pytest.mark.gpu, pytest.mark.model]


def test_a_device_lost_mid_batch_is_a_clear_error_and_the_model_loads_again(smollm2_model):
    device = run_sync(request_device())  # its own: the session's device outlives this test
    engine = run_sync(Engine.load(smollm2_model, device=device, max_ctx=256, max_seq=64))

    async def decode_then_lose() -> list[int]:
        got: list[int] = []
        with pytest.raises(DeviceLostError, match=r"device was lost \(destroyed.*load the model again"):
            async for token in engine.generate_ids(engine.encode("Once upon a time"), max_tokens=64):
                got.append(token)
                if len(got) == 3:  # decode batches are in flight on the GPU now
                    device.destroy()
        return got

    assert len(run_sync(decode_then_lose())) == 3
    with pytest.raises(DeviceLostError):
        collect(engine, "Hello", max_tokens=2)
    engine.close()  # buffers of a lost device go without error
    again = run_sync(Engine.load(smollm2_model, max_ctx=256, max_seq=64))  # a new device
    assert again.device is not device and again.device.lost is None
    assert "".join(collect(again, PROMPT, max_tokens=20)).startswith(GOLDEN)


def test_a_loss_reported_after_the_failing_gpu_call_is_still_a_device_lost_error(smollm2_model):
    """In the page a GPU call can fail (mapAsync's AbortError) a turn before GPUDevice.lost resolves: here the
    device goes first and its loss is reported 0.2 s later, and the answer still ends in DeviceLostError."""
    device = run_sync(request_device())
    engine = run_sync(Engine.load(smollm2_model, device=device, max_ctx=256, max_seq=64))

    async def decode_then_lose() -> int:
        got = 0
        with pytest.raises(DeviceLostError, match=r"device was lost \(reported late\)") as lost:
            async for _ in engine.generate_ids(engine.encode("Once upon a time"), max_tokens=64):
                got += 1
                if got == 3:
                    device._device.destroy()  # the wgpu device alone: no loss recorded yet
                    asyncio.get_running_loop().call_later(0.2, device._mark_lost, "reported late")
        assert lost.value.__cause__ is not None  # the GPU call's own error came first
        return got

    assert run_sync(decode_then_lose()) == 3
    engine.close()
