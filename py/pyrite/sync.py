"""Run a coroutine to completion from synchronous host code (CLI, eager, tests)."""
from __future__ import annotations

import asyncio
import concurrent.futures
from typing import Awaitable, TypeVar

T = TypeVar("T")


def run_sync(work: Awaitable[T]) -> T:
    """asyncio.run, also when this thread already runs a loop (Jupyter, Playwright's sync API):
    then on a helper thread (the native backend's waits are blocking calls anyway)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(work)  # type: ignore[arg-type]
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()  # type: ignore[arg-type]
