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
@group(0) @binding(3) var<storage, read> w: array<u32>;  // q4: [rows, K/8] nibbles; q8: [rows, K/4] bytes
@group(0) @binding(4) var<storage, read> scale: array<u32>;  // [K/GS, ldw] fp16 pairs
@group(0) @binding(5) var<storage, read> bias: array<f32>;  // [rows] (dummy when has_bias == 0)
@group(0) @binding(6) var<storage, read_write> y: array<f32>;  // plain: [M, ldy]; gate_up: [M, N]

const BYTES = vec4<u32>(0xFFu, 0xFF00u, 0xFF0000u, 0xFF000000u);
const BYTE_SCALE = vec4<f32>(1.0, 0.00390625, 1.52587890625e-05, 5.9604644775390625e-08);           // 2^-0, -8, -16, -24
const EVEN_NIBBLES = vec4<u32>(0xFu, 0xF00u, 0xF0000u, 0xF000000u);
const ODD_NIBBLES = vec4<u32>(0xF0u, 0xF000u, 0xF00000u, 0xF0000000u);
const EVEN_SCALE = vec4<f32>(1.0, 0.00390625, 1.52587890625e-05, 5.9604644775390625e-08);            // 2^-0, -8, -16, -24
const ODD_SCALE = vec4<f32>(0.0625, 0.000244140625, 9.5367431640625e-07, 3.725290298461914e-09);   // 2^-4, -12, -20, -28

fn half_at(buf_index: u32, packed: u32) -> f32 {
    return unpack2x16float(packed)[buf_index & 1u];
}

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
    let words_per_group = p.GS / 8u;
    let words_per_row = p.K / 8u;
    let n_groups = p.K / p.GS;
    for (var g = 0u; g < n_groups; g = g + 1u) {
        var xs0 = 0.0;
        var qx0_0 = 0.0;
        var qx1_0 = 0.0;
        var qx2_0 = 0.0;
        var qx3_0 = 0.0;
        var qx4_0 = 0.0;
        var qx5_0 = 0.0;
        var qx6_0 = 0.0;
        var qx7_0 = 0.0;
        var qx8_0 = 0.0;
        var qx9_0 = 0.0;
        var qx10_0 = 0.0;
        var qx11_0 = 0.0;
        var qx12_0 = 0.0;
        var qx13_0 = 0.0;
        var qx14_0 = 0.0;
        var qx15_0 = 0.0;
        var xs1 = 0.0;
        var qx0_1 = 0.0;
        var qx1_1 = 0.0;
        var qx2_1 = 0.0;
        var qx3_1 = 0.0;
        var qx4_1 = 0.0;
        var qx5_1 = 0.0;
        var qx6_1 = 0.0;
        var qx7_1 = 0.0;
        var qx8_1 = 0.0;
        var qx9_1 = 0.0;
        var qx10_1 = 0.0;
        var qx11_1 = 0.0;
        var qx12_1 = 0.0;
        var qx13_1 = 0.0;
        var qx14_1 = 0.0;
        var qx15_1 = 0.0;
        var xs2 = 0.0;
        var qx0_2 = 0.0;
        var qx1_2 = 0.0;
        var qx2_2 = 0.0;
        var qx3_2 = 0.0;
        var qx4_2 = 0.0;
        var qx5_2 = 0.0;
        var qx6_2 = 0.0;
        var qx7_2 = 0.0;
        var qx8_2 = 0.0;
        var qx9_2 = 0.0;
        var qx10_2 = 0.0;
        var qx11_2 = 0.0;
        var qx12_2 = 0.0;
        var qx13_2 = 0.0;
        var qx14_2 = 0.0;
        var qx15_2 = 0.0;
        var xs3 = 0.0;
        var qx0_3 = 0.0;
        var qx1_3 = 0.0;
        var qx2_3 = 0.0;
        var qx3_3 = 0.0;
        var qx4_3 = 0.0;
        var qx5_3 = 0.0;
        var qx6_3 = 0.0;
        var qx7_3 = 0.0;
        var qx8_3 = 0.0;
        var qx9_3 = 0.0;
        var qx10_3 = 0.0;
        var qx11_3 = 0.0;
        var qx12_3 = 0.0;
        var qx13_3 = 0.0;
        var qx14_3 = 0.0;
        var qx15_3 = 0.0;
        var xs4 = 0.0;
        var qx0_4 = 0.0;
        var qx1_4 = 0.0;
        var qx2_4 = 0.0;
        var qx3_4 = 0.0;
        var qx4_4 = 0.0;
        var qx5_4 = 0.0;
        var qx6_4 = 0.0;
        var qx7_4 = 0.0;
        var qx8_4 = 0.0;
        var qx9_4 = 0.0;
        var qx10_4 = 0.0;
        var qx11_4 = 0.0;
        var qx12_4 = 0.0;
        var qx13_4 = 0.0;
        var qx14_4 = 0.0;
        var qx15_4 = 0.0;
        var xs5 = 0.0;
        var qx0_5 = 0.0;
        var qx1_5 = 0.0;
        var qx2_5 = 0.0;
        var qx3_5 = 0.0;
        var qx4_5 = 0.0;
        var qx5_5 = 0.0;
        var qx6_5 = 0.0;
        var qx7_5 = 0.0;
        var qx8_5 = 0.0;
        var qx9_5 = 0.0;
        var qx10_5 = 0.0;
        var qx11_5 = 0.0;
        var qx12_5 = 0.0;
        var qx13_5 = 0.0;
        var qx14_5 = 0.0;
        var qx15_5 = 0.0;
        var xs6 = 0.0;
        var qx0_6 = 0.0;
        var qx1_6 = 0.0;
        var qx2_6 = 0.0;
        var qx3_6 = 0.0;
        var qx4_6 = 0.0;
        var qx5_6 = 0.0;
        var qx6_6 = 0.0;
        var qx7_6 = 0.0;
        var qx8_6 = 0.0;
        var qx9_6 = 0.0;
        var qx10_6 = 0.0;
        var qx11_6 = 0.0;
        var qx12_6 = 0.0;
        var qx13_6 = 0.0;
        var qx14_6 = 0.0;
        var qx15_6 = 0.0;
        var xs7 = 0.0;
        var qx0_7 = 0.0;
        var qx1_7 = 0.0;
        var qx2_7 = 0.0;
        var qx3_7 = 0.0;
        var qx4_7 = 0.0;
        var qx5_7 = 0.0;
        var qx6_7 = 0.0;
        var qx7_7 = 0.0;
        var qx8_7 = 0.0;
        var qx9_7 = 0.0;
        var qx10_7 = 0.0;
        var qx11_7 = 0.0;
        var qx12_7 = 0.0;
        var qx13_7 = 0.0;
        var qx14_7 = 0.0;
        var qx15_7 = 0.0;
        var xs8 = 0.0;
        var qx0_8 = 0.0;
        var qx1_8 = 0.0;
        var qx2_8 = 0.0;
        var qx3_8 = 0.0;
        var qx4_8 = 0.0;
        var qx5_8 = 0.0;
        var qx6_8 = 0.0;
        var qx7_8 = 0.0;
        var qx8_8 = 0.0;
        var qx9_8 = 0.0;
        var qx10_8 = 0.0;
        var qx11_8 = 0.0;
        var qx12_8 = 0.0;
        var qx13_8 = 0.0;
        var qx14_8 = 0.0;
        var qx15_8 = 0.0;
        var xs9 = 0.0;
        var qx0_9 = 0.0;
        var qx1_9 = 0.0;
        var qx2_9 = 0.0;
        var qx3_9 = 0.0;
        var qx4_9 = 0.0;
        var qx5_9 = 0.0;
        var qx6_9 = 0.0;
        var qx7_9 = 0.0;
        var qx8_9 = 0.0;
        var qx9_9 = 0.0;
        var qx10_9 = 0.0;
        var qx11_9 = 0.0;
        var qx12_9 = 0.0;
        var qx13_9 = 0.0;
        var qx14_9 = 0.0;
        var qx15_9 = 0.0;
        var xs10 = 0.0;
        var qx0_10 = 0.0;
        var qx1_10 = 0.0;
        var qx2_10 = 0.0;
        var qx3_10 = 0.0;
        var qx4_10 = 0.0;
        var qx5_10 = 0.0;
        var qx6_10 = 0.0;
        var qx7_10 = 0.0;
        var qx8_10 = 0.0;
        var qx9_10 = 0.0;
        var qx10_10 = 0.0;
        var qx11_10 = 0.0;
        var qx12_10 = 0.0;
        var qx13_10 = 0.0;
        var qx14_10 = 0.0;
        var qx15_10 = 0.0;
        var xs11 = 0.0;
        var qx0_11 = 0.0;
        var qx1_11 = 0.0;
        var qx2_11 = 0.0;
        var qx3_11 = 0.0;
        var qx4_11 = 0.0;
        var qx5_11 = 0.0;
        var qx6_11 = 0.0;
        var qx7_11 = 0.0;
        var qx8_11 = 0.0;
        var qx9_11 = 0.0;
        var qx10_11 = 0.0;
        var qx11_11 = 0.0;
        var qx12_11 = 0.0;
        var qx13_11 = 0.0;
        var qx14_11 = 0.0;
        var qx15_11 = 0.0;
        var xs12 = 0.0;
        var qx0_12 = 0.0;
        var qx1_12 = 0.0;
        var qx2_12 = 0.0;
        var qx3_12 = 0.0;
        var qx4_12 = 0.0;
        var qx5_12 = 0.0;
        var qx6_12 = 0.0;
        var qx7_12 = 0.0;
        var qx8_12 = 0.0;
        var qx9_12 = 0.0;
        var qx10_12 = 0.0;
        var qx11_12 = 0.0;
        var qx12_12 = 0.0;
        var qx13_12 = 0.0;
        var qx14_12 = 0.0;
        var qx15_12 = 0.0;
        var xs13 = 0.0;
        var qx0_13 = 0.0;
        var qx1_13 = 0.0;
        var qx2_13 = 0.0;
        var qx3_13 = 0.0;
        var qx4_13 = 0.0;
        var qx5_13 = 0.0;
        var qx6_13 = 0.0;
        var qx7_13 = 0.0;
        var qx8_13 = 0.0;
        var qx9_13 = 0.0;
        var qx10_13 = 0.0;
        var qx11_13 = 0.0;
        var qx12_13 = 0.0;
        var qx13_13 = 0.0;
        var qx14_13 = 0.0;
        var qx15_13 = 0.0;
        var xs14 = 0.0;
        var qx0_14 = 0.0;
        var qx1_14 = 0.0;
        var qx2_14 = 0.0;
        var qx3_14 = 0.0;
        var qx4_14 = 0.0;
        var qx5_14 = 0.0;
        var qx6_14 = 0.0;
        var qx7_14 = 0.0;
        var qx8_14 = 0.0;
        var qx9_14 = 0.0;
        var qx10_14 = 0.0;
        var qx11_14 = 0.0;
        var qx12_14 = 0.0;
        var qx13_14 = 0.0;
        var qx14_14 = 0.0;
        var qx15_14 = 0.0;
        var xs15 = 0.0;
        var qx0_15 = 0.0;
        var qx1_15 = 0.0;
        var qx2_15 = 0.0;
        var qx3_15 = 0.0;
        var qx4_15 = 0.0;
        var qx5_15 = 0.0;
        var qx6_15 = 0.0;
        var qx7_15 = 0.0;
        var qx8_15 = 0.0;
        var qx9_15 = 0.0;
        var qx10_15 = 0.0;
        var qx11_15 = 0.0;
        var qx12_15 = 0.0;
        var qx13_15 = 0.0;
        var qx14_15 = 0.0;
        var qx15_15 = 0.0;
        for (var i = 0u; i < words_per_group; i = i + 1u) {
            let word = g * words_per_group + i;
            // x at the word's even positions (0,2,4,6) and odd positions (1,3,5,7)
            let a0 = x[x0 + word * 2u];
            let b0 = x[x0 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev0 = vec4<f32>(a0.x, a0.z, b0.x, b0.z) * EVEN_SCALE;
            let od0 = vec4<f32>(a0.y, a0.w, b0.y, b0.w) * ODD_SCALE;
            xs0 = xs0 + dot(a0 + b0, vec4<f32>(1.0));
            let a1 = x[x1 + word * 2u];
            let b1 = x[x1 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev1 = vec4<f32>(a1.x, a1.z, b1.x, b1.z) * EVEN_SCALE;
            let od1 = vec4<f32>(a1.y, a1.w, b1.y, b1.w) * ODD_SCALE;
            xs1 = xs1 + dot(a1 + b1, vec4<f32>(1.0));
            let a2 = x[x2 + word * 2u];
            let b2 = x[x2 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev2 = vec4<f32>(a2.x, a2.z, b2.x, b2.z) * EVEN_SCALE;
            let od2 = vec4<f32>(a2.y, a2.w, b2.y, b2.w) * ODD_SCALE;
            xs2 = xs2 + dot(a2 + b2, vec4<f32>(1.0));
            let a3 = x[x3 + word * 2u];
            let b3 = x[x3 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev3 = vec4<f32>(a3.x, a3.z, b3.x, b3.z) * EVEN_SCALE;
            let od3 = vec4<f32>(a3.y, a3.w, b3.y, b3.w) * ODD_SCALE;
            xs3 = xs3 + dot(a3 + b3, vec4<f32>(1.0));
            let a4 = x[x4 + word * 2u];
            let b4 = x[x4 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev4 = vec4<f32>(a4.x, a4.z, b4.x, b4.z) * EVEN_SCALE;
            let od4 = vec4<f32>(a4.y, a4.w, b4.y, b4.w) * ODD_SCALE;
            xs4 = xs4 + dot(a4 + b4, vec4<f32>(1.0));
            let a5 = x[x5 + word * 2u];
            let b5 = x[x5 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev5 = vec4<f32>(a5.x, a5.z, b5.x, b5.z) * EVEN_SCALE;
            let od5 = vec4<f32>(a5.y, a5.w, b5.y, b5.w) * ODD_SCALE;
            xs5 = xs5 + dot(a5 + b5, vec4<f32>(1.0));
            let a6 = x[x6 + word * 2u];
            let b6 = x[x6 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev6 = vec4<f32>(a6.x, a6.z, b6.x, b6.z) * EVEN_SCALE;
            let od6 = vec4<f32>(a6.y, a6.w, b6.y, b6.w) * ODD_SCALE;
            xs6 = xs6 + dot(a6 + b6, vec4<f32>(1.0));
            let a7 = x[x7 + word * 2u];
            let b7 = x[x7 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev7 = vec4<f32>(a7.x, a7.z, b7.x, b7.z) * EVEN_SCALE;
            let od7 = vec4<f32>(a7.y, a7.w, b7.y, b7.w) * ODD_SCALE;
            xs7 = xs7 + dot(a7 + b7, vec4<f32>(1.0));
            let a8 = x[x8 + word * 2u];
            let b8 = x[x8 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev8 = vec4<f32>(a8.x, a8.z, b8.x, b8.z) * EVEN_SCALE;
            let od8 = vec4<f32>(a8.y, a8.w, b8.y, b8.w) * ODD_SCALE;
            xs8 = xs8 + dot(a8 + b8, vec4<f32>(1.0));
            let a9 = x[x9 + word * 2u];
            let b9 = x[x9 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev9 = vec4<f32>(a9.x, a9.z, b9.x, b9.z) * EVEN_SCALE;
            let od9 = vec4<f32>(a9.y, a9.w, b9.y, b9.w) * ODD_SCALE;
            xs9 = xs9 + dot(a9 + b9, vec4<f32>(1.0));
            let a10 = x[x10 + word * 2u];
            let b10 = x[x10 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev10 = vec4<f32>(a10.x, a10.z, b10.x, b10.z) * EVEN_SCALE;
            let od10 = vec4<f32>(a10.y, a10.w, b10.y, b10.w) * ODD_SCALE;
            xs10 = xs10 + dot(a10 + b10, vec4<f32>(1.0));
            let a11 = x[x11 + word * 2u];
            let b11 = x[x11 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev11 = vec4<f32>(a11.x, a11.z, b11.x, b11.z) * EVEN_SCALE;
            let od11 = vec4<f32>(a11.y, a11.w, b11.y, b11.w) * ODD_SCALE;
            xs11 = xs11 + dot(a11 + b11, vec4<f32>(1.0));
            let a12 = x[x12 + word * 2u];
            let b12 = x[x12 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev12 = vec4<f32>(a12.x, a12.z, b12.x, b12.z) * EVEN_SCALE;
            let od12 = vec4<f32>(a12.y, a12.w, b12.y, b12.w) * ODD_SCALE;
            xs12 = xs12 + dot(a12 + b12, vec4<f32>(1.0));
            let a13 = x[x13 + word * 2u];
            let b13 = x[x13 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev13 = vec4<f32>(a13.x, a13.z, b13.x, b13.z) * EVEN_SCALE;
            let od13 = vec4<f32>(a13.y, a13.w, b13.y, b13.w) * ODD_SCALE;
            xs13 = xs13 + dot(a13 + b13, vec4<f32>(1.0));
            let a14 = x[x14 + word * 2u];
            let b14 = x[x14 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev14 = vec4<f32>(a14.x, a14.z, b14.x, b14.z) * EVEN_SCALE;
            let od14 = vec4<f32>(a14.y, a14.w, b14.y, b14.w) * ODD_SCALE;
            xs14 = xs14 + dot(a14 + b14, vec4<f32>(1.0));
            let a15 = x[x15 + word * 2u];
            let b15 = x[x15 + word * 2u + 1u];
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev15 = vec4<f32>(a15.x, a15.z, b15.x, b15.z) * EVEN_SCALE;
            let od15 = vec4<f32>(a15.y, a15.w, b15.y, b15.w) * ODD_SCALE;
            xs15 = xs15 + dot(a15 + b15, vec4<f32>(1.0));
            let q0 = vec4<u32>(w[w0 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo0 = vec4<f32>(q0 & EVEN_NIBBLES);
            let hi0 = vec4<f32>(q0 & ODD_NIBBLES);
            qx0_0 = qx0_0 + dot(lo0, ev0) + dot(hi0, od0);
            qx0_1 = qx0_1 + dot(lo0, ev1) + dot(hi0, od1);
            qx0_2 = qx0_2 + dot(lo0, ev2) + dot(hi0, od2);
            qx0_3 = qx0_3 + dot(lo0, ev3) + dot(hi0, od3);
            qx0_4 = qx0_4 + dot(lo0, ev4) + dot(hi0, od4);
            qx0_5 = qx0_5 + dot(lo0, ev5) + dot(hi0, od5);
            qx0_6 = qx0_6 + dot(lo0, ev6) + dot(hi0, od6);
            qx0_7 = qx0_7 + dot(lo0, ev7) + dot(hi0, od7);
            qx0_8 = qx0_8 + dot(lo0, ev8) + dot(hi0, od8);
            qx0_9 = qx0_9 + dot(lo0, ev9) + dot(hi0, od9);
            qx0_10 = qx0_10 + dot(lo0, ev10) + dot(hi0, od10);
            qx0_11 = qx0_11 + dot(lo0, ev11) + dot(hi0, od11);
            qx0_12 = qx0_12 + dot(lo0, ev12) + dot(hi0, od12);
            qx0_13 = qx0_13 + dot(lo0, ev13) + dot(hi0, od13);
            qx0_14 = qx0_14 + dot(lo0, ev14) + dot(hi0, od14);
            qx0_15 = qx0_15 + dot(lo0, ev15) + dot(hi0, od15);
            let q1 = vec4<u32>(w[w1 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo1 = vec4<f32>(q1 & EVEN_NIBBLES);
            let hi1 = vec4<f32>(q1 & ODD_NIBBLES);
            qx1_0 = qx1_0 + dot(lo1, ev0) + dot(hi1, od0);
            qx1_1 = qx1_1 + dot(lo1, ev1) + dot(hi1, od1);
            qx1_2 = qx1_2 + dot(lo1, ev2) + dot(hi1, od2);
            qx1_3 = qx1_3 + dot(lo1, ev3) + dot(hi1, od3);
            qx1_4 = qx1_4 + dot(lo1, ev4) + dot(hi1, od4);
            qx1_5 = qx1_5 + dot(lo1, ev5) + dot(hi1, od5);
            qx1_6 = qx1_6 + dot(lo1, ev6) + dot(hi1, od6);
            qx1_7 = qx1_7 + dot(lo1, ev7) + dot(hi1, od7);
            qx1_8 = qx1_8 + dot(lo1, ev8) + dot(hi1, od8);
            qx1_9 = qx1_9 + dot(lo1, ev9) + dot(hi1, od9);
            qx1_10 = qx1_10 + dot(lo1, ev10) + dot(hi1, od10);
            qx1_11 = qx1_11 + dot(lo1, ev11) + dot(hi1, od11);
            qx1_12 = qx1_12 + dot(lo1, ev12) + dot(hi1, od12);
            qx1_13 = qx1_13 + dot(lo1, ev13) + dot(hi1, od13);
            qx1_14 = qx1_14 + dot(lo1, ev14) + dot(hi1, od14);
            qx1_15 = qx1_15 + dot(lo1, ev15) + dot(hi1, od15);
            let q2 = vec4<u32>(w[w2 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo2 = vec4<f32>(q2 & EVEN_NIBBLES);
            let hi2 = vec4<f32>(q2 & ODD_NIBBLES);
            qx2_0 = qx2_0 + dot(lo2, ev0) + dot(hi2, od0);
            qx2_1 = qx2_1 + dot(lo2, ev1) + dot(hi2, od1);
            qx2_2 = qx2_2 + dot(lo2, ev2) + dot(hi2, od2);
            qx2_3 = qx2_3 + dot(lo2, ev3) + dot(hi2, od3);
            qx2_4 = qx2_4 + dot(lo2, ev4) + dot(hi2, od4);
            qx2_5 = qx2_5 + dot(lo2, ev5) + dot(hi2, od5);
            qx2_6 = qx2_6 + dot(lo2, ev6) + dot(hi2, od6);
            qx2_7 = qx2_7 + dot(lo2, ev7) + dot(hi2, od7);
            qx2_8 = qx2_8 + dot(lo2, ev8) + dot(hi2, od8);
            qx2_9 = qx2_9 + dot(lo2, ev9) + dot(hi2, od9);
            qx2_10 = qx2_10 + dot(lo2, ev10) + dot(hi2, od10);
            qx2_11 = qx2_11 + dot(lo2, ev11) + dot(hi2, od11);
            qx2_12 = qx2_12 + dot(lo2, ev12) + dot(hi2, od12);
            qx2_13 = qx2_13 + dot(lo2, ev13) + dot(hi2, od13);
            qx2_14 = qx2_14 + dot(lo2, ev14) + dot(hi2, od14);
            qx2_15 = qx2_15 + dot(lo2, ev15) + dot(hi2, od15);
            let q3 = vec4<u32>(w[w3 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo3 = vec4<f32>(q3 & EVEN_NIBBLES);
            let hi3 = vec4<f32>(q3 & ODD_NIBBLES);
            qx3_0 = qx3_0 + dot(lo3, ev0) + dot(hi3, od0);
            qx3_1 = qx3_1 + dot(lo3, ev1) + dot(hi3, od1);
            qx3_2 = qx3_2 + dot(lo3, ev2) + dot(hi3, od2);
            qx3_3 = qx3_3 + dot(lo3, ev3) + dot(hi3, od3);
            qx3_4 = qx3_4 + dot(lo3, ev4) + dot(hi3, od4);
            qx3_5 = qx3_5 + dot(lo3, ev5) + dot(hi3, od5);
            qx3_6 = qx3_6 + dot(lo3, ev6) + dot(hi3, od6);
            qx3_7 = qx3_7 + dot(lo3, ev7) + dot(hi3, od7);
            qx3_8 = qx3_8 + dot(lo3, ev8) + dot(hi3, od8);
            qx3_9 = qx3_9 + dot(lo3, ev9) + dot(hi3, od9);
            qx3_10 = qx3_10 + dot(lo3, ev10) + dot(hi3, od10);
            qx3_11 = qx3_11 + dot(lo3, ev11) + dot(hi3, od11);
            qx3_12 = qx3_12 + dot(lo3, ev12) + dot(hi3, od12);
            qx3_13 = qx3_13 + dot(lo3, ev13) + dot(hi3, od13);
            qx3_14 = qx3_14 + dot(lo3, ev14) + dot(hi3, od14);
            qx3_15 = qx3_15 + dot(lo3, ev15) + dot(hi3, od15);
            let q4 = vec4<u32>(w[w4 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo4 = vec4<f32>(q4 & EVEN_NIBBLES);
            let hi4 = vec4<f32>(q4 & ODD_NIBBLES);
            qx4_0 = qx4_0 + dot(lo4, ev0) + dot(hi4, od0);
            qx4_1 = qx4_1 + dot(lo4, ev1) + dot(hi4, od1);
            qx4_2 = qx4_2 + dot(lo4, ev2) + dot(hi4, od2);
            qx4_3 = qx4_3 + dot(lo4, ev3) + dot(hi4, od3);
            qx4_4 = qx4_4 + dot(lo4, ev4) + dot(hi4, od4);
            qx4_5 = qx4_5 + dot(lo4, ev5) + dot(hi4, od5);
            qx4_6 = qx4_6 + dot(lo4, ev6) + dot(hi4, od6);
            qx4_7 = qx4_7 + dot(lo4, ev7) + dot(hi4, od7);
            qx4_8 = qx4_8 + dot(lo4, ev8) + dot(hi4, od8);
            qx4_9 = qx4_9 + dot(lo4, ev9) + dot(hi4, od9);
            qx4_10 = qx4_10 + dot(lo4, ev10) + dot(hi4, od10);
            qx4_11 = qx4_11 + dot(lo4, ev11) + dot(hi4, od11);
            qx4_12 = qx4_12 + dot(lo4, ev12) + dot(hi4, od12);
            qx4_13 = qx4_13 + dot(lo4, ev13) + dot(hi4, od13);
            qx4_14 = qx4_14 + dot(lo4, ev14) + dot(hi4, od14);
            qx4_15 = qx4_15 + dot(lo4, ev15) + dot(hi4, od15);
            let q5 = vec4<u32>(w[w5 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo5 = vec4<f32>(q5 & EVEN_NIBBLES);
            let hi5 = vec4<f32>(q5 & ODD_NIBBLES);
            qx5_0 = qx5_0 + dot(lo5, ev0) + dot(hi5, od0);
            qx5_1 = qx5_1 + dot(lo5, ev1) + dot(hi5, od1);
            qx5_2 = qx5_2 + dot(lo5, ev2) + dot(hi5, od2);
            qx5_3 = qx5_3 + dot(lo5, ev3) + dot(hi5, od3);
            qx5_4 = qx5_4 + dot(lo5, ev4) + dot(hi5, od4);
            qx5_5 = qx5_5 + dot(lo5, ev5) + dot(hi5, od5);
            qx5_6 = qx5_6 + dot(lo5, ev6) + dot(hi5, od6);
            qx5_7 = qx5_7 + dot(lo5, ev7) + dot(hi5, od7);
            qx5_8 = qx5_8 + dot(lo5, ev8) + dot(hi5, od8);
            qx5_9 = qx5_9 + dot(lo5, ev9) + dot(hi5, od9);
            qx5_10 = qx5_10 + dot(lo5, ev10) + dot(hi5, od10);
            qx5_11 = qx5_11 + dot(lo5, ev11) + dot(hi5, od11);
            qx5_12 = qx5_12 + dot(lo5, ev12) + dot(hi5, od12);
            qx5_13 = qx5_13 + dot(lo5, ev13) + dot(hi5, od13);
            qx5_14 = qx5_14 + dot(lo5, ev14) + dot(hi5, od14);
            qx5_15 = qx5_15 + dot(lo5, ev15) + dot(hi5, od15);
            let q6 = vec4<u32>(w[w6 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo6 = vec4<f32>(q6 & EVEN_NIBBLES);
            let hi6 = vec4<f32>(q6 & ODD_NIBBLES);
            qx6_0 = qx6_0 + dot(lo6, ev0) + dot(hi6, od0);
            qx6_1 = qx6_1 + dot(lo6, ev1) + dot(hi6, od1);
            qx6_2 = qx6_2 + dot(lo6, ev2) + dot(hi6, od2);
            qx6_3 = qx6_3 + dot(lo6, ev3) + dot(hi6, od3);
            qx6_4 = qx6_4 + dot(lo6, ev4) + dot(hi6, od4);
            qx6_5 = qx6_5 + dot(lo6, ev5) + dot(hi6, od5);
            qx6_6 = qx6_6 + dot(lo6, ev6) + dot(hi6, od6);
            qx6_7 = qx6_7 + dot(lo6, ev7) + dot(hi6, od7);
            qx6_8 = qx6_8 + dot(lo6, ev8) + dot(hi6, od8);
            qx6_9 = qx6_9 + dot(lo6, ev9) + dot(hi6, od9);
            qx6_10 = qx6_10 + dot(lo6, ev10) + dot(hi6, od10);
            qx6_11 = qx6_11 + dot(lo6, ev11) + dot(hi6, od11);
            qx6_12 = qx6_12 + dot(lo6, ev12) + dot(hi6, od12);
            qx6_13 = qx6_13 + dot(lo6, ev13) + dot(hi6, od13);
            qx6_14 = qx6_14 + dot(lo6, ev14) + dot(hi6, od14);
            qx6_15 = qx6_15 + dot(lo6, ev15) + dot(hi6, od15);
            let q7 = vec4<u32>(w[w7 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo7 = vec4<f32>(q7 & EVEN_NIBBLES);
            let hi7 = vec4<f32>(q7 & ODD_NIBBLES);
            qx7_0 = qx7_0 + dot(lo7, ev0) + dot(hi7, od0);
            qx7_1 = qx7_1 + dot(lo7, ev1) + dot(hi7, od1);
            qx7_2 = qx7_2 + dot(lo7, ev2) + dot(hi7, od2);
            qx7_3 = qx7_3 + dot(lo7, ev3) + dot(hi7, od3);
            qx7_4 = qx7_4 + dot(lo7, ev4) + dot(hi7, od4);
            qx7_5 = qx7_5 + dot(lo7, ev5) + dot(hi7, od5);
            qx7_6 = qx7_6 + dot(lo7, ev6) + dot(hi7, od6);
            qx7_7 = qx7_7 + dot(lo7, ev7) + dot(hi7, od7);
            qx7_8 = qx7_8 + dot(lo7, ev8) + dot(hi7, od8);
            qx7_9 = qx7_9 + dot(lo7, ev9) + dot(hi7, od9);
            qx7_10 = qx7_10 + dot(lo7, ev10) + dot(hi7, od10);
            qx7_11 = qx7_11 + dot(lo7, ev11) + dot(hi7, od11);
            qx7_12 = qx7_12 + dot(lo7, ev12) + dot(hi7, od12);
            qx7_13 = qx7_13 + dot(lo7, ev13) + dot(hi7, od13);
            qx7_14 = qx7_14 + dot(lo7, ev14) + dot(hi7, od14);
            qx7_15 = qx7_15 + dot(lo7, ev15) + dot(hi7, od15);
            let q8 = vec4<u32>(w[w8 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo8 = vec4<f32>(q8 & EVEN_NIBBLES);
            let hi8 = vec4<f32>(q8 & ODD_NIBBLES);
            qx8_0 = qx8_0 + dot(lo8, ev0) + dot(hi8, od0);
            qx8_1 = qx8_1 + dot(lo8, ev1) + dot(hi8, od1);
            qx8_2 = qx8_2 + dot(lo8, ev2) + dot(hi8, od2);
            qx8_3 = qx8_3 + dot(lo8, ev3) + dot(hi8, od3);
            qx8_4 = qx8_4 + dot(lo8, ev4) + dot(hi8, od4);
            qx8_5 = qx8_5 + dot(lo8, ev5) + dot(hi8, od5);
            qx8_6 = qx8_6 + dot(lo8, ev6) + dot(hi8, od6);
            qx8_7 = qx8_7 + dot(lo8, ev7) + dot(hi8, od7);
            qx8_8 = qx8_8 + dot(lo8, ev8) + dot(hi8, od8);
            qx8_9 = qx8_9 + dot(lo8, ev9) + dot(hi8, od9);
            qx8_10 = qx8_10 + dot(lo8, ev10) + dot(hi8, od10);
            qx8_11 = qx8_11 + dot(lo8, ev11) + dot(hi8, od11);
            qx8_12 = qx8_12 + dot(lo8, ev12) + dot(hi8, od12);
            qx8_13 = qx8_13 + dot(lo8, ev13) + dot(hi8, od13);
            qx8_14 = qx8_14 + dot(lo8, ev14) + dot(hi8, od14);
            qx8_15 = qx8_15 + dot(lo8, ev15) + dot(hi8, od15);
            let q9 = vec4<u32>(w[w9 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo9 = vec4<f32>(q9 & EVEN_NIBBLES);
            let hi9 = vec4<f32>(q9 & ODD_NIBBLES);
            qx9_0 = qx9_0 + dot(lo9, ev0) + dot(hi9, od0);
            qx9_1 = qx9_1 + dot(lo9, ev1) + dot(hi9, od1);
            qx9_2 = qx9_2 + dot(lo9, ev2) + dot(hi9, od2);
            qx9_3 = qx9_3 + dot(lo9, ev3) + dot(hi9, od3);
            qx9_4 = qx9_4 + dot(lo9, ev4) + dot(hi9, od4);
            qx9_5 = qx9_5 + dot(lo9, ev5) + dot(hi9, od5);
            qx9_6 = qx9_6 + dot(lo9, ev6) + dot(hi9, od6);
            qx9_7 = qx9_7 + dot(lo9, ev7) + dot(hi9, od7);
            qx9_8 = qx9_8 + dot(lo9, ev8) + dot(hi9, od8);
            qx9_9 = qx9_9 + dot(lo9, ev9) + dot(hi9, od9);
            qx9_10 = qx9_10 + dot(lo9, ev10) + dot(hi9, od10);
            qx9_11 = qx9_11 + dot(lo9, ev11) + dot(hi9, od11);
            qx9_12 = qx9_12 + dot(lo9, ev12) + dot(hi9, od12);
            qx9_13 = qx9_13 + dot(lo9, ev13) + dot(hi9, od13);
            qx9_14 = qx9_14 + dot(lo9, ev14) + dot(hi9, od14);
            qx9_15 = qx9_15 + dot(lo9, ev15) + dot(hi9, od15);
            let q10 = vec4<u32>(w[w10 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo10 = vec4<f32>(q10 & EVEN_NIBBLES);
            let hi10 = vec4<f32>(q10 & ODD_NIBBLES);
            qx10_0 = qx10_0 + dot(lo10, ev0) + dot(hi10, od0);
            qx10_1 = qx10_1 + dot(lo10, ev1) + dot(hi10, od1);
            qx10_2 = qx10_2 + dot(lo10, ev2) + dot(hi10, od2);
            qx10_3 = qx10_3 + dot(lo10, ev3) + dot(hi10, od3);
            qx10_4 = qx10_4 + dot(lo10, ev4) + dot(hi10, od4);
            qx10_5 = qx10_5 + dot(lo10, ev5) + dot(hi10, od5);
            qx10_6 = qx10_6 + dot(lo10, ev6) + dot(hi10, od6);
            qx10_7 = qx10_7 + dot(lo10, ev7) + dot(hi10, od7);
            qx10_8 = qx10_8 + dot(lo10, ev8) + dot(hi10, od8);
            qx10_9 = qx10_9 + dot(lo10, ev9) + dot(hi10, od9);
            qx10_10 = qx10_10 + dot(lo10, ev10) + dot(hi10, od10);
            qx10_11 = qx10_11 + dot(lo10, ev11) + dot(hi10, od11);
            qx10_12 = qx10_12 + dot(lo10, ev12) + dot(hi10, od12);
            qx10_13 = qx10_13 + dot(lo10, ev13) + dot(hi10, od13);
            qx10_14 = qx10_14 + dot(lo10, ev14) + dot(hi10, od14);
            qx10_15 = qx10_15 + dot(lo10, ev15) + dot(hi10, od15);
            let q11 = vec4<u32>(w[w11 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo11 = vec4<f32>(q11 & EVEN_NIBBLES);
            let hi11 = vec4<f32>(q11 & ODD_NIBBLES);
            qx11_0 = qx11_0 + dot(lo11, ev0) + dot(hi11, od0);
            qx11_1 = qx11_1 + dot(lo11, ev1) + dot(hi11, od1);
            qx11_2 = qx11_2 + dot(lo11, ev2) + dot(hi11, od2);
            qx11_3 = qx11_3 + dot(lo11, ev3) + dot(hi11, od3);
            qx11_4 = qx11_4 + dot(lo11, ev4) + dot(hi11, od4);
            qx11_5 = qx11_5 + dot(lo11, ev5) + dot(hi11, od5);
            qx11_6 = qx11_6 + dot(lo11, ev6) + dot(hi11, od6);
            qx11_7 = qx11_7 + dot(lo11, ev7) + dot(hi11, od7);
            qx11_8 = qx11_8 + dot(lo11, ev8) + dot(hi11, od8);
            qx11_9 = qx11_9 + dot(lo11, ev9) + dot(hi11, od9);
            qx11_10 = qx11_10 + dot(lo11, ev10) + dot(hi11, od10);
            qx11_11 = qx11_11 + dot(lo11, ev11) + dot(hi11, od11);
            qx11_12 = qx11_12 + dot(lo11, ev12) + dot(hi11, od12);
            qx11_13 = qx11_13 + dot(lo11, ev13) + dot(hi11, od13);
            qx11_14 = qx11_14 + dot(lo11, ev14) + dot(hi11, od14);
            qx11_15 = qx11_15 + dot(lo11, ev15) + dot(hi11, od15);
            let q12 = vec4<u32>(w[w12 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo12 = vec4<f32>(q12 & EVEN_NIBBLES);
            let hi12 = vec4<f32>(q12 & ODD_NIBBLES);
            qx12_0 = qx12_0 + dot(lo12, ev0) + dot(hi12, od0);
            qx12_1 = qx12_1 + dot(lo12, ev1) + dot(hi12, od1);
            qx12_2 = qx12_2 + dot(lo12, ev2) + dot(hi12, od2);
            qx12_3 = qx12_3 + dot(lo12, ev3) + dot(hi12, od3);
            qx12_4 = qx12_4 + dot(lo12, ev4) + dot(hi12, od4);
            qx12_5 = qx12_5 + dot(lo12, ev5) + dot(hi12, od5);
            qx12_6 = qx12_6 + dot(lo12, ev6) + dot(hi12, od6);
            qx12_7 = qx12_7 + dot(lo12, ev7) + dot(hi12, od7);
            qx12_8 = qx12_8 + dot(lo12, ev8) + dot(hi12, od8);
            qx12_9 = qx12_9 + dot(lo12, ev9) + dot(hi12, od9);
            qx12_10 = qx12_10 + dot(lo12, ev10) + dot(hi12, od10);
            qx12_11 = qx12_11 + dot(lo12, ev11) + dot(hi12, od11);
            qx12_12 = qx12_12 + dot(lo12, ev12) + dot(hi12, od12);
            qx12_13 = qx12_13 + dot(lo12, ev13) + dot(hi12, od13);
            qx12_14 = qx12_14 + dot(lo12, ev14) + dot(hi12, od14);
            qx12_15 = qx12_15 + dot(lo12, ev15) + dot(hi12, od15);
            let q13 = vec4<u32>(w[w13 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo13 = vec4<f32>(q13 & EVEN_NIBBLES);
            let hi13 = vec4<f32>(q13 & ODD_NIBBLES);
            qx13_0 = qx13_0 + dot(lo13, ev0) + dot(hi13, od0);
            qx13_1 = qx13_1 + dot(lo13, ev1) + dot(hi13, od1);
            qx13_2 = qx13_2 + dot(lo13, ev2) + dot(hi13, od2);
            qx13_3 = qx13_3 + dot(lo13, ev3) + dot(hi13, od3);
            qx13_4 = qx13_4 + dot(lo13, ev4) + dot(hi13, od4);
            qx13_5 = qx13_5 + dot(lo13, ev5) + dot(hi13, od5);
            qx13_6 = qx13_6 + dot(lo13, ev6) + dot(hi13, od6);
            qx13_7 = qx13_7 + dot(lo13, ev7) + dot(hi13, od7);
            qx13_8 = qx13_8 + dot(lo13, ev8) + dot(hi13, od8);
            qx13_9 = qx13_9 + dot(lo13, ev9) + dot(hi13, od9);
            qx13_10 = qx13_10 + dot(lo13, ev10) + dot(hi13, od10);
            qx13_11 = qx13_11 + dot(lo13, ev11) + dot(hi13, od11);
            qx13_12 = qx13_12 + dot(lo13, ev12) + dot(hi13, od12);
            qx13_13 = qx13_13 + dot(lo13, ev13) + dot(hi13, od13);
            qx13_14 = qx13_14 + dot(lo13, ev14) + dot(hi13, od14);
            qx13_15 = qx13_15 + dot(lo13, ev15) + dot(hi13, od15);
            let q14 = vec4<u32>(w[w14 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo14 = vec4<f32>(q14 & EVEN_NIBBLES);
            let hi14 = vec4<f32>(q14 & ODD_NIBBLES);
            qx14_0 = qx14_0 + dot(lo14, ev0) + dot(hi14, od0);
            qx14_1 = qx14_1 + dot(lo14, ev1) + dot(hi14, od1);
            qx14_2 = qx14_2 + dot(lo14, ev2) + dot(hi14, od2);
            qx14_3 = qx14_3 + dot(lo14, ev3) + dot(hi14, od3);
            qx14_4 = qx14_4 + dot(lo14, ev4) + dot(hi14, od4);
            qx14_5 = qx14_5 + dot(lo14, ev5) + dot(hi14, od5);
            qx14_6 = qx14_6 + dot(lo14, ev6) + dot(hi14, od6);
            qx14_7 = qx14_7 + dot(lo14, ev7) + dot(hi14, od7);
            qx14_8 = qx14_8 + dot(lo14, ev8) + dot(hi14, od8);
            qx14_9 = qx14_9 + dot(lo14, ev9) + dot(hi14, od9);
            qx14_10 = qx14_10 + dot(lo14, ev10) + dot(hi14, od10);
            qx14_11 = qx14_11 + dot(lo14, ev11) + dot(hi14, od11);
            qx14_12 = qx14_12 + dot(lo14, ev12) + dot(hi14, od12);
            qx14_13 = qx14_13 + dot(lo14, ev13) + dot(hi14, od13);
            qx14_14 = qx14_14 + dot(lo14, ev14) + dot(hi14, od14);
            qx14_15 = qx14_15 + dot(lo14, ev15) + dot(hi14, od15);
            let q15 = vec4<u32>(w[w15 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo15 = vec4<f32>(q15 & EVEN_NIBBLES);
            let hi15 = vec4<f32>(q15 & ODD_NIBBLES);
            qx15_0 = qx15_0 + dot(lo15, ev0) + dot(hi15, od0);
            qx15_1 = qx15_1 + dot(lo15, ev1) + dot(hi15, od1);
            qx15_2 = qx15_2 + dot(lo15, ev2) + dot(hi15, od2);
            qx15_3 = qx15_3 + dot(lo15, ev3) + dot(hi15, od3);
            qx15_4 = qx15_4 + dot(lo15, ev4) + dot(hi15, od4);
            qx15_5 = qx15_5 + dot(lo15, ev5) + dot(hi15, od5);
            qx15_6 = qx15_6 + dot(lo15, ev6) + dot(hi15, od6);
            qx15_7 = qx15_7 + dot(lo15, ev7) + dot(hi15, od7);
            qx15_8 = qx15_8 + dot(lo15, ev8) + dot(hi15, od8);
            qx15_9 = qx15_9 + dot(lo15, ev9) + dot(hi15, od9);
            qx15_10 = qx15_10 + dot(lo15, ev10) + dot(hi15, od10);
            qx15_11 = qx15_11 + dot(lo15, ev11) + dot(hi15, od11);
            qx15_12 = qx15_12 + dot(lo15, ev12) + dot(hi15, od12);
            qx15_13 = qx15_13 + dot(lo15, ev13) + dot(hi15, od13);
            qx15_14 = qx15_14 + dot(lo15, ev14) + dot(hi15, od14);
            qx15_15 = qx15_15 + dot(lo15, ev15) + dot(hi15, od15);
        }
        let si0 = g * p.ldw + w0;
        let s0 = half_at(si0, scale[si0 >> 1u]);
        acc0_0 = acc0_0 + s0 * (qx0_0 - 8.0 * xs0);
        acc0_1 = acc0_1 + s0 * (qx0_1 - 8.0 * xs1);
        acc0_2 = acc0_2 + s0 * (qx0_2 - 8.0 * xs2);
        acc0_3 = acc0_3 + s0 * (qx0_3 - 8.0 * xs3);
        acc0_4 = acc0_4 + s0 * (qx0_4 - 8.0 * xs4);
        acc0_5 = acc0_5 + s0 * (qx0_5 - 8.0 * xs5);
        acc0_6 = acc0_6 + s0 * (qx0_6 - 8.0 * xs6);
        acc0_7 = acc0_7 + s0 * (qx0_7 - 8.0 * xs7);
        acc0_8 = acc0_8 + s0 * (qx0_8 - 8.0 * xs8);
        acc0_9 = acc0_9 + s0 * (qx0_9 - 8.0 * xs9);
        acc0_10 = acc0_10 + s0 * (qx0_10 - 8.0 * xs10);
        acc0_11 = acc0_11 + s0 * (qx0_11 - 8.0 * xs11);
        acc0_12 = acc0_12 + s0 * (qx0_12 - 8.0 * xs12);
        acc0_13 = acc0_13 + s0 * (qx0_13 - 8.0 * xs13);
        acc0_14 = acc0_14 + s0 * (qx0_14 - 8.0 * xs14);
        acc0_15 = acc0_15 + s0 * (qx0_15 - 8.0 * xs15);
        let si1 = g * p.ldw + w1;
        let s1 = half_at(si1, scale[si1 >> 1u]);
        acc1_0 = acc1_0 + s1 * (qx1_0 - 8.0 * xs0);
        acc1_1 = acc1_1 + s1 * (qx1_1 - 8.0 * xs1);
        acc1_2 = acc1_2 + s1 * (qx1_2 - 8.0 * xs2);
        acc1_3 = acc1_3 + s1 * (qx1_3 - 8.0 * xs3);
        acc1_4 = acc1_4 + s1 * (qx1_4 - 8.0 * xs4);
        acc1_5 = acc1_5 + s1 * (qx1_5 - 8.0 * xs5);
        acc1_6 = acc1_6 + s1 * (qx1_6 - 8.0 * xs6);
        acc1_7 = acc1_7 + s1 * (qx1_7 - 8.0 * xs7);
        acc1_8 = acc1_8 + s1 * (qx1_8 - 8.0 * xs8);
        acc1_9 = acc1_9 + s1 * (qx1_9 - 8.0 * xs9);
        acc1_10 = acc1_10 + s1 * (qx1_10 - 8.0 * xs10);
        acc1_11 = acc1_11 + s1 * (qx1_11 - 8.0 * xs11);
        acc1_12 = acc1_12 + s1 * (qx1_12 - 8.0 * xs12);
        acc1_13 = acc1_13 + s1 * (qx1_13 - 8.0 * xs13);
        acc1_14 = acc1_14 + s1 * (qx1_14 - 8.0 * xs14);
        acc1_15 = acc1_15 + s1 * (qx1_15 - 8.0 * xs15);
        let si2 = g * p.ldw + w2;
        let s2 = half_at(si2, scale[si2 >> 1u]);
        acc2_0 = acc2_0 + s2 * (qx2_0 - 8.0 * xs0);
        acc2_1 = acc2_1 + s2 * (qx2_1 - 8.0 * xs1);
        acc2_2 = acc2_2 + s2 * (qx2_2 - 8.0 * xs2);
        acc2_3 = acc2_3 + s2 * (qx2_3 - 8.0 * xs3);
        acc2_4 = acc2_4 + s2 * (qx2_4 - 8.0 * xs4);
        acc2_5 = acc2_5 + s2 * (qx2_5 - 8.0 * xs5);
        acc2_6 = acc2_6 + s2 * (qx2_6 - 8.0 * xs6);
        acc2_7 = acc2_7 + s2 * (qx2_7 - 8.0 * xs7);
        acc2_8 = acc2_8 + s2 * (qx2_8 - 8.0 * xs8);
        acc2_9 = acc2_9 + s2 * (qx2_9 - 8.0 * xs9);
        acc2_10 = acc2_10 + s2 * (qx2_10 - 8.0 * xs10);
        acc2_11 = acc2_11 + s2 * (qx2_11 - 8.0 * xs11);
        acc2_12 = acc2_12 + s2 * (qx2_12 - 8.0 * xs12);
        acc2_13 = acc2_13 + s2 * (qx2_13 - 8.0 * xs13);
        acc2_14 = acc2_14 + s2 * (qx2_14 - 8.0 * xs14);
        acc2_15 = acc2_15 + s2 * (qx2_15 - 8.0 * xs15);
        let si3 = g * p.ldw + w3;
        let s3 = half_at(si3, scale[si3 >> 1u]);
        acc3_0 = acc3_0 + s3 * (qx3_0 - 8.0 * xs0);
        acc3_1 = acc3_1 + s3 * (qx3_1 - 8.0 * xs1);
        acc3_2 = acc3_2 + s3 * (qx3_2 - 8.0 * xs2);
        acc3_3 = acc3_3 + s3 * (qx3_3 - 8.0 * xs3);
        acc3_4 = acc3_4 + s3 * (qx3_4 - 8.0 * xs4);
        acc3_5 = acc3_5 + s3 * (qx3_5 - 8.0 * xs5);
        acc3_6 = acc3_6 + s3 * (qx3_6 - 8.0 * xs6);
        acc3_7 = acc3_7 + s3 * (qx3_7 - 8.0 * xs7);
        acc3_8 = acc3_8 + s3 * (qx3_8 - 8.0 * xs8);
        acc3_9 = acc3_9 + s3 * (qx3_9 - 8.0 * xs9);
        acc3_10 = acc3_10 + s3 * (qx3_10 - 8.0 * xs10);
        acc3_11 = acc3_11 + s3 * (qx3_11 - 8.0 * xs11);
        acc3_12 = acc3_12 + s3 * (qx3_12 - 8.0 * xs12);
        acc3_13 = acc3_13 + s3 * (qx3_13 - 8.0 * xs13);
        acc3_14 = acc3_14 + s3 * (qx3_14 - 8.0 * xs14);
        acc3_15 = acc3_15 + s3 * (qx3_15 - 8.0 * xs15);
        let si4 = g * p.ldw + w4;
        let s4 = half_at(si4, scale[si4 >> 1u]);
        acc4_0 = acc4_0 + s4 * (qx4_0 - 8.0 * xs0);
        acc4_1 = acc4_1 + s4 * (qx4_1 - 8.0 * xs1);
        acc4_2 = acc4_2 + s4 * (qx4_2 - 8.0 * xs2);
        acc4_3 = acc4_3 + s4 * (qx4_3 - 8.0 * xs3);
        acc4_4 = acc4_4 + s4 * (qx4_4 - 8.0 * xs4);
        acc4_5 = acc4_5 + s4 * (qx4_5 - 8.0 * xs5);
        acc4_6 = acc4_6 + s4 * (qx4_6 - 8.0 * xs6);
        acc4_7 = acc4_7 + s4 * (qx4_7 - 8.0 * xs7);
        acc4_8 = acc4_8 + s4 * (qx4_8 - 8.0 * xs8);
        acc4_9 = acc4_9 + s4 * (qx4_9 - 8.0 * xs9);
        acc4_10 = acc4_10 + s4 * (qx4_10 - 8.0 * xs10);
        acc4_11 = acc4_11 + s4 * (qx4_11 - 8.0 * xs11);
        acc4_12 = acc4_12 + s4 * (qx4_12 - 8.0 * xs12);
        acc4_13 = acc4_13 + s4 * (qx4_13 - 8.0 * xs13);
        acc4_14 = acc4_14 + s4 * (qx4_14 - 8.0 * xs14);
        acc4_15 = acc4_15 + s4 * (qx4_15 - 8.0 * xs15);
        let si5 = g * p.ldw + w5;
        let s5 = half_at(si5, scale[si5 >> 1u]);
        acc5_0 = acc5_0 + s5 * (qx5_0 - 8.0 * xs0);
        acc5_1 = acc5_1 + s5 * (qx5_1 - 8.0 * xs1);
        acc5_2 = acc5_2 + s5 * (qx5_2 - 8.0 * xs2);
        acc5_3 = acc5_3 + s5 * (qx5_3 - 8.0 * xs3);
        acc5_4 = acc5_4 + s5 * (qx5_4 - 8.0 * xs4);
        acc5_5 = acc5_5 + s5 * (qx5_5 - 8.0 * xs5);
        acc5_6 = acc5_6 + s5 * (qx5_6 - 8.0 * xs6);
        acc5_7 = acc5_7 + s5 * (qx5_7 - 8.0 * xs7);
        acc5_8 = acc5_8 + s5 * (qx5_8 - 8.0 * xs8);
        acc5_9 = acc5_9 + s5 * (qx5_9 - 8.0 * xs9);
        acc5_10 = acc5_10 + s5 * (qx5_10 - 8.0 * xs10);
        acc5_11 = acc5_11 + s5 * (qx5_11 - 8.0 * xs11);
        acc5_12 = acc5_12 + s5 * (qx5_12 - 8.0 * xs12);
        acc5_13 = acc5_13 + s5 * (qx5_13 - 8.0 * xs13);
        acc5_14 = acc5_14 + s5 * (qx5_14 - 8.0 * xs14);
        acc5_15 = acc5_15 + s5 * (qx5_15 - 8.0 * xs15);
        let si6 = g * p.ldw + w6;
        let s6 = half_at(si6, scale[si6 >> 1u]);
        acc6_0 = acc6_0 + s6 * (qx6_0 - 8.0 * xs0);
        acc6_1 = acc6_1 + s6 * (qx6_1 - 8.0 * xs1);
        acc6_2 = acc6_2 + s6 * (qx6_2 - 8.0 * xs2);
        acc6_3 = acc6_3 + s6 * (qx6_3 - 8.0 * xs3);
        acc6_4 = acc6_4 + s6 * (qx6_4 - 8.0 * xs4);
        acc6_5 = acc6_5 + s6 * (qx6_5 - 8.0 * xs5);
        acc6_6 = acc6_6 + s6 * (qx6_6 - 8.0 * xs6);
        acc6_7 = acc6_7 + s6 * (qx6_7 - 8.0 * xs7);
        acc6_8 = acc6_8 + s6 * (qx6_8 - 8.0 * xs8);
        acc6_9 = acc6_9 + s6 * (qx6_9 - 8.0 * xs9);
        acc6_10 = acc6_10 + s6 * (qx6_10 - 8.0 * xs10);
        acc6_11 = acc6_11 + s6 * (qx6_11 - 8.0 * xs11);
        acc6_12 = acc6_12 + s6 * (qx6_12 - 8.0 * xs12);
        acc6_13 = acc6_13 + s6 * (qx6_13 - 8.0 * xs13);
        acc6_14 = acc6_14 + s6 * (qx6_14 - 8.0 * xs14);
        acc6_15 = acc6_15 + s6 * (qx6_15 - 8.0 * xs15);
        let si7 = g * p.ldw + w7;
        let s7 = half_at(si7, scale[si7 >> 1u]);
        acc7_0 = acc7_0 + s7 * (qx7_0 - 8.0 * xs0);
        acc7_1 = acc7_1 + s7 * (qx7_1 - 8.0 * xs1);
        acc7_2 = acc7_2 + s7 * (qx7_2 - 8.0 * xs2);
        acc7_3 = acc7_3 + s7 * (qx7_3 - 8.0 * xs3);
        acc7_4 = acc7_4 + s7 * (qx7_4 - 8.0 * xs4);
        acc7_5 = acc7_5 + s7 * (qx7_5 - 8.0 * xs5);
        acc7_6 = acc7_6 + s7 * (qx7_6 - 8.0 * xs6);
        acc7_7 = acc7_7 + s7 * (qx7_7 - 8.0 * xs7);
        acc7_8 = acc7_8 + s7 * (qx7_8 - 8.0 * xs8);
        acc7_9 = acc7_9 + s7 * (qx7_9 - 8.0 * xs9);
        acc7_10 = acc7_10 + s7 * (qx7_10 - 8.0 * xs10);
        acc7_11 = acc7_11 + s7 * (qx7_11 - 8.0 * xs11);
        acc7_12 = acc7_12 + s7 * (qx7_12 - 8.0 * xs12);
        acc7_13 = acc7_13 + s7 * (qx7_13 - 8.0 * xs13);
        acc7_14 = acc7_14 + s7 * (qx7_14 - 8.0 * xs14);
        acc7_15 = acc7_15 + s7 * (qx7_15 - 8.0 * xs15);
        let si8 = g * p.ldw + w8;
        let s8 = half_at(si8, scale[si8 >> 1u]);
        acc8_0 = acc8_0 + s8 * (qx8_0 - 8.0 * xs0);
        acc8_1 = acc8_1 + s8 * (qx8_1 - 8.0 * xs1);
        acc8_2 = acc8_2 + s8 * (qx8_2 - 8.0 * xs2);
        acc8_3 = acc8_3 + s8 * (qx8_3 - 8.0 * xs3);
        acc8_4 = acc8_4 + s8 * (qx8_4 - 8.0 * xs4);
        acc8_5 = acc8_5 + s8 * (qx8_5 - 8.0 * xs5);
        acc8_6 = acc8_6 + s8 * (qx8_6 - 8.0 * xs6);
        acc8_7 = acc8_7 + s8 * (qx8_7 - 8.0 * xs7);
        acc8_8 = acc8_8 + s8 * (qx8_8 - 8.0 * xs8);
        acc8_9 = acc8_9 + s8 * (qx8_9 - 8.0 * xs9);
        acc8_10 = acc8_10 + s8 * (qx8_10 - 8.0 * xs10);
        acc8_11 = acc8_11 + s8 * (qx8_11 - 8.0 * xs11);
        acc8_12 = acc8_12 + s8 * (qx8_12 - 8.0 * xs12);
        acc8_13 = acc8_13 + s8 * (qx8_13 - 8.0 * xs13);
        acc8_14 = acc8_14 + s8 * (qx8_14 - 8.0 * xs14);
        acc8_15 = acc8_15 + s8 * (qx8_15 - 8.0 * xs15);
        let si9 = g * p.ldw + w9;
        let s9 = half_at(si9, scale[si9 >> 1u]);
        acc9_0 = acc9_0 + s9 * (qx9_0 - 8.0 * xs0);
        acc9_1 = acc9_1 + s9 * (qx9_1 - 8.0 * xs1);
        acc9_2 = acc9_2 + s9 * (qx9_2 - 8.0 * xs2);
        acc9_3 = acc9_3 + s9 * (qx9_3 - 8.0 * xs3);
        acc9_4 = acc9_4 + s9 * (qx9_4 - 8.0 * xs4);
        acc9_5 = acc9_5 + s9 * (qx9_5 - 8.0 * xs5);
        acc9_6 = acc9_6 + s9 * (qx9_6 - 8.0 * xs6);
        acc9_7 = acc9_7 + s9 * (qx9_7 - 8.0 * xs7);
        acc9_8 = acc9_8 + s9 * (qx9_8 - 8.0 * xs8);
        acc9_9 = acc9_9 + s9 * (qx9_9 - 8.0 * xs9);
        acc9_10 = acc9_10 + s9 * (qx9_10 - 8.0 * xs10);
        acc9_11 = acc9_11 + s9 * (qx9_11 - 8.0 * xs11);
        acc9_12 = acc9_12 + s9 * (qx9_12 - 8.0 * xs12);
        acc9_13 = acc9_13 + s9 * (qx9_13 - 8.0 * xs13);
        acc9_14 = acc9_14 + s9 * (qx9_14 - 8.0 * xs14);
        acc9_15 = acc9_15 + s9 * (qx9_15 - 8.0 * xs15);
        let si10 = g * p.ldw + w10;
        let s10 = half_at(si10, scale[si10 >> 1u]);
        acc10_0 = acc10_0 + s10 * (qx10_0 - 8.0 * xs0);
        acc10_1 = acc10_1 + s10 * (qx10_1 - 8.0 * xs1);
        acc10_2 = acc10_2 + s10 * (qx10_2 - 8.0 * xs2);
        acc10_3 = acc10_3 + s10 * (qx10_3 - 8.0 * xs3);
        acc10_4 = acc10_4 + s10 * (qx10_4 - 8.0 * xs4);
        acc10_5 = acc10_5 + s10 * (qx10_5 - 8.0 * xs5);
        acc10_6 = acc10_6 + s10 * (qx10_6 - 8.0 * xs6);
        acc10_7 = acc10_7 + s10 * (qx10_7 - 8.0 * xs7);
        acc10_8 = acc10_8 + s10 * (qx10_8 - 8.0 * xs8);
        acc10_9 = acc10_9 + s10 * (qx10_9 - 8.0 * xs9);
        acc10_10 = acc10_10 + s10 * (qx10_10 - 8.0 * xs10);
        acc10_11 = acc10_11 + s10 * (qx10_11 - 8.0 * xs11);
        acc10_12 = acc10_12 + s10 * (qx10_12 - 8.0 * xs12);
        acc10_13 = acc10_13 + s10 * (qx10_13 - 8.0 * xs13);
        acc10_14 = acc10_14 + s10 * (qx10_14 - 8.0 * xs14);
        acc10_15 = acc10_15 + s10 * (qx10_15 - 8.0 * xs15);
        let si11 = g * p.ldw + w11;
        let s11 = half_at(si11, scale[si11 >> 1u]);
        acc11_0 = acc11_0 + s11 * (qx11_0 - 8.0 * xs0);
        acc11_1 = acc11_1 + s11 * (qx11_1 - 8.0 * xs1);
        acc11_2 = acc11_2 + s11 * (qx11_2 - 8.0 * xs2);
        acc11_3 = acc11_3 + s11 * (qx11_3 - 8.0 * xs3);
        acc11_4 = acc11_4 + s11 * (qx11_4 - 8.0 * xs4);
        acc11_5 = acc11_5 + s11 * (qx11_5 - 8.0 * xs5);
        acc11_6 = acc11_6 + s11 * (qx11_6 - 8.0 * xs6);
        acc11_7 = acc11_7 + s11 * (qx11_7 - 8.0 * xs7);
        acc11_8 = acc11_8 + s11 * (qx11_8 - 8.0 * xs8);
        acc11_9 = acc11_9 + s11 * (qx11_9 - 8.0 * xs9);
        acc11_10 = acc11_10 + s11 * (qx11_10 - 8.0 * xs10);
        acc11_11 = acc11_11 + s11 * (qx11_11 - 8.0 * xs11);
        acc11_12 = acc11_12 + s11 * (qx11_12 - 8.0 * xs12);
        acc11_13 = acc11_13 + s11 * (qx11_13 - 8.0 * xs13);
        acc11_14 = acc11_14 + s11 * (qx11_14 - 8.0 * xs14);
        acc11_15 = acc11_15 + s11 * (qx11_15 - 8.0 * xs15);
        let si12 = g * p.ldw + w12;
        let s12 = half_at(si12, scale[si12 >> 1u]);
        acc12_0 = acc12_0 + s12 * (qx12_0 - 8.0 * xs0);
        acc12_1 = acc12_1 + s12 * (qx12_1 - 8.0 * xs1);
        acc12_2 = acc12_2 + s12 * (qx12_2 - 8.0 * xs2);
        acc12_3 = acc12_3 + s12 * (qx12_3 - 8.0 * xs3);
        acc12_4 = acc12_4 + s12 * (qx12_4 - 8.0 * xs4);
        acc12_5 = acc12_5 + s12 * (qx12_5 - 8.0 * xs5);
        acc12_6 = acc12_6 + s12 * (qx12_6 - 8.0 * xs6);
        acc12_7 = acc12_7 + s12 * (qx12_7 - 8.0 * xs7);
        acc12_8 = acc12_8 + s12 * (qx12_8 - 8.0 * xs8);
        acc12_9 = acc12_9 + s12 * (qx12_9 - 8.0 * xs9);
        acc12_10 = acc12_10 + s12 * (qx12_10 - 8.0 * xs10);
        acc12_11 = acc12_11 + s12 * (qx12_11 - 8.0 * xs11);
        acc12_12 = acc12_12 + s12 * (qx12_12 - 8.0 * xs12);
        acc12_13 = acc12_13 + s12 * (qx12_13 - 8.0 * xs13);
        acc12_14 = acc12_14 + s12 * (qx12_14 - 8.0 * xs14);
        acc12_15 = acc12_15 + s12 * (qx12_15 - 8.0 * xs15);
        let si13 = g * p.ldw + w13;
        let s13 = half_at(si13, scale[si13 >> 1u]);
        acc13_0 = acc13_0 + s13 * (qx13_0 - 8.0 * xs0);
        acc13_1 = acc13_1 + s13 * (qx13_1 - 8.0 * xs1);
        acc13_2 = acc13_2 + s13 * (qx13_2 - 8.0 * xs2);
        acc13_3 = acc13_3 + s13 * (qx13_3 - 8.0 * xs3);
        acc13_4 = acc13_4 + s13 * (qx13_4 - 8.0 * xs4);
        acc13_5 = acc13_5 + s13 * (qx13_5 - 8.0 * xs5);
        acc13_6 = acc13_6 + s13 * (qx13_6 - 8.0 * xs6);
        acc13_7 = acc13_7 + s13 * (qx13_7 - 8.0 * xs7);
        acc13_8 = acc13_8 + s13 * (qx13_8 - 8.0 * xs8);
        acc13_9 = acc13_9 + s13 * (qx13_9 - 8.0 * xs9);
        acc13_10 = acc13_10 + s13 * (qx13_10 - 8.0 * xs10);
        acc13_11 = acc13_11 + s13 * (qx13_11 - 8.0 * xs11);
        acc13_12 = acc13_12 + s13 * (qx13_12 - 8.0 * xs12);
        acc13_13 = acc13_13 + s13 * (qx13_13 - 8.0 * xs13);
        acc13_14 = acc13_14 + s13 * (qx13_14 - 8.0 * xs14);
        acc13_15 = acc13_15 + s13 * (qx13_15 - 8.0 * xs15);
        let si14 = g * p.ldw + w14;
        let s14 = half_at(si14, scale[si14 >> 1u]);
        acc14_0 = acc14_0 + s14 * (qx14_0 - 8.0 * xs0);
        acc14_1 = acc14_1 + s14 * (qx14_1 - 8.0 * xs1);
        acc14_2 = acc14_2 + s14 * (qx14_2 - 8.0 * xs2);
        acc14_3 = acc14_3 + s14 * (qx14_3 - 8.0 * xs3);
        acc14_4 = acc14_4 + s14 * (qx14_4 - 8.0 * xs4);
        acc14_5 = acc14_5 + s14 * (qx14_5 - 8.0 * xs5);
        acc14_6 = acc14_6 + s14 * (qx14_6 - 8.0 * xs6);
        acc14_7 = acc14_7 + s14 * (qx14_7 - 8.0 * xs7);
        acc14_8 = acc14_8 + s14 * (qx14_8 - 8.0 * xs8);
        acc14_9 = acc14_9 + s14 * (qx14_9 - 8.0 * xs9);
        acc14_10 = acc14_10 + s14 * (qx14_10 - 8.0 * xs10);
        acc14_11 = acc14_11 + s14 * (qx14_11 - 8.0 * xs11);
        acc14_12 = acc14_12 + s14 * (qx14_12 - 8.0 * xs12);
        acc14_13 = acc14_13 + s14 * (qx14_13 - 8.0 * xs13);
        acc14_14 = acc14_14 + s14 * (qx14_14 - 8.0 * xs14);
        acc14_15 = acc14_15 + s14 * (qx14_15 - 8.0 * xs15);
        let si15 = g * p.ldw + w15;
        let s15 = half_at(si15, scale[si15 >> 1u]);
        acc15_0 = acc15_0 + s15 * (qx15_0 - 8.0 * xs0);
        acc15_1 = acc15_1 + s15 * (qx15_1 - 8.0 * xs1);
        acc15_2 = acc15_2 + s15 * (qx15_2 - 8.0 * xs2);
        acc15_3 = acc15_3 + s15 * (qx15_3 - 8.0 * xs3);
        acc15_4 = acc15_4 + s15 * (qx15_4 - 8.0 * xs4);
        acc15_5 = acc15_5 + s15 * (qx15_5 - 8.0 * xs5);
        acc15_6 = acc15_6 + s15 * (qx15_6 - 8.0 * xs6);
        acc15_7 = acc15_7 + s15 * (qx15_7 - 8.0 * xs7);
        acc15_8 = acc15_8 + s15 * (qx15_8 - 8.0 * xs8);
        acc15_9 = acc15_9 + s15 * (qx15_9 - 8.0 * xs9);
        acc15_10 = acc15_10 + s15 * (qx15_10 - 8.0 * xs10);
        acc15_11 = acc15_11 + s15 * (qx15_11 - 8.0 * xs11);
        acc15_12 = acc15_12 + s15 * (qx15_12 - 8.0 * xs12);
        acc15_13 = acc15_13 + s15 * (qx15_13 - 8.0 * xs13);
        acc15_14 = acc15_14 + s15 * (qx15_14 - 8.0 * xs14);
        acc15_15 = acc15_15 + s15 * (qx15_15 - 8.0 * xs15);
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
