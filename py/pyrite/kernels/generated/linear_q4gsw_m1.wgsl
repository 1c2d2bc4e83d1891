// generated from shaders/linear/linear.wgsl -- do not edit
// y[m, n] = sum_k x[m, k] * W[n, k] (+ bias[n]), for M = live rows (step.seq_len or 1).
// Weights stay packed; each invocation owns one output n for TM rows and streams its own
// contiguous row of W (the fast pattern on SwiftShader). Per group of GS inputs it accumulates
// qx = sum q*x and xs = sum x, then folds in the group's scale (and min):
//   q4gsw: s * (qx - 8 xs)      q4a: d * qx + m * xs      q8gsw: s * (qx - 128 xs)
struct Step { seq_len: u32, pos: u32, kv_len: u32, _pad: u32 }
struct Params { N: u32, K: u32, GS: u32, has_bias: u32, rows: u32, _p0: u32, _p1: u32, _p2: u32 }

const WG: u32 = 64u;
const TM: u32 = 1u;

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
    let words_per_group = p.GS / 8u;
    let row = n * (p.K / 8u);
    let n_groups = p.K / p.GS;
    for (var g = 0u; g < n_groups; g = g + 1u) {
        var qx0 = 0.0;
        var xs0 = 0.0;
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
        }
        let si = g * p.N + n;
        let s = half_at(si, scale[si >> 1u]);
        acc0 = acc0 + s * (qx0 - 8.0 * xs0);
    }
    var b = 0.0;
    if (p.has_bias != 0u) {
        b = bias[n];
    }
    if (m0 + 0u < M) {
        y[(m0 + 0u) * p.N + n] = acc0 + b;
    }
}
