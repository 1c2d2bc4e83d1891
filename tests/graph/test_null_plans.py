"""Whole model plans on the null device (no GPU): every preset builds, routes switch per execution,
pins and options act without a rebuild, and the streaming routes hold no S x S_kv buffer."""
from __future__ import annotations

import dataclasses

import pytest

from pyrite.errors import ShapeError
from pyrite.formats import FORMATS, part_bytes
from pyrite.gpu.null import DEFAULT_LIMITS, null_device
from pyrite.graph.options import OptionError
from pyrite.graph.plan import Level
from pyrite.graph.routes import Live, RouteError
from pyrite.models.config import PRESETS, ModelConfig, tensor_shapes
from pyrite.models.llama import LlamaModel
from pyrite.ops import sdpa
from pyrite.graph.device_weights import DeviceWeight
from pyrite.models.packing import PACKS
from pyrite.models.resident import PREPARED, load_lives
from pyrite.ops import linear
from pyrite.models.row_blocks import plan_row_blocks

SECTIONS = ("body", "logits", "next")


def null_weights(device, c: ModelConfig, block_bytes: int | None = None, pack: bool = True) -> dict[str, DeviceWeight]:
    """Every tensor a config's graph reads (config.tensor_shapes): q4gsw matrices, a q8gsw embedding,
    f32 vectors; with block_bytes, matrices over it split into row blocks as the loader splits them;
    with pack, Q/K/V and gate/up (and their biases) packed as the loader packs them."""
    def matrix(name, n, k, fmt, gs=32, row0=0):
        parts = {p: device.create_buffer(part_bytes(fmt, (n, k), gs, p), label=f"{name}.{p}") for p in FORMATS[fmt].parts}
        return DeviceWeight(name, (n, k), fmt, gs, parts, row0=row0)

    def weight(name, shape):
        if len(shape) == 1:
            return DeviceWeight(name, shape, "f32", None, {"data": device.create_buffer(shape[0] * 4, label=name)})
        fmt = "q8gsw" if name == "token_embd.weight" else "q4gsw"
        blocks = plan_row_blocks(name, shape, fmt, 32, block_bytes) if block_bytes else [(0, shape[0])]
        if len(blocks) == 1:
            return matrix(name, *shape, fmt)
        return DeviceWeight(name, shape, fmt, 32, {}, blocks=tuple(
            matrix(f"{name}[{n0}:{n1}]", n1 - n0, shape[1], fmt, row0=n0) for n0, n1 in blocks))

    shapes = dict(tensor_shapes(c))
    if pack:
        for i in range(c.n_layers):
            for packed, members in PACKS.items():
                for suffix in ("weight", "bias"):
                    names = [f"blk.{i}.{m}.{suffix}" for m in members]
                    if all(n in shapes for n in names):
                        rows = sum(shapes.pop(n)[0] for n in names)
                        shapes[f"blk.{i}.{packed}.{suffix}"] = (rows, c.hidden) if suffix == "weight" else (rows,)
    return {name: weight(name, shape) for name, shape in shapes.items()}


def build(preset: str, device=None, config: ModelConfig | None = None, block_bytes: int | None = None,
          pack: bool = True, **kw) -> LlamaModel:
    device = device or null_device()
    c = config or PRESETS[preset]
    return LlamaModel(device, c, null_weights(device, c, block_bytes, pack), max_ctx=kw.pop("max_ctx", 256),
                      max_seq=kw.pop("max_seq", 32), **kw)


def gemv(N: int) -> str:
    """The decode tile of a packed linear with N rows (ops/linear.py ROUTES): the vec GEMV where its rows
    pair (every preset's), else the word-loading GEMVs by N."""
    if N % 2 == 0:
        return "m1_vec"
    return "m1_xwide" if N >= linear.GEMV_XWIDE_MIN_N else "m1_wide" if N >= linear.GEMV_WIDE_MIN_N else "m1"


def kernels_of(model: LlamaModel) -> set[str]:
    return {k for row in model.plan.attest() for k in row["kernel"].split("+")}


def launches_below(level) -> int:
    """Every launch of every row under level, each row built (Level.steps) as a selection would."""
    return sum(launches_below(step) if isinstance(step, Level) else 1
               for route in level.routes for step in level.steps(route))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_row_of_every_preset_builds_with_kernels_of_the_registry(preset):
    """Rows are built when first chosen: built all at once here, each one's kernels are in the registry
    (kernels.get fails the row's build on an unknown id) and a run builds a tenth of them or less."""
    m = build(preset)
    m.plan.run(Live(20, 0), SECTIONS)
    m.plan.run(Live(1, 20), SECTIONS)
    chosen = len(m.device.buffers)
    total = sum(launches_below(n.root) for n in m.plan.nodes)
    assert len(m.device.buffers) > chosen  # the rows no run chose made their params blocks only now
    ran = sum(len(n.picked) for n in m.plan.nodes)
    assert total >= 10 * ran, (total, ran)


def test_rows_built_at_a_run_belong_to_whoever_owns_the_plan():
    """A row's buffers made at a run, outside the load, go to the lists that collected the plan's own,
    so destroying those leaves nothing on the device."""
    device = null_device()
    owned: list = []
    with device.collect(owned):
        m = build("tiny-llama", device)
    at_build = len(owned)
    for live in (Live(20, 0), Live(1, 20), Live(3, 21)):
        m.plan.run(live, SECTIONS)
    assert len(owned) > at_build and len({id(b) for b in owned}) == len(owned)
    for buf in owned:
        device.destroy_buffer(buf)
    assert device.live_bytes == 0


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_builds_and_runs_its_kernel_list(preset):
    m = build(preset)
    c = m.config
    fmt = "q4gsw"
    m.plan.run(Live(20, 0), SECTIONS)  # past a multi-token forward's 16 (those run the decode routes' order)
    prefill = kernels_of(m)
    # the cpu class's prefill splits the projections (projection.fused_rows): every member on the plain tile
    assert {"embedding_q8gsw", f"linear_{fmt}_wide", "norm_rms", "elementwise_silu_mul",
            f"sdpa_stream_q16_d{next(d for d in (64, 128, 256) if c.head_dim <= d)}",
            f"linear_{fmt if not c.tied_embeddings else 'q8gsw'}_{gemv(c.vocab)}", "sample_next"} <= prefill
    assert not any("_qkv" in k or "_gate_up" in k for k in prefill) and "elementwise_add" not in prefill
    # RoPE and the cache write run after the linears, or (Qwen3: after the q/k norm) as rope_kv, which writes it
    assert (f"rope_kv_{c.rope_layout}" in prefill) == c.qk_norm
    assert (f"rope_{c.rope_layout}" in prefill) == ("kv_cache_write" in prefill) == (not c.qk_norm)
    m.plan.run(Live(16, 0), SECTIONS)  # a multi-token forward's rows keep the fused projections
    qkv = f"linear_{fmt}_qkv_norm_m16_vec" if c.qk_norm else f"linear_{fmt}_qkv_rope_norm_m16_vec"
    assert {qkv, f"linear_{fmt}_gate_up_norm_m16_vec"} <= kernels_of(m)
    m.plan.run(Live(1, 20), SECTIONS)
    decode = kernels_of(m)
    split = sdpa.flash_kernel(c.head_dim, sdpa.CPU_SPLIT)  # made for the head dim: _d64, _d128; tiny ones: _to64
    assert {split, "sdpa_flash_combine", f"linear_{fmt}_{gemv(c.hidden)}"} <= decode  # o_proj, down
    assert not any(k.startswith("sdpa_stream") for k in decode) and f"linear_{fmt}_wide" not in decode
    sdpa_rows = [r for r in m.plan.attest() if r["family"] == "sdpa"]
    assert len(sdpa_rows) == c.n_layers and all(r["route"] == "flash_decode" and r["dispatches"] == 2
                                                for r in sdpa_rows)


@pytest.mark.parametrize("adapter_class", ["cpu", "gpu"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_any_prompt_chunk_runs_on_what_a_load_compiles(preset, adapter_class):
    """A chat's next turn (a prompt chunk of any length up to max_seq, Live.prefill) needs no pipeline
    beyond the load's shapes (resident.load_lives), where a CPU adapter compiles for seconds; on the cpu
    class a forward of 2-16 rows (a verify) runs small tiles of its own, and the 17-row shape adds nothing
    to the full chunk's."""
    m = build(preset, options={"adapter_class": adapter_class})
    names = lambda lives: {k.id for k, _ in m.plan.pipelines(lives, PREPARED)}  # noqa: E731
    lives = load_lives(m.max_seq, m.max_ctx)
    loaded = names(lives)
    for rows in range(1, m.max_seq + 1):
        assert names([Live(rows, 7, prefill=True)]) <= loaded, rows
    if adapter_class == "cpu":
        assert not names([Live(16, 7)]) <= loaded
        assert names(lives[:3]) == loaded


def test_decode_after_any_prefill_length_runs_flash_decode():
    m = build("tiny-llama")
    for S in (2, 17, 32):
        m.plan.run(Live(S, 0), SECTIONS)
        assert set(m.plan.routes().values()) >= {"stream_q16" if S > 16 else "flash_decode"}
        m.plan.run(Live(1, S), SECTIONS)
        assert {r for op, r in m.plan.routes().items() if op.endswith(".attn")} == {"flash_decode"}


def test_query_tile_option_switches_routes_without_a_rebuild():
    m = build("tiny-qwen2")
    nodes = list(m.plan.nodes)
    m.plan.run(Live(20, 0), SECTIONS)
    assert m.plan.routes()["blk.0.attn"] == "stream_q16"
    m.plan.options["sdpa_query_tile"] = 32
    m.plan.run(Live(20, 0), SECTIONS)  # same live shape: the option alone re-selects
    assert m.plan.routes()["blk.0.attn"] == "stream_q32"
    buffers = len(m.device.buffers)  # each row built once, when first chosen: switching back builds nothing
    for tile, route in ((16, "stream_q16"), (32, "stream_q32")):
        m.plan.options["sdpa_query_tile"] = tile
        m.plan.run(Live(20, 0), SECTIONS)
        assert m.plan.routes()["blk.0.attn"] == route
    assert m.plan.nodes == nodes and len(m.device.buffers) == buffers
    with pytest.raises(OptionError, match="sdpa_query_tile=24"):
        m.plan.options["sdpa_query_tile"] = 24
    with pytest.raises(OptionError, match="unknown option 'sdpa_tile'"):
        m.plan.options["sdpa_tile"] = 16


def test_a_failed_guard_selects_materialized():
    D = PRESETS["tiny-llama"].head_dim
    tiles = min(sdpa.stream_workgroup_bytes("stream_q16", D), sdpa.flash_workgroup_bytes(D, sdpa.CPU_SPLIT))
    small = dataclasses.replace(DEFAULT_LIMITS, max_compute_workgroup_storage_size=tiles - 4)  # neither fits
    m = build("tiny-llama", device=null_device(small))
    m.plan.run(Live(9, 0), SECTIONS)
    assert m.plan.routes()["blk.0.attn"] == "materialized"
    m.plan.run(Live(1, 9), SECTIONS)
    assert m.plan.routes()["blk.0.attn"] == "materialized"
    row = next(r for r in m.plan.attest() if r["op"] == "blk.0.attn")
    assert row["kernel"] == "sdpa_mat_qk+sdpa_mat_softmax+sdpa_mat_av" and row["dispatches"] == 3


def test_every_route_can_be_pinned_in_a_model():
    for route in ("stream_q16", "stream_q32", "flash_decode", "one_split", "materialized"):
        m = build("tiny-qwen3", overrides={"sdpa": route})
        for live in (Live(5, 0), Live(1, 5)):
            m.plan.run(live, SECTIONS)
            assert {r["route"] for r in m.plan.attest() if r["family"] == "sdpa"} == {route}


def test_stream_routes_hold_no_s_by_skv_buffer():
    """Pinned to streaming, the plan allocates nothing the size of one head's S x S_kv scores."""
    max_seq, max_ctx = 128, 2048
    m = build("smollm2-135m", max_seq=max_seq, max_ctx=max_ctx, overrides={"sdpa": "stream_q16"})
    one_head_scores = max_seq * max_ctx * 4
    assert not [b.label for b in m.device.buffers if "scores" in b.label]
    m.plan.run(Live(max_seq, 0), SECTIONS)
    node = next(n for n in m.plan.nodes if n.op == "blk.0.attn")
    bound = [b for _, group in node.made.values() for b in _bound(m, group)]
    assert bound and max(b.size for b in bound) < one_head_scores
    unpinned = build("smollm2-135m", max_seq=max_seq, max_ctx=max_ctx)  # the fallback: built only if chosen
    unpinned.plan.run(Live(max_seq, 0), SECTIONS)
    unpinned.plan.run(Live(1, max_seq), SECTIONS)
    assert not [b.label for b in unpinned.device.buffers if "scores" in b.label]
    pinned = build("smollm2-135m", max_seq=max_seq, max_ctx=max_ctx, overrides={"sdpa": "materialized"})
    pinned.plan.run(Live(max_seq, 0), SECTIONS)  # its scratch: one, shared by every layer
    scores = [b for b in pinned.device.buffers if "scores" in b.label]
    assert len(scores) == 1 and scores[0].size == 9 * one_head_scores


def _bound(model, group):
    labels = set(group[2])
    return [b for b in model.device.buffers if b.label in labels]


def test_a_launch_is_compiled_when_it_first_runs():
    """Tiles and routes that never run are never compiled: decode makes only the GEMV tiles' pipelines,
    and a prefill later adds its own; a second run at the same shapes makes nothing new."""
    m = build("smollm2-135m")
    assert not m.device.pipelines_made()
    m.plan.run(Live(1, 0), SECTIONS)
    decode = set(m.device.pipelines_made())
    prefill_tiles = [k for k in decode if k.endswith(("_m8", "_gemm", "_gemm_bk64")) or
                     (k.endswith("_wide") and not k.endswith(("_m1_wide", "_m1_xwide")))]
    assert "linear_q4gsw_m1_vec" in decode and "linear_q4gsw_m1" not in decode and not prefill_tiles
    m.plan.run(Live(20, 1), SECTIONS)
    both = set(m.device.pipelines_made())
    assert "linear_q4gsw_wide" in both and decode < both and not any("gemm" in k for k in both)
    m.plan.run(Live(1, 21), SECTIONS)
    assert set(m.device.pipelines_made()) == both


def test_rope_past_its_table_is_a_typed_error_before_any_dispatch():
    m = build("tiny-qwen2", max_ctx=40)
    m.plan.run(Live(4, 36), SECTIONS)  # the last position the table holds
    submitted = len(m.device.submitted)
    with pytest.raises(ShapeError, match=r"blk\.0\.attn_qkv: positions 38\.\.41 run past the cos/sin table \(40"):
        m.plan.run(Live(4, 38), SECTIONS)
    assert len(m.device.submitted) == submitted


def test_rope_route_follows_the_config_field_not_the_arch():
    hf_llama = dataclasses.replace(PRESETS["tiny-llama"], rope_layout="rotate_half")  # an HF (unpermuted) llama
    for config, layout in ((hf_llama, "rotate_half"), (PRESETS["tiny-llama"], "interleaved")):
        m = build("tiny-llama", config=config)
        assert {n.spec.rope.interleaved for n in m.plan.nodes if n.family == "qkv"} == {layout == "interleaved"}
        split = build("tiny-llama", config=config, overrides={"qkv": "qkv_split"})
        split.plan.run(Live(3, 0), SECTIONS)
        qkv = [r for r in split.plan.attest() if r["family"] == "qkv"]
        assert qkv and all(f"rope_{layout}" in r["kernel"].split("+") for r in qkv)


def test_a_split_embedding_runs_one_dispatch_per_row_block():
    """Qwen2.5's q8 embedding (also its tied lm_head) at the default 128 MiB binding limit: two row
    blocks, so the gather and the lm_head dispatch twice, each block bound with its own buffers."""
    m = build("qwen2.5-0.5b", block_bytes=128 << 20)
    table = m.weights["token_embd.weight"]
    assert len(table.blocks) == 2 and table.blocks[0].row0 == 0
    assert table.blocks[1].row0 == table.blocks[0].shape[0] and table.blocks[1].row0 + table.blocks[1].shape[0] == 151936
    for live in (Live(7, 0), Live(1, 7)):
        m.plan.run(live, SECTIONS)
        rows = {r["op"]: r for r in m.plan.attest()}
        assert rows["token_embd"]["dispatches"] == 2 and rows["output"]["dispatches"] == 2
        assert rows["blk.0.ffn_gate_up"]["dispatches"] == 1  # the fused kernel, the norm folded in
    node = next(n for n in m.plan.nodes if n.op == "output")
    groups = [group for _, group in node.made.values()]
    assert [g[2][3] for g in groups] == [f"{b.name}.q" for b in table.blocks]
    with pytest.raises(ShapeError, match="split into 2 row blocks"):
        table.bindings()


@pytest.mark.parametrize("preset", ["smollm2-135m", "qwen2.5-0.5b", "llama-3.2-1b"])
def test_decode_is_six_dispatches_per_layer_plus_four(preset):
    """qkv (norm, + RoPE + cache), attention (flash: split + combine), o_proj (+ residual), gate_up
    (norm, SwiGLU), down (+ residual); embedding, output norm, lm_head and argmax around them. With
    projection_norm=dispatch the two norms run on their own again: eight."""
    m = build(preset)
    for option, per_layer in (("folded", 6), ("dispatch", 8)):
        m.plan.options["projection_norm"] = option
        m.plan.run(Live(1, 9), SECTIONS)
        rows = m.plan.attest()
        assert sum(r["dispatches"] for r in rows) == per_layer * m.config.n_layers + 4
        routes = m.plan.routes()
        assert routes["blk.0.attn_qkv"] == f"qkv_fused/gemv_vec/norm_{option}"
        assert routes["blk.0.ffn_gate_up"] == f"gate_up/gemv_vec/norm_{option}"
        norms = [r["op"] for r in rows if "norm_rms" in r["kernel"].split("+")]
        assert norms == (["output_norm"] if option == "folded" else
                         [op for i in range(m.config.n_layers) for op in (f"blk.{i}.attn_qkv", f"blk.{i}.ffn_gate_up")]
                         + ["output_norm"])


def test_weights_that_did_not_pack_run_the_split_routes():
    m = build("tiny-qwen2", pack=False)
    for live in (Live(5, 0), Live(1, 5)):
        m.plan.run(live, SECTIONS)
        families = {(r["family"], r["route"]) for r in m.plan.attest() if r["family"] in ("qkv", "gate_up")}
        t = "small_m8_vec" if live.seq_len > 1 else "gemv_vec"  # each member's own tile table
        assert families == {("qkv", f"qkv_split/{t}+{t}+{t}"), ("gate_up", f"gate_up_split/{t}+{t}")}


def test_too_few_storage_bindings_fall_back_to_split_and_a_pinned_fused_route_is_refused():
    """The fused q4gsw qkv kernel with RoPE binds 8 storage buffers (x, q, scale, bias, table, q out, two
    caches), 9 with the norm's gain folded in: under a limit of 7 the fused row is not built; gate_up (5)
    still fuses."""
    seven = dataclasses.replace(DEFAULT_LIMITS, max_storage_buffers_per_shader_stage=7)
    m = build("tiny-qwen2", device=null_device(seven))
    m.plan.run(Live(1, 3), SECTIONS)
    assert m.plan.routes()["blk.0.attn_qkv"] == "qkv_split/gemv_vec+gemv_vec+gemv_vec"
    assert m.plan.routes()["blk.0.ffn_gate_up"] == "gate_up/gemv_vec/norm_folded"
    with pytest.raises(RouteError, match="blk.0.attn_qkv: the pinned route 'qkv_fused' does not fit"):
        build("tiny-qwen2", device=null_device(seven), overrides={"qkv": "qkv_fused"})
    eight = build("tiny-qwen2", device=null_device(dataclasses.replace(seven, max_storage_buffers_per_shader_stage=8)))
    eight.plan.run(Live(1, 3), SECTIONS)
    assert eight.plan.routes()["blk.0.attn_qkv"] == "qkv_fused/gemv_vec/norm_dispatch"
    # the gain would be a ninth binding: at 8 the fused kernel runs after the norm's own dispatch, at 9 folded
    kernel = {r["op"]: r["kernel"] for r in eight.plan.attest()}["blk.0.attn_qkv"]
    assert kernel == "norm_rms+linear_q4gsw_qkv_rope_m1_vec"
    nine = build("tiny-qwen2", device=null_device(dataclasses.replace(seven, max_storage_buffers_per_shader_stage=9)))
    nine.plan.run(Live(1, 3), SECTIONS)
    assert nine.plan.routes()["blk.0.attn_qkv"] == "qkv_fused/gemv_vec/norm_folded"
    assert {r["op"]: r["kernel"] for r in nine.plan.attest()}["blk.0.attn_qkv"] == "linear_q4gsw_qkv_rope_norm_m1_vec"


@pytest.mark.parametrize("tied", [True, False])
def test_decode_reads_every_weight_once_and_the_cache_so_far(tied):
    """Stats.bytes_per_token: each weight's part buffers once (the embedding table whole where the lm_head
    reads it, one row where it is only gathered), plus fp16 K and V of every position so far."""
    m = build("tiny-llama", config=dataclasses.replace(PRESETS["tiny-llama"], tied_embeddings=tied))
    assert ("output.weight" in m.weights) != tied
    c = m.config
    sizes = {name: sum(b.size for blk in w.row_blocks() for b in blk.parts.values()) for name, w in m.weights.items()}
    table = sizes["token_embd.weight"]
    read = sum(sizes.values()) - (0 if c.tied_embeddings else table - table // c.vocab)
    kv_per_position = 2 * c.n_layers * c.n_kv_heads * c.head_dim * 2
    assert m.decode_read_bytes(0) == read + kv_per_position
    assert m.decode_read_bytes(99) - m.decode_read_bytes(0) == 99 * kv_per_position
