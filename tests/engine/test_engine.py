"""The engine on the native backend with SmolLM2: golden continuation, streaming, bad input."""
import json
import shutil

import pytest

from pyrite.engine import Engine
from pyrite.errors import LimitError, ModelFormatError, PromptError, PyriteError, RequestError, ShardChecksumError
from pyrite.gpu.base import Limits
from pyrite.graph.routes import RouteError
from pyrite.sync import run_sync
from support.engine import GOLDEN, PROMPT, collect, golden_words, live_bytes

pytestmark = [pytest.mark.gpu, pytest.mark.model]


def test_greedy_golden_continuation(smollm2_engine):
    pieces = collect(smollm2_engine, PROMPT, max_tokens=20)
    assert "".join(pieces).startswith(GOLDEN)
    assert len(pieces) > 10  # streamed piece by piece, not at the end
    s = smollm2_engine.stats
    assert s.generated_tokens == 20 and s.stop_reason == "max_tokens" and s.decode_tok_s > 0


def test_attestation_names_each_kernel(smollm2_engine):
    collect(smollm2_engine, "Hello", max_tokens=2)
    rows = smollm2_engine.attest()
    kernels = {k for r in rows for k in r["kernel"].split("+")}
    # SmolLM2 Q4_1: affine 4-bit linears, 8-bit tied lm_head; decode (one token) runs the vec GEMV tile of
    # every linear (every row count is even), Q/K/V fused with the norm, RoPE (interleaved: the GGUF llama
    # q/k layout) and the cache write; gate/up with its norm
    assert {"linear_q4a_qkv_rope_norm_m1_vec", "linear_q4a_gate_up_norm_m1_vec", "linear_q4a_m1_vec",
            "linear_q8gsw_m1_vec", "embedding_q8gsw", "sdpa_flash_split_w4_d64", "sdpa_flash_combine", "norm_rms"} <= kernels
    assert any(r["op"] == "blk.29.ffn_down" and r["route"] == "gemv_vec" for r in rows)
    assert [r["op"] for r in rows if "norm_rms" in r["kernel"]] == ["output_norm"]
    steps = smollm2_engine.step_report()
    assert steps["dispatches"]["decode"] == 6 * steps["layers"] + 4
    for kind in ("prefill", "decode"):  # the fused projections at the tile of the step's plain linears
        tile = steps["routes"][kind]["blk.0.ffn_down"]
        assert steps["routes"][kind]["blk.0.attn_qkv"] == f"qkv_fused/{tile}/norm_folded"
        assert steps["routes"][kind]["blk.0.ffn_gate_up"] == f"gate_up/{tile}/norm_folded"


def test_pinned_split_routes_give_the_same_greedy_tokens(device, smollm2_model, smollm2_engine):
    """The split routes read the same packed tensors through row views: same continuation, same scores
    to within summation order."""
    split = run_sync(Engine.load(smollm2_model, device=device, max_ctx=256, max_seq=64,
                                 overrides={"qkv": "qkv_split", "gate_up": "gate_up_split"}))
    try:
        assert "".join(collect(split, PROMPT, max_tokens=20)).startswith(GOLDEN)
        steps = split.step_report()
        assert {steps["routes"]["decode"]["blk.3.attn_qkv"], steps["routes"]["decode"]["blk.3.ffn_gate_up"]} == \
            {"qkv_split/gemv_vec+gemv_vec+gemv_vec", "gate_up_split/gemv_vec+gemv_vec"}
        assert steps["dispatches"]["decode"] > 6 * steps["layers"] + 4
    finally:
        split.close()


def test_profiling_gate_times_every_kernel(smollm2_engine):
    ids = smollm2_engine.tokenizer.encode("The history of the Roman Empire is")
    smollm2_engine.profiling = True
    try:
        run_sync(smollm2_engine.prefill(ids))
    finally:
        smollm2_engine.profiling = False
    rows = smollm2_engine.last_profile
    assert len(rows) == sum(r["dispatches"] for r in smollm2_engine.attest())
    assert {r["route"] for r in rows if r["family"] == "linear"} >= {"tiled"}  # a 7-token prompt: the plain m8 tile
    # every matrix product reads at least 100 KB of weights: no adapter's clock reads it as 0 ns
    matmuls = [r for r in rows if r["kernel"].startswith("linear_")]
    assert len(matmuls) >= 4 * smollm2_engine.config.n_layers and all(r["ns"] > 0 for r in matmuls), \
        [(r["op"], r["ns"]) for r in matmuls if r["ns"] <= 0]
    total_ns = sum(r["ns"] for r in rows)
    summary = smollm2_engine.profile_summary()
    assert [r["ms"] for r in summary] == sorted((r["ms"] for r in summary), reverse=True)
    for entry in summary:  # each kernel's line is its own dispatches' time, its share of the step's
        mine = [r["ns"] for r in rows if r["kernel"] == entry["kernel"]]
        assert entry["dispatches"] == len(mine) and entry["ms"] == pytest.approx(sum(mine) / 1e6)
        assert entry["share"] == pytest.approx(sum(mine) / total_ns)
    assert sum(r["share"] for r in summary) == pytest.approx(1)


def test_roofline_is_decode_bytes_per_second_over_the_read_probe(smollm2_engine):
    engine = smollm2_engine
    before = engine.device.live_bytes
    probe = run_sync(engine.measure_read_bandwidth(repeats=1))
    assert probe.gbps > 0 and probe.kernel.startswith("probe_read_")
    assert probe.timer == ("timestamps" if "timestamp-query" in engine.device.features else "wall clock")
    assert engine.device.live_bytes == before  # its scratch buffers are gone
    assert run_sync(engine.measure_read_bandwidth()) is probe  # measured once per engine
    collect(engine, "The history of the Roman Empire is", max_tokens=6)
    s = engine.stats
    assert engine.model.decode_read_bytes(0) < s.bytes_per_token < engine.model.decode_read_bytes(64)
    assert s.read_probe_gbps == probe.gbps
    assert s.roofline == pytest.approx(s.bytes_per_token * s.decode_tok_s / (probe.gbps * 1e9)) and s.roofline > 0


def test_chat_stops_at_end_of_turn(smollm2_engine):
    text = "".join(collect(smollm2_engine, "What is the capital of France?", max_tokens=40, chat=True))
    assert "Paris" in text and smollm2_engine.stats.stop_reason == "stop_token"
    assert "<|im_end|>" not in text


def test_empty_and_too_long_prompts_then_still_usable(smollm2_engine):
    with pytest.raises(PromptError, match="empty"):
        collect(smollm2_engine, "")
    with pytest.raises(PromptError, match="context holds 256"):
        collect(smollm2_engine, "word " * 400)
    assert "".join(collect(smollm2_engine, PROMPT, max_tokens=4)) == golden_words(4)


def test_stop_ends_generation(smollm2_engine):
    async def go():
        out = []
        async for piece in smollm2_engine.generate("Count: 1, 2, 3,", max_tokens=50):
            out.append(piece)
            if len(out) == 3:
                smollm2_engine.stop()
        return out
    out = run_sync(go())
    assert len(out) <= 5 and smollm2_engine.stats.stop_reason == "stopped"


def test_score_shapes(smollm2_engine):
    ids = smollm2_engine.tokenizer.encode("The history of the Roman Empire is often divided into four eras")
    r = run_sync(smollm2_engine.score(ids))
    assert len(r["top1"]) == len(r["logprob"]) == len(ids) - 1
    assert all(lp <= 0 for lp in r["logprob"])
    # the model predicts its own greedy continuation: "often" after "... Empire is"
    assert r["top1"][ids.index(smollm2_engine.tokenizer.encode(" is")[0])] == ids[ids.index(
        smollm2_engine.tokenizer.encode(" is")[0]) + 1]


class CountingDevice:
    """Wraps a device and counts buffers created, to prove nothing was uploaded."""

    def __init__(self, inner, limits=None):
        self.inner, self.created = inner, 0
        self.limits = limits or inner.limits

    def create_buffer(self, *a, **kw):
        self.created += 1
        return self.inner.create_buffer(*a, **kw)

    def check_buffer_size(self, what, size, binding=True):
        type(self.inner).check_buffer_size(self, what, size, binding)

    def __getattr__(self, name):
        return getattr(self.inner, name)


def test_bad_shard_checksum_fails_before_any_upload(device, smollm2_model, tmp_path):
    bad = tmp_path / "bad"
    shutil.copytree(smollm2_model, bad)
    with open(bad / "weights-00000.bin", "r+b") as f:
        f.seek(1000)
        f.write(b"\x55")
    counting = CountingDevice(device)
    with pytest.raises(ShardChecksumError, match="weights-00000.bin"):
        run_sync(Engine.load(bad, device=counting))
    assert counting.created == 0


def test_tensor_that_cannot_be_split_names_tensor_and_limit(device, smollm2_model):
    """Under a 2 KiB binding limit not even 64 rows of the embedding fit: a LimitError before any upload."""
    small = Limits(**{**device.limits.__dict__, "max_storage_buffer_binding_size": 2048})
    counting = CountingDevice(device, small)
    with pytest.raises(LimitError, match=r"token_embd\.weight.*maxStorageBufferBindingSize \(2048\)"):
        run_sync(Engine.load(smollm2_model, device=counting))
    assert counting.created == 0


def test_tensors_over_the_binding_limit_run_as_row_blocks(device, smollm2_model, smollm2_engine):
    """Under a 16 MiB binding limit the 28 MB q8 embedding (also the tied lm_head) loads as two row
    blocks: the gather and the lm_head run one dispatch per block, and the scores equal the whole
    table's bit for bit (each output sums in the same order)."""
    small = Limits(**{**device.limits.__dict__, "max_storage_buffer_binding_size": 16 << 20})
    split = run_sync(Engine.load(smollm2_model, device=CountingDevice(device, small), max_ctx=256, max_seq=64))
    table = split.model.weights["token_embd.weight"]
    assert len(table.blocks) == 2 and not table.parts
    assert all(buf.size <= 16 << 20 for b in table.blocks for buf in b.parts.values())
    ids = smollm2_engine.encode_prompt("The history of the Roman Empire is often divided into eras.")
    assert run_sync(split.score(ids)) == run_sync(smollm2_engine.score(ids))
    rows = {r["op"]: r for r in split.model.plan.attest(["body", "score"])}
    assert rows["token_embd"]["dispatches"] == 2 and rows["score.output"]["dispatches"] == 2
    assert rows["blk.0.attn_qkv"]["dispatches"] == 1  # the fused kernel, the norm folded in
    collect(split, "Hi", max_tokens=2)
    assert {r["op"]: r["dispatches"] for r in split.attest()}["output"] == 2
    capped = run_sync(Engine.load(smollm2_model, device=device, max_ctx=64, block_bytes=16 << 20))
    assert len(capped.model.weights["token_embd.weight"].blocks) == 2  # the same split by request


def test_missing_model_dir_is_a_format_error(device, tmp_path):
    with pytest.raises(ModelFormatError, match="model.json"):
        run_sync(Engine.load(tmp_path, device=device))


def test_malformed_model_json(device, smollm2_model, tmp_path):
    bad = tmp_path / "m"
    bad.mkdir()
    d = json.loads((smollm2_model / "model.json").read_text())
    del d["config"]["n_layers"]
    (bad / "model.json").write_text(json.dumps(d))
    with pytest.raises(ModelFormatError, match="n_layers"):
        run_sync(Engine.load(bad, device=device))


def _sdpa_routes(engine, kind):
    return {route for op, route in engine.step_report()["routes"][kind].items() if op.endswith(".attn")}


LONG = "The history of the Roman Empire is long and full of names: emperors, senators, generals and the provinces"

def test_routes_per_step_and_the_query_tile_option_without_a_rebuild(smollm2_engine):
    """stream_q16 in a prefill past 16 tokens (up to 16: a multi-token forward's flash_decode), flash_decode
    for each decode after a prefill of any length, stream_q32 once the option is set on the loaded engine:
    the same plan, no node built again, and the one new pipeline is stream_q32's (made when it first runs)."""
    e = smollm2_engine
    plan = e.model.plan
    nodes = list(plan.nodes)
    for prompt in ("Hi there", LONG):
        collect(e, prompt, max_tokens=3)
        assert _sdpa_routes(e, "prefill") == {"stream_q16" if prompt == LONG else "flash_decode"}
        assert _sdpa_routes(e, "decode") == {"flash_decode"}
    pipelines_before = e.device.pipelines_made()
    e.options["sdpa_query_tile"] = 32
    try:
        collect(e, LONG, max_tokens=2)
        assert _sdpa_routes(e, "prefill") == {"stream_q32"}
    finally:
        e.options["sdpa_query_tile"] = 16
    assert plan.nodes == nodes
    made = e.device.pipelines_made()
    assert set(pipelines_before) <= set(made) and set(made) - set(pipelines_before) <= {"sdpa_stream_q32_d64"}  # SmolLM2: D = 64


def test_options_at_load_are_checked_before_anything_loads(smollm2_model, device):
    from pyrite.graph.options import OptionError
    with pytest.raises(OptionError, match="sdpa_query_tile=24"):
        run_sync(Engine.load("/no/such/dir", device=device, options={"sdpa_query_tile": 24}))
    e = run_sync(Engine.load(smollm2_model, device=device, max_ctx=64, max_seq=32, options={"sdpa_query_tile": 32}))
    assert e.options["sdpa_query_tile"] == 32
    collect(e, LONG, max_tokens=1)  # past a forward's 16 tokens
    assert _sdpa_routes(e, "prefill") == {"stream_q32"}


def test_engine_counts_are_range_checked(smollm2_engine, smollm2_model, device):
    # the seam's own fields: the same kind (RequestError) and field as a worker request gets
    for field, call in (("max_tokens", lambda: collect(smollm2_engine, "Hi", max_tokens=-3)),
                        ("max_ctx", lambda: run_sync(Engine.load(smollm2_model, device=device, max_ctx=0))),
                        ("max_seq", lambda: run_sync(Engine.load(smollm2_model, device=device, max_seq=1.5))),
                        ("block_bytes", lambda: run_sync(Engine.load(smollm2_model, device=device, block_bytes=0))),
                        ("stop", lambda: collect(smollm2_engine, "Hi", max_tokens=2, stop=("",)))):
        with pytest.raises(RequestError, match=field) as e:
            call()
        assert e.value.field == field
    assert len(collect(smollm2_engine, "Hi", max_tokens=1)) <= 1  # still usable


def test_close_frees_every_buffer_and_a_switch_back_costs_the_same(device, smollm2_model, smollm2_gguf, tmp_path):
    """SmolLM2, then another model, then SmolLM2 again on one device: each close() returns the
    device to where it was, so the bytes after the switch back equal those after the first load."""
    base = live_bytes(device)

    def load(model):
        return run_sync(Engine.load(model, device=device, max_ctx=128, max_seq=32))

    first = load(smollm2_model)
    collect(first, "Hi", max_tokens=2)
    run_sync(first.score([1, 2, 3]))  # the score section allocates lazily: owned all the same
    after_first = live_bytes(device)
    assert after_first - base >= 96_000_000  # the weights at least
    first.close()
    assert live_bytes(device) == base
    with pytest.raises(PyriteError, match="was closed"):
        run_sync(first.score([1, 2, 3]))
    from pyrite.models.convert import convert_gguf
    other = load(convert_gguf(smollm2_gguf, tmp_path / "q4", recipe="q4"))
    assert base < live_bytes(device) < after_first
    other.close()
    again = load(smollm2_model)
    run_sync(again.score([1, 2, 3]))
    assert live_bytes(device) == after_first
    again.close()
    assert live_bytes(device) == base


def test_a_failed_load_leaves_nothing_on_the_device(device, smollm2_model):
    before = live_bytes(device)
    with pytest.raises(RouteError, match=r"sdpa: no route named 'no-such-route' \(have \[.*'flash_decode'"):
        run_sync(Engine.load(smollm2_model, device=device, overrides={"sdpa": "no-such-route"}))
    assert live_bytes(device) == before


def test_score_picks_the_log_probabilities_the_logits_give(smollm2_engine):
    import numpy as np
    ids = smollm2_engine.encode("The history of the Roman Empire is")
    nxt = ids[1:] + [0]
    pick = [[0, nxt[k], 100 + k] for k in range(len(ids))]
    r = run_sync(smollm2_engine.score(ids, logits=True, pick=pick))
    rows = np.array([np.frombuffer(row, dtype=np.float32) for row in r["logits"]], dtype=np.float64)
    top = rows.max(1, keepdims=True)
    logp = rows - top - np.log(np.exp(rows - top).sum(1, keepdims=True))
    np.testing.assert_allclose(r["picked"], np.take_along_axis(logp, np.array(pick), 1), atol=1e-9)
    # the next token's pick is the GPU's own log-probability of it (f32 there)
    np.testing.assert_allclose([p[1] for p in r["picked"][:-1]], r["logprob"], atol=1e-4)
    with pytest.raises(PromptError, match="pick has 1 lists of token ids"):
        run_sync(smollm2_engine.score(ids, pick=[[0]]))
