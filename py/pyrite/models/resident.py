"""A model resident on a device: its weights uploaded, its plan built and compiled, and every GPU
buffer that took recorded, so that closing it (or a failed load) leaves nothing on the device."""
from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from ..fields import Field
from ..gpu import Buffer, Device, in_browser, request_device
from ..graph.options import Options
from ..graph.plan import Live
from ..graph.tuning import TuningReport, tune
from ..graph.tuning_store import BrowserStore, FolderStore, Store
from ..schema import BLOCK_BYTES, MAX_CTX
from ..tokenizer import Tokenizer
from .format import ModelIndex
from .llama import LlamaModel
from .loader import FetchShards, FileShards, Progress, _no_progress, upload

PREPARED = ("body", "logits", "next")  # the sections compiled at load: a greedy prefill and decode
DRAWN = ("draw",)  # a sampled pick's section (sampler.py DRAW), compiled behind the load's
MAX_SEQ = Field("max_seq", "integer", 128, doc="tokens one prefill chunk runs", minimum=1)


def tuning_store(device: Device) -> Store:
    """Where measured route choices are kept: the browser's Cache Storage in the page, else the cache folder."""
    if device.info.backend == "browser":
        return BrowserStore()
    from .sources import default_cache
    return FolderStore(default_cache() / "route-tuning")


def shard_source(model: str | Path) -> Any:
    """A local model of the page (local:<key>, local.py), a URL in the browser, a directory natively."""
    if in_browser() and str(model).startswith("local:"):
        from .local import LocalShards
        return LocalShards(str(model))
    return FetchShards(str(model)) if in_browser() else FileShards(model)


@dataclass
class Resident:
    device: Device
    index: ModelIndex
    model: LlamaModel
    tokenizer: Tokenizer | None
    buffers: list[Buffer]  # every buffer made for it (close() destroys them)
    tuning: TuningReport = field(default_factory=lambda: TuningReport("off"))  # graph/tuning.py, at load

    def owning(self) -> AbstractContextManager:
        """Buffers created inside (a section built on first use) are the model's too."""
        return self.device.collect(self.buffers)

    async def compiled(self, live: Live, sections: Sequence[str]) -> None:
        """Wait for the pipelines a run at `live` needs that the load left compiling (a run must not make
        them again; a failed one raises here)."""
        if self.device.compiling:
            await self.device.ready(self.model.plan.pipelines([live], sections))

    def close(self) -> None:
        """Destroy every buffer: a page switching models frees the old one first."""
        for buf in self.buffers:
            self.device.destroy_buffer(buf)
        self.buffers = []


def load_lives(max_seq: int, max_ctx: int) -> list[Live]:
    """The shapes a load compiles: decode's step, a short prompt chunk's, then a full one's and one of 17
    rows (the gpu class's coop tiles run 17-31; the cpu class's are the full one's). Any prompt chunk runs
    on their kernels (on the cpu class 2-7 rows take the plain m8 tile, 8 or more the wide one: a chat's
    next turn compiles nothing); a verify's rows take the small tiles (graph/speculative.py)."""
    full = min(max_seq, max_ctx)
    return [Live(1, 0), Live(min(2, full), 0, True), Live(full, 0, True), Live(min(17, full), 0, True)]


async def load_resident(model: str | Path, *, device: Device | None = None, max_ctx: int = 2048,
                        max_seq: int = 128, overrides: dict[str, str] | None = None,
                        options: dict[str, Any] | None = None, progress: Progress = _no_progress,
                        block_bytes: int | None = None) -> Resident:
    """A model directory (natively) or URL (in the browser) on a device (the default adapter's when
    none is given), decode's pipelines and bind groups made inside an error scope; those of a short and a
    full prefill, and a sampled pick's, may still be compiling (Resident.compiled). Counts and options are
    checked before any download; a failure destroys what was made."""
    for seam_field, value in ((MAX_CTX, max_ctx), (MAX_SEQ, max_seq), (BLOCK_BYTES, block_bytes)):
        seam_field.check(value)  # the seam's own fields and error kind (RequestError naming the field)
    checked = Options(options or {})  # unknown names or values fail before any download
    source = shard_source(model)
    index = await source.index()
    device = device or await request_device()
    owned: list[Buffer] = []
    try:
        with device.collect(owned):
            weights = await upload(device, index, source, progress, block_bytes)
            progress("plan", 0, 1)
            device.push_error_scope()
            built = LlamaModel(device, index.config, weights, max_ctx=min(max_ctx, index.config.max_ctx),
                               max_seq=max_seq, overrides=overrides, options=checked)
            lives = load_lives(max_seq, built.max_ctx)
            tuning = await tune(built.plan, tuning_store(device), max_seq)  # before prepare: it compiles the choices
            progress("plan", 1, 1)
            # decode's pipelines (all at once) and bind groups before the load returns; a full prefill's
            # (a chat's first, 8 tokens or more) started right behind them, a short one's after those
            await device.compile(built.plan.pipelines(lives[:1], PREPARED),
                                 lambda done, total: progress("pipelines", done, total), startup=True,
                                 then=built.plan.pipelines(lives[2:], PREPARED))
            built.plan.prepare(lives[:1], PREPARED)
            err = await device.pop_error_scope()
        if err:
            raise RuntimeError(f"building the {index.name} plan failed: {err}")
        tokenizer = Tokenizer.from_dict(index.tokenizer) if index.tokenizer is not None else None
    except BaseException:
        for buf in owned:
            device.destroy_buffer(buf)
        raise
    # after those, a short prefill's and a sampled pick's (the page's first message is greedy by default)
    device.compile_later(built.plan.pipelines(lives[1:2], PREPARED) + built.plan.pipelines(lives[:1], DRAWN),
                         startup=True)
    return Resident(device, index, built, tokenizer, owned, tuning)
