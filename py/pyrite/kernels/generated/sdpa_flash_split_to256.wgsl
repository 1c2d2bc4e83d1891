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
const HALF_MAX: u32 = 256u / 2u;
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
    var q32 = vec4<f32>(0.0);
    var o32 = vec4<f32>(0.0);
    var q33 = vec4<f32>(0.0);
    var o33 = vec4<f32>(0.0);
    var q34 = vec4<f32>(0.0);
    var o34 = vec4<f32>(0.0);
    var q35 = vec4<f32>(0.0);
    var o35 = vec4<f32>(0.0);
    var q36 = vec4<f32>(0.0);
    var o36 = vec4<f32>(0.0);
    var q37 = vec4<f32>(0.0);
    var o37 = vec4<f32>(0.0);
    var q38 = vec4<f32>(0.0);
    var o38 = vec4<f32>(0.0);
    var q39 = vec4<f32>(0.0);
    var o39 = vec4<f32>(0.0);
    var q40 = vec4<f32>(0.0);
    var o40 = vec4<f32>(0.0);
    var q41 = vec4<f32>(0.0);
    var o41 = vec4<f32>(0.0);
    var q42 = vec4<f32>(0.0);
    var o42 = vec4<f32>(0.0);
    var q43 = vec4<f32>(0.0);
    var o43 = vec4<f32>(0.0);
    var q44 = vec4<f32>(0.0);
    var o44 = vec4<f32>(0.0);
    var q45 = vec4<f32>(0.0);
    var o45 = vec4<f32>(0.0);
    var q46 = vec4<f32>(0.0);
    var o46 = vec4<f32>(0.0);
    var q47 = vec4<f32>(0.0);
    var o47 = vec4<f32>(0.0);
    var q48 = vec4<f32>(0.0);
    var o48 = vec4<f32>(0.0);
    var q49 = vec4<f32>(0.0);
    var o49 = vec4<f32>(0.0);
    var q50 = vec4<f32>(0.0);
    var o50 = vec4<f32>(0.0);
    var q51 = vec4<f32>(0.0);
    var o51 = vec4<f32>(0.0);
    var q52 = vec4<f32>(0.0);
    var o52 = vec4<f32>(0.0);
    var q53 = vec4<f32>(0.0);
    var o53 = vec4<f32>(0.0);
    var q54 = vec4<f32>(0.0);
    var o54 = vec4<f32>(0.0);
    var q55 = vec4<f32>(0.0);
    var o55 = vec4<f32>(0.0);
    var q56 = vec4<f32>(0.0);
    var o56 = vec4<f32>(0.0);
    var q57 = vec4<f32>(0.0);
    var o57 = vec4<f32>(0.0);
    var q58 = vec4<f32>(0.0);
    var o58 = vec4<f32>(0.0);
    var q59 = vec4<f32>(0.0);
    var o59 = vec4<f32>(0.0);
    var q60 = vec4<f32>(0.0);
    var o60 = vec4<f32>(0.0);
    var q61 = vec4<f32>(0.0);
    var o61 = vec4<f32>(0.0);
    var q62 = vec4<f32>(0.0);
    var o62 = vec4<f32>(0.0);
    var q63 = vec4<f32>(0.0);
    var o63 = vec4<f32>(0.0);
    q0 = vec4<f32>(q[qb + 0u], q[qb + 1u], q[qb + 2u], q[qb + 3u]) * p.scale;
    if (1u < quads) { q1 = vec4<f32>(q[qb + 4u], q[qb + 5u], q[qb + 6u], q[qb + 7u]) * p.scale; }
    if (2u < quads) { q2 = vec4<f32>(q[qb + 8u], q[qb + 9u], q[qb + 10u], q[qb + 11u]) * p.scale; }
    if (3u < quads) { q3 = vec4<f32>(q[qb + 12u], q[qb + 13u], q[qb + 14u], q[qb + 15u]) * p.scale; }
    if (4u < quads) { q4 = vec4<f32>(q[qb + 16u], q[qb + 17u], q[qb + 18u], q[qb + 19u]) * p.scale; }
    if (5u < quads) { q5 = vec4<f32>(q[qb + 20u], q[qb + 21u], q[qb + 22u], q[qb + 23u]) * p.scale; }
    if (6u < quads) { q6 = vec4<f32>(q[qb + 24u], q[qb + 25u], q[qb + 26u], q[qb + 27u]) * p.scale; }
    if (7u < quads) { q7 = vec4<f32>(q[qb + 28u], q[qb + 29u], q[qb + 30u], q[qb + 31u]) * p.scale; }
    if (8u < quads) { q8 = vec4<f32>(q[qb + 32u], q[qb + 33u], q[qb + 34u], q[qb + 35u]) * p.scale; }
    if (9u < quads) { q9 = vec4<f32>(q[qb + 36u], q[qb + 37u], q[qb + 38u], q[qb + 39u]) * p.scale; }
    if (10u < quads) { q10 = vec4<f32>(q[qb + 40u], q[qb + 41u], q[qb + 42u], q[qb + 43u]) * p.scale; }
    if (11u < quads) { q11 = vec4<f32>(q[qb + 44u], q[qb + 45u], q[qb + 46u], q[qb + 47u]) * p.scale; }
    if (12u < quads) { q12 = vec4<f32>(q[qb + 48u], q[qb + 49u], q[qb + 50u], q[qb + 51u]) * p.scale; }
    if (13u < quads) { q13 = vec4<f32>(q[qb + 52u], q[qb + 53u], q[qb + 54u], q[qb + 55u]) * p.scale; }
    if (14u < quads) { q14 = vec4<f32>(q[qb + 56u], q[qb + 57u], q[qb + 58u], q[qb + 59u]) * p.scale; }
    if (15u < quads) { q15 = vec4<f32>(q[qb + 60u], q[qb + 61u], q[qb + 62u], q[qb + 63u]) * p.scale; }
    if (16u < quads) { q16 = vec4<f32>(q[qb + 64u], q[qb + 65u], q[qb + 66u], q[qb + 67u]) * p.scale; }
    if (17u < quads) { q17 = vec4<f32>(q[qb + 68u], q[qb + 69u], q[qb + 70u], q[qb + 71u]) * p.scale; }
    if (18u < quads) { q18 = vec4<f32>(q[qb + 72u], q[qb + 73u], q[qb + 74u], q[qb + 75u]) * p.scale; }
    if (19u < quads) { q19 = vec4<f32>(q[qb + 76u], q[qb + 77u], q[qb + 78u], q[qb + 79u]) * p.scale; }
    if (20u < quads) { q20 = vec4<f32>(q[qb + 80u], q[qb + 81u], q[qb + 82u], q[qb + 83u]) * p.scale; }
    if (21u < quads) { q21 = vec4<f32>(q[qb + 84u], q[qb + 85u], q[qb + 86u], q[qb + 87u]) * p.scale; }
    if (22u < quads) { q22 = vec4<f32>(q[qb + 88u], q[qb + 89u], q[qb + 90u], q[qb + 91u]) * p.scale; }
    if (23u < quads) { q23 = vec4<f32>(q[qb + 92u], q[qb + 93u], q[qb + 94u], q[qb + 95u]) * p.scale; }
    if (24u < quads) { q24 = vec4<f32>(q[qb + 96u], q[qb + 97u], q[qb + 98u], q[qb + 99u]) * p.scale; }
    if (25u < quads) { q25 = vec4<f32>(q[qb + 100u], q[qb + 101u], q[qb + 102u], q[qb + 103u]) * p.scale; }
    if (26u < quads) { q26 = vec4<f32>(q[qb + 104u], q[qb + 105u], q[qb + 106u], q[qb + 107u]) * p.scale; }
    if (27u < quads) { q27 = vec4<f32>(q[qb + 108u], q[qb + 109u], q[qb + 110u], q[qb + 111u]) * p.scale; }
    if (28u < quads) { q28 = vec4<f32>(q[qb + 112u], q[qb + 113u], q[qb + 114u], q[qb + 115u]) * p.scale; }
    if (29u < quads) { q29 = vec4<f32>(q[qb + 116u], q[qb + 117u], q[qb + 118u], q[qb + 119u]) * p.scale; }
    if (30u < quads) { q30 = vec4<f32>(q[qb + 120u], q[qb + 121u], q[qb + 122u], q[qb + 123u]) * p.scale; }
    if (31u < quads) { q31 = vec4<f32>(q[qb + 124u], q[qb + 125u], q[qb + 126u], q[qb + 127u]) * p.scale; }
    if (32u < quads) { q32 = vec4<f32>(q[qb + 128u], q[qb + 129u], q[qb + 130u], q[qb + 131u]) * p.scale; }
    if (33u < quads) { q33 = vec4<f32>(q[qb + 132u], q[qb + 133u], q[qb + 134u], q[qb + 135u]) * p.scale; }
    if (34u < quads) { q34 = vec4<f32>(q[qb + 136u], q[qb + 137u], q[qb + 138u], q[qb + 139u]) * p.scale; }
    if (35u < quads) { q35 = vec4<f32>(q[qb + 140u], q[qb + 141u], q[qb + 142u], q[qb + 143u]) * p.scale; }
    if (36u < quads) { q36 = vec4<f32>(q[qb + 144u], q[qb + 145u], q[qb + 146u], q[qb + 147u]) * p.scale; }
    if (37u < quads) { q37 = vec4<f32>(q[qb + 148u], q[qb + 149u], q[qb + 150u], q[qb + 151u]) * p.scale; }
    if (38u < quads) { q38 = vec4<f32>(q[qb + 152u], q[qb + 153u], q[qb + 154u], q[qb + 155u]) * p.scale; }
    if (39u < quads) { q39 = vec4<f32>(q[qb + 156u], q[qb + 157u], q[qb + 158u], q[qb + 159u]) * p.scale; }
    if (40u < quads) { q40 = vec4<f32>(q[qb + 160u], q[qb + 161u], q[qb + 162u], q[qb + 163u]) * p.scale; }
    if (41u < quads) { q41 = vec4<f32>(q[qb + 164u], q[qb + 165u], q[qb + 166u], q[qb + 167u]) * p.scale; }
    if (42u < quads) { q42 = vec4<f32>(q[qb + 168u], q[qb + 169u], q[qb + 170u], q[qb + 171u]) * p.scale; }
    if (43u < quads) { q43 = vec4<f32>(q[qb + 172u], q[qb + 173u], q[qb + 174u], q[qb + 175u]) * p.scale; }
    if (44u < quads) { q44 = vec4<f32>(q[qb + 176u], q[qb + 177u], q[qb + 178u], q[qb + 179u]) * p.scale; }
    if (45u < quads) { q45 = vec4<f32>(q[qb + 180u], q[qb + 181u], q[qb + 182u], q[qb + 183u]) * p.scale; }
    if (46u < quads) { q46 = vec4<f32>(q[qb + 184u], q[qb + 185u], q[qb + 186u], q[qb + 187u]) * p.scale; }
    if (47u < quads) { q47 = vec4<f32>(q[qb + 188u], q[qb + 189u], q[qb + 190u], q[qb + 191u]) * p.scale; }
    if (48u < quads) { q48 = vec4<f32>(q[qb + 192u], q[qb + 193u], q[qb + 194u], q[qb + 195u]) * p.scale; }
    if (49u < quads) { q49 = vec4<f32>(q[qb + 196u], q[qb + 197u], q[qb + 198u], q[qb + 199u]) * p.scale; }
    if (50u < quads) { q50 = vec4<f32>(q[qb + 200u], q[qb + 201u], q[qb + 202u], q[qb + 203u]) * p.scale; }
    if (51u < quads) { q51 = vec4<f32>(q[qb + 204u], q[qb + 205u], q[qb + 206u], q[qb + 207u]) * p.scale; }
    if (52u < quads) { q52 = vec4<f32>(q[qb + 208u], q[qb + 209u], q[qb + 210u], q[qb + 211u]) * p.scale; }
    if (53u < quads) { q53 = vec4<f32>(q[qb + 212u], q[qb + 213u], q[qb + 214u], q[qb + 215u]) * p.scale; }
    if (54u < quads) { q54 = vec4<f32>(q[qb + 216u], q[qb + 217u], q[qb + 218u], q[qb + 219u]) * p.scale; }
    if (55u < quads) { q55 = vec4<f32>(q[qb + 220u], q[qb + 221u], q[qb + 222u], q[qb + 223u]) * p.scale; }
    if (56u < quads) { q56 = vec4<f32>(q[qb + 224u], q[qb + 225u], q[qb + 226u], q[qb + 227u]) * p.scale; }
    if (57u < quads) { q57 = vec4<f32>(q[qb + 228u], q[qb + 229u], q[qb + 230u], q[qb + 231u]) * p.scale; }
    if (58u < quads) { q58 = vec4<f32>(q[qb + 232u], q[qb + 233u], q[qb + 234u], q[qb + 235u]) * p.scale; }
    if (59u < quads) { q59 = vec4<f32>(q[qb + 236u], q[qb + 237u], q[qb + 238u], q[qb + 239u]) * p.scale; }
    if (60u < quads) { q60 = vec4<f32>(q[qb + 240u], q[qb + 241u], q[qb + 242u], q[qb + 243u]) * p.scale; }
    if (61u < quads) { q61 = vec4<f32>(q[qb + 244u], q[qb + 245u], q[qb + 246u], q[qb + 247u]) * p.scale; }
    if (62u < quads) { q62 = vec4<f32>(q[qb + 248u], q[qb + 249u], q[qb + 250u], q[qb + 251u]) * p.scale; }
    if (63u < quads) { q63 = vec4<f32>(q[qb + 252u], q[qb + 253u], q[qb + 254u], q[qb + 255u]) * p.scale; }
    var m = NEG;
    var l = 0.0;
    let cache_base = kvh * p.max_ctx * half;
    for (var key = j * chunk + lid; key < k_end; key = key + WG) {
        let row = cache_base + key * half;
        var score = 0.0;
        score = score + dot(q0, k4(row + 0u));
        if (1u < quads) { score = score + dot(q1, k4(row + 2u)); }
        if (2u < quads) { score = score + dot(q2, k4(row + 4u)); }
        if (3u < quads) { score = score + dot(q3, k4(row + 6u)); }
        if (4u < quads) { score = score + dot(q4, k4(row + 8u)); }
        if (5u < quads) { score = score + dot(q5, k4(row + 10u)); }
        if (6u < quads) { score = score + dot(q6, k4(row + 12u)); }
        if (7u < quads) { score = score + dot(q7, k4(row + 14u)); }
        if (8u < quads) { score = score + dot(q8, k4(row + 16u)); }
        if (9u < quads) { score = score + dot(q9, k4(row + 18u)); }
        if (10u < quads) { score = score + dot(q10, k4(row + 20u)); }
        if (11u < quads) { score = score + dot(q11, k4(row + 22u)); }
        if (12u < quads) { score = score + dot(q12, k4(row + 24u)); }
        if (13u < quads) { score = score + dot(q13, k4(row + 26u)); }
        if (14u < quads) { score = score + dot(q14, k4(row + 28u)); }
        if (15u < quads) { score = score + dot(q15, k4(row + 30u)); }
        if (16u < quads) { score = score + dot(q16, k4(row + 32u)); }
        if (17u < quads) { score = score + dot(q17, k4(row + 34u)); }
        if (18u < quads) { score = score + dot(q18, k4(row + 36u)); }
        if (19u < quads) { score = score + dot(q19, k4(row + 38u)); }
        if (20u < quads) { score = score + dot(q20, k4(row + 40u)); }
        if (21u < quads) { score = score + dot(q21, k4(row + 42u)); }
        if (22u < quads) { score = score + dot(q22, k4(row + 44u)); }
        if (23u < quads) { score = score + dot(q23, k4(row + 46u)); }
        if (24u < quads) { score = score + dot(q24, k4(row + 48u)); }
        if (25u < quads) { score = score + dot(q25, k4(row + 50u)); }
        if (26u < quads) { score = score + dot(q26, k4(row + 52u)); }
        if (27u < quads) { score = score + dot(q27, k4(row + 54u)); }
        if (28u < quads) { score = score + dot(q28, k4(row + 56u)); }
        if (29u < quads) { score = score + dot(q29, k4(row + 58u)); }
        if (30u < quads) { score = score + dot(q30, k4(row + 60u)); }
        if (31u < quads) { score = score + dot(q31, k4(row + 62u)); }
        if (32u < quads) { score = score + dot(q32, k4(row + 64u)); }
        if (33u < quads) { score = score + dot(q33, k4(row + 66u)); }
        if (34u < quads) { score = score + dot(q34, k4(row + 68u)); }
        if (35u < quads) { score = score + dot(q35, k4(row + 70u)); }
        if (36u < quads) { score = score + dot(q36, k4(row + 72u)); }
        if (37u < quads) { score = score + dot(q37, k4(row + 74u)); }
        if (38u < quads) { score = score + dot(q38, k4(row + 76u)); }
        if (39u < quads) { score = score + dot(q39, k4(row + 78u)); }
        if (40u < quads) { score = score + dot(q40, k4(row + 80u)); }
        if (41u < quads) { score = score + dot(q41, k4(row + 82u)); }
        if (42u < quads) { score = score + dot(q42, k4(row + 84u)); }
        if (43u < quads) { score = score + dot(q43, k4(row + 86u)); }
        if (44u < quads) { score = score + dot(q44, k4(row + 88u)); }
        if (45u < quads) { score = score + dot(q45, k4(row + 90u)); }
        if (46u < quads) { score = score + dot(q46, k4(row + 92u)); }
        if (47u < quads) { score = score + dot(q47, k4(row + 94u)); }
        if (48u < quads) { score = score + dot(q48, k4(row + 96u)); }
        if (49u < quads) { score = score + dot(q49, k4(row + 98u)); }
        if (50u < quads) { score = score + dot(q50, k4(row + 100u)); }
        if (51u < quads) { score = score + dot(q51, k4(row + 102u)); }
        if (52u < quads) { score = score + dot(q52, k4(row + 104u)); }
        if (53u < quads) { score = score + dot(q53, k4(row + 106u)); }
        if (54u < quads) { score = score + dot(q54, k4(row + 108u)); }
        if (55u < quads) { score = score + dot(q55, k4(row + 110u)); }
        if (56u < quads) { score = score + dot(q56, k4(row + 112u)); }
        if (57u < quads) { score = score + dot(q57, k4(row + 114u)); }
        if (58u < quads) { score = score + dot(q58, k4(row + 116u)); }
        if (59u < quads) { score = score + dot(q59, k4(row + 118u)); }
        if (60u < quads) { score = score + dot(q60, k4(row + 120u)); }
        if (61u < quads) { score = score + dot(q61, k4(row + 122u)); }
        if (62u < quads) { score = score + dot(q62, k4(row + 124u)); }
        if (63u < quads) { score = score + dot(q63, k4(row + 126u)); }
        if (score > m) {
            let c = exp(m - score);
            l = l * c;
        o0 = o0 * c;
        if (1u < quads) { o1 = o1 * c; }
        if (2u < quads) { o2 = o2 * c; }
        if (3u < quads) { o3 = o3 * c; }
        if (4u < quads) { o4 = o4 * c; }
        if (5u < quads) { o5 = o5 * c; }
        if (6u < quads) { o6 = o6 * c; }
        if (7u < quads) { o7 = o7 * c; }
        if (8u < quads) { o8 = o8 * c; }
        if (9u < quads) { o9 = o9 * c; }
        if (10u < quads) { o10 = o10 * c; }
        if (11u < quads) { o11 = o11 * c; }
        if (12u < quads) { o12 = o12 * c; }
        if (13u < quads) { o13 = o13 * c; }
        if (14u < quads) { o14 = o14 * c; }
        if (15u < quads) { o15 = o15 * c; }
        if (16u < quads) { o16 = o16 * c; }
        if (17u < quads) { o17 = o17 * c; }
        if (18u < quads) { o18 = o18 * c; }
        if (19u < quads) { o19 = o19 * c; }
        if (20u < quads) { o20 = o20 * c; }
        if (21u < quads) { o21 = o21 * c; }
        if (22u < quads) { o22 = o22 * c; }
        if (23u < quads) { o23 = o23 * c; }
        if (24u < quads) { o24 = o24 * c; }
        if (25u < quads) { o25 = o25 * c; }
        if (26u < quads) { o26 = o26 * c; }
        if (27u < quads) { o27 = o27 * c; }
        if (28u < quads) { o28 = o28 * c; }
        if (29u < quads) { o29 = o29 * c; }
        if (30u < quads) { o30 = o30 * c; }
        if (31u < quads) { o31 = o31 * c; }
        if (32u < quads) { o32 = o32 * c; }
        if (33u < quads) { o33 = o33 * c; }
        if (34u < quads) { o34 = o34 * c; }
        if (35u < quads) { o35 = o35 * c; }
        if (36u < quads) { o36 = o36 * c; }
        if (37u < quads) { o37 = o37 * c; }
        if (38u < quads) { o38 = o38 * c; }
        if (39u < quads) { o39 = o39 * c; }
        if (40u < quads) { o40 = o40 * c; }
        if (41u < quads) { o41 = o41 * c; }
        if (42u < quads) { o42 = o42 * c; }
        if (43u < quads) { o43 = o43 * c; }
        if (44u < quads) { o44 = o44 * c; }
        if (45u < quads) { o45 = o45 * c; }
        if (46u < quads) { o46 = o46 * c; }
        if (47u < quads) { o47 = o47 * c; }
        if (48u < quads) { o48 = o48 * c; }
        if (49u < quads) { o49 = o49 * c; }
        if (50u < quads) { o50 = o50 * c; }
        if (51u < quads) { o51 = o51 * c; }
        if (52u < quads) { o52 = o52 * c; }
        if (53u < quads) { o53 = o53 * c; }
        if (54u < quads) { o54 = o54 * c; }
        if (55u < quads) { o55 = o55 * c; }
        if (56u < quads) { o56 = o56 * c; }
        if (57u < quads) { o57 = o57 * c; }
        if (58u < quads) { o58 = o58 * c; }
        if (59u < quads) { o59 = o59 * c; }
        if (60u < quads) { o60 = o60 * c; }
        if (61u < quads) { o61 = o61 * c; }
        if (62u < quads) { o62 = o62 * c; }
        if (63u < quads) { o63 = o63 * c; }
            m = score;
        }
        let pj = exp(score - m);
        l = l + pj;
        o0 = o0 + pj * v4(row + 0u);
        if (1u < quads) { o1 = o1 + pj * v4(row + 2u); }
        if (2u < quads) { o2 = o2 + pj * v4(row + 4u); }
        if (3u < quads) { o3 = o3 + pj * v4(row + 6u); }
        if (4u < quads) { o4 = o4 + pj * v4(row + 8u); }
        if (5u < quads) { o5 = o5 + pj * v4(row + 10u); }
        if (6u < quads) { o6 = o6 + pj * v4(row + 12u); }
        if (7u < quads) { o7 = o7 + pj * v4(row + 14u); }
        if (8u < quads) { o8 = o8 + pj * v4(row + 16u); }
        if (9u < quads) { o9 = o9 + pj * v4(row + 18u); }
        if (10u < quads) { o10 = o10 + pj * v4(row + 20u); }
        if (11u < quads) { o11 = o11 + pj * v4(row + 22u); }
        if (12u < quads) { o12 = o12 + pj * v4(row + 24u); }
        if (13u < quads) { o13 = o13 + pj * v4(row + 26u); }
        if (14u < quads) { o14 = o14 + pj * v4(row + 28u); }
        if (15u < quads) { o15 = o15 + pj * v4(row + 30u); }
        if (16u < quads) { o16 = o16 + pj * v4(row + 32u); }
        if (17u < quads) { o17 = o17 + pj * v4(row + 34u); }
        if (18u < quads) { o18 = o18 + pj * v4(row + 36u); }
        if (19u < quads) { o19 = o19 + pj * v4(row + 38u); }
        if (20u < quads) { o20 = o20 + pj * v4(row + 40u); }
        if (21u < quads) { o21 = o21 + pj * v4(row + 42u); }
        if (22u < quads) { o22 = o22 + pj * v4(row + 44u); }
        if (23u < quads) { o23 = o23 + pj * v4(row + 46u); }
        if (24u < quads) { o24 = o24 + pj * v4(row + 48u); }
        if (25u < quads) { o25 = o25 + pj * v4(row + 50u); }
        if (26u < quads) { o26 = o26 + pj * v4(row + 52u); }
        if (27u < quads) { o27 = o27 + pj * v4(row + 54u); }
        if (28u < quads) { o28 = o28 + pj * v4(row + 56u); }
        if (29u < quads) { o29 = o29 + pj * v4(row + 58u); }
        if (30u < quads) { o30 = o30 + pj * v4(row + 60u); }
        if (31u < quads) { o31 = o31 + pj * v4(row + 62u); }
        if (32u < quads) { o32 = o32 + pj * v4(row + 64u); }
        if (33u < quads) { o33 = o33 + pj * v4(row + 66u); }
        if (34u < quads) { o34 = o34 + pj * v4(row + 68u); }
        if (35u < quads) { o35 = o35 + pj * v4(row + 70u); }
        if (36u < quads) { o36 = o36 + pj * v4(row + 72u); }
        if (37u < quads) { o37 = o37 + pj * v4(row + 74u); }
        if (38u < quads) { o38 = o38 + pj * v4(row + 76u); }
        if (39u < quads) { o39 = o39 + pj * v4(row + 78u); }
        if (40u < quads) { o40 = o40 + pj * v4(row + 80u); }
        if (41u < quads) { o41 = o41 + pj * v4(row + 82u); }
        if (42u < quads) { o42 = o42 + pj * v4(row + 84u); }
        if (43u < quads) { o43 = o43 + pj * v4(row + 86u); }
        if (44u < quads) { o44 = o44 + pj * v4(row + 88u); }
        if (45u < quads) { o45 = o45 + pj * v4(row + 90u); }
        if (46u < quads) { o46 = o46 + pj * v4(row + 92u); }
        if (47u < quads) { o47 = o47 + pj * v4(row + 94u); }
        if (48u < quads) { o48 = o48 + pj * v4(row + 96u); }
        if (49u < quads) { o49 = o49 + pj * v4(row + 98u); }
        if (50u < quads) { o50 = o50 + pj * v4(row + 100u); }
        if (51u < quads) { o51 = o51 + pj * v4(row + 102u); }
        if (52u < quads) { o52 = o52 + pj * v4(row + 104u); }
        if (53u < quads) { o53 = o53 + pj * v4(row + 106u); }
        if (54u < quads) { o54 = o54 + pj * v4(row + 108u); }
        if (55u < quads) { o55 = o55 + pj * v4(row + 110u); }
        if (56u < quads) { o56 = o56 + pj * v4(row + 112u); }
        if (57u < quads) { o57 = o57 + pj * v4(row + 114u); }
        if (58u < quads) { o58 = o58 + pj * v4(row + 116u); }
        if (59u < quads) { o59 = o59 + pj * v4(row + 118u); }
        if (60u < quads) { o60 = o60 + pj * v4(row + 120u); }
        if (61u < quads) { o61 = o61 + pj * v4(row + 122u); }
        if (62u < quads) { o62 = o62 + pj * v4(row + 124u); }
        if (63u < quads) { o63 = o63 + pj * v4(row + 126u); }
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
    if (1u < quads) { red_o[at + 2u] = o1.xy * c; red_o[at + 3u] = o1.zw * c; }
    if (2u < quads) { red_o[at + 4u] = o2.xy * c; red_o[at + 5u] = o2.zw * c; }
    if (3u < quads) { red_o[at + 6u] = o3.xy * c; red_o[at + 7u] = o3.zw * c; }
    if (4u < quads) { red_o[at + 8u] = o4.xy * c; red_o[at + 9u] = o4.zw * c; }
    if (5u < quads) { red_o[at + 10u] = o5.xy * c; red_o[at + 11u] = o5.zw * c; }
    if (6u < quads) { red_o[at + 12u] = o6.xy * c; red_o[at + 13u] = o6.zw * c; }
    if (7u < quads) { red_o[at + 14u] = o7.xy * c; red_o[at + 15u] = o7.zw * c; }
    if (8u < quads) { red_o[at + 16u] = o8.xy * c; red_o[at + 17u] = o8.zw * c; }
    if (9u < quads) { red_o[at + 18u] = o9.xy * c; red_o[at + 19u] = o9.zw * c; }
    if (10u < quads) { red_o[at + 20u] = o10.xy * c; red_o[at + 21u] = o10.zw * c; }
    if (11u < quads) { red_o[at + 22u] = o11.xy * c; red_o[at + 23u] = o11.zw * c; }
    if (12u < quads) { red_o[at + 24u] = o12.xy * c; red_o[at + 25u] = o12.zw * c; }
    if (13u < quads) { red_o[at + 26u] = o13.xy * c; red_o[at + 27u] = o13.zw * c; }
    if (14u < quads) { red_o[at + 28u] = o14.xy * c; red_o[at + 29u] = o14.zw * c; }
    if (15u < quads) { red_o[at + 30u] = o15.xy * c; red_o[at + 31u] = o15.zw * c; }
    if (16u < quads) { red_o[at + 32u] = o16.xy * c; red_o[at + 33u] = o16.zw * c; }
    if (17u < quads) { red_o[at + 34u] = o17.xy * c; red_o[at + 35u] = o17.zw * c; }
    if (18u < quads) { red_o[at + 36u] = o18.xy * c; red_o[at + 37u] = o18.zw * c; }
    if (19u < quads) { red_o[at + 38u] = o19.xy * c; red_o[at + 39u] = o19.zw * c; }
    if (20u < quads) { red_o[at + 40u] = o20.xy * c; red_o[at + 41u] = o20.zw * c; }
    if (21u < quads) { red_o[at + 42u] = o21.xy * c; red_o[at + 43u] = o21.zw * c; }
    if (22u < quads) { red_o[at + 44u] = o22.xy * c; red_o[at + 45u] = o22.zw * c; }
    if (23u < quads) { red_o[at + 46u] = o23.xy * c; red_o[at + 47u] = o23.zw * c; }
    if (24u < quads) { red_o[at + 48u] = o24.xy * c; red_o[at + 49u] = o24.zw * c; }
    if (25u < quads) { red_o[at + 50u] = o25.xy * c; red_o[at + 51u] = o25.zw * c; }
    if (26u < quads) { red_o[at + 52u] = o26.xy * c; red_o[at + 53u] = o26.zw * c; }
    if (27u < quads) { red_o[at + 54u] = o27.xy * c; red_o[at + 55u] = o27.zw * c; }
    if (28u < quads) { red_o[at + 56u] = o28.xy * c; red_o[at + 57u] = o28.zw * c; }
    if (29u < quads) { red_o[at + 58u] = o29.xy * c; red_o[at + 59u] = o29.zw * c; }
    if (30u < quads) { red_o[at + 60u] = o30.xy * c; red_o[at + 61u] = o30.zw * c; }
    if (31u < quads) { red_o[at + 62u] = o31.xy * c; red_o[at + 63u] = o31.zw * c; }
    if (32u < quads) { red_o[at + 64u] = o32.xy * c; red_o[at + 65u] = o32.zw * c; }
    if (33u < quads) { red_o[at + 66u] = o33.xy * c; red_o[at + 67u] = o33.zw * c; }
    if (34u < quads) { red_o[at + 68u] = o34.xy * c; red_o[at + 69u] = o34.zw * c; }
    if (35u < quads) { red_o[at + 70u] = o35.xy * c; red_o[at + 71u] = o35.zw * c; }
    if (36u < quads) { red_o[at + 72u] = o36.xy * c; red_o[at + 73u] = o36.zw * c; }
    if (37u < quads) { red_o[at + 74u] = o37.xy * c; red_o[at + 75u] = o37.zw * c; }
    if (38u < quads) { red_o[at + 76u] = o38.xy * c; red_o[at + 77u] = o38.zw * c; }
    if (39u < quads) { red_o[at + 78u] = o39.xy * c; red_o[at + 79u] = o39.zw * c; }
    if (40u < quads) { red_o[at + 80u] = o40.xy * c; red_o[at + 81u] = o40.zw * c; }
    if (41u < quads) { red_o[at + 82u] = o41.xy * c; red_o[at + 83u] = o41.zw * c; }
    if (42u < quads) { red_o[at + 84u] = o42.xy * c; red_o[at + 85u] = o42.zw * c; }
    if (43u < quads) { red_o[at + 86u] = o43.xy * c; red_o[at + 87u] = o43.zw * c; }
    if (44u < quads) { red_o[at + 88u] = o44.xy * c; red_o[at + 89u] = o44.zw * c; }
    if (45u < quads) { red_o[at + 90u] = o45.xy * c; red_o[at + 91u] = o45.zw * c; }
    if (46u < quads) { red_o[at + 92u] = o46.xy * c; red_o[at + 93u] = o46.zw * c; }
    if (47u < quads) { red_o[at + 94u] = o47.xy * c; red_o[at + 95u] = o47.zw * c; }
    if (48u < quads) { red_o[at + 96u] = o48.xy * c; red_o[at + 97u] = o48.zw * c; }
    if (49u < quads) { red_o[at + 98u] = o49.xy * c; red_o[at + 99u] = o49.zw * c; }
    if (50u < quads) { red_o[at + 100u] = o50.xy * c; red_o[at + 101u] = o50.zw * c; }
    if (51u < quads) { red_o[at + 102u] = o51.xy * c; red_o[at + 103u] = o51.zw * c; }
    if (52u < quads) { red_o[at + 104u] = o52.xy * c; red_o[at + 105u] = o52.zw * c; }
    if (53u < quads) { red_o[at + 106u] = o53.xy * c; red_o[at + 107u] = o53.zw * c; }
    if (54u < quads) { red_o[at + 108u] = o54.xy * c; red_o[at + 109u] = o54.zw * c; }
    if (55u < quads) { red_o[at + 110u] = o55.xy * c; red_o[at + 111u] = o55.zw * c; }
    if (56u < quads) { red_o[at + 112u] = o56.xy * c; red_o[at + 113u] = o56.zw * c; }
    if (57u < quads) { red_o[at + 114u] = o57.xy * c; red_o[at + 115u] = o57.zw * c; }
    if (58u < quads) { red_o[at + 116u] = o58.xy * c; red_o[at + 117u] = o58.zw * c; }
    if (59u < quads) { red_o[at + 118u] = o59.xy * c; red_o[at + 119u] = o59.zw * c; }
    if (60u < quads) { red_o[at + 120u] = o60.xy * c; red_o[at + 121u] = o60.zw * c; }
    if (61u < quads) { red_o[at + 122u] = o61.xy * c; red_o[at + 123u] = o61.zw * c; }
    if (62u < quads) { red_o[at + 124u] = o62.xy * c; red_o[at + 125u] = o62.zw * c; }
    if (63u < quads) { red_o[at + 126u] = o63.xy * c; red_o[at + 127u] = o63.zw * c; }
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
