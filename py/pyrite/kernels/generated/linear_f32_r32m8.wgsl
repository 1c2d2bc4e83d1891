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
const TM: u32 = 8u;
const RN: u32 = 32u;

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
    if (col * 32u >= p.N || m0 >= M) {
        return;
    }
    let nb = col * 32u;  // first output row of the tile
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
    let n16 = tile_row(col, 16u);
    let w16 = p.wr0 + n16;  // its row in the part buffers
    var acc16_0 = 0.0;
    var acc16_1 = 0.0;
    var acc16_2 = 0.0;
    var acc16_3 = 0.0;
    var acc16_4 = 0.0;
    var acc16_5 = 0.0;
    var acc16_6 = 0.0;
    var acc16_7 = 0.0;
    let n17 = tile_row(col, 17u);
    let w17 = p.wr0 + n17;  // its row in the part buffers
    var acc17_0 = 0.0;
    var acc17_1 = 0.0;
    var acc17_2 = 0.0;
    var acc17_3 = 0.0;
    var acc17_4 = 0.0;
    var acc17_5 = 0.0;
    var acc17_6 = 0.0;
    var acc17_7 = 0.0;
    let n18 = tile_row(col, 18u);
    let w18 = p.wr0 + n18;  // its row in the part buffers
    var acc18_0 = 0.0;
    var acc18_1 = 0.0;
    var acc18_2 = 0.0;
    var acc18_3 = 0.0;
    var acc18_4 = 0.0;
    var acc18_5 = 0.0;
    var acc18_6 = 0.0;
    var acc18_7 = 0.0;
    let n19 = tile_row(col, 19u);
    let w19 = p.wr0 + n19;  // its row in the part buffers
    var acc19_0 = 0.0;
    var acc19_1 = 0.0;
    var acc19_2 = 0.0;
    var acc19_3 = 0.0;
    var acc19_4 = 0.0;
    var acc19_5 = 0.0;
    var acc19_6 = 0.0;
    var acc19_7 = 0.0;
    let n20 = tile_row(col, 20u);
    let w20 = p.wr0 + n20;  // its row in the part buffers
    var acc20_0 = 0.0;
    var acc20_1 = 0.0;
    var acc20_2 = 0.0;
    var acc20_3 = 0.0;
    var acc20_4 = 0.0;
    var acc20_5 = 0.0;
    var acc20_6 = 0.0;
    var acc20_7 = 0.0;
    let n21 = tile_row(col, 21u);
    let w21 = p.wr0 + n21;  // its row in the part buffers
    var acc21_0 = 0.0;
    var acc21_1 = 0.0;
    var acc21_2 = 0.0;
    var acc21_3 = 0.0;
    var acc21_4 = 0.0;
    var acc21_5 = 0.0;
    var acc21_6 = 0.0;
    var acc21_7 = 0.0;
    let n22 = tile_row(col, 22u);
    let w22 = p.wr0 + n22;  // its row in the part buffers
    var acc22_0 = 0.0;
    var acc22_1 = 0.0;
    var acc22_2 = 0.0;
    var acc22_3 = 0.0;
    var acc22_4 = 0.0;
    var acc22_5 = 0.0;
    var acc22_6 = 0.0;
    var acc22_7 = 0.0;
    let n23 = tile_row(col, 23u);
    let w23 = p.wr0 + n23;  // its row in the part buffers
    var acc23_0 = 0.0;
    var acc23_1 = 0.0;
    var acc23_2 = 0.0;
    var acc23_3 = 0.0;
    var acc23_4 = 0.0;
    var acc23_5 = 0.0;
    var acc23_6 = 0.0;
    var acc23_7 = 0.0;
    let n24 = tile_row(col, 24u);
    let w24 = p.wr0 + n24;  // its row in the part buffers
    var acc24_0 = 0.0;
    var acc24_1 = 0.0;
    var acc24_2 = 0.0;
    var acc24_3 = 0.0;
    var acc24_4 = 0.0;
    var acc24_5 = 0.0;
    var acc24_6 = 0.0;
    var acc24_7 = 0.0;
    let n25 = tile_row(col, 25u);
    let w25 = p.wr0 + n25;  // its row in the part buffers
    var acc25_0 = 0.0;
    var acc25_1 = 0.0;
    var acc25_2 = 0.0;
    var acc25_3 = 0.0;
    var acc25_4 = 0.0;
    var acc25_5 = 0.0;
    var acc25_6 = 0.0;
    var acc25_7 = 0.0;
    let n26 = tile_row(col, 26u);
    let w26 = p.wr0 + n26;  // its row in the part buffers
    var acc26_0 = 0.0;
    var acc26_1 = 0.0;
    var acc26_2 = 0.0;
    var acc26_3 = 0.0;
    var acc26_4 = 0.0;
    var acc26_5 = 0.0;
    var acc26_6 = 0.0;
    var acc26_7 = 0.0;
    let n27 = tile_row(col, 27u);
    let w27 = p.wr0 + n27;  // its row in the part buffers
    var acc27_0 = 0.0;
    var acc27_1 = 0.0;
    var acc27_2 = 0.0;
    var acc27_3 = 0.0;
    var acc27_4 = 0.0;
    var acc27_5 = 0.0;
    var acc27_6 = 0.0;
    var acc27_7 = 0.0;
    let n28 = tile_row(col, 28u);
    let w28 = p.wr0 + n28;  // its row in the part buffers
    var acc28_0 = 0.0;
    var acc28_1 = 0.0;
    var acc28_2 = 0.0;
    var acc28_3 = 0.0;
    var acc28_4 = 0.0;
    var acc28_5 = 0.0;
    var acc28_6 = 0.0;
    var acc28_7 = 0.0;
    let n29 = tile_row(col, 29u);
    let w29 = p.wr0 + n29;  // its row in the part buffers
    var acc29_0 = 0.0;
    var acc29_1 = 0.0;
    var acc29_2 = 0.0;
    var acc29_3 = 0.0;
    var acc29_4 = 0.0;
    var acc29_5 = 0.0;
    var acc29_6 = 0.0;
    var acc29_7 = 0.0;
    let n30 = tile_row(col, 30u);
    let w30 = p.wr0 + n30;  // its row in the part buffers
    var acc30_0 = 0.0;
    var acc30_1 = 0.0;
    var acc30_2 = 0.0;
    var acc30_3 = 0.0;
    var acc30_4 = 0.0;
    var acc30_5 = 0.0;
    var acc30_6 = 0.0;
    var acc30_7 = 0.0;
    let n31 = tile_row(col, 31u);
    let w31 = p.wr0 + n31;  // its row in the part buffers
    var acc31_0 = 0.0;
    var acc31_1 = 0.0;
    var acc31_2 = 0.0;
    var acc31_3 = 0.0;
    var acc31_4 = 0.0;
    var acc31_5 = 0.0;
    var acc31_6 = 0.0;
    var acc31_7 = 0.0;
    for (var k4 = 0u; k4 < K4; k4 = k4 + 1u) {
        let a0 = x[x0 + k4];
        let a1 = x[x1 + k4];
        let a2 = x[x2 + k4];
        let a3 = x[x3 + k4];
        let a4 = x[x4 + k4];
        let a5 = x[x5 + k4];
        let a6 = x[x6 + k4];
        let a7 = x[x7 + k4];
        let wv0 = w[w0 * K4 + k4];
        acc0_0 = acc0_0 + dot(wv0, a0);
        acc0_1 = acc0_1 + dot(wv0, a1);
        acc0_2 = acc0_2 + dot(wv0, a2);
        acc0_3 = acc0_3 + dot(wv0, a3);
        acc0_4 = acc0_4 + dot(wv0, a4);
        acc0_5 = acc0_5 + dot(wv0, a5);
        acc0_6 = acc0_6 + dot(wv0, a6);
        acc0_7 = acc0_7 + dot(wv0, a7);
        let wv1 = w[w1 * K4 + k4];
        acc1_0 = acc1_0 + dot(wv1, a0);
        acc1_1 = acc1_1 + dot(wv1, a1);
        acc1_2 = acc1_2 + dot(wv1, a2);
        acc1_3 = acc1_3 + dot(wv1, a3);
        acc1_4 = acc1_4 + dot(wv1, a4);
        acc1_5 = acc1_5 + dot(wv1, a5);
        acc1_6 = acc1_6 + dot(wv1, a6);
        acc1_7 = acc1_7 + dot(wv1, a7);
        let wv2 = w[w2 * K4 + k4];
        acc2_0 = acc2_0 + dot(wv2, a0);
        acc2_1 = acc2_1 + dot(wv2, a1);
        acc2_2 = acc2_2 + dot(wv2, a2);
        acc2_3 = acc2_3 + dot(wv2, a3);
        acc2_4 = acc2_4 + dot(wv2, a4);
        acc2_5 = acc2_5 + dot(wv2, a5);
        acc2_6 = acc2_6 + dot(wv2, a6);
        acc2_7 = acc2_7 + dot(wv2, a7);
        let wv3 = w[w3 * K4 + k4];
        acc3_0 = acc3_0 + dot(wv3, a0);
        acc3_1 = acc3_1 + dot(wv3, a1);
        acc3_2 = acc3_2 + dot(wv3, a2);
        acc3_3 = acc3_3 + dot(wv3, a3);
        acc3_4 = acc3_4 + dot(wv3, a4);
        acc3_5 = acc3_5 + dot(wv3, a5);
        acc3_6 = acc3_6 + dot(wv3, a6);
        acc3_7 = acc3_7 + dot(wv3, a7);
        let wv4 = w[w4 * K4 + k4];
        acc4_0 = acc4_0 + dot(wv4, a0);
        acc4_1 = acc4_1 + dot(wv4, a1);
        acc4_2 = acc4_2 + dot(wv4, a2);
        acc4_3 = acc4_3 + dot(wv4, a3);
        acc4_4 = acc4_4 + dot(wv4, a4);
        acc4_5 = acc4_5 + dot(wv4, a5);
        acc4_6 = acc4_6 + dot(wv4, a6);
        acc4_7 = acc4_7 + dot(wv4, a7);
        let wv5 = w[w5 * K4 + k4];
        acc5_0 = acc5_0 + dot(wv5, a0);
        acc5_1 = acc5_1 + dot(wv5, a1);
        acc5_2 = acc5_2 + dot(wv5, a2);
        acc5_3 = acc5_3 + dot(wv5, a3);
        acc5_4 = acc5_4 + dot(wv5, a4);
        acc5_5 = acc5_5 + dot(wv5, a5);
        acc5_6 = acc5_6 + dot(wv5, a6);
        acc5_7 = acc5_7 + dot(wv5, a7);
        let wv6 = w[w6 * K4 + k4];
        acc6_0 = acc6_0 + dot(wv6, a0);
        acc6_1 = acc6_1 + dot(wv6, a1);
        acc6_2 = acc6_2 + dot(wv6, a2);
        acc6_3 = acc6_3 + dot(wv6, a3);
        acc6_4 = acc6_4 + dot(wv6, a4);
        acc6_5 = acc6_5 + dot(wv6, a5);
        acc6_6 = acc6_6 + dot(wv6, a6);
        acc6_7 = acc6_7 + dot(wv6, a7);
        let wv7 = w[w7 * K4 + k4];
        acc7_0 = acc7_0 + dot(wv7, a0);
        acc7_1 = acc7_1 + dot(wv7, a1);
        acc7_2 = acc7_2 + dot(wv7, a2);
        acc7_3 = acc7_3 + dot(wv7, a3);
        acc7_4 = acc7_4 + dot(wv7, a4);
        acc7_5 = acc7_5 + dot(wv7, a5);
        acc7_6 = acc7_6 + dot(wv7, a6);
        acc7_7 = acc7_7 + dot(wv7, a7);
        let wv8 = w[w8 * K4 + k4];
        acc8_0 = acc8_0 + dot(wv8, a0);
        acc8_1 = acc8_1 + dot(wv8, a1);
        acc8_2 = acc8_2 + dot(wv8, a2);
        acc8_3 = acc8_3 + dot(wv8, a3);
        acc8_4 = acc8_4 + dot(wv8, a4);
        acc8_5 = acc8_5 + dot(wv8, a5);
        acc8_6 = acc8_6 + dot(wv8, a6);
        acc8_7 = acc8_7 + dot(wv8, a7);
        let wv9 = w[w9 * K4 + k4];
        acc9_0 = acc9_0 + dot(wv9, a0);
        acc9_1 = acc9_1 + dot(wv9, a1);
        acc9_2 = acc9_2 + dot(wv9, a2);
        acc9_3 = acc9_3 + dot(wv9, a3);
        acc9_4 = acc9_4 + dot(wv9, a4);
        acc9_5 = acc9_5 + dot(wv9, a5);
        acc9_6 = acc9_6 + dot(wv9, a6);
        acc9_7 = acc9_7 + dot(wv9, a7);
        let wv10 = w[w10 * K4 + k4];
        acc10_0 = acc10_0 + dot(wv10, a0);
        acc10_1 = acc10_1 + dot(wv10, a1);
        acc10_2 = acc10_2 + dot(wv10, a2);
        acc10_3 = acc10_3 + dot(wv10, a3);
        acc10_4 = acc10_4 + dot(wv10, a4);
        acc10_5 = acc10_5 + dot(wv10, a5);
        acc10_6 = acc10_6 + dot(wv10, a6);
        acc10_7 = acc10_7 + dot(wv10, a7);
        let wv11 = w[w11 * K4 + k4];
        acc11_0 = acc11_0 + dot(wv11, a0);
        acc11_1 = acc11_1 + dot(wv11, a1);
        acc11_2 = acc11_2 + dot(wv11, a2);
        acc11_3 = acc11_3 + dot(wv11, a3);
        acc11_4 = acc11_4 + dot(wv11, a4);
        acc11_5 = acc11_5 + dot(wv11, a5);
        acc11_6 = acc11_6 + dot(wv11, a6);
        acc11_7 = acc11_7 + dot(wv11, a7);
        let wv12 = w[w12 * K4 + k4];
        acc12_0 = acc12_0 + dot(wv12, a0);
        acc12_1 = acc12_1 + dot(wv12, a1);
        acc12_2 = acc12_2 + dot(wv12, a2);
        acc12_3 = acc12_3 + dot(wv12, a3);
        acc12_4 = acc12_4 + dot(wv12, a4);
        acc12_5 = acc12_5 + dot(wv12, a5);
        acc12_6 = acc12_6 + dot(wv12, a6);
        acc12_7 = acc12_7 + dot(wv12, a7);
        let wv13 = w[w13 * K4 + k4];
        acc13_0 = acc13_0 + dot(wv13, a0);
        acc13_1 = acc13_1 + dot(wv13, a1);
        acc13_2 = acc13_2 + dot(wv13, a2);
        acc13_3 = acc13_3 + dot(wv13, a3);
        acc13_4 = acc13_4 + dot(wv13, a4);
        acc13_5 = acc13_5 + dot(wv13, a5);
        acc13_6 = acc13_6 + dot(wv13, a6);
        acc13_7 = acc13_7 + dot(wv13, a7);
        let wv14 = w[w14 * K4 + k4];
        acc14_0 = acc14_0 + dot(wv14, a0);
        acc14_1 = acc14_1 + dot(wv14, a1);
        acc14_2 = acc14_2 + dot(wv14, a2);
        acc14_3 = acc14_3 + dot(wv14, a3);
        acc14_4 = acc14_4 + dot(wv14, a4);
        acc14_5 = acc14_5 + dot(wv14, a5);
        acc14_6 = acc14_6 + dot(wv14, a6);
        acc14_7 = acc14_7 + dot(wv14, a7);
        let wv15 = w[w15 * K4 + k4];
        acc15_0 = acc15_0 + dot(wv15, a0);
        acc15_1 = acc15_1 + dot(wv15, a1);
        acc15_2 = acc15_2 + dot(wv15, a2);
        acc15_3 = acc15_3 + dot(wv15, a3);
        acc15_4 = acc15_4 + dot(wv15, a4);
        acc15_5 = acc15_5 + dot(wv15, a5);
        acc15_6 = acc15_6 + dot(wv15, a6);
        acc15_7 = acc15_7 + dot(wv15, a7);
        let wv16 = w[w16 * K4 + k4];
        acc16_0 = acc16_0 + dot(wv16, a0);
        acc16_1 = acc16_1 + dot(wv16, a1);
        acc16_2 = acc16_2 + dot(wv16, a2);
        acc16_3 = acc16_3 + dot(wv16, a3);
        acc16_4 = acc16_4 + dot(wv16, a4);
        acc16_5 = acc16_5 + dot(wv16, a5);
        acc16_6 = acc16_6 + dot(wv16, a6);
        acc16_7 = acc16_7 + dot(wv16, a7);
        let wv17 = w[w17 * K4 + k4];
        acc17_0 = acc17_0 + dot(wv17, a0);
        acc17_1 = acc17_1 + dot(wv17, a1);
        acc17_2 = acc17_2 + dot(wv17, a2);
        acc17_3 = acc17_3 + dot(wv17, a3);
        acc17_4 = acc17_4 + dot(wv17, a4);
        acc17_5 = acc17_5 + dot(wv17, a5);
        acc17_6 = acc17_6 + dot(wv17, a6);
        acc17_7 = acc17_7 + dot(wv17, a7);
        let wv18 = w[w18 * K4 + k4];
        acc18_0 = acc18_0 + dot(wv18, a0);
        acc18_1 = acc18_1 + dot(wv18, a1);
        acc18_2 = acc18_2 + dot(wv18, a2);
        acc18_3 = acc18_3 + dot(wv18, a3);
        acc18_4 = acc18_4 + dot(wv18, a4);
        acc18_5 = acc18_5 + dot(wv18, a5);
        acc18_6 = acc18_6 + dot(wv18, a6);
        acc18_7 = acc18_7 + dot(wv18, a7);
        let wv19 = w[w19 * K4 + k4];
        acc19_0 = acc19_0 + dot(wv19, a0);
        acc19_1 = acc19_1 + dot(wv19, a1);
        acc19_2 = acc19_2 + dot(wv19, a2);
        acc19_3 = acc19_3 + dot(wv19, a3);
        acc19_4 = acc19_4 + dot(wv19, a4);
        acc19_5 = acc19_5 + dot(wv19, a5);
        acc19_6 = acc19_6 + dot(wv19, a6);
        acc19_7 = acc19_7 + dot(wv19, a7);
        let wv20 = w[w20 * K4 + k4];
        acc20_0 = acc20_0 + dot(wv20, a0);
        acc20_1 = acc20_1 + dot(wv20, a1);
        acc20_2 = acc20_2 + dot(wv20, a2);
        acc20_3 = acc20_3 + dot(wv20, a3);
        acc20_4 = acc20_4 + dot(wv20, a4);
        acc20_5 = acc20_5 + dot(wv20, a5);
        acc20_6 = acc20_6 + dot(wv20, a6);
        acc20_7 = acc20_7 + dot(wv20, a7);
        let wv21 = w[w21 * K4 + k4];
        acc21_0 = acc21_0 + dot(wv21, a0);
        acc21_1 = acc21_1 + dot(wv21, a1);
        acc21_2 = acc21_2 + dot(wv21, a2);
        acc21_3 = acc21_3 + dot(wv21, a3);
        acc21_4 = acc21_4 + dot(wv21, a4);
        acc21_5 = acc21_5 + dot(wv21, a5);
        acc21_6 = acc21_6 + dot(wv21, a6);
        acc21_7 = acc21_7 + dot(wv21, a7);
        let wv22 = w[w22 * K4 + k4];
        acc22_0 = acc22_0 + dot(wv22, a0);
        acc22_1 = acc22_1 + dot(wv22, a1);
        acc22_2 = acc22_2 + dot(wv22, a2);
        acc22_3 = acc22_3 + dot(wv22, a3);
        acc22_4 = acc22_4 + dot(wv22, a4);
        acc22_5 = acc22_5 + dot(wv22, a5);
        acc22_6 = acc22_6 + dot(wv22, a6);
        acc22_7 = acc22_7 + dot(wv22, a7);
        let wv23 = w[w23 * K4 + k4];
        acc23_0 = acc23_0 + dot(wv23, a0);
        acc23_1 = acc23_1 + dot(wv23, a1);
        acc23_2 = acc23_2 + dot(wv23, a2);
        acc23_3 = acc23_3 + dot(wv23, a3);
        acc23_4 = acc23_4 + dot(wv23, a4);
        acc23_5 = acc23_5 + dot(wv23, a5);
        acc23_6 = acc23_6 + dot(wv23, a6);
        acc23_7 = acc23_7 + dot(wv23, a7);
        let wv24 = w[w24 * K4 + k4];
        acc24_0 = acc24_0 + dot(wv24, a0);
        acc24_1 = acc24_1 + dot(wv24, a1);
        acc24_2 = acc24_2 + dot(wv24, a2);
        acc24_3 = acc24_3 + dot(wv24, a3);
        acc24_4 = acc24_4 + dot(wv24, a4);
        acc24_5 = acc24_5 + dot(wv24, a5);
        acc24_6 = acc24_6 + dot(wv24, a6);
        acc24_7 = acc24_7 + dot(wv24, a7);
        let wv25 = w[w25 * K4 + k4];
        acc25_0 = acc25_0 + dot(wv25, a0);
        acc25_1 = acc25_1 + dot(wv25, a1);
        acc25_2 = acc25_2 + dot(wv25, a2);
        acc25_3 = acc25_3 + dot(wv25, a3);
        acc25_4 = acc25_4 + dot(wv25, a4);
        acc25_5 = acc25_5 + dot(wv25, a5);
        acc25_6 = acc25_6 + dot(wv25, a6);
        acc25_7 = acc25_7 + dot(wv25, a7);
        let wv26 = w[w26 * K4 + k4];
        acc26_0 = acc26_0 + dot(wv26, a0);
        acc26_1 = acc26_1 + dot(wv26, a1);
        acc26_2 = acc26_2 + dot(wv26, a2);
        acc26_3 = acc26_3 + dot(wv26, a3);
        acc26_4 = acc26_4 + dot(wv26, a4);
        acc26_5 = acc26_5 + dot(wv26, a5);
        acc26_6 = acc26_6 + dot(wv26, a6);
        acc26_7 = acc26_7 + dot(wv26, a7);
        let wv27 = w[w27 * K4 + k4];
        acc27_0 = acc27_0 + dot(wv27, a0);
        acc27_1 = acc27_1 + dot(wv27, a1);
        acc27_2 = acc27_2 + dot(wv27, a2);
        acc27_3 = acc27_3 + dot(wv27, a3);
        acc27_4 = acc27_4 + dot(wv27, a4);
        acc27_5 = acc27_5 + dot(wv27, a5);
        acc27_6 = acc27_6 + dot(wv27, a6);
        acc27_7 = acc27_7 + dot(wv27, a7);
        let wv28 = w[w28 * K4 + k4];
        acc28_0 = acc28_0 + dot(wv28, a0);
        acc28_1 = acc28_1 + dot(wv28, a1);
        acc28_2 = acc28_2 + dot(wv28, a2);
        acc28_3 = acc28_3 + dot(wv28, a3);
        acc28_4 = acc28_4 + dot(wv28, a4);
        acc28_5 = acc28_5 + dot(wv28, a5);
        acc28_6 = acc28_6 + dot(wv28, a6);
        acc28_7 = acc28_7 + dot(wv28, a7);
        let wv29 = w[w29 * K4 + k4];
        acc29_0 = acc29_0 + dot(wv29, a0);
        acc29_1 = acc29_1 + dot(wv29, a1);
        acc29_2 = acc29_2 + dot(wv29, a2);
        acc29_3 = acc29_3 + dot(wv29, a3);
        acc29_4 = acc29_4 + dot(wv29, a4);
        acc29_5 = acc29_5 + dot(wv29, a5);
        acc29_6 = acc29_6 + dot(wv29, a6);
        acc29_7 = acc29_7 + dot(wv29, a7);
        let wv30 = w[w30 * K4 + k4];
        acc30_0 = acc30_0 + dot(wv30, a0);
        acc30_1 = acc30_1 + dot(wv30, a1);
        acc30_2 = acc30_2 + dot(wv30, a2);
        acc30_3 = acc30_3 + dot(wv30, a3);
        acc30_4 = acc30_4 + dot(wv30, a4);
        acc30_5 = acc30_5 + dot(wv30, a5);
        acc30_6 = acc30_6 + dot(wv30, a6);
        acc30_7 = acc30_7 + dot(wv30, a7);
        let wv31 = w[w31 * K4 + k4];
        acc31_0 = acc31_0 + dot(wv31, a0);
        acc31_1 = acc31_1 + dot(wv31, a1);
        acc31_2 = acc31_2 + dot(wv31, a2);
        acc31_3 = acc31_3 + dot(wv31, a3);
        acc31_4 = acc31_4 + dot(wv31, a4);
        acc31_5 = acc31_5 + dot(wv31, a5);
        acc31_6 = acc31_6 + dot(wv31, a6);
        acc31_7 = acc31_7 + dot(wv31, a7);
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
    }
    if (nb + 16u < p.N) {
        let b16 = bias_at(n16);
        if (m0 + 0u < M) {
            store(m0 + 0u, n16, acc16_0 + b16);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n16, acc16_1 + b16);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n16, acc16_2 + b16);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n16, acc16_3 + b16);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n16, acc16_4 + b16);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n16, acc16_5 + b16);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n16, acc16_6 + b16);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n16, acc16_7 + b16);
        }
    }
    if (nb + 17u < p.N) {
        let b17 = bias_at(n17);
        if (m0 + 0u < M) {
            store(m0 + 0u, n17, acc17_0 + b17);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n17, acc17_1 + b17);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n17, acc17_2 + b17);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n17, acc17_3 + b17);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n17, acc17_4 + b17);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n17, acc17_5 + b17);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n17, acc17_6 + b17);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n17, acc17_7 + b17);
        }
    }
    if (nb + 18u < p.N) {
        let b18 = bias_at(n18);
        if (m0 + 0u < M) {
            store(m0 + 0u, n18, acc18_0 + b18);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n18, acc18_1 + b18);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n18, acc18_2 + b18);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n18, acc18_3 + b18);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n18, acc18_4 + b18);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n18, acc18_5 + b18);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n18, acc18_6 + b18);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n18, acc18_7 + b18);
        }
    }
    if (nb + 19u < p.N) {
        let b19 = bias_at(n19);
        if (m0 + 0u < M) {
            store(m0 + 0u, n19, acc19_0 + b19);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n19, acc19_1 + b19);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n19, acc19_2 + b19);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n19, acc19_3 + b19);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n19, acc19_4 + b19);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n19, acc19_5 + b19);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n19, acc19_6 + b19);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n19, acc19_7 + b19);
        }
    }
    if (nb + 20u < p.N) {
        let b20 = bias_at(n20);
        if (m0 + 0u < M) {
            store(m0 + 0u, n20, acc20_0 + b20);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n20, acc20_1 + b20);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n20, acc20_2 + b20);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n20, acc20_3 + b20);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n20, acc20_4 + b20);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n20, acc20_5 + b20);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n20, acc20_6 + b20);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n20, acc20_7 + b20);
        }
    }
    if (nb + 21u < p.N) {
        let b21 = bias_at(n21);
        if (m0 + 0u < M) {
            store(m0 + 0u, n21, acc21_0 + b21);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n21, acc21_1 + b21);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n21, acc21_2 + b21);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n21, acc21_3 + b21);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n21, acc21_4 + b21);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n21, acc21_5 + b21);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n21, acc21_6 + b21);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n21, acc21_7 + b21);
        }
    }
    if (nb + 22u < p.N) {
        let b22 = bias_at(n22);
        if (m0 + 0u < M) {
            store(m0 + 0u, n22, acc22_0 + b22);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n22, acc22_1 + b22);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n22, acc22_2 + b22);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n22, acc22_3 + b22);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n22, acc22_4 + b22);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n22, acc22_5 + b22);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n22, acc22_6 + b22);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n22, acc22_7 + b22);
        }
    }
    if (nb + 23u < p.N) {
        let b23 = bias_at(n23);
        if (m0 + 0u < M) {
            store(m0 + 0u, n23, acc23_0 + b23);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n23, acc23_1 + b23);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n23, acc23_2 + b23);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n23, acc23_3 + b23);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n23, acc23_4 + b23);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n23, acc23_5 + b23);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n23, acc23_6 + b23);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n23, acc23_7 + b23);
        }
    }
    if (nb + 24u < p.N) {
        let b24 = bias_at(n24);
        if (m0 + 0u < M) {
            store(m0 + 0u, n24, acc24_0 + b24);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n24, acc24_1 + b24);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n24, acc24_2 + b24);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n24, acc24_3 + b24);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n24, acc24_4 + b24);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n24, acc24_5 + b24);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n24, acc24_6 + b24);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n24, acc24_7 + b24);
        }
    }
    if (nb + 25u < p.N) {
        let b25 = bias_at(n25);
        if (m0 + 0u < M) {
            store(m0 + 0u, n25, acc25_0 + b25);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n25, acc25_1 + b25);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n25, acc25_2 + b25);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n25, acc25_3 + b25);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n25, acc25_4 + b25);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n25, acc25_5 + b25);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n25, acc25_6 + b25);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n25, acc25_7 + b25);
        }
    }
    if (nb + 26u < p.N) {
        let b26 = bias_at(n26);
        if (m0 + 0u < M) {
            store(m0 + 0u, n26, acc26_0 + b26);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n26, acc26_1 + b26);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n26, acc26_2 + b26);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n26, acc26_3 + b26);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n26, acc26_4 + b26);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n26, acc26_5 + b26);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n26, acc26_6 + b26);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n26, acc26_7 + b26);
        }
    }
    if (nb + 27u < p.N) {
        let b27 = bias_at(n27);
        if (m0 + 0u < M) {
            store(m0 + 0u, n27, acc27_0 + b27);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n27, acc27_1 + b27);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n27, acc27_2 + b27);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n27, acc27_3 + b27);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n27, acc27_4 + b27);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n27, acc27_5 + b27);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n27, acc27_6 + b27);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n27, acc27_7 + b27);
        }
    }
    if (nb + 28u < p.N) {
        let b28 = bias_at(n28);
        if (m0 + 0u < M) {
            store(m0 + 0u, n28, acc28_0 + b28);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n28, acc28_1 + b28);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n28, acc28_2 + b28);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n28, acc28_3 + b28);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n28, acc28_4 + b28);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n28, acc28_5 + b28);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n28, acc28_6 + b28);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n28, acc28_7 + b28);
        }
    }
    if (nb + 29u < p.N) {
        let b29 = bias_at(n29);
        if (m0 + 0u < M) {
            store(m0 + 0u, n29, acc29_0 + b29);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n29, acc29_1 + b29);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n29, acc29_2 + b29);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n29, acc29_3 + b29);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n29, acc29_4 + b29);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n29, acc29_5 + b29);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n29, acc29_6 + b29);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n29, acc29_7 + b29);
        }
    }
    if (nb + 30u < p.N) {
        let b30 = bias_at(n30);
        if (m0 + 0u < M) {
            store(m0 + 0u, n30, acc30_0 + b30);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n30, acc30_1 + b30);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n30, acc30_2 + b30);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n30, acc30_3 + b30);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n30, acc30_4 + b30);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n30, acc30_5 + b30);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n30, acc30_6 + b30);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n30, acc30_7 + b30);
        }
    }
    if (nb + 31u < p.N) {
        let b31 = bias_at(n31);
        if (m0 + 0u < M) {
            store(m0 + 0u, n31, acc31_0 + b31);
        }
        if (m0 + 1u < M) {
            store(m0 + 1u, n31, acc31_1 + b31);
        }
        if (m0 + 2u < M) {
            store(m0 + 2u, n31, acc31_2 + b31);
        }
        if (m0 + 3u < M) {
            store(m0 + 3u, n31, acc31_3 + b31);
        }
        if (m0 + 4u < M) {
            store(m0 + 4u, n31, acc31_4 + b31);
        }
        if (m0 + 5u < M) {
            store(m0 + 5u, n31, acc31_5 + b31);
        }
        if (m0 + 6u < M) {
            store(m0 + 6u, n31, acc31_6 + b31);
        }
        if (m0 + 7u < M) {
            store(m0 + 7u, n31, acc31_7 + b31);
        }
    }
}
