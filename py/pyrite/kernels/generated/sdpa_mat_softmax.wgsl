// generated from shaders/sdpa/materialized.wgsl -- do not edit
// Materialized causal GQA attention, the fallback for any shape: scores into a buffer
// [rows, Hq, row_stride], softmax in place, then P V. Three passes (PHASE) per block of query rows
// q0 .. q0 + rows - 1, so the scores buffer stays within the binding limit at any S.
// softmax: one workgroup per row (query head h, token s), over the row's pos + s + 1 scores.
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

const WG: u32 = 16u;
const NEG: f32 = -3.0e38;              // a finite -inf: Tint rejects inf constants

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read_write> scores: array<f32>;    // [rows, Hq, row_stride]

var<workgroup> red: array<f32, WG>;

fn reduce(lid: u32, value: f32, is_max: bool) -> f32 {
    red[lid] = value;
    workgroupBarrier();
    for (var stride = WG / 2u; stride > 0u; stride = stride / 2u) {
        if (lid < stride) {
            let other = red[lid + stride];
            red[lid] = select(red[lid] + other, max(red[lid], other), is_max);
        }
        workgroupBarrier();
    }
    let r = red[0];
    workgroupBarrier();
    return r;
}

fn softmax_in_place(lid: u32, base: u32, n: u32) {
    var mx = -3.0e38;
    for (var j = lid; j < n; j = j + WG) {
        mx = max(mx, scores[base + j]);
    }
    mx = reduce(lid, mx, true);
    var sum = 0.0;
    for (var j = lid; j < n; j = j + WG) {
        let e = exp(scores[base + j] - mx);
        scores[base + j] = e;
        sum = sum + e;
    }
    let inv = 1.0 / reduce(lid, sum, false);
    for (var j = lid; j < n; j = j + WG) {
        scores[base + j] = scores[base + j] * inv;
    }
}

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid3: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let lid = lid3.x;
    let h = wid.x;
    let r = wid.y;
    let n = step.pos + p.q0 + r + 1u;
    let base = (r * p.Hq + h) * p.row_stride;
    softmax_in_place(lid, base, n);
}
