// generated from shaders/sdpa/flash.wgsl -- do not edit
// FlashDecoding: causal GQA attention with the cache split into chunks processed by parallel
// workgroups, then a combine pass. Made for decode (S = 1), correct for any S: each token s is reduced
// as a decode step at its position would reduce it (its own causal length pos + s + 1 sets its split
// count and chunk), so a multi-token forward's rows equal decode steps' bit for bit. The split count
// follows that length (flash_splits); route one_split pins it to 1.
// split: one workgroup per (query head h, token s, split j), over keys [j * chunk, (j + 1) * chunk)
// of the token's causal range. Each lane strides over the chunk with its own online softmax (the
// output rescaled only when its max grows); the lanes then merge through workgroup memory into one
// partial (max, sum, output) per split.
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
const HALF_MAX: u32 = 128u / 2u;
const NEG: f32 = -3.0e38;              // "no score yet" (a finite -inf: Tint rejects inf constants)

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
fn flash_splits(kv_len: u32) -> u32 {
    return clamp((kv_len + p.split_min - 1u) / p.split_min, 1u, p.max_splits);
}
@group(0) @binding(2) var<storage, read> q: array<f32>;                 // [S, Hq, D]
@group(0) @binding(3) var<storage, read> k_cache: array<u32>;           // [Hkv, max_ctx, D/2] fp16 pairs
@group(0) @binding(4) var<storage, read> v_cache: array<u32>;           // [Hkv, max_ctx, D/2] fp16 pairs
@group(0) @binding(5) var<storage, read_write> part_ml: array<vec2<f32>>;  // [S, Hq, max_splits] (max, sum)
@group(0) @binding(6) var<storage, read_write> part_o: array<vec2<f32>>;   // [S, Hq, max_splits, D/2]

var<workgroup> red_ml: array<vec2<f32>, WG>;
var<workgroup> red_o: array<vec2<f32>, WG * HALF_MAX>;  // [WG, D/2] each lane's rescaled output

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid3: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let lid = lid3.x;
    let h = wid.x;
    let s = wid.y;
    let j = wid.z;
    let half = p.D / 2u;
    let kvh = h / (p.Hq / p.Hkv);
    let kv_len = step.pos + s + 1u;                                   // causal: token s sees pos + s + 1 keys
    let splits = flash_splits(kv_len);
    if (j >= splits) {                                                // a shorter row than the grid's last
        return;
    }
    let chunk = (kv_len + splits - 1u) / splits;
    let k_end = min(j * chunk + chunk, kv_len);

    let qb = (s * p.Hq + h) * p.D;
    var qv: array<vec2<f32>, HALF_MAX>;
    var acc: array<vec2<f32>, HALF_MAX>;
    for (var i = 0u; i < half; i = i + 1u) {
        qv[i] = vec2<f32>(q[qb + 2u * i], q[qb + 2u * i + 1u]) * p.scale;
        acc[i] = vec2<f32>(0.0);
    }
    var m = NEG;
    var l = 0.0;
    let cache_base = kvh * p.max_ctx * half;
    for (var key = j * chunk + lid; key < k_end; key = key + WG) {
        let row = cache_base + key * half;
        var score = 0.0;
        for (var i = 0u; i < half; i = i + 1u) {
            score = score + dot(qv[i], unpack2x16float(k_cache[row + i]));
        }
        if (score > m) {
            let c = exp(m - score);
            l = l * c;
            for (var i = 0u; i < half; i = i + 1u) {
                acc[i] = acc[i] * c;
            }
            m = score;
        }
        let pj = exp(score - m);
        l = l + pj;
        for (var i = 0u; i < half; i = i + 1u) {
            acc[i] = acc[i] + pj * unpack2x16float(v_cache[row + i]);
        }
    }

    red_ml[lid] = vec2<f32>(m, l);
    workgroupBarrier();
    var M = NEG;
    for (var t = 0u; t < WG; t = t + 1u) {
        M = max(M, red_ml[t].x);
    }
    let c = exp(m - M);
    for (var i = 0u; i < half; i = i + 1u) {
        red_o[lid * HALF_MAX + i] = acc[i] * c;
    }
    workgroupBarrier();
    let slot = (s * p.Hq + h) * p.max_splits + j;
    if (lid == 0u) {
        var L = 0.0;
        for (var t = 0u; t < WG; t = t + 1u) {
            L = L + red_ml[t].y * exp(red_ml[t].x - M);
        }
        part_ml[slot] = vec2<f32>(M, L);
    }
    for (var i = lid; i < half; i = i + WG) {
        var o = vec2<f32>(0.0);
        for (var t = 0u; t < WG; t = t + 1u) {
            o = o + red_o[t * HALF_MAX + i];
        }
        part_o[slot * half + i] = o;
    }
}
