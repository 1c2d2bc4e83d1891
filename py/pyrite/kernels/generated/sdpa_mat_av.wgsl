// generated from shaders/sdpa/materialized.wgsl -- do not edit
// Materialized causal GQA attention, the fallback for any shape: scores into a buffer
// [rows, Hq, row_stride], softmax in place, then P V. Three passes (PHASE) per block of query rows
// q0 .. q0 + rows - 1, so the scores buffer stays within the binding limit at any S.
// av: one invocation per (token, query head, output dim): out = sum_j P[j] V[j].
struct Step { seq_len: u32, pos: u32, kv_len: u32, index: u32 }
struct Params {
    Hq: u32, Hkv: u32, D: u32, max_ctx: u32,    // query heads, KV heads, head dim, cache rows per KV head
    scale: f32,                                 // 1 / sqrt(D)
    row_stride: u32,                            // materialized: scores per row (the cache length)
    max_splits: u32,                            // flash: most splits per query row
    split_min: u32,                             // flash: fewest keys per split
    q0: u32,                                    // materialized: first query row of this block
    _p0: u32, _p1: u32, _p2: u32,
}

const WG: u32 = 64u;
const NEG: f32 = -3.0e38;              // a finite -inf: Tint rejects inf constants

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> scores: array<f32>;          // [rows, Hq, row_stride] probabilities
@group(0) @binding(3) var<storage, read> v_cache: array<u32>;         // [Hkv, max_ctx, D/2] fp16 pairs
@group(0) @binding(4) var<storage, read_write> out: array<f32>;       // [S, Hq, D]

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let idx = gid.x;
    let r = gid.y;
    let s = p.q0 + r;
    if (idx >= p.Hq * p.D || s >= step.seq_len) {
        return;
    }
    let h = idx / p.D;
    let d = idx % p.D;
    let half = p.D / 2u;
    let kvh = h / (p.Hq / p.Hkv);
    let n = step.pos + s + 1u;
    let base = (r * p.Hq + h) * p.row_stride;
    let col = kvh * p.max_ctx * half + d / 2u;
    var o = 0.0;
    for (var j = 0u; j < n; j = j + 1u) {
        o = o + scores[base + j] * unpack2x16float(v_cache[col + j * half])[d & 1u];
    }
    out[(s * p.Hq + h) * p.D + d] = o;
}
