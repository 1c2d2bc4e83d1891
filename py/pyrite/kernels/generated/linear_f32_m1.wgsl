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
@group(0) @binding(3) var<storage, read> w: array<vec4<f32>>;      // [N, K/4]
@group(0) @binding(4) var<storage, read> bias: array<f32>;         // [N] (dummy when has_bias == 0)
@group(0) @binding(5) var<storage, read_write> y: array<f32>;      // [M, N]

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
    for (var k4 = 0u; k4 < K4; k4 = k4 + 1u) {
        let wv = w[n * K4 + k4];
        acc0 = acc0 + dot(wv, x[x0 + k4]);
    }
    var b = 0.0;
    if (p.has_bias != 0u) {
        b = bias[n];
    }
    if (m0 + 0u < M) {
        y[(m0 + 0u) * p.N + n] = acc0 + b;
    }
}
