"""A device's pipeline cache (mixed into gpu/base.py's Device): pipelines by kernel id and constants.

pipeline() makes one when a launch first runs (createComputePipeline). A plan that knows the set it
needs hands it to compile(), in the order runs first need them, and awaits it (a load waits for
decode's; `then` names those started right behind them and not waited for: a full prefill's, which a
first message sent at Ready needs), or to compile_later() (a short prefill's, while the page is already
usable), after which a run awaits ready() for its own. Natively each is made at once, one by one:
creation blocks there, so nothing would overlap; the browser (gpu/browser.py) starts them all together
(createComputePipelineAsync), and a run waits only for the ones it needs.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from ..errors import KernelError

Wanted = tuple[Any, "dict | None"]  # a pipeline a plan needs: (kernel, its override constants)
Progress = Callable[[int, int], None]  # (made, total)


def pipeline_key(kernel: Any, constants: dict | None) -> tuple:
    """The cache's key: the kernel id and its constants."""
    return (kernel.id, tuple(sorted((constants or {}).items())))


def _no_progress(made: int, total: int) -> None:
    return None


class PipelineCache:
    """Device's pipeline half, over Device's _pipelines (key -> pipeline), _pending (key -> a creation
    still running) and its backend hook _create_pipeline."""

    _pipelines: dict
    _pending: dict
    features: frozenset
    waited: int

    def check_features(self, kernel: Any) -> None:
        """Raise KernelError when the kernel needs a feature this adapter lacks (what its `enable`
        directives declare, in the registry): a route chose it wrongly, and creating it would be a
        device error."""
        missing = sorted(set(getattr(kernel, "features", ())) - self.features)
        if missing:
            raise KernelError(f"kernel {kernel.id} needs the {', '.join(missing)} feature, which this adapter "
                              f"lacks (it has: {', '.join(sorted(self.features)) or 'none'}); its route's predicate "
                              "must require it")

    def pipeline(self, kernel: Any, constants: dict | None = None) -> Any:
        """GPUDevice.createComputePipeline (layout 'auto'), cached by kernel id and constants."""
        key = pipeline_key(kernel, constants)
        pipe = self._pipelines.get(key)
        if pipe is None:
            self.check_features(kernel)
            self.waited += 1  # created here and now: the caller waits for it
            pipe = self._pipelines[key] = self._create_pipeline(kernel, constants or {})
        return pipe

    async def compile(self, wanted: Sequence[Wanted], progress: Progress = _no_progress, *,
                      startup: bool = False, then: Sequence[Wanted] = ()) -> None:
        """Make wanted's pipelines into the cache, progress(made, total) as each is ready (the cached
        ones counted made); then's are started right behind them and not waited for (compile_later's
        now). startup: the ones a model's load waits for (the browser keeps their list, to start
        them while Python boots the next time)."""
        todo, total = self._uncached(wanted)
        progress(total - len(todo), total)
        for made, (kernel, constants) in enumerate(todo, total - len(todo) + 1):
            self.pipeline(kernel, constants)
            progress(made, total)
        self.compile_later(then, startup=startup, now=True)

    def compile_later(self, wanted: Sequence[Wanted], *, startup: bool = False, now: bool = False) -> int:
        """Start making wanted's pipelines; a run waits for its own with ready() (here: made at once).
        now: those a first message needs, started beside what compiles (the browser queues the others
        behind them).
        startup: those a model's load leaves compiling (the browser keeps their list too). -> how many
        were not made yet."""
        todo = self._uncached(wanted)[0]
        for kernel, constants in todo:
            self.pipeline(kernel, constants)
        return len(todo)

    def release_later(self) -> None:
        """A run ended: compile_later's pipelines that no first message needs (not now's) may start. The
        browser on a CPU adapter holds those queued since the last run until then, since their compiles
        would share its cores with a first message's prefill; here they were made at once."""

    @property
    def compiling(self) -> bool:
        """Whether a pipeline's creation is still running (or failed: ready() raises its error)."""
        return bool(self._pending)

    async def ready(self, wanted: Sequence[Wanted]) -> None:
        """Wait for those of wanted's pipelines whose creation is still running, into the cache."""
        for kernel, constants in wanted:
            key = pipeline_key(kernel, constants)
            if key in self._pending:
                self.waited += 1
                await self._settle(key, self._pending[key])

    async def _settle(self, key: tuple, creation: Any) -> None:
        """A pending creation awaited into the cache; a failed one stays pending, so each wait raises it."""
        self._pipelines[key] = await creation
        self._pending.pop(key, None)  # several may wait for one

    def made(self, wanted: Sequence[Wanted]) -> bool:
        """Whether every one of wanted's pipelines is made (none still compiling or not started)."""
        return all(pipeline_key(k, c) in self._pipelines for k, c in wanted)

    def pipelines_made(self) -> list[str]:
        """The kernel ids of every pipeline created so far, in creation order."""
        return list(dict.fromkeys(kernel_id for kernel_id, _ in self._pipelines))

    def _uncached(self, wanted: Sequence[Wanted]) -> tuple[list[Wanted], int]:
        """wanted's distinct pipelines not cached yet, in order, and how many distinct ones it names."""
        unique = {pipeline_key(k, c): (k, c) for k, c in wanted}
        for kernel, _ in unique.values():
            self.check_features(kernel)
        return [w for key, w in unique.items() if key not in self._pipelines], len(unique)
