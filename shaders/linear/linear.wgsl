// y[m, n] = sum_k x[m, k] * W[n, k] (+ bias[n]), for M = live rows (step.seq_len or 1).
// Weights stay packed; each invocation owns one output n for TM rows and streams its own
// contiguous row of W (the fast pattern on SwiftShader). Per group of GS inputs it accumulates
// qx = sum q*x and xs = sum x, then folds in the group's scale (and min):
//   q4gsw: s * (qx - 8 xs)      q4a: d * qx + m * xs      q8gsw: s * (qx - 128 xs)
struct Step { seq_len: u32, pos: u32, kv_len: u32, _pad: u32 }
struct Params { N: u32, K: u32, GS: u32, has_bias: u32, rows: u32, _p0: u32, _p1: u32, _p2: u32 }

const WG: u32 = {{ WG }}u;
const TM: u32 = {{ TM }}u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> x: array<vec4<f32>>;      // [M, K/4]
{% if QUANT == "f32" %}
@group(0) @binding(3) var<storage, read> w: array<vec4<f32>>;      // [N, K/4]
@group(0) @binding(4) var<storage, read> bias: array<f32>;         // [N] (dummy when has_bias == 0)
@group(0) @binding(5) var<storage, read_write> y: array<f32>;      // [M, N]
{% else %}
@group(0) @binding(3) var<storage, read> w: array<u32>;            // q4: [N, K/8] nibbles; q8: [N, K/4] bytes
@group(0) @binding(4) var<storage, read> scale: array<u32>;        // [K/GS, N] fp16 pairs
{% if QUANT == "q4a" %}
@group(0) @binding(5) var<storage, read> mins: array<u32>;         // [K/GS, N] fp16 pairs
@group(0) @binding(6) var<storage, read> bias: array<f32>;
@group(0) @binding(7) var<storage, read_write> y: array<f32>;
{% else %}
@group(0) @binding(5) var<storage, read> bias: array<f32>;
@group(0) @binding(6) var<storage, read_write> y: array<f32>;
{% endif %}

fn half_at(buf_index: u32, packed: u32) -> f32 {
    return unpack2x16float(packed)[buf_index & 1u];
}
{% endif %}

fn live_rows() -> u32 {
    return select(step.seq_len, p.rows, p.rows != 0u);
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let n = gid.x;
    let m0 = wid.y * TM;
    let M = live_rows();
    if (n >= p.N || m0 >= M) {
        return;
    }
    let K4 = p.K / 4u;
    // The TM tokens are unrolled into scalars (dynamic indexing of private arrays spills to memory on
    // CPU adapters); a tail block re-reads the last live row instead of branching, and skips its store.
{% for t in range(TM) %}
    let x{{ t }} = min(m0 + {{ t }}u, M - 1u) * K4;
    var acc{{ t }} = 0.0;
{% endfor %}
{% if QUANT == "f32" %}
    for (var k4 = 0u; k4 < K4; k4 = k4 + 1u) {
        let wv = w[n * K4 + k4];
{% for t in range(TM) %}
        acc{{ t }} = acc{{ t }} + dot(wv, x[x{{ t }} + k4]);
{% endfor %}
    }
{% else %}
{% if QUANT == "q8gsw" %}
    let words_per_group = p.GS / 4u;
    let row = n * K4;
{% else %}
    let words_per_group = p.GS / 8u;
    let row = n * (p.K / 8u);
{% endif %}
    let n_groups = p.K / p.GS;
    for (var g = 0u; g < n_groups; g = g + 1u) {
{% for t in range(TM) %}
        var qx{{ t }} = 0.0;
        var xs{{ t }} = 0.0;
{% endfor %}
        for (var i = 0u; i < words_per_group; i = i + 1u) {
            let word = g * words_per_group + i;
{% if QUANT == "q8gsw" %}
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes
            let q = vec4<u32>(w[row + word] ^ 0x80808080u);
            let qv = vec4<f32>((q >> vec4<u32>(0u, 8u, 16u, 24u)) & vec4<u32>(255u));
{% for t in range(TM) %}
            let a{{ t }} = x[x{{ t }} + word];
            qx{{ t }} = qx{{ t }} + dot(qv, a{{ t }});
            xs{{ t }} = xs{{ t }} + dot(a{{ t }}, vec4<f32>(1.0));
{% endfor %}
{% else %}
            let q = vec4<u32>(w[row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, paired with x at the same positions
            let lo = vec4<f32>((q >> vec4<u32>(0u, 8u, 16u, 24u)) & vec4<u32>(15u));
            let hi = vec4<f32>((q >> vec4<u32>(4u, 12u, 20u, 28u)) & vec4<u32>(15u));
{% for t in range(TM) %}
            let a{{ t }} = x[x{{ t }} + word * 2u];
            let b{{ t }} = x[x{{ t }} + word * 2u + 1u];
            qx{{ t }} = qx{{ t }} + dot(lo, vec4<f32>(a{{ t }}.x, a{{ t }}.z, b{{ t }}.x, b{{ t }}.z))
                + dot(hi, vec4<f32>(a{{ t }}.y, a{{ t }}.w, b{{ t }}.y, b{{ t }}.w));
            xs{{ t }} = xs{{ t }} + dot(a{{ t }} + b{{ t }}, vec4<f32>(1.0));
{% endfor %}
{% endif %}
        }
        let si = g * p.N + n;
        let s = half_at(si, scale[si >> 1u]);
{% if QUANT == "q4a" %}
        let mn = half_at(si, mins[si >> 1u]);
{% endif %}
{% for t in range(TM) %}
{% if QUANT == "q4a" %}
        acc{{ t }} = acc{{ t }} + s * qx{{ t }} + mn * xs{{ t }};
{% elif QUANT == "q8gsw" %}
        acc{{ t }} = acc{{ t }} + s * (qx{{ t }} - 128.0 * xs{{ t }});
{% else %}
        acc{{ t }} = acc{{ t }} + s * (qx{{ t }} - 8.0 * xs{{ t }});
{% endif %}
{% endfor %}
    }
{% endif %}
    var b = 0.0;
    if (p.has_bias != 0u) {
        b = bias[n];
    }
{% for t in range(TM) %}
    if (m0 + {{ t }}u < M) {
        y[(m0 + {{ t }}u) * p.N + n] = acc{{ t }} + b;
    }
{% endfor %}
}
