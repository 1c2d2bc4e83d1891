"""The device's loss guard (gpu/base.py) and the engine's run guard (runguard.py) on the null device:
a failure caused by a loss becomes DeviceLostError, others pass through; a wait ends on work, a stop
or a loss; one run at a time."""
from __future__ import annotations

import asyncio

import pytest

from pyrite.errors import DeviceLostError, EngineBusyError, PyriteError, ShapeError
from pyrite.gpu import base, null
from pyrite.runguard import RunGuard
from pyrite.sync import run_sync


def test_a_failure_after_a_loss_is_a_device_lost_error_naming_its_owner():
    device = null.null_device()

    async def go():
        async with device.guard("the engine of m"):
            device.destroy()
            raise RuntimeError("mapAsync: AbortError")
    with pytest.raises(DeviceLostError, match=r"GPU device was lost \(destroyed.*\); the engine of m is gone"):
        run_sync(go())


def test_a_loss_reported_within_the_grace_period_still_counts(monkeypatch):
    monkeypatch.setattr(base, "LOSS_GRACE_S", 0.5)
    device = null.null_device()

    async def go():
        async with device.guard("x"):
            asyncio.get_running_loop().call_later(0.05, device.destroy)
            raise RuntimeError("the call failed a turn before the loss")
    with pytest.raises(DeviceLostError):
        run_sync(go())


def test_other_failures_pass_through_unchanged(monkeypatch):
    monkeypatch.setattr(base, "LOSS_GRACE_S", 0.01)
    device = null.null_device()

    async def fail(error):
        async with device.guard("x"):
            raise error
    with pytest.raises(RuntimeError, match="a bug"):
        run_sync(fail(RuntimeError("a bug")))
    with pytest.raises(ShapeError):  # a typed error is never held back waiting for a loss
        run_sync(fail(ShapeError("bad shape")))
    assert device.lost is None


def test_wait_for_ends_on_the_work_a_stop_or_a_loss():
    device = null.null_device()

    async def go():
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        loop.call_later(0.01, done.set_result, b"x")
        finished = await device.wait_for(done, "x")
        stop, never = asyncio.Event(), loop.create_future()
        loop.call_later(0.01, stop.set)
        stopped = await device.wait_for(never, "x", stop)
        loop.call_later(0.01, device.destroy)
        with pytest.raises(DeviceLostError):
            await device.wait_for(loop.create_future(), "x")
        never.cancel()
        return finished, stopped
    assert run_sync(go()) == (True, False)


def test_one_run_at_a_time_and_a_closed_or_lost_engine_refuses_work():
    device = null.null_device()
    guard = RunGuard(device, "m")

    async def go():
        async with guard.exclusive("a generation"):
            with pytest.raises(EngineBusyError, match="a score was asked for while a generation runs on the engine of m"):
                async with guard.exclusive("a score"):
                    pass
        async with guard.exclusive("a score"):  # free again
            pass
    run_sync(go())
    guard.check()
    guard.closed = True
    with pytest.raises(PyriteError, match="the engine of m was closed"):
        guard.check()
    guard.closed = False
    device.destroy()
    with pytest.raises(DeviceLostError):
        guard.check()
