// generated from shaders/sdpa/materialized.wgsl -- do not edit
// Materialized causal GQA attention, the fallback for any shape: scores into a buffer
// [rows, Hq, row_stride], softmax in place, then P V. Three passes (PHASE) per block of query rows
// q0 .. q0 + rows - 1, so the scores buffer stays within the binding limit at any S.
// qk: one invocation per score (key j, token s, query head h); keys past the causal bound get NEG.
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
@group(0) @binding(2) var<storage, read> q: array<f32>;                // [S, Hq, D]
@group(0) @binding(3) var<storage, read> k_cache: array<u32>;          // [Hkv, max_ctx, D/2] fp16 pairs
@group(0) @binding(4) var<storage, read_write> scores: array<f32>;    // [rows, Hq, row_stride]

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let j = gid.x;
    let r = gid.y;                                // row of the block; token s = q0 + r
    let s = p.q0 + r;
    let h = gid.z;
    if (j >= step.kv_len || s >= step.seq_len) {
        return;
    }
    let half = p.D / 2u;
    let kvh = h / (p.Hq / p.Hkv);
    var score = NEG;
    if (j <= step.pos + s) {
        let qb = (s * p.Hq + h) * p.D;
        let row = (kvh * p.max_ctx + j) * half;
        var dotv = 0.0;
        for (var i = 0u; i < half; i = i + 1u) {
            dotv = dotv + dot(vec2<f32>(q[qb + 2u * i], q[qb + 2u * i + 1u]), unpack2x16float(k_cache[row + i]));
        }
        score = dotv * p.scale;
    }
    scores[(r * p.Hq + h) * p.row_stride + j] = score;
}
