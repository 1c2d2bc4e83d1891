// y[m, n] = sum_k x[m, k] * W[n, k] (+ bias[n]), for M = live rows (step.seq_len or a fixed count).
// Weights stay packed. Each invocation owns an RN x TM register tile: outputs nb..nb+RN-1 for tokens
// m0..m0+TM-1, streaming its own contiguous rows of W. Each x load serves RN rows and each unpacked
// weight word TM tokens (loads, not arithmetic, bound SwiftShader and lavapipe). Per group of GS inputs
// it accumulates qx = sum q*x and xs = sum x, then folds in the group's scale (and min):
//   q4gsw: s * (qx - 8 xs)      q4a: d * qx + m * xs      q8gsw: s * (qx - 128 xs)
{% import "_lib/common.wgsli" as lib %}
{{ lib.step_struct() }}
// N rows of W (a row block's height when W is split); y column n0 + n of a row of ldy columns.
struct Params { N: u32, K: u32, GS: u32, has_bias: u32, rows: u32, n0: u32, ldy: u32, _p0: u32 }

const WG: u32 = {{ WG }}u;
const TM: u32 = {{ TM }}u;
const RN: u32 = {{ RN }}u;

{{ lib.uniforms() }}
@group(0) @binding(2) var<storage, read> x: array<vec4<f32>>;      // [M, K/4]
{% if QUANT == "f32" %}
@group(0) @binding(3) var<storage, read> w: array<vec4<f32>>;      // [N, K/4]
@group(0) @binding(4) var<storage, read> bias: array<f32>;         // [ldy] (dummy when has_bias == 0)
@group(0) @binding(5) var<storage, read_write> y: array<f32>;      // [M, ldy]
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

const BYTES = vec4<u32>(0xFFu, 0xFF00u, 0xFF0000u, 0xFF000000u);
const BYTE_SCALE = vec4<f32>(1.0, 0.00390625, 1.52587890625e-05, 5.9604644775390625e-08);           // 2^-0, -8, -16, -24
const EVEN_NIBBLES = vec4<u32>(0xFu, 0xF00u, 0xF0000u, 0xF000000u);
const ODD_NIBBLES = vec4<u32>(0xF0u, 0xF000u, 0xF00000u, 0xF0000000u);
const EVEN_SCALE = vec4<f32>(1.0, 0.00390625, 1.52587890625e-05, 5.9604644775390625e-08);            // 2^-0, -8, -16, -24
const ODD_SCALE = vec4<f32>(0.0625, 0.000244140625, 9.5367431640625e-07, 3.725290298461914e-09);   // 2^-4, -12, -20, -28

fn half_at(buf_index: u32, packed: u32) -> f32 {
    return unpack2x16float(packed)[buf_index & 1u];
}
{% endif %}

fn live_rows() -> u32 {
    return select(step.seq_len, p.rows, p.rows != 0u);
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let nb = gid.x * RN;  // first output row of the tile
    let m0 = wid.y * TM;
    let M = live_rows();
    if (nb >= p.N || m0 >= M) {
        return;
    }
    let K4 = p.K / 4u;
    // The tile is unrolled into scalars (dynamic indexing of private arrays spills to memory on CPU
    // adapters); a tail tile re-reads the last live row / output row instead of branching, and skips
    // its store.
{% for t in range(TM) %}
    let x{{ t }} = min(m0 + {{ t }}u, M - 1u) * K4;
{% endfor %}
{% for r in range(RN) %}
    let n{{ r }} = min(nb + {{ r }}u, p.N - 1u);
{% for t in range(TM) %}
    var acc{{ r }}_{{ t }} = 0.0;
{% endfor %}
{% endfor %}
{% if QUANT == "f32" %}
    for (var k4 = 0u; k4 < K4; k4 = k4 + 1u) {
{% for t in range(TM) %}
        let a{{ t }} = x[x{{ t }} + k4];
{% endfor %}
{% for r in range(RN) %}
        let w{{ r }} = w[n{{ r }} * K4 + k4];
{% for t in range(TM) %}
        acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + dot(w{{ r }}, a{{ t }});
{% endfor %}
{% endfor %}
    }
{% else %}
{% if QUANT == "q8gsw" %}
    let words_per_group = p.GS / 4u;
    let words_per_row = K4;
{% else %}
    let words_per_group = p.GS / 8u;
    let words_per_row = p.K / 8u;
{% endif %}
    let n_groups = p.K / p.GS;
    for (var g = 0u; g < n_groups; g = g + 1u) {
{% for t in range(TM) %}
        var xs{{ t }} = 0.0;
{% for r in range(RN) %}
        var qx{{ r }}_{{ t }} = 0.0;
{% endfor %}
{% endfor %}
        for (var i = 0u; i < words_per_group; i = i + 1u) {
            let word = g * words_per_group + i;
{% if QUANT == "q8gsw" %}
{% for t in range(TM) %}
            let a{{ t }} = x[x{{ t }} + word];
            xs{{ t }} = xs{{ t }} + dot(a{{ t }}, vec4<f32>(1.0));
            let sa{{ t }} = a{{ t }} * BYTE_SCALE;  // so a byte can be used in place, masked but not shifted
{% endfor %}
{% for r in range(RN) %}
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q{{ r }} = vec4<u32>(w[n{{ r }} * words_per_row + word] ^ 0x80808080u);
            let qv{{ r }} = vec4<f32>(q{{ r }} & BYTES);
{% for t in range(TM) %}
            qx{{ r }}_{{ t }} = qx{{ r }}_{{ t }} + dot(qv{{ r }}, sa{{ t }});
{% endfor %}
{% endfor %}
{% else %}
            // x at the word's even positions (0,2,4,6) and odd positions (1,3,5,7)
{% for t in range(TM) %}
            let a{{ t }} = x[x{{ t }} + word * 2u];
            let b{{ t }} = x[x{{ t }} + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev{{ t }} = vec4<f32>(a{{ t }}.x, a{{ t }}.z, b{{ t }}.x, b{{ t }}.z) * EVEN_SCALE;
            let od{{ t }} = vec4<f32>(a{{ t }}.y, a{{ t }}.w, b{{ t }}.y, b{{ t }}.w) * ODD_SCALE;
            xs{{ t }} = xs{{ t }} + dot(a{{ t }} + b{{ t }}, vec4<f32>(1.0));
{% endfor %}
{% for r in range(RN) %}
            let q{{ r }} = vec4<u32>(w[n{{ r }} * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo{{ r }} = vec4<f32>(q{{ r }} & EVEN_NIBBLES);
            let hi{{ r }} = vec4<f32>(q{{ r }} & ODD_NIBBLES);
{% for t in range(TM) %}
            qx{{ r }}_{{ t }} = qx{{ r }}_{{ t }} + dot(lo{{ r }}, ev{{ t }}) + dot(hi{{ r }}, od{{ t }});
{% endfor %}
{% endfor %}
{% endif %}
        }
{% for r in range(RN) %}
        let si{{ r }} = g * p.N + n{{ r }};
        let s{{ r }} = half_at(si{{ r }}, scale[si{{ r }} >> 1u]);
{% if QUANT == "q4a" %}
        let mn{{ r }} = half_at(si{{ r }}, mins[si{{ r }} >> 1u]);
{% endif %}
{% for t in range(TM) %}
{% if QUANT == "q4a" %}
        acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + s{{ r }} * qx{{ r }}_{{ t }} + mn{{ r }} * xs{{ t }};
{% elif QUANT == "q8gsw" %}
        acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + s{{ r }} * (qx{{ r }}_{{ t }} - 128.0 * xs{{ t }});
{% else %}
        acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + s{{ r }} * (qx{{ r }}_{{ t }} - 8.0 * xs{{ t }});
{% endif %}
{% endfor %}
{% endfor %}
    }
{% endif %}
{% for r in range(RN) %}
    if (nb + {{ r }}u < p.N) {
        var b{{ r }} = 0.0;
        if (p.has_bias != 0u) {
            b{{ r }} = bias[p.n0 + n{{ r }}];
        }
{% for t in range(TM) %}
        if (m0 + {{ t }}u < M) {
            y[(m0 + {{ t }}u) * p.ldy + p.n0 + n{{ r }}] = acc{{ r }}_{{ t }} + b{{ r }};
        }
{% endfor %}
    }
{% endfor %}
}
