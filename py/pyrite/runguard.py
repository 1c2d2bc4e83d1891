"""RunGuard: one generation, score or profile at a time on an engine, which owns one KV cache and one
set of activations; closed and lost engines refuse work; a stop request and the device's loss end a
wait for the GPU."""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from typing import AsyncIterator, Awaitable

from .errors import EngineBusyError, PyriteError
from .gpu import Device


class RunGuard:
    def __init__(self, device: Device, name: str):
        self.device, self.name = device, name
        self.owner = f"the engine of {name}"
        self.closed = False
        self.running: str | None = None  # what runs now
        self.stopping = asyncio.Event()   # set by a stop request; renewed by each run (begin)

    def check(self) -> None:
        """PyriteError on a closed engine, DeviceLostError on a lost device."""
        if self.closed:
            raise PyriteError(f"{self.owner} was closed (its GPU buffers are freed)")
        self.device.check_alive(self.owner)

    def begin(self) -> None:
        """A new run on a live engine (check): a stop asked for before it does not end it."""
        self.check()
        self.stopping = asyncio.Event()  # made here: it belongs to the running event loop

    def wait(self, work: Awaitable) -> Awaitable[bool]:
        """Wait for work, a stop or the device's loss; -> whether work finished (graph/tape.py Waiter)."""
        return self.device.wait_for(work, self.owner, self.stopping)

    @asynccontextmanager
    async def exclusive(self, what: str) -> AsyncIterator[None]:
        """Run `what` alone: a second run while one runs is refused (EngineBusyError), never interleaved
        with it; inside, the device guard turns a failure caused by the device's loss into DeviceLostError."""
        for _ in range(4):  # an abandoned generation closes a turn or two after its last reference goes
            if self.running is None:
                break
            await asyncio.sleep(0)
        if self.running is not None:
            raise EngineBusyError(f"{what} was asked for while {self.running} runs on {self.owner}: stop it "
                                  f"or wait for it to end")
        self.running = what
        try:
            async with self.device.guard(self.owner):
                yield
        finally:
            self.running = None
            self.device.release_later()
