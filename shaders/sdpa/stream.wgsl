// Causal GQA attention, query-tiled and streaming (prefill, S > 1; any S works).
// A workgroup serves QT query rows of one KV head group: row r = s * G + g is token s, query head
// kvh * G + g, so every row of the tile shares the K/V it streams. Keys and values stream through
// workgroup memory KT at a time; each invocation owns one row and keeps an online softmax (running
// max m, sum l) and its output in registers. Never a buffer of S x S_kv. The key loop stops at the
// tile's causal bound, so tiles wholly above the diagonal are skipped; inside, keys past a row's own
// bound are masked.
{% import "_lib/common.wgsli" as lib %}
{% import "_lib/sdpa.wgsli" as sdpa %}
{{ lib.step_struct() }}
{{ sdpa.params_struct() }}

const QT: u32 = {{ QT }}u;             // query rows per workgroup (one per invocation)
const KT: u32 = {{ KT }}u;             // keys per tile in workgroup memory
const HALF_MAX: u32 = {{ MAX_D }}u / 2u;     // the variant's largest head dim / 2
const NEG: f32 = -3.0e38;              // "no score yet" (a finite -inf: Tint rejects inf constants)

{{ lib.uniforms() }}
{{ sdpa.qkv_bindings() }}
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
{% for j in range(KT) %}
        var s{{ j }} = NEG;
{% endfor %}
        if (k0 < n) {
{% for j in range(KT) %}
            var d{{ j }} = 0.0;
{% endfor %}
            for (var i = 0u; i < half; i = i + 1u) {
                let qi = qv[i];
{% for j in range(KT) %}
                d{{ j }} = d{{ j }} + dot(qi, k_tile[{{ j }}u * half + i]);
{% endfor %}
            }
{% for j in range(KT) %}
            s{{ j }} = select(NEG, d{{ j }}, k0 + {{ j }}u < n);
{% endfor %}
        }
        var tile_max = s0;
{% for j in range(1, KT) %}
        tile_max = max(tile_max, s{{ j }});
{% endfor %}
        if (tile_max > NEG) {
            let m_new = max(m, tile_max);
            let alpha = exp(m - m_new);
{% for j in range(KT) %}
            let p{{ j }} = select(0.0, exp(s{{ j }} - m_new), s{{ j }} > NEG);
{% endfor %}
            l = l * alpha{% for j in range(KT) %} + p{{ j }}{% endfor %};
            for (var i = 0u; i < half; i = i + 1u) {
                var a = acc[i] * alpha;
{% for j in range(KT) %}
                a = a + p{{ j }} * v_tile[{{ j }}u * half + i];
{% endfor %}
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
