// generated from shaders/linear/linear.wgsl -- do not edit
// y[m, n] = sum_k x[m, k] * W[n, k] (+ bias[n]), for M = live rows (step.seq_len or a fixed count).
// Weights stay packed. Each invocation owns an RN x TM register tile: outputs nb..nb+RN-1 for tokens
// m0..m0+TM-1, streaming its own contiguous rows of W. Each x load serves RN rows and each unpacked
// weight word TM tokens (loads, not arithmetic, bound SwiftShader and lavapipe). Per group of GS inputs
// it accumulates qx = sum q*x and xs = sum x, then folds in the group's scale (and min):
//   q4gsw: s * (qx - 8 xs)      q4a: d * qx + m * xs      q8gsw: s * (qx - 128 xs)
struct Step { seq_len: u32, pos: u32, kv_len: u32, _pad: u32 }
// N rows of W (a row block's height when W is split); y column n0 + n of a row of ldy columns.
struct Params { N: u32, K: u32, GS: u32, has_bias: u32, rows: u32, n0: u32, ldy: u32, _p0: u32 }

const WG: u32 = 64u;
const TM: u32 = 8u;
const RN: u32 = 4u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> x: array<vec4<f32>>;      // [M, K/4]
@group(0) @binding(3) var<storage, read> w: array<vec4<f32>>;      // [N, K/4]
@group(0) @binding(4) var<storage, read> bias: array<f32>;         // [ldy] (dummy when has_bias == 0)
@group(0) @binding(5) var<storage, read_write> y: array<f32>;      // [M, ldy]

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
    let x0 = min(m0 + 0u, M - 1u) * K4;
    let x1 = min(m0 + 1u, M - 1u) * K4;
    let x2 = min(m0 + 2u, M - 1u) * K4;
    let x3 = min(m0 + 3u, M - 1u) * K4;
    let x4 = min(m0 + 4u, M - 1u) * K4;
    let x5 = min(m0 + 5u, M - 1u) * K4;
    let x6 = min(m0 + 6u, M - 1u) * K4;
    let x7 = min(m0 + 7u, M - 1u) * K4;
    let n0 = min(nb + 0u, p.N - 1u);
    var acc0_0 = 0.0;
    var acc0_1 = 0.0;
    var acc0_2 = 0.0;
    var acc0_3 = 0.0;
    var acc0_4 = 0.0;
    var acc0_5 = 0.0;
    var acc0_6 = 0.0;
    var acc0_7 = 0.0;
    let n1 = min(nb + 1u, p.N - 1u);
    var acc1_0 = 0.0;
    var acc1_1 = 0.0;
    var acc1_2 = 0.0;
    var acc1_3 = 0.0;
    var acc1_4 = 0.0;
    var acc1_5 = 0.0;
    var acc1_6 = 0.0;
    var acc1_7 = 0.0;
    let n2 = min(nb + 2u, p.N - 1u);
    var acc2_0 = 0.0;
    var acc2_1 = 0.0;
    var acc2_2 = 0.0;
    var acc2_3 = 0.0;
    var acc2_4 = 0.0;
    var acc2_5 = 0.0;
    var acc2_6 = 0.0;
    var acc2_7 = 0.0;
    let n3 = min(nb + 3u, p.N - 1u);
    var acc3_0 = 0.0;
    var acc3_1 = 0.0;
    var acc3_2 = 0.0;
    var acc3_3 = 0.0;
    var acc3_4 = 0.0;
    var acc3_5 = 0.0;
    var acc3_6 = 0.0;
    var acc3_7 = 0.0;
    for (var k4 = 0u; k4 < K4; k4 = k4 + 1u) {
        let a0 = x[x0 + k4];
        let a1 = x[x1 + k4];
        let a2 = x[x2 + k4];
        let a3 = x[x3 + k4];
        let a4 = x[x4 + k4];
        let a5 = x[x5 + k4];
        let a6 = x[x6 + k4];
        let a7 = x[x7 + k4];
        let w0 = w[n0 * K4 + k4];
        acc0_0 = acc0_0 + dot(w0, a0);
        acc0_1 = acc0_1 + dot(w0, a1);
        acc0_2 = acc0_2 + dot(w0, a2);
        acc0_3 = acc0_3 + dot(w0, a3);
        acc0_4 = acc0_4 + dot(w0, a4);
        acc0_5 = acc0_5 + dot(w0, a5);
        acc0_6 = acc0_6 + dot(w0, a6);
        acc0_7 = acc0_7 + dot(w0, a7);
        let w1 = w[n1 * K4 + k4];
        acc1_0 = acc1_0 + dot(w1, a0);
        acc1_1 = acc1_1 + dot(w1, a1);
        acc1_2 = acc1_2 + dot(w1, a2);
        acc1_3 = acc1_3 + dot(w1, a3);
        acc1_4 = acc1_4 + dot(w1, a4);
        acc1_5 = acc1_5 + dot(w1, a5);
        acc1_6 = acc1_6 + dot(w1, a6);
        acc1_7 = acc1_7 + dot(w1, a7);
        let w2 = w[n2 * K4 + k4];
        acc2_0 = acc2_0 + dot(w2, a0);
        acc2_1 = acc2_1 + dot(w2, a1);
        acc2_2 = acc2_2 + dot(w2, a2);
        acc2_3 = acc2_3 + dot(w2, a3);
        acc2_4 = acc2_4 + dot(w2, a4);
        acc2_5 = acc2_5 + dot(w2, a5);
        acc2_6 = acc2_6 + dot(w2, a6);
        acc2_7 = acc2_7 + dot(w2, a7);
        let w3 = w[n3 * K4 + k4];
        acc3_0 = acc3_0 + dot(w3, a0);
        acc3_1 = acc3_1 + dot(w3, a1);
        acc3_2 = acc3_2 + dot(w3, a2);
        acc3_3 = acc3_3 + dot(w3, a3);
        acc3_4 = acc3_4 + dot(w3, a4);
        acc3_5 = acc3_5 + dot(w3, a5);
        acc3_6 = acc3_6 + dot(w3, a6);
        acc3_7 = acc3_7 + dot(w3, a7);
    }
    if (nb + 0u < p.N) {
        var b0 = 0.0;
        if (p.has_bias != 0u) {
            b0 = bias[p.n0 + n0];
        }
        if (m0 + 0u < M) {
            y[(m0 + 0u) * p.ldy + p.n0 + n0] = acc0_0 + b0;
        }
        if (m0 + 1u < M) {
            y[(m0 + 1u) * p.ldy + p.n0 + n0] = acc0_1 + b0;
        }
        if (m0 + 2u < M) {
            y[(m0 + 2u) * p.ldy + p.n0 + n0] = acc0_2 + b0;
        }
        if (m0 + 3u < M) {
            y[(m0 + 3u) * p.ldy + p.n0 + n0] = acc0_3 + b0;
        }
        if (m0 + 4u < M) {
            y[(m0 + 4u) * p.ldy + p.n0 + n0] = acc0_4 + b0;
        }
        if (m0 + 5u < M) {
            y[(m0 + 5u) * p.ldy + p.n0 + n0] = acc0_5 + b0;
        }
        if (m0 + 6u < M) {
            y[(m0 + 6u) * p.ldy + p.n0 + n0] = acc0_6 + b0;
        }
        if (m0 + 7u < M) {
            y[(m0 + 7u) * p.ldy + p.n0 + n0] = acc0_7 + b0;
        }
    }
    if (nb + 1u < p.N) {
        var b1 = 0.0;
        if (p.has_bias != 0u) {
            b1 = bias[p.n0 + n1];
        }
        if (m0 + 0u < M) {
            y[(m0 + 0u) * p.ldy + p.n0 + n1] = acc1_0 + b1;
        }
        if (m0 + 1u < M) {
            y[(m0 + 1u) * p.ldy + p.n0 + n1] = acc1_1 + b1;
        }
        if (m0 + 2u < M) {
            y[(m0 + 2u) * p.ldy + p.n0 + n1] = acc1_2 + b1;
        }
        if (m0 + 3u < M) {
            y[(m0 + 3u) * p.ldy + p.n0 + n1] = acc1_3 + b1;
        }
        if (m0 + 4u < M) {
            y[(m0 + 4u) * p.ldy + p.n0 + n1] = acc1_4 + b1;
        }
        if (m0 + 5u < M) {
            y[(m0 + 5u) * p.ldy + p.n0 + n1] = acc1_5 + b1;
        }
        if (m0 + 6u < M) {
            y[(m0 + 6u) * p.ldy + p.n0 + n1] = acc1_6 + b1;
        }
        if (m0 + 7u < M) {
            y[(m0 + 7u) * p.ldy + p.n0 + n1] = acc1_7 + b1;
        }
    }
    if (nb + 2u < p.N) {
        var b2 = 0.0;
        if (p.has_bias != 0u) {
            b2 = bias[p.n0 + n2];
        }
        if (m0 + 0u < M) {
            y[(m0 + 0u) * p.ldy + p.n0 + n2] = acc2_0 + b2;
        }
        if (m0 + 1u < M) {
            y[(m0 + 1u) * p.ldy + p.n0 + n2] = acc2_1 + b2;
        }
        if (m0 + 2u < M) {
            y[(m0 + 2u) * p.ldy + p.n0 + n2] = acc2_2 + b2;
        }
        if (m0 + 3u < M) {
            y[(m0 + 3u) * p.ldy + p.n0 + n2] = acc2_3 + b2;
        }
        if (m0 + 4u < M) {
            y[(m0 + 4u) * p.ldy + p.n0 + n2] = acc2_4 + b2;
        }
        if (m0 + 5u < M) {
            y[(m0 + 5u) * p.ldy + p.n0 + n2] = acc2_5 + b2;
        }
        if (m0 + 6u < M) {
            y[(m0 + 6u) * p.ldy + p.n0 + n2] = acc2_6 + b2;
        }
        if (m0 + 7u < M) {
            y[(m0 + 7u) * p.ldy + p.n0 + n2] = acc2_7 + b2;
        }
    }
    if (nb + 3u < p.N) {
        var b3 = 0.0;
        if (p.has_bias != 0u) {
            b3 = bias[p.n0 + n3];
        }
        if (m0 + 0u < M) {
            y[(m0 + 0u) * p.ldy + p.n0 + n3] = acc3_0 + b3;
        }
        if (m0 + 1u < M) {
            y[(m0 + 1u) * p.ldy + p.n0 + n3] = acc3_1 + b3;
        }
        if (m0 + 2u < M) {
            y[(m0 + 2u) * p.ldy + p.n0 + n3] = acc3_2 + b3;
        }
        if (m0 + 3u < M) {
            y[(m0 + 3u) * p.ldy + p.n0 + n3] = acc3_3 + b3;
        }
        if (m0 + 4u < M) {
            y[(m0 + 4u) * p.ldy + p.n0 + n3] = acc3_4 + b3;
        }
        if (m0 + 5u < M) {
            y[(m0 + 5u) * p.ldy + p.n0 + n3] = acc3_5 + b3;
        }
        if (m0 + 6u < M) {
            y[(m0 + 6u) * p.ldy + p.n0 + n3] = acc3_6 + b3;
        }
        if (m0 + 7u < M) {
            y[(m0 + 7u) * p.ldy + p.n0 + n3] = acc3_7 + b3;
        }
    }
}
