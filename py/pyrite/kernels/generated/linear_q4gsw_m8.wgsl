// generated from shaders/linear/linear.wgsl -- do not edit
// y[m, n] = sum_k x[m, k] * W[n, k] (+ bias[n]), for M = live rows (step.seq_len or 1).
// Weights stay packed; each invocation owns one output n for TM rows and streams its own
// contiguous row of W (the fast pattern on SwiftShader). Per group of GS inputs it accumulates
// qx = sum q*x and xs = sum x, then folds in the group's scale (and min):
//   q4gsw: s * (qx - 8 xs)      q4a: d * qx + m * xs      q8gsw: s * (qx - 128 xs)
struct Step { seq_len: u32, pos: u32, kv_len: u32, _pad: u32 }
struct Params { N: u32, K: u32, GS: u32, has_bias: u32, rows: u32, _p0: u32, _p1: u32, _p2: u32 }

const WG: u32 = 64u;
const TM: u32 = 8u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> x: array<vec4<f32>>;      // [M, K/4]
@group(0) @binding(3) var<storage, read> w: array<u32>;            // q4: [N, K/8] nibbles; q8: [N, K/4] bytes
@group(0) @binding(4) var<storage, read> scale: array<u32>;        // [K/GS, N] fp16 pairs
@group(0) @binding(5) var<storage, read> bias: array<f32>;
@group(0) @binding(6) var<storage, read_write> y: array<f32>;

fn half_at(buf_index: u32, packed: u32) -> f32 {
    return unpack2x16float(packed)[buf_index & 1u];
}

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
    let x0 = min(m0 + 0u, M - 1u) * K4;
    var acc0 = 0.0;
    let x1 = min(m0 + 1u, M - 1u) * K4;
    var acc1 = 0.0;
    let x2 = min(m0 + 2u, M - 1u) * K4;
    var acc2 = 0.0;
    let x3 = min(m0 + 3u, M - 1u) * K4;
    var acc3 = 0.0;
    let x4 = min(m0 + 4u, M - 1u) * K4;
    var acc4 = 0.0;
    let x5 = min(m0 + 5u, M - 1u) * K4;
    var acc5 = 0.0;
    let x6 = min(m0 + 6u, M - 1u) * K4;
    var acc6 = 0.0;
    let x7 = min(m0 + 7u, M - 1u) * K4;
    var acc7 = 0.0;
    let words_per_group = p.GS / 8u;
    let row = n * (p.K / 8u);
    let n_groups = p.K / p.GS;
    for (var g = 0u; g < n_groups; g = g + 1u) {
        var qx0 = 0.0;
        var xs0 = 0.0;
        var qx1 = 0.0;
        var xs1 = 0.0;
        var qx2 = 0.0;
        var xs2 = 0.0;
        var qx3 = 0.0;
        var xs3 = 0.0;
        var qx4 = 0.0;
        var xs4 = 0.0;
        var qx5 = 0.0;
        var xs5 = 0.0;
        var qx6 = 0.0;
        var xs6 = 0.0;
        var qx7 = 0.0;
        var xs7 = 0.0;
        for (var i = 0u; i < words_per_group; i = i + 1u) {
            let word = g * words_per_group + i;
            let q = vec4<u32>(w[row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, paired with x at the same positions
            let lo = vec4<f32>((q >> vec4<u32>(0u, 8u, 16u, 24u)) & vec4<u32>(15u));
            let hi = vec4<f32>((q >> vec4<u32>(4u, 12u, 20u, 28u)) & vec4<u32>(15u));
            let a0 = x[x0 + word * 2u];
            let b0 = x[x0 + word * 2u + 1u];
            qx0 = qx0 + dot(lo, vec4<f32>(a0.x, a0.z, b0.x, b0.z))
                + dot(hi, vec4<f32>(a0.y, a0.w, b0.y, b0.w));
            xs0 = xs0 + dot(a0 + b0, vec4<f32>(1.0));
            let a1 = x[x1 + word * 2u];
            let b1 = x[x1 + word * 2u + 1u];
            qx1 = qx1 + dot(lo, vec4<f32>(a1.x, a1.z, b1.x, b1.z))
                + dot(hi, vec4<f32>(a1.y, a1.w, b1.y, b1.w));
            xs1 = xs1 + dot(a1 + b1, vec4<f32>(1.0));
            let a2 = x[x2 + word * 2u];
            let b2 = x[x2 + word * 2u + 1u];
            qx2 = qx2 + dot(lo, vec4<f32>(a2.x, a2.z, b2.x, b2.z))
                + dot(hi, vec4<f32>(a2.y, a2.w, b2.y, b2.w));
            xs2 = xs2 + dot(a2 + b2, vec4<f32>(1.0));
            let a3 = x[x3 + word * 2u];
            let b3 = x[x3 + word * 2u + 1u];
            qx3 = qx3 + dot(lo, vec4<f32>(a3.x, a3.z, b3.x, b3.z))
                + dot(hi, vec4<f32>(a3.y, a3.w, b3.y, b3.w));
            xs3 = xs3 + dot(a3 + b3, vec4<f32>(1.0));
            let a4 = x[x4 + word * 2u];
            let b4 = x[x4 + word * 2u + 1u];
            qx4 = qx4 + dot(lo, vec4<f32>(a4.x, a4.z, b4.x, b4.z))
                + dot(hi, vec4<f32>(a4.y, a4.w, b4.y, b4.w));
            xs4 = xs4 + dot(a4 + b4, vec4<f32>(1.0));
            let a5 = x[x5 + word * 2u];
            let b5 = x[x5 + word * 2u + 1u];
            qx5 = qx5 + dot(lo, vec4<f32>(a5.x, a5.z, b5.x, b5.z))
                + dot(hi, vec4<f32>(a5.y, a5.w, b5.y, b5.w));
            xs5 = xs5 + dot(a5 + b5, vec4<f32>(1.0));
            let a6 = x[x6 + word * 2u];
            let b6 = x[x6 + word * 2u + 1u];
            qx6 = qx6 + dot(lo, vec4<f32>(a6.x, a6.z, b6.x, b6.z))
                + dot(hi, vec4<f32>(a6.y, a6.w, b6.y, b6.w));
            xs6 = xs6 + dot(a6 + b6, vec4<f32>(1.0));
            let a7 = x[x7 + word * 2u];
            let b7 = x[x7 + word * 2u + 1u];
            qx7 = qx7 + dot(lo, vec4<f32>(a7.x, a7.z, b7.x, b7.z))
                + dot(hi, vec4<f32>(a7.y, a7.w, b7.y, b7.w));
            xs7 = xs7 + dot(a7 + b7, vec4<f32>(1.0));
        }
        let si = g * p.N + n;
        let s = half_at(si, scale[si >> 1u]);
        acc0 = acc0 + s * (qx0 - 8.0 * xs0);
        acc1 = acc1 + s * (qx1 - 8.0 * xs1);
        acc2 = acc2 + s * (qx2 - 8.0 * xs2);
        acc3 = acc3 + s * (qx3 - 8.0 * xs3);
        acc4 = acc4 + s * (qx4 - 8.0 * xs4);
        acc5 = acc5 + s * (qx5 - 8.0 * xs5);
        acc6 = acc6 + s * (qx6 - 8.0 * xs6);
        acc7 = acc7 + s * (qx7 - 8.0 * xs7);
    }
    var b = 0.0;
    if (p.has_bias != 0u) {
        b = bias[n];
    }
    if (m0 + 0u < M) {
        y[(m0 + 0u) * p.N + n] = acc0 + b;
    }
    if (m0 + 1u < M) {
        y[(m0 + 1u) * p.N + n] = acc1 + b;
    }
    if (m0 + 2u < M) {
        y[(m0 + 2u) * p.N + n] = acc2 + b;
    }
    if (m0 + 3u < M) {
        y[(m0 + 3u) * p.N + n] = acc3 + b;
    }
    if (m0 + 4u < M) {
        y[(m0 + 4u) * p.N + n] = acc4 + b;
    }
    if (m0 + 5u < M) {
        y[(m0 + 5u) * p.N + n] = acc5 + b;
    }
    if (m0 + 6u < M) {
        y[(m0 + 6u) * p.N + n] = acc6 + b;
    }
    if (m0 + 7u < M) {
        y[(m0 + 7u) * p.N + n] = acc7 + b;
    }
}
