// generated from shaders/linear/linear.wgsl -- do not edit
// y[m, n] = sum_k x[m, k] * W[n, k] (+ bias[n]), for M = live rows (step.seq_len or a fixed count).
// Weights stay packed. Each invocation owns an RN x TM register tile: RN rows of W for tokens
// m0..m0+TM-1, streaming its own contiguous rows of W. Each x load serves RN rows and each unpacked
// weight word TM tokens (loads, not arithmetic, bound SwiftShader and lavapipe). Per group of GS inputs
// it accumulates qx = sum q*x and xs = sum x, then folds in the group's scale (and min):
//   q4gsw: s * (qx - 8 xs)      q4a: d * qx + m * xs      q8gsw: s * (qx - 128 xs)
// KIND picks the epilogue (x of the fused kinds is the normed input: the RMSNorm runs as its own dispatch,
// since folding it in made these kernels 1.4-1.8x slower on SwiftShader, measured):
//   plain:   y[m, n0 + n] (+)= acc + bias, a row of ldy columns (accumulate: the residual add folded in)
//   qkv:     W is Q, K and V packed by rows, stored to yq / yk / yv
//   qkv_rope: as qkv, then RoPE: the tile's rows are one rotary quad of a head (rope_kv.wgsl's quad j:
//            elements 2j, 2j+1, 2j+D/2, 2j+1+D/2, or 4j..4j+3 interleaved); Q heads are rotated into yq,
//            K heads rotated and V heads as they are go straight to the fp16 cache (kv_cache.wgsl layout)
//   gate_up: W is gate rows [0, N) then up rows [N, 2N); y = silu(gate) * up,
//            the tile's RN rows being RN/2 gate rows and the same RN/2 up rows
// W may be a view: its rows start at row wr0 of the part buffers, whose scale rows hold ldw entries.
// BK > 0 makes it a workgroup GEMM (prefill): WG = WGN x WGM invocations own a BN x BM output tile (BN =
// WGN * RN rows of W, BM = WGM * TM tokens), the same register tile each, with the same rows (tile_row);
// per K step of BK the workgroup stages the tile's W rows dequantized (so each weight is unpacked once
// per BM tokens, not per TM) and its x rows in workgroup memory, then every invocation reads both there.
struct Step { seq_len: u32, pos: u32, kv_len: u32, _pad: u32 }
struct Params { N: u32, K: u32, GS: u32, rows: u32, has_bias: u32, b0: u32, wr0: u32, ldw: u32,
                n0: u32, ldy: u32, accumulate: u32, nq: u32, nk: u32, Hq: u32, Hk: u32,
                D: u32, positions: u32, max_ctx: u32, interleaved: u32 }

const WG: u32 = 64u;
const TM: u32 = 16u;
const RN: u32 = 16u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> x: array<vec4<f32>>;  // [M, K/4]
@group(0) @binding(3) var<storage, read> w: array<vec4<f32>>;  // [rows, K/4]
@group(0) @binding(4) var<storage, read> bias: array<f32>;  // [rows] (dummy when has_bias == 0)
@group(0) @binding(5) var<storage, read_write> y: array<f32>;  // plain: [M, ldy]; gate_up: [M, N]

fn live_rows() -> u32 {
    return select(step.seq_len, p.rows, p.rows != 0u);
}

fn bias_at(n: u32) -> f32 {
    if (p.has_bias == 0u) {
        return 0.0;
    }
    return bias[p.b0 + n];
}

// The output row (of W's N, or 2N for gate_up) that register row r of tile column col computes; a tail
// column re-reads the last row instead of branching (its store is skipped).
fn tile_row(col: u32, r: u32) -> u32 {
    return min(col * RN + r, p.N - 1u);
}

fn store(m: u32, n: u32, v: f32) {
    let at = m * p.ldy + p.n0 + n;
    if (p.accumulate != 0u) {
        y[at] = y[at] + v;
    } else {
        y[at] = v;
    }
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let M = live_rows();
    let K4 = p.K / 4u;
    let col = gid.x;
    let m0 = wid.y * TM;
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
    let x8 = min(m0 + 8u, M - 1u) * K4;
    let x9 = min(m0 + 9u, M - 1u) * K4;
    let x10 = min(m0 + 10u, M - 1u) * K4;
    let x11 = min(m0 + 11u, M - 1u) * K4;
    let x12 = min(m0 + 12u, M - 1u) * K4;
    let x13 = min(m0 + 13u, M - 1u) * K4;
    let x14 = min(m0 + 14u, M - 1u) * K4;
    let x15 = min(m0 + 15u, M - 1u) * K4;
    if (col * 16u >= p.N || m0 >= M) {
        return;
    }
    let nb = col * 16u;  // first output row of the tile
    let n0 = tile_row(col, 0u);
    let w0 = p.wr0 + n0;  // its row in the part buffers
    var acc0_0 = 0.0;
    var acc0_1 = 0.0;
    var acc0_2 = 0.0;
    var acc0_3 = 0.0;
    var acc0_4 = 0.0;
    var acc0_5 = 0.0;
    var acc0_6 = 0.0;
    var acc0_7 = 0.0;
    var acc0_8 = 0.0;
    var acc0_9 = 0.0;
    var acc0_10 = 0.0;
    var acc0_11 = 0.0;
    var acc0_12 = 0.0;
    var acc0_13 = 0.0;
    var acc0_14 = 0.0;
    var acc0_15 = 0.0;
    let n1 = tile_row(col, 1u);
    let w1 = p.wr0 + n1;  // its row in the part buffers
    var acc1_0 = 0.0;
    var acc1_1 = 0.0;
    var acc1_2 = 0.0;
    var acc1_3 = 0.0;
    var acc1_4 = 0.0;
    var acc1_5 = 0.0;
    var acc1_6 = 0.0;
    var acc1_7 = 0.0;
    var acc1_8 = 0.0;
    var acc1_9 = 0.0;
    var acc1_10 = 0.0;
    var acc1_11 = 0.0;
    var acc1_12 = 0.0;
    var acc1_13 = 0.0;
    var acc1_14 = 0.0;
    var acc1_15 = 0.0;
    let n2 = tile_row(col, 2u);
    let w2 = p.wr0 + n2;  // its row in the part buffers
    var acc2_0 = 0.0;
    var acc2_1 = 0.0;
    var acc2_2 = 0.0;
    var acc2_3 = 0.0;
    var acc2_4 = 0.0;
    var acc2_5 = 0.0;
    var acc2_6 = 0.0;
    var acc2_7 = 0.0;
    var acc2_8 = 0.0;
    var acc2_9 = 0.0;
    var acc2_10 = 0.0;
    var acc2_11 = 0.0;
    var acc2_12 = 0.0;
    var acc2_13 = 0.0;
    var acc2_14 = 0.0;
    var acc2_15 = 0.0;
    let n3 = tile_row(col, 3u);
    let w3 = p.wr0 + n3;  // its row in the part buffers
    var acc3_0 = 0.0;
    var acc3_1 = 0.0;
    var acc3_2 = 0.0;
    var acc3_3 = 0.0;
    var acc3_4 = 0.0;
    var acc3_5 = 0.0;
    var acc3_6 = 0.0;
    var acc3_7 = 0.0;
    var acc3_8 = 0.0;
    var acc3_9 = 0.0;
    var acc3_10 = 0.0;
    var acc3_11 = 0.0;
    var acc3_12 = 0.0;
    var acc3_13 = 0.0;
    var acc3_14 = 0.0;
    var acc3_15 = 0.0;
    let n4 = tile_row(col, 4u);
    let w4 = p.wr0 + n4;  // its row in the part buffers
    var acc4_0 = 0.0;
    var acc4_1 = 0.0;
    var acc4_2 = 0.0;
    var acc4_3 = 0.0;
    var acc4_4 = 0.0;
    var acc4_5 = 0.0;
    var acc4_6 = 0.0;
    var acc4_7 = 0.0;
    var acc4_8 = 0.0;
    var acc4_9 = 0.0;
    var acc4_10 = 0.0;
    var acc4_11 = 0.0;
    var acc4_12 = 0.0;
    var acc4_13 = 0.0;
    var acc4_14 = 0.0;
    var acc4_15 = 0.0;
    let n5 = tile_row(col, 5u);
    let w5 = p.wr0 + n5;  // its row in the part buffers
    var acc5_0 = 0.0;
    var acc5_1 = 0.0;
    var acc5_2 = 0.0;
    var acc5_3 = 0.0;
    var acc5_4 = 0.0;
    var acc5_5 = 0.0;
    var acc5_6 = 0.0;
    var acc5_7 = 0.0;
    var acc5_8 = 0.0;
    var acc5_9 = 0.0;
    var acc5_10 = 0.0;
    var acc5_11 = 0.0;
    var acc5_12 = 0.0;
    var acc5_13 = 0.0;
    var acc5_14 = 0.0;
    var acc5_15 = 0.0;
    let n6 = tile_row(col, 6u);
    let w6 = p.wr0 + n6;  // its row in the part buffers
    var acc6_0 = 0.0;
    var acc6_1 = 0.0;
    var acc6_2 = 0.0;
    var acc6_3 = 0.0;
    var acc6_4 = 0.0;
    var acc6_5 = 0.0;
    var acc6_6 = 0.0;
    var acc6_7 = 0.0;
    var acc6_8 = 0.0;
    var acc6_9 = 0.0;
    var acc6_10 = 0.0;
    var acc6_11 = 0.0;
    var acc6_12 = 0.0;
    var acc6_13 = 0.0;
    var acc6_14 = 0.0;
    var acc6_15 = 0.0;
    let n7 = tile_row(col, 7u);
    let w7 = p.wr0 + n7;  // its row in the part buffers
    var acc7_0 = 0.0;
    var acc7_1 = 0.0;
    var acc7_2 = 0.0;
    var acc7_3 = 0.0;
    var acc7_4 = 0.0;
    var acc7_5 = 0.0;
    var acc7_6 = 0.0;
    var acc7_7 = 0.0;
    var acc7_8 = 0.0;
    var acc7_9 = 0.0;
    var acc7_10 = 0.0;
    var acc7_11 = 0.0;
    var acc7_12 = 0.0;
    var acc7_13 = 0.0;
    var acc7_14 = 0.0;
    var acc7_15 = 0.0;
    let n8 = tile_row(col, 8u);
    let w8 = p.wr0 + n8;  // its row in the part buffers
    var acc8_0 = 0.0;
    var acc8_1 = 0.0;
    var acc8_2 = 0.0;
    var acc8_3 = 0.0;
    var acc8_4 = 0.0;
    var acc8_5 = 0.0;
    var acc8_6 = 0.0;
    var acc8_7 = 0.0;
    var acc8_8 = 0.0;
    var acc8_9 = 0.0;
    var acc8_10 = 0.0;
    var acc8_11 = 0.0;
    var acc8_12 = 0.0;
    var acc8_13 = 0.0;
    var acc8_14 = 0.0;
    var acc8_15 = 0.0;
    let n9 = tile_row(col, 9u);
    let w9 = p.wr0 + n9;  // its row in the part buffers
    var acc9_0 = 0.0;
    var acc9_1 = 0.0;
    var acc9_2 = 0.0;
    var acc9_3 = 0.0;
    var acc9_4 = 0.0;
    var acc9_5 = 0.0;
    var acc9_6 = 0.0;
    var acc9_7 = 0.0;
    var acc9_8 = 0.0;
    var acc9_9 = 0.0;
    var acc9_10 = 0.0;
    var acc9_11 = 0.0;
    var acc9_12 = 0.0;
    var acc9_13 = 0.0;
    var acc9_14 = 0.0;
    var acc9_15 = 0.0;
    let n10 = tile_row(col, 10u);
    let w10 = p.wr0 + n10;  // its row in the part buffers
    var acc10_0 = 0.0;
    var acc10_1 = 0.0;
    var acc10_2 = 0.0;
    var acc10_3 = 0.0;
    var acc10_4 = 0.0;
    var acc10_5 = 0.0;
    var acc10_6 = 0.0;
    var acc10_7 = 0.0;
    var acc10_8 = 0.0;
    var acc10_9 = 0.0;
    var acc10_10 = 0.0;
    var acc10_11 = 0.0;
    var acc10_12 = 0.0;
    var acc10_13 = 0.0;
    var acc10_14 = 0.0;
    var acc10_15 = 0.0;
    let n11 = tile_row(col, 11u);
    let w11 = p.wr0 + n11;  // its row in the part buffers
    var acc11_0 = 0.0;
    var acc11_1 = 0.0;
    var acc11_2 = 0.0;
    var acc11_3 = 0.0;
    var acc11_4 = 0.0;
    var acc11_5 = 0.0;
    var acc11_6 = 0.0;
    var acc11_7 = 0.0;
    var acc11_8 = 0.0;
    var acc11_9 = 0.0;
    var acc11_10 = 0.0;
    var acc11_11 = 0.0;
    var acc11_12 = 0.0;
    var acc11_13 = 0.0;
    var acc11_14 = 0.0;
    var acc11_15 = 0.0;
    let n12 = tile_row(col, 12u);
    let w12 = p.wr0 + n12;  // its row in the part buffers
    var acc12_0 = 0.0;
    var acc12_1 = 0.0;
    var acc12_2 = 0.0;
    var acc12_3 = 0.0;
    var acc12_4 = 0.0;
    var acc12_5 = 0.0;
    var acc12_6 = 0.0;
    var acc12_7 = 0.0;
    var acc12_8 = 0.0;
    var acc12_9 = 0.0;
    var acc12_10 = 0.0;
    var acc12_11 = 0.0;
    var acc12_12 = 0.0;
    var acc12_13 = 0.0;
    var acc12_14 = 0.0;
    var acc12_15 = 0.0;
    let n13 = tile_row(col, 13u);
    let w13 = p.wr0 + n13;  // its row in the part buffers
    var acc13_0 = 0.0;
    var acc13_1 = 0.0;
    var acc13_2 = 0.0;
    var acc13_3 = 0.0;
    var acc13_4 = 0.0;
    var acc13_5 = 0.0;
    var acc13_6 = 0.0;
    var acc13_7 = 0.0;
    var acc13_8 = 0.0;
    var acc13_9 = 0.0;
    var acc13_10 = 0.0;
    var acc13_11 = 0.0;
    var acc13_12 = 0.0;
    var acc13_13 = 0.0;
    var acc13_14 = 0.0;
    var acc13_15 = 0.0;
    let n14 = tile_row(col, 14u);
    let w14 = p.wr0 + n14;  // its row in the part buffers
    var acc14_0 = 0.0;
    var acc14_1 = 0.0;
    var acc14_2 = 0.0;
    var acc14_3 = 0.0;
    var acc14_4 = 0.0;
    var acc14_5 = 0.0;
    var acc14_6 = 0.0;
    var acc14_7 = 0.0;
    var acc14_8 = 0.0;
    var acc14_9 = 0.0;
    var acc14_10 = 0.0;
    var acc14_11 = 0.0;
    var acc14_12 = 0.0;
    var acc14_13 = 0.0;
    var acc14_14 = 0.0;
    var acc14_15 = 0.0;
    let n15 = tile_row(col, 15u);
    let w15 = p.wr0 + n15;  // its row in the part buffers
    var acc15_0 = 0.0;
    var acc15_1 = 0.0;
    var acc15_2 = 0.0;
    var acc15_3 = 0.0;
    var acc15_4 = 0.0;
    var acc15_5 = 0.0;
    var acc15_6 = 0.0;
    var acc15_7 = 0.0;
    var acc15_8 = 0.0;
    var acc15_9 = 0.0;
    var acc15_10 = 0.0;
    var acc15_11 = 0.0;
    var acc15_12 = 0.0;
    var acc15_13 = 0.0;
    var acc15_14 = 0.0;
    var acc15_15 = 0.0;
    for (var k4 = 0u; k4 < K4; k4 = k4 + 1u) {
        let a0 = x[x0 + k4];
        let a1 = x[x1 + k4];
        let a2 = x[x2 + k4];
        let a3 = x[x3 + k4];
        let a4 = x[x4 + k4];
        let a5 = x[x5 + k4];
        let a6 = x[x6 + k4];
        let a7 = x[x7 + k4];
        let a8 = x[x8 + k4];
        let a9 = x[x9 + k4];
        let a10 = x[x10 + k4];
        let a11 = x[x11 + k4];
        let a12 = x[x12 + k4];
        let a13 = x[x13 + k4];
        let a14 = x[x14 + k4];
        let a15 = x[x15 + k4];
        let wv0 = w[w0 * K4 + k4];
        acc0_0 = acc0_0 + dot(wv0, a0);
        acc0_1 = acc0_1 + dot(wv0, a1);
        acc0_2 = acc0_2 + dot(wv0, a2);
        acc0_3 = acc0_3 + dot(wv0, a3);
        acc0_4 = acc0_4 + dot(wv0, a4);
        acc0_5 = acc0_5 + dot(wv0, a5);
        acc0_6 = acc0_6 + dot(wv0, a6);
        acc0_7 = acc0_7 + dot(wv0, a7);
        acc0_8 = acc0_8 + dot(wv0, a8);
        acc0_9 = acc0_9 + dot(wv0, a9);
        acc0_10 = acc0_10 + dot(wv0, a10);
        acc0_11 = acc0_11 + dot(wv0, a11);
        acc0_12 = acc0_12 + dot(wv0, a12);
        acc0_13 = acc0_13 + dot(wv0, a13);
        acc0_14 = acc0_14 + dot(wv0, a14);
        acc0_15 = acc0_15 + dot(wv0, a15);
        let wv1 = w[w1 * K4 + k4];
        acc1_0 = acc1_0 + dot(wv1, a0);
        acc1_1 = acc1_1 + dot(wv1, a1);
        acc1_2 = acc1_2 + dot(wv1, a2);
        acc1_3 = acc1_3 + dot(wv1, a3);
        acc1_4 = acc1_4 + dot(wv1, a4);
        acc1_5 = acc1_5 + dot(wv1, a5);
        acc1_6 = acc1_6 + dot(wv1, a6);
        acc1_7 = acc1_7 + dot(wv1, a7);
        acc1_8 = acc1_8 + dot(wv1, a8);
        acc1_9 = acc1_9 + dot(wv1, a9);
        acc1_10 = acc1_10 + dot(wv1, a10);
        acc1_11 = acc1_11 + dot(wv1, a11);
        acc1_12 = acc1_12 + dot(wv1, a12);
        acc1_13 = acc1_13 + dot(wv1, a13);
        acc1_14 = acc1_14 + dot(wv1, a14);
        acc1_15 = acc1_15 + dot(wv1, a15);
        let wv2 = w[w2 * K4 + k4];
        acc2_0 = acc2_0 + dot(wv2, a0);
        acc2_1 = acc2_1 + dot(wv2, a1);
        acc2_2 = acc2_2 + dot(wv2, a2);
        acc2_3 = acc2_3 + dot(wv2, a3);
        acc2_4 = acc2_4 + dot(wv2, a4);
        acc2_5 = acc2_5 + dot(wv2, a5);
        acc2_6 = acc2_6 + dot(wv2, a6);
        acc2_7 = acc2_7 + dot(wv2, a7);
        acc2_8 = acc2_8 + dot(wv2, a8);
        acc2_9 = acc2_9 + dot(wv2, a9);
        acc2_10 = acc2_10 + dot(wv2, a10);
        acc2_11 = acc2_11 + dot(wv2, a11);
        acc2_12 = acc2_12 + dot(wv2, a12);
        acc2_13 = acc2_13 + dot(wv2, a13);
        acc2_14 = acc2_14 + dot(wv2, a14);
        acc2_15 = acc2_15 + dot(wv2, a15);
        let wv3 = w[w3 * K4 + k4];
        acc3_0 = acc3_0 + dot(wv3, a0);
        acc3_1 = acc3_1 + dot(wv3, a1);
        acc3_2 = acc3_2 + dot(wv3, a2);
        acc3_3 = acc3_3 + dot(wv3, a3);
        acc3_4 = acc3_4 + dot(wv3, a4);
        acc3_5 = acc3_5 + dot(wv3, a5);
        acc3_6 = acc3_6 + dot(wv3, a6);
        acc3_7 = acc3_7 + dot(wv3, a7);
        acc3_8 = acc3_8 + dot(wv3, a8);
        acc3_9 = acc3_9 + dot(wv3, a9);
        acc3_10 = acc3_10 + dot(wv3, a10);
        acc3_11 = acc3_11 + dot(wv3, a11);
        acc3_12 = acc3_12 + dot(wv3, a12);
        acc3_13 = acc3_13 + dot(wv3, a13);
        acc3_14 = acc3_14 + dot(wv3, a14);
        acc3_15 = acc3_15 + dot(wv3, a15);
        let wv4 = w[w4 * K4 + k4];
        acc4_0 = acc4_0 + dot(wv4, a0);
        acc4_1 = acc4_1 + dot(wv4, a1);
        acc4_2 = acc4_2 + dot(wv4, a2);
        acc4_3 = acc4_3 + dot(wv4, a3);
        acc4_4 = acc4_4 + dot(wv4, a4);
        acc4_5 = acc4_5 + dot(wv4, a5);
        acc4_6 = acc4_6 + dot(wv4, a6);
        acc4_7 = acc4_7 + dot(wv4, a7);
        acc4_8 = acc4_8 + dot(wv4, a8);
        acc4_9 = acc4_9 + dot(wv4, a9);
        acc4_10 = acc4_10 + dot(wv4, a10);
        acc4_11 = acc4_11 + dot(wv4, a11);
        acc4_12 = acc4_12 + dot(wv4, a12);
        acc4_13 = acc4_13 + dot(wv4, a13);
        acc4_14 = acc4_14 + dot(wv4, a14);
        acc4_15 = acc4_15 + dot(wv4, a15);
        let wv5 = w[w5 * K4 + k4];
        acc5_0 = acc5_0 + dot(wv5, a0);
        acc5_1 = acc5_1 + dot(wv5, a1);
        acc5_2 = acc5_2 + dot(wv5, a2);
        acc5_3 = acc5_3 + dot(wv5, a3);
        acc5_4 = acc5_4 + dot(wv5, a4);
        acc5_5 = acc5_5 + dot(wv5, a5);
        acc5_6 = acc5_6 + dot(wv5, a6);
        acc5_7 = acc5_7 + dot(wv5, a7);
        acc5_8 = acc5_8 + dot(wv5, a8);
        acc5_9 = acc5_9 + dot(wv5, a9);
        acc5_10 = acc5_10 + dot(wv5, a10);
        acc5_11 = acc5_11 + dot(wv5, a11);
        acc5_12 = acc5_12 + dot(wv5, a12);
        acc5_13 = acc5_13 + dot(wv5, a13);
        acc5_14 = acc5_14 + dot(wv5, a14);
        acc5_15 = acc5_15 + dot(wv5, a15);
        let wv6 = w[w6 * K4 + k4];
        acc6_0 = acc6_0 + dot(wv6, a0);
        acc6_1 = acc6_1 + dot(wv6, a1);
        acc6_2 = acc6_2 + dot(wv6, a2);
        acc6_3 = acc6_3 + dot(wv6, a3);
        acc6_4 = acc6_4 + dot(wv6, a4);
        acc6_5 = acc6_5 + dot(wv6, a5);
        acc6_6 = acc6_6 + dot(wv6, a6);
        acc6_7 = acc6_7 + dot(wv6, a7);
        acc6_8 = acc6_8 + dot(wv6, a8);
        acc6_9 = acc6_9 + dot(wv6, a9);
        acc6_10 = acc6_10 + dot(wv6, a10);
        acc6_11 = acc6_11 + dot(wv6, a11);
        acc6_12 = acc6_12 + dot(wv6, a12);
        acc6_13 = acc6_13 + dot(wv6, a13);
        acc6_14 = acc6_14 + dot(wv6, a14);
        acc6_15 = acc6_15 + dot(wv6, a15);
        let wv7 = w[w7 * K4 + k4];
        acc7_0 = acc7_0 + dot(wv7, a0);
        acc7_1 = acc7_1 + dot(wv7, a1);
        acc7_2 = acc7_2 + dot(wv7, a2);
        acc7_3 = acc7_3 + dot(wv7, a3);
        acc7_4 = acc7_4 + dot(wv7, a4);
        acc7_5 = acc7_5 + dot(wv7, a5);
        acc7_6 = acc7_6 + dot(wv7, a6);
        acc7_7 = acc7_7 + dot(wv7, a7);
        acc7_8 = acc7_8 + dot(wv7, a8);
        acc7_9 = acc7_9 + dot(wv7, a9);
        acc7_10 = acc7_10 + dot(wv7, a10);
        acc7_11 = acc7_11 + dot(wv7, a11);
        acc7_12 = acc7_12 + dot(wv7, a12);
        acc7_13 = acc7_13 + dot(wv7, a13);
        acc7_14 = acc7_14 + dot(wv7, a14);
        acc7_15 = acc7_15 + dot(wv7, a15);
        let wv8 = w[w8 * K4 + k4];
        acc8_0 = acc8_0 + dot(wv8, a0);
        acc8_1 = acc8_1 + dot(wv8, a1);
        acc8_2 = acc8_2 + dot(wv8, a2);
        acc8_3 = acc8_3 + dot(wv8, a3);
        acc8_4 = acc8_4 + dot(wv8, a4);
        acc8_5 = acc8_5 + dot(wv8, a5);
        acc8_6 = acc8_6 + dot(wv8, a6);
        acc8_7 = acc8_7 + dot(wv8, a7);
        acc8_8 = acc8_8 + dot(wv8, a8);
        acc8_9 = acc8_9 + dot(wv8, a9);
        acc8_10 = acc8_10 + dot(wv8, a10);
        acc8_11 = acc8_11 + dot(wv8, a11);
        acc8_12 = acc8_12 + dot(wv8, a12);
        acc8_13 = acc8_13 + dot(wv8, a13);
        acc8_14 = acc8_14 + dot(wv8, a14);
        acc8_15 = acc8_15 + dot(wv8, a15);
        let wv9 = w[w9 * K4 + k4];
        acc9_0 = acc9_0 + dot(wv9, a0);
        acc9_1 = acc9_1 + dot(wv9, a1);
        acc9_2 = acc9_2 + dot(wv9, a2);
        acc9_3 = acc9_3 + dot(wv9, a3);
        acc9_4 = acc9_4 + dot(wv9, a4);
        acc9_5 = acc9_5 + dot(wv9, a5);
        acc9_6 = acc9_6 + dot(wv9, a6);
        acc9_7 = acc9_7 + dot(wv9, a7);
        acc9_8 = acc9_8 + dot(wv9, a8);
        acc9_9 = acc9_9 + dot(wv9, a9);
        acc9_10 = acc9_10 + dot(wv9, a10);
        acc9_11 = acc9_11 + dot(wv9, a11);
        acc9_12 = acc9_12 + dot(wv9, a12);
        acc9_13 = acc9_13 + dot(wv9, a13);
        acc9_14 = acc9_14 + dot(wv9, a14);
        acc9_15 = acc9_15 + dot(wv9, a15);
        let wv10 = w[w10 * K4 + k4];
        acc10_0 = acc10_0 + dot(wv10, a0);
        acc10_1 = acc10_1 + dot(wv10, a1);
        acc10_2 = acc10_2 + dot(wv10, a2);
        acc10_3 = acc10_3 + dot(wv10, a3);
        acc10_4 = acc10_4 + dot(wv10, a4);
        acc10_5 = acc10_5 + dot(wv10, a5);
        acc10_6 = acc10_6 + dot(wv10, a6);
        acc10_7 = acc10_7 + dot(wv10, a7);
        acc10_8 = acc10_8 + dot(wv10, a8);
        acc10_9 = acc10_9 + dot(wv10, a9);
        acc10_10 = acc10_10 + dot(wv10, a10);
        acc10_11 = acc10_11 + dot(wv10, a11);
        acc10_12 = acc10_12 + dot(wv10, a12);
        acc10_13 = acc10_13 + dot(wv10, a13);
        acc10_14 = acc10_14 + dot(wv10, a14);
        acc10_15 = acc10_15 + dot(wv10, a15);
        let wv11 = w[w11 * K4 + k4];
        acc11_0 = acc11_0 + dot(wv11, a0);
        acc11_1 = acc11_1 + dot(wv11, a1);
        acc11_2 = acc11_2 + dot(wv11, a2);
        acc11_3 = acc11_3 + dot(wv11, a3);
        acc11_4 = acc11_4 + dot(wv11, a4);
        acc11_5 = acc11_5 + dot(wv11, a5);
        acc11_6 = acc11_6 + dot(wv11, a6);
        acc11_7 = acc11_7 + dot(wv11, a7);
        acc11_8 = acc11_8 + dot(wv11, a8);
        acc11_9 = acc11_9 + dot(wv11, a9);
        acc11_10 = acc11_10 + dot(wv11, a10);
        acc11_11 = acc11_11 + dot(wv11, a11);
        acc11_12 = acc11_12 + dot(wv11, a12);
        acc11_13 = acc11_13 + dot(wv11, a13);
        acc11_14 = acc11_14 + dot(wv11, a14);
        acc11_15 = acc11_15 + dot(wv11, a15);
        let wv12 = w[w12 * K4 + k4];
        acc12_0 = acc12_0 + dot(wv12, a0);
        acc12_1 = acc12_1 + dot(wv12, a1);
        acc12_2 = acc12_2 + dot(wv12, a2);
        acc12_3 = acc12_3 + dot(wv12, a3);
        acc12_4 = acc12_4 + dot(wv12, a4);
        acc12_5 = acc12_5 + dot(wv12, a5);
        acc12_6 = acc12_6 + dot(wv12, a6);
        acc12_7 = acc12_7 + dot(wv12, a7);
        acc12_8 = acc12_8 + dot(wv12, a8);
        acc12_9 = acc12_9 + dot(wv12, a9);
        acc12_10 = acc12_10 + dot(wv12, a10);
        acc12_11 = acc12_11 + dot(wv12, a11);
        acc12_12 = acc12_12 + dot(wv12, a12);
        acc12_13 = acc12_13 + dot(wv12, a13);
        acc12_14 = acc12_14 + dot(wv12, a14);
        acc12_15 = acc12_15 + dot(wv12, a15);
        let wv13 = w[w13 * K4 + k4];
        acc13_0 = acc13_0 + dot(wv13, a0);
        acc13_1 = acc13_1 + dot(wv13, a1);
        acc13_2 = acc13_2 + dot(wv13, a2);
        acc13_3 = acc13_3 + dot(wv13, a3);
        acc13_4 = acc13_4 + dot(wv13, a4);
        acc13_5 = acc13_5 + dot(wv13, a5);
        acc13_6 = acc13_6 + dot(wv13, a6);
        acc13_7 = acc13_7 + dot(wv13, a7);
        acc13_8 = acc13_8 + dot(wv13, a8);
        acc13_9 = acc13_9 + dot(wv13, a9);
        acc13_10 = acc13_10 + dot(wv13, a10);
        acc13_11 = acc13_11 + dot(wv13, a11);
        acc13_12 = acc13_12 + dot(wv13, a12);
        acc13_13 = acc13_13 + dot(wv13, a13);
        acc13_14 = acc13_14 + dot(wv13, a14);
        acc13_15 = acc13_15 + dot(wv13, a15);
        let wv14 = w[w14 * K4 + k4];
        acc14_0 = acc14_0 + dot(wv14, a0);
        acc14_1 = acc14_1 + dot(wv14, a1);
        acc14_2 = acc14_2 + dot(wv14, a2);
        acc14_3 = acc14_3 + dot(wv14, a3);
        acc14_4 = acc14_4 + dot(wv14, a4);
        acc14_5 = acc14_5 + dot(wv14, a5);
        acc14_6 = acc14_6 + dot(wv14, a6);
        acc14_7 = acc14_7 + dot(wv14, a7);
        acc14_8 = acc14_8 + dot(wv14, a8);
        acc14_9 = acc14_9 + dot(wv14, a9);
        acc14_10 = acc14_10 + dot(wv14, a10);
        acc14_11 = acc14_11 + dot(wv14, a11);
        acc14_12 = acc14_12 + dot(wv14, a12);
        acc14_13 = acc14_13 + dot(wv14, a13);
        acc14_14 = acc14_14 + dot(wv14, a14);
        acc14_15 = acc14_15 + dot(wv14, a15);
        let wv15 = w[w15 * K4 + k4];
        acc15_0 = acc15_0 + dot(wv15, a0);
        acc15_1 = acc15_1 + dot(wv15, a1);
        acc15_2 = acc15_2 + dot(wv15, a2);
        acc15_3 = acc15_3 + dot(wv15, a3);
        acc15_4 = acc15_4 + dot(wv15, a4);
        acc15_5 = acc15_5 + dot(wv15, a5);
        acc15_6 = acc15_6 + dot(wv15, a6);
        acc15_7 = acc15_7 + dot(wv15, a7);
        acc15_8 = acc15_8 + dot(wv15, a8);
        acc15_9 = acc15_9 + dot(wv15, a9);
        acc15_10 = acc15_10 + dot(wv15, a10);
        acc15_11 = acc15_11 + dot(wv15, a11);
        acc15_12 = acc15_12 + dot(wv15, a12);
        acc15_13 = acc15_13 + dot(wv15, a13);
        acc15_14 = acc15_14 + dot(wv15, a14);
        acc15_15 = acc15_15 + dot(wv15, a15);
    }
    if (nb + 0u < p.N) {
        let b0 = bias_at(n0);
        if (m0 + 0u < M) {
            store(m0 + 0u, n0, acc0_0 + b0);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n0, acc0_1 + b0);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n0, acc0_2 + b0);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n0, acc0_3 + b0);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n0, acc0_4 + b0);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n0, acc0_5 + b0);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n0, acc0_6 + b0);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n0, acc0_7 + b0);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n0, acc0_8 + b0);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n0, acc0_9 + b0);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n0, acc0_10 + b0);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n0, acc0_11 + b0);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n0, acc0_12 + b0);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n0, acc0_13 + b0);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n0, acc0_14 + b0);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n0, acc0_15 + b0);
        }
    }
    if (nb + 1u < p.N) {
        let b1 = bias_at(n1);
        if (m0 + 0u < M) {
            store(m0 + 0u, n1, acc1_0 + b1);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n1, acc1_1 + b1);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n1, acc1_2 + b1);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n1, acc1_3 + b1);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n1, acc1_4 + b1);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n1, acc1_5 + b1);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n1, acc1_6 + b1);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n1, acc1_7 + b1);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n1, acc1_8 + b1);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n1, acc1_9 + b1);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n1, acc1_10 + b1);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n1, acc1_11 + b1);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n1, acc1_12 + b1);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n1, acc1_13 + b1);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n1, acc1_14 + b1);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n1, acc1_15 + b1);
        }
    }
    if (nb + 2u < p.N) {
        let b2 = bias_at(n2);
        if (m0 + 0u < M) {
            store(m0 + 0u, n2, acc2_0 + b2);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n2, acc2_1 + b2);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n2, acc2_2 + b2);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n2, acc2_3 + b2);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n2, acc2_4 + b2);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n2, acc2_5 + b2);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n2, acc2_6 + b2);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n2, acc2_7 + b2);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n2, acc2_8 + b2);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n2, acc2_9 + b2);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n2, acc2_10 + b2);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n2, acc2_11 + b2);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n2, acc2_12 + b2);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n2, acc2_13 + b2);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n2, acc2_14 + b2);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n2, acc2_15 + b2);
        }
    }
    if (nb + 3u < p.N) {
        let b3 = bias_at(n3);
        if (m0 + 0u < M) {
            store(m0 + 0u, n3, acc3_0 + b3);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n3, acc3_1 + b3);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n3, acc3_2 + b3);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n3, acc3_3 + b3);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n3, acc3_4 + b3);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n3, acc3_5 + b3);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n3, acc3_6 + b3);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n3, acc3_7 + b3);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n3, acc3_8 + b3);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n3, acc3_9 + b3);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n3, acc3_10 + b3);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n3, acc3_11 + b3);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n3, acc3_12 + b3);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n3, acc3_13 + b3);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n3, acc3_14 + b3);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n3, acc3_15 + b3);
        }
    }
    if (nb + 4u < p.N) {
        let b4 = bias_at(n4);
        if (m0 + 0u < M) {
            store(m0 + 0u, n4, acc4_0 + b4);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n4, acc4_1 + b4);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n4, acc4_2 + b4);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n4, acc4_3 + b4);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n4, acc4_4 + b4);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n4, acc4_5 + b4);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n4, acc4_6 + b4);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n4, acc4_7 + b4);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n4, acc4_8 + b4);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n4, acc4_9 + b4);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n4, acc4_10 + b4);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n4, acc4_11 + b4);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n4, acc4_12 + b4);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n4, acc4_13 + b4);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n4, acc4_14 + b4);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n4, acc4_15 + b4);
        }
    }
    if (nb + 5u < p.N) {
        let b5 = bias_at(n5);
        if (m0 + 0u < M) {
            store(m0 + 0u, n5, acc5_0 + b5);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n5, acc5_1 + b5);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n5, acc5_2 + b5);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n5, acc5_3 + b5);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n5, acc5_4 + b5);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n5, acc5_5 + b5);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n5, acc5_6 + b5);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n5, acc5_7 + b5);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n5, acc5_8 + b5);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n5, acc5_9 + b5);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n5, acc5_10 + b5);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n5, acc5_11 + b5);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n5, acc5_12 + b5);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n5, acc5_13 + b5);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n5, acc5_14 + b5);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n5, acc5_15 + b5);
        }
    }
    if (nb + 6u < p.N) {
        let b6 = bias_at(n6);
        if (m0 + 0u < M) {
            store(m0 + 0u, n6, acc6_0 + b6);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n6, acc6_1 + b6);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n6, acc6_2 + b6);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n6, acc6_3 + b6);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n6, acc6_4 + b6);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n6, acc6_5 + b6);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n6, acc6_6 + b6);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n6, acc6_7 + b6);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n6, acc6_8 + b6);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n6, acc6_9 + b6);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n6, acc6_10 + b6);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n6, acc6_11 + b6);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n6, acc6_12 + b6);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n6, acc6_13 + b6);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n6, acc6_14 + b6);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n6, acc6_15 + b6);
        }
    }
    if (nb + 7u < p.N) {
        let b7 = bias_at(n7);
        if (m0 + 0u < M) {
            store(m0 + 0u, n7, acc7_0 + b7);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n7, acc7_1 + b7);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n7, acc7_2 + b7);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n7, acc7_3 + b7);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n7, acc7_4 + b7);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n7, acc7_5 + b7);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n7, acc7_6 + b7);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n7, acc7_7 + b7);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n7, acc7_8 + b7);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n7, acc7_9 + b7);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n7, acc7_10 + b7);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n7, acc7_11 + b7);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n7, acc7_12 + b7);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n7, acc7_13 + b7);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n7, acc7_14 + b7);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n7, acc7_15 + b7);
        }
    }
    if (nb + 8u < p.N) {
        let b8 = bias_at(n8);
        if (m0 + 0u < M) {
            store(m0 + 0u, n8, acc8_0 + b8);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n8, acc8_1 + b8);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n8, acc8_2 + b8);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n8, acc8_3 + b8);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n8, acc8_4 + b8);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n8, acc8_5 + b8);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n8, acc8_6 + b8);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n8, acc8_7 + b8);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n8, acc8_8 + b8);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n8, acc8_9 + b8);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n8, acc8_10 + b8);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n8, acc8_11 + b8);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n8, acc8_12 + b8);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n8, acc8_13 + b8);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n8, acc8_14 + b8);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n8, acc8_15 + b8);
        }
    }
    if (nb + 9u < p.N) {
        let b9 = bias_at(n9);
        if (m0 + 0u < M) {
            store(m0 + 0u, n9, acc9_0 + b9);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n9, acc9_1 + b9);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n9, acc9_2 + b9);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n9, acc9_3 + b9);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n9, acc9_4 + b9);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n9, acc9_5 + b9);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n9, acc9_6 + b9);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n9, acc9_7 + b9);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n9, acc9_8 + b9);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n9, acc9_9 + b9);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n9, acc9_10 + b9);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n9, acc9_11 + b9);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n9, acc9_12 + b9);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n9, acc9_13 + b9);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n9, acc9_14 + b9);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n9, acc9_15 + b9);
        }
    }
    if (nb + 10u < p.N) {
        let b10 = bias_at(n10);
        if (m0 + 0u < M) {
            store(m0 + 0u, n10, acc10_0 + b10);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n10, acc10_1 + b10);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n10, acc10_2 + b10);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n10, acc10_3 + b10);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n10, acc10_4 + b10);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n10, acc10_5 + b10);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n10, acc10_6 + b10);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n10, acc10_7 + b10);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n10, acc10_8 + b10);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n10, acc10_9 + b10);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n10, acc10_10 + b10);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n10, acc10_11 + b10);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n10, acc10_12 + b10);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n10, acc10_13 + b10);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n10, acc10_14 + b10);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n10, acc10_15 + b10);
        }
    }
    if (nb + 11u < p.N) {
        let b11 = bias_at(n11);
        if (m0 + 0u < M) {
            store(m0 + 0u, n11, acc11_0 + b11);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n11, acc11_1 + b11);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n11, acc11_2 + b11);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n11, acc11_3 + b11);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n11, acc11_4 + b11);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n11, acc11_5 + b11);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n11, acc11_6 + b11);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n11, acc11_7 + b11);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n11, acc11_8 + b11);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n11, acc11_9 + b11);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n11, acc11_10 + b11);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n11, acc11_11 + b11);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n11, acc11_12 + b11);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n11, acc11_13 + b11);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n11, acc11_14 + b11);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n11, acc11_15 + b11);
        }
    }
    if (nb + 12u < p.N) {
        let b12 = bias_at(n12);
        if (m0 + 0u < M) {
            store(m0 + 0u, n12, acc12_0 + b12);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n12, acc12_1 + b12);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n12, acc12_2 + b12);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n12, acc12_3 + b12);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n12, acc12_4 + b12);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n12, acc12_5 + b12);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n12, acc12_6 + b12);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n12, acc12_7 + b12);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n12, acc12_8 + b12);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n12, acc12_9 + b12);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n12, acc12_10 + b12);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n12, acc12_11 + b12);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n12, acc12_12 + b12);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n12, acc12_13 + b12);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n12, acc12_14 + b12);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n12, acc12_15 + b12);
        }
    }
    if (nb + 13u < p.N) {
        let b13 = bias_at(n13);
        if (m0 + 0u < M) {
            store(m0 + 0u, n13, acc13_0 + b13);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n13, acc13_1 + b13);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n13, acc13_2 + b13);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n13, acc13_3 + b13);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n13, acc13_4 + b13);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n13, acc13_5 + b13);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n13, acc13_6 + b13);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n13, acc13_7 + b13);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n13, acc13_8 + b13);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n13, acc13_9 + b13);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n13, acc13_10 + b13);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n13, acc13_11 + b13);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n13, acc13_12 + b13);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n13, acc13_13 + b13);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n13, acc13_14 + b13);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n13, acc13_15 + b13);
        }
    }
    if (nb + 14u < p.N) {
        let b14 = bias_at(n14);
        if (m0 + 0u < M) {
            store(m0 + 0u, n14, acc14_0 + b14);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n14, acc14_1 + b14);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n14, acc14_2 + b14);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n14, acc14_3 + b14);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n14, acc14_4 + b14);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n14, acc14_5 + b14);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n14, acc14_6 + b14);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n14, acc14_7 + b14);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n14, acc14_8 + b14);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n14, acc14_9 + b14);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n14, acc14_10 + b14);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n14, acc14_11 + b14);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n14, acc14_12 + b14);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n14, acc14_13 + b14);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n14, acc14_14 + b14);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n14, acc14_15 + b14);
        }
    }
    if (nb + 15u < p.N) {
        let b15 = bias_at(n15);
        if (m0 + 0u < M) {
            store(m0 + 0u, n15, acc15_0 + b15);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n15, acc15_1 + b15);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n15, acc15_2 + b15);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n15, acc15_3 + b15);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n15, acc15_4 + b15);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n15, acc15_5 + b15);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n15, acc15_6 + b15);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n15, acc15_7 + b15);
        }
        if (m0 + 8u < M) {
            store(m0 + 8u, n15, acc15_8 + b15);
        }
        if (m0 + 9u < M) {
            store(m0 + 9u, n15, acc15_9 + b15);
        }
        if (m0 + 10u < M) {
            store(m0 + 10u, n15, acc15_10 + b15);
        }
        if (m0 + 11u < M) {
            store(m0 + 11u, n15, acc15_11 + b15);
        }
        if (m0 + 12u < M) {
            store(m0 + 12u, n15, acc15_12 + b15);
        }
        if (m0 + 13u < M) {
            store(m0 + 13u, n15, acc15_13 + b15);
        }
        if (m0 + 14u < M) {
            store(m0 + 14u, n15, acc15_14 + b15);
        }
        if (m0 + 15u < M) {
            store(m0 + 15u, n15, acc15_15 + b15);
        }
    }
}
