// generated from shaders/sdpa/stream.wgsl -- do not edit
// Causal GQA attention, query-tiled and streaming (prefill, S > 1; any S works).
// A workgroup serves QT query rows of one KV head group: row r = s * G + g is token s, query head
// kvh * G + g, so every row of the tile shares the K/V it streams. Keys and values stream through
// workgroup memory KT at a time; each invocation owns one row and keeps an online softmax (running
// max m, sum l) and its output in registers. Never a buffer of S x S_kv. The key loop stops at the
// tile's causal bound, so tiles wholly above the diagonal are skipped; inside, keys past a row's own
// bound are masked.
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

const QT: u32 = 16u;             // query rows per workgroup (one per invocation)
const KT: u32 = 8u;             // keys per tile in workgroup memory
const HALF_MAX: u32 = 256u / 2u;     // the variant's largest head dim / 2
const NEG: f32 = -3.0e38;              // "no score yet" (a finite -inf: Tint rejects inf constants)

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> q: array<f32>;                 // [S, Hq, D]
@group(0) @binding(3) var<storage, read> k_cache: array<u32>;           // [Hkv, max_ctx, D/2] fp16 pairs
@group(0) @binding(4) var<storage, read> v_cache: array<u32>;           // [Hkv, max_ctx, D/2] fp16 pairs
@group(0) @binding(5) var<storage, read_write> out: array<f32>;         // [S, Hq, D]

// Unpacked once per tile by the workgroup, so no row unpacks fp16 in its inner loops.
var<workgroup> k_tile: array<vec2<f32>, KT * HALF_MAX>;  // [KT, D/2]
var<workgroup> v_tile: array<vec2<f32>, KT * HALF_MAX>;  // [KT, D/2]

@compute @workgroup_size(QT)
fn main(@builtin(local_invocation_id) lid3: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let lid = lid3.x;
    let G = p.Hq / p.Hkv;
    let kvh = wid.y;
    let half = p.D / 2u;
    let rows = step.seq_len * G;
    let r = wid.x * QT + lid;
    let live = r < rows;
    let s = min(r, rows - 1u) / G;
    let h = kvh * G + r % G;
    let n = select(0u, step.pos + s + 1u, live);                        // this row's causal bound
    let tile_n = step.pos + (min(wid.x * QT + QT, rows) - 1u) / G + 1u;  // the tile's last row's bound

    let qb = (s * p.Hq + h) * p.D;
    var qv: array<vec2<f32>, HALF_MAX>;
    var acc: array<vec2<f32>, HALF_MAX>;
    for (var i = 0u; i < half; i = i + 1u) {
        qv[i] = select(vec2<f32>(0.0), vec2<f32>(q[qb + 2u * i], q[qb + 2u * i + 1u]) * p.scale, live);
        acc[i] = vec2<f32>(0.0);
    }
    var m = NEG;
    var l = 0.0;
    let cache_base = kvh * p.max_ctx * half;
    for (var k0 = 0u; k0 < tile_n; k0 = k0 + KT) {
        let words = min(KT, tile_n - k0) * half;
        let src = cache_base + k0 * half;                                 // a KV head's rows are contiguous
        // The whole tile is written, zeros past the last key: a masked key's p = 0 must not meet a
        // stale NaN (0 * NaN is NaN), and lavapipe's workgroup memory is not zeroed between dispatches.
        for (var w = lid; w < KT * half; w = w + QT) {
            var kw = vec2<f32>(0.0);
            var vw = vec2<f32>(0.0);
            if (w < words) {
                kw = unpack2x16float(k_cache[src + w]);
                vw = unpack2x16float(v_cache[src + w]);
            }
            k_tile[w] = kw;
            v_tile[w] = vw;
        }
        workgroupBarrier();
        // The KT keys of the tile are unrolled into scalars: one loop over the head dim serves them
        // all, which keeps loop trips per invocation low (lavapipe ends an invocation's loops after
        // 65535 trips in all) and indexes no private array by key.
        var s0 = NEG;
        var s1 = NEG;
        var s2 = NEG;
        var s3 = NEG;
        var s4 = NEG;
        var s5 = NEG;
        var s6 = NEG;
        var s7 = NEG;
        if (k0 < n) {
            var d0 = 0.0;
            var d1 = 0.0;
            var d2 = 0.0;
            var d3 = 0.0;
            var d4 = 0.0;
            var d5 = 0.0;
            var d6 = 0.0;
            var d7 = 0.0;
            for (var i = 0u; i < half; i = i + 1u) {
                let qi = qv[i];
                d0 = d0 + dot(qi, k_tile[0u * half + i]);
                d1 = d1 + dot(qi, k_tile[1u * half + i]);
                d2 = d2 + dot(qi, k_tile[2u * half + i]);
                d3 = d3 + dot(qi, k_tile[3u * half + i]);
                d4 = d4 + dot(qi, k_tile[4u * half + i]);
                d5 = d5 + dot(qi, k_tile[5u * half + i]);
                d6 = d6 + dot(qi, k_tile[6u * half + i]);
                d7 = d7 + dot(qi, k_tile[7u * half + i]);
            }
            s0 = select(NEG, d0, k0 + 0u < n);
            s1 = select(NEG, d1, k0 + 1u < n);
            s2 = select(NEG, d2, k0 + 2u < n);
            s3 = select(NEG, d3, k0 + 3u < n);
            s4 = select(NEG, d4, k0 + 4u < n);
            s5 = select(NEG, d5, k0 + 5u < n);
            s6 = select(NEG, d6, k0 + 6u < n);
            s7 = select(NEG, d7, k0 + 7u < n);
        }
        var tile_max = s0;
        tile_max = max(tile_max, s1);
        tile_max = max(tile_max, s2);
        tile_max = max(tile_max, s3);
        tile_max = max(tile_max, s4);
        tile_max = max(tile_max, s5);
        tile_max = max(tile_max, s6);
        tile_max = max(tile_max, s7);
        if (tile_max > NEG) {
            let m_new = max(m, tile_max);
            let alpha = exp(m - m_new);
            let p0 = select(0.0, exp(s0 - m_new), s0 > NEG);
            let p1 = select(0.0, exp(s1 - m_new), s1 > NEG);
            let p2 = select(0.0, exp(s2 - m_new), s2 > NEG);
            let p3 = select(0.0, exp(s3 - m_new), s3 > NEG);
            let p4 = select(0.0, exp(s4 - m_new), s4 > NEG);
            let p5 = select(0.0, exp(s5 - m_new), s5 > NEG);
            let p6 = select(0.0, exp(s6 - m_new), s6 > NEG);
            let p7 = select(0.0, exp(s7 - m_new), s7 > NEG);
            l = l * alpha + p0 + p1 + p2 + p3 + p4 + p5 + p6 + p7;
            for (var i = 0u; i < half; i = i + 1u) {
                var a = acc[i] * alpha;
                a = a + p0 * v_tile[0u * half + i];
                a = a + p1 * v_tile[1u * half + i];
                a = a + p2 * v_tile[2u * half + i];
                a = a + p3 * v_tile[3u * half + i];
                a = a + p4 * v_tile[4u * half + i];
                a = a + p5 * v_tile[5u * half + i];
                a = a + p6 * v_tile[6u * half + i];
                a = a + p7 * v_tile[7u * half + i];
                acc[i] = a;
            }
            m = m_new;
        }
        workgroupBarrier();
    }
    if (live) {
        for (var i = 0u; i < half; i = i + 1u) {
            let o = acc[i] / l;
            out[qb + 2u * i] = o.x;
            out[qb + 2u * i + 1u] = o.y;
        }
    }
}
