// generated from shaders/sdpa/combine.wgsl -- do not edit
// FlashDecoding's combine pass (flash.wgsl is the split pass): one invocation per (token, query head,
// output pair) merges the splits' partials, weighting each by exp(m_j - M).
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
const NEG: f32 = -3.0e38;              // "no score yet" (a finite -inf: Tint rejects inf constants)

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
fn flash_splits(kv_len: u32) -> u32 {
    return clamp((kv_len + p.split_min - 1u) / p.split_min, 1u, p.max_splits);
}
@group(0) @binding(2) var<storage, read> part_ml: array<vec2<f32>>;   // [S, Hq, max_splits] (max, sum)
@group(0) @binding(3) var<storage, read> part_o: array<vec2<f32>>;    // [S, Hq, max_splits, D/2]
@group(0) @binding(4) var<storage, read_write> out: array<f32>;       // [S, Hq, D]

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let half = p.D / 2u;
    let idx = gid.x;
    let s = gid.y;
    if (idx >= p.Hq * half || s >= step.seq_len) {
        return;
    }
    let h = idx / half;
    let i = idx % half;
    let splits = flash_splits(step.pos + s + 1u);
    let base = (s * p.Hq + h) * p.max_splits;
    var M = NEG;
    for (var j = 0u; j < splits; j = j + 1u) {
        M = max(M, part_ml[base + j].x);
    }
    var L = 0.0;
    var o = vec2<f32>(0.0);
    for (var j = 0u; j < splits; j = j + 1u) {
        let ml = part_ml[base + j];
        let w = exp(ml.x - M);                                        // an empty split has max NEG: weight 0
        L = L + ml.y * w;
        o = o + part_o[(base + j) * half + i] * w;
    }
    let ob = (s * p.Hq + h) * p.D + 2u * i;
    out[ob] = o.x / L;
    out[ob + 1u] = o.y / L;
}
