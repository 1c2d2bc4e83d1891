// generated from shaders/sdpa/flash.wgsl -- do not edit
// FlashDecoding's split pass: causal GQA attention with the cache split into chunks processed by
// parallel workgroups; the combine pass (combine.wgsl) merges them. Made for decode (S = 1), correct for
// any S: each token s is reduced as a decode step at its position would reduce it (its own causal length
// pos + s + 1 sets its split count and chunk), so a multi-token forward's rows equal decode steps' bit
// for bit. The split count follows that length (flash_splits); route one_split pins it to 1.
//
// One workgroup per (query head h, token s, split j), over keys [j * chunk, (j + 1) * chunk) of the
// token's causal range. Each lane strides over the chunk with its own online softmax (the output
// rescaled only when its max grows); the lanes then merge through workgroup memory into one partial
// (max, sum, output) per split. A lane keeps q and its output in vec4 registers, one per 4 dims, the
// steps unrolled to MAX_D: an indexed private array costs a CPU adapter a memory access per use
// (SwiftShader's decode attention ran 1.5x faster unrolled) and a GPU local memory. A kernel made for
// one head dim (EXACT) runs every step; one for head dims up to MAX_D guards each step by D, and those
// guards cost SwiftShader's decode attention at 1,024 cached tokens 1.1-1.2x.
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

// 4 dims of a cached key / value row from word `at` (fp16 pairs)
fn k4(at: u32) -> vec4<f32> {
    return vec4<f32>(unpack2x16float(k_cache[at]), unpack2x16float(k_cache[at + 1u]));
}

fn v4(at: u32) -> vec4<f32> {
    return vec4<f32>(unpack2x16float(v_cache[at]), unpack2x16float(v_cache[at + 1u]));
}

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

    let quads = p.D / 4u;
    let qb = (s * p.Hq + h) * p.D;
    var q0 = vec4<f32>(0.0);
    var o0 = vec4<f32>(0.0);
    var q1 = vec4<f32>(0.0);
    var o1 = vec4<f32>(0.0);
    var q2 = vec4<f32>(0.0);
    var o2 = vec4<f32>(0.0);
    var q3 = vec4<f32>(0.0);
    var o3 = vec4<f32>(0.0);
    var q4 = vec4<f32>(0.0);
    var o4 = vec4<f32>(0.0);
    var q5 = vec4<f32>(0.0);
    var o5 = vec4<f32>(0.0);
    var q6 = vec4<f32>(0.0);
    var o6 = vec4<f32>(0.0);
    var q7 = vec4<f32>(0.0);
    var o7 = vec4<f32>(0.0);
    var q8 = vec4<f32>(0.0);
    var o8 = vec4<f32>(0.0);
    var q9 = vec4<f32>(0.0);
    var o9 = vec4<f32>(0.0);
    var q10 = vec4<f32>(0.0);
    var o10 = vec4<f32>(0.0);
    var q11 = vec4<f32>(0.0);
    var o11 = vec4<f32>(0.0);
    var q12 = vec4<f32>(0.0);
    var o12 = vec4<f32>(0.0);
    var q13 = vec4<f32>(0.0);
    var o13 = vec4<f32>(0.0);
    var q14 = vec4<f32>(0.0);
    var o14 = vec4<f32>(0.0);
    var q15 = vec4<f32>(0.0);
    var o15 = vec4<f32>(0.0);
    var q16 = vec4<f32>(0.0);
    var o16 = vec4<f32>(0.0);
    var q17 = vec4<f32>(0.0);
    var o17 = vec4<f32>(0.0);
    var q18 = vec4<f32>(0.0);
    var o18 = vec4<f32>(0.0);
    var q19 = vec4<f32>(0.0);
    var o19 = vec4<f32>(0.0);
    var q20 = vec4<f32>(0.0);
    var o20 = vec4<f32>(0.0);
    var q21 = vec4<f32>(0.0);
    var o21 = vec4<f32>(0.0);
    var q22 = vec4<f32>(0.0);
    var o22 = vec4<f32>(0.0);
    var q23 = vec4<f32>(0.0);
    var o23 = vec4<f32>(0.0);
    var q24 = vec4<f32>(0.0);
    var o24 = vec4<f32>(0.0);
    var q25 = vec4<f32>(0.0);
    var o25 = vec4<f32>(0.0);
    var q26 = vec4<f32>(0.0);
    var o26 = vec4<f32>(0.0);
    var q27 = vec4<f32>(0.0);
    var o27 = vec4<f32>(0.0);
    var q28 = vec4<f32>(0.0);
    var o28 = vec4<f32>(0.0);
    var q29 = vec4<f32>(0.0);
    var o29 = vec4<f32>(0.0);
    var q30 = vec4<f32>(0.0);
    var o30 = vec4<f32>(0.0);
    var q31 = vec4<f32>(0.0);
    var o31 = vec4<f32>(0.0);
    q0 = vec4<f32>(q[qb + 0u], q[qb + 1u], q[qb + 2u], q[qb + 3u]) * p.scale;
    q1 = vec4<f32>(q[qb + 4u], q[qb + 5u], q[qb + 6u], q[qb + 7u]) * p.scale;
    q2 = vec4<f32>(q[qb + 8u], q[qb + 9u], q[qb + 10u], q[qb + 11u]) * p.scale;
    q3 = vec4<f32>(q[qb + 12u], q[qb + 13u], q[qb + 14u], q[qb + 15u]) * p.scale;
    q4 = vec4<f32>(q[qb + 16u], q[qb + 17u], q[qb + 18u], q[qb + 19u]) * p.scale;
    q5 = vec4<f32>(q[qb + 20u], q[qb + 21u], q[qb + 22u], q[qb + 23u]) * p.scale;
    q6 = vec4<f32>(q[qb + 24u], q[qb + 25u], q[qb + 26u], q[qb + 27u]) * p.scale;
    q7 = vec4<f32>(q[qb + 28u], q[qb + 29u], q[qb + 30u], q[qb + 31u]) * p.scale;
    q8 = vec4<f32>(q[qb + 32u], q[qb + 33u], q[qb + 34u], q[qb + 35u]) * p.scale;
    q9 = vec4<f32>(q[qb + 36u], q[qb + 37u], q[qb + 38u], q[qb + 39u]) * p.scale;
    q10 = vec4<f32>(q[qb + 40u], q[qb + 41u], q[qb + 42u], q[qb + 43u]) * p.scale;
    q11 = vec4<f32>(q[qb + 44u], q[qb + 45u], q[qb + 46u], q[qb + 47u]) * p.scale;
    q12 = vec4<f32>(q[qb + 48u], q[qb + 49u], q[qb + 50u], q[qb + 51u]) * p.scale;
    q13 = vec4<f32>(q[qb + 52u], q[qb + 53u], q[qb + 54u], q[qb + 55u]) * p.scale;
    q14 = vec4<f32>(q[qb + 56u], q[qb + 57u], q[qb + 58u], q[qb + 59u]) * p.scale;
    q15 = vec4<f32>(q[qb + 60u], q[qb + 61u], q[qb + 62u], q[qb + 63u]) * p.scale;
    q16 = vec4<f32>(q[qb + 64u], q[qb + 65u], q[qb + 66u], q[qb + 67u]) * p.scale;
    q17 = vec4<f32>(q[qb + 68u], q[qb + 69u], q[qb + 70u], q[qb + 71u]) * p.scale;
    q18 = vec4<f32>(q[qb + 72u], q[qb + 73u], q[qb + 74u], q[qb + 75u]) * p.scale;
    q19 = vec4<f32>(q[qb + 76u], q[qb + 77u], q[qb + 78u], q[qb + 79u]) * p.scale;
    q20 = vec4<f32>(q[qb + 80u], q[qb + 81u], q[qb + 82u], q[qb + 83u]) * p.scale;
    q21 = vec4<f32>(q[qb + 84u], q[qb + 85u], q[qb + 86u], q[qb + 87u]) * p.scale;
    q22 = vec4<f32>(q[qb + 88u], q[qb + 89u], q[qb + 90u], q[qb + 91u]) * p.scale;
    q23 = vec4<f32>(q[qb + 92u], q[qb + 93u], q[qb + 94u], q[qb + 95u]) * p.scale;
    q24 = vec4<f32>(q[qb + 96u], q[qb + 97u], q[qb + 98u], q[qb + 99u]) * p.scale;
    q25 = vec4<f32>(q[qb + 100u], q[qb + 101u], q[qb + 102u], q[qb + 103u]) * p.scale;
    q26 = vec4<f32>(q[qb + 104u], q[qb + 105u], q[qb + 106u], q[qb + 107u]) * p.scale;
    q27 = vec4<f32>(q[qb + 108u], q[qb + 109u], q[qb + 110u], q[qb + 111u]) * p.scale;
    q28 = vec4<f32>(q[qb + 112u], q[qb + 113u], q[qb + 114u], q[qb + 115u]) * p.scale;
    q29 = vec4<f32>(q[qb + 116u], q[qb + 117u], q[qb + 118u], q[qb + 119u]) * p.scale;
    q30 = vec4<f32>(q[qb + 120u], q[qb + 121u], q[qb + 122u], q[qb + 123u]) * p.scale;
    q31 = vec4<f32>(q[qb + 124u], q[qb + 125u], q[qb + 126u], q[qb + 127u]) * p.scale;
    var m = NEG;
    var l = 0.0;
    let cache_base = kvh * p.max_ctx * half;
    for (var key = j * chunk + lid; key < k_end; key = key + WG) {
        let row = cache_base + key * half;
        var score = 0.0;
        score = score + dot(q0, k4(row + 0u));
        score = score + dot(q1, k4(row + 2u));
        score = score + dot(q2, k4(row + 4u));
        score = score + dot(q3, k4(row + 6u));
        score = score + dot(q4, k4(row + 8u));
        score = score + dot(q5, k4(row + 10u));
        score = score + dot(q6, k4(row + 12u));
        score = score + dot(q7, k4(row + 14u));
        score = score + dot(q8, k4(row + 16u));
        score = score + dot(q9, k4(row + 18u));
        score = score + dot(q10, k4(row + 20u));
        score = score + dot(q11, k4(row + 22u));
        score = score + dot(q12, k4(row + 24u));
        score = score + dot(q13, k4(row + 26u));
        score = score + dot(q14, k4(row + 28u));
        score = score + dot(q15, k4(row + 30u));
        score = score + dot(q16, k4(row + 32u));
        score = score + dot(q17, k4(row + 34u));
        score = score + dot(q18, k4(row + 36u));
        score = score + dot(q19, k4(row + 38u));
        score = score + dot(q20, k4(row + 40u));
        score = score + dot(q21, k4(row + 42u));
        score = score + dot(q22, k4(row + 44u));
        score = score + dot(q23, k4(row + 46u));
        score = score + dot(q24, k4(row + 48u));
        score = score + dot(q25, k4(row + 50u));
        score = score + dot(q26, k4(row + 52u));
        score = score + dot(q27, k4(row + 54u));
        score = score + dot(q28, k4(row + 56u));
        score = score + dot(q29, k4(row + 58u));
        score = score + dot(q30, k4(row + 60u));
        score = score + dot(q31, k4(row + 62u));
        if (score > m) {
            let c = exp(m - score);
            l = l * c;
        o0 = o0 * c;
        o1 = o1 * c;
        o2 = o2 * c;
        o3 = o3 * c;
        o4 = o4 * c;
        o5 = o5 * c;
        o6 = o6 * c;
        o7 = o7 * c;
        o8 = o8 * c;
        o9 = o9 * c;
        o10 = o10 * c;
        o11 = o11 * c;
        o12 = o12 * c;
        o13 = o13 * c;
        o14 = o14 * c;
        o15 = o15 * c;
        o16 = o16 * c;
        o17 = o17 * c;
        o18 = o18 * c;
        o19 = o19 * c;
        o20 = o20 * c;
        o21 = o21 * c;
        o22 = o22 * c;
        o23 = o23 * c;
        o24 = o24 * c;
        o25 = o25 * c;
        o26 = o26 * c;
        o27 = o27 * c;
        o28 = o28 * c;
        o29 = o29 * c;
        o30 = o30 * c;
        o31 = o31 * c;
            m = score;
        }
        let pj = exp(score - m);
        l = l + pj;
        o0 = o0 + pj * v4(row + 0u);
        o1 = o1 + pj * v4(row + 2u);
        o2 = o2 + pj * v4(row + 4u);
        o3 = o3 + pj * v4(row + 6u);
        o4 = o4 + pj * v4(row + 8u);
        o5 = o5 + pj * v4(row + 10u);
        o6 = o6 + pj * v4(row + 12u);
        o7 = o7 + pj * v4(row + 14u);
        o8 = o8 + pj * v4(row + 16u);
        o9 = o9 + pj * v4(row + 18u);
        o10 = o10 + pj * v4(row + 20u);
        o11 = o11 + pj * v4(row + 22u);
        o12 = o12 + pj * v4(row + 24u);
        o13 = o13 + pj * v4(row + 26u);
        o14 = o14 + pj * v4(row + 28u);
        o15 = o15 + pj * v4(row + 30u);
        o16 = o16 + pj * v4(row + 32u);
        o17 = o17 + pj * v4(row + 34u);
        o18 = o18 + pj * v4(row + 36u);
        o19 = o19 + pj * v4(row + 38u);
        o20 = o20 + pj * v4(row + 40u);
        o21 = o21 + pj * v4(row + 42u);
        o22 = o22 + pj * v4(row + 44u);
        o23 = o23 + pj * v4(row + 46u);
        o24 = o24 + pj * v4(row + 48u);
        o25 = o25 + pj * v4(row + 50u);
        o26 = o26 + pj * v4(row + 52u);
        o27 = o27 + pj * v4(row + 54u);
        o28 = o28 + pj * v4(row + 56u);
        o29 = o29 + pj * v4(row + 58u);
        o30 = o30 + pj * v4(row + 60u);
        o31 = o31 + pj * v4(row + 62u);
    }

    red_ml[lid] = vec2<f32>(m, l);
    workgroupBarrier();
    var M = NEG;
    for (var t = 0u; t < WG; t = t + 1u) {
        M = max(M, red_ml[t].x);
    }
    let c = exp(m - M);
    let at = lid * HALF_MAX;
    red_o[at + 0u] = o0.xy * c; red_o[at + 1u] = o0.zw * c;
    red_o[at + 2u] = o1.xy * c; red_o[at + 3u] = o1.zw * c;
    red_o[at + 4u] = o2.xy * c; red_o[at + 5u] = o2.zw * c;
    red_o[at + 6u] = o3.xy * c; red_o[at + 7u] = o3.zw * c;
    red_o[at + 8u] = o4.xy * c; red_o[at + 9u] = o4.zw * c;
    red_o[at + 10u] = o5.xy * c; red_o[at + 11u] = o5.zw * c;
    red_o[at + 12u] = o6.xy * c; red_o[at + 13u] = o6.zw * c;
    red_o[at + 14u] = o7.xy * c; red_o[at + 15u] = o7.zw * c;
    red_o[at + 16u] = o8.xy * c; red_o[at + 17u] = o8.zw * c;
    red_o[at + 18u] = o9.xy * c; red_o[at + 19u] = o9.zw * c;
    red_o[at + 20u] = o10.xy * c; red_o[at + 21u] = o10.zw * c;
    red_o[at + 22u] = o11.xy * c; red_o[at + 23u] = o11.zw * c;
    red_o[at + 24u] = o12.xy * c; red_o[at + 25u] = o12.zw * c;
    red_o[at + 26u] = o13.xy * c; red_o[at + 27u] = o13.zw * c;
    red_o[at + 28u] = o14.xy * c; red_o[at + 29u] = o14.zw * c;
    red_o[at + 30u] = o15.xy * c; red_o[at + 31u] = o15.zw * c;
    red_o[at + 32u] = o16.xy * c; red_o[at + 33u] = o16.zw * c;
    red_o[at + 34u] = o17.xy * c; red_o[at + 35u] = o17.zw * c;
    red_o[at + 36u] = o18.xy * c; red_o[at + 37u] = o18.zw * c;
    red_o[at + 38u] = o19.xy * c; red_o[at + 39u] = o19.zw * c;
    red_o[at + 40u] = o20.xy * c; red_o[at + 41u] = o20.zw * c;
    red_o[at + 42u] = o21.xy * c; red_o[at + 43u] = o21.zw * c;
    red_o[at + 44u] = o22.xy * c; red_o[at + 45u] = o22.zw * c;
    red_o[at + 46u] = o23.xy * c; red_o[at + 47u] = o23.zw * c;
    red_o[at + 48u] = o24.xy * c; red_o[at + 49u] = o24.zw * c;
    red_o[at + 50u] = o25.xy * c; red_o[at + 51u] = o25.zw * c;
    red_o[at + 52u] = o26.xy * c; red_o[at + 53u] = o26.zw * c;
    red_o[at + 54u] = o27.xy * c; red_o[at + 55u] = o27.zw * c;
    red_o[at + 56u] = o28.xy * c; red_o[at + 57u] = o28.zw * c;
    red_o[at + 58u] = o29.xy * c; red_o[at + 59u] = o29.zw * c;
    red_o[at + 60u] = o30.xy * c; red_o[at + 61u] = o30.zw * c;
    red_o[at + 62u] = o31.xy * c; red_o[at + 63u] = o31.zw * c;
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
