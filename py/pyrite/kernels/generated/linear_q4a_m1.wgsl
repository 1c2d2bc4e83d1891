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
@group(0) @binding(5) var<storage, read> mins: array<u32>;         // [K/GS, N] fp16 pairs
@group(0) @binding(6) var<storage, read> bias: array<f32>;
@group(0) @binding(7) var<storage, read_write> y: array<f32>;

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
    let tm = min(TM, M - m0);
    var acc: array<f32, TM>;
    let words_per_group = p.GS / 8u;
    let row = n * (p.K / 8u);
    let n_groups = p.K / p.GS;
    for (var g = 0u; g < n_groups; g = g + 1u) {
        // reset explicitly: naga hoists loop-body vars and zero-fills them only once (wgpu 0.32)
        var qx: array<f32, TM>;
        var xs: array<f32, TM>;
        for (var t = 0u; t < tm; t = t + 1u) {
            qx[t] = 0.0;
            xs[t] = 0.0;
        }
        for (var i = 0u; i < words_per_group; i = i + 1u) {
            let word = g * words_per_group + i;
            let q = vec4<u32>(w[row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, paired with x at the same positions
            let lo = vec4<f32>((q >> vec4<u32>(0u, 8u, 16u, 24u)) & vec4<u32>(15u));
            let hi = vec4<f32>((q >> vec4<u32>(4u, 12u, 20u, 28u)) & vec4<u32>(15u));
            for (var t = 0u; t < tm; t = t + 1u) {
                let base = (m0 + t) * K4 + word * 2u;
                let a = x[base];
                let b = x[base + 1u];
                qx[t] = qx[t] + dot(lo, vec4<f32>(a.x, a.z, b.x, b.z)) + dot(hi, vec4<f32>(a.y, a.w, b.y, b.w));
                xs[t] = xs[t] + dot(a + b, vec4<f32>(1.0));
            }
        }
        let si = g * p.N + n;
        let s = half_at(si, scale[si >> 1u]);
        let mn = half_at(si, mins[si >> 1u]);
        for (var t = 0u; t < tm; t = t + 1u) {
            acc[t] = acc[t] + s * qx[t] + mn * xs[t];
        }
    }
    var b = 0.0;
    if (p.has_bias != 0u) {
        b = bias[n];
    }
    for (var t = 0u; t < tm; t = t + 1u) {
        y[(m0 + t) * p.N + n] = acc[t] + b;
    }
}
