// generated from shaders/linear/linear.wgsl -- do not edit
// y[m, n] = sum_k x[m, k] * W[n, k] (+ bias[n]), for M = live rows (step.seq_len or a fixed count).
// Weights stay packed. Each invocation owns an RN x TM register tile: RN rows of W for tokens
// m0..m0+TM-1, streaming its own contiguous rows of W. Each x load serves RN rows and each unpacked
// weight word TM tokens (loads, not arithmetic, bound SwiftShader and lavapipe). Per group of GS inputs
// it accumulates qx = sum q*x and xs = sum x, then folds in the group's scale (and min):
//   q4gsw: s * (qx - 8 xs)      q4a: d * qx + m * xs      q8gsw: s * (qx - 128 xs)
// and for the exact GGUF formats, qx counting each value's high bits too (q + 16 qh):
//   q5: s * (qx - 16 xs)        q5a: d * qx + m * xs
//   q4k, q5k: d sc_j * qx - dmin m_j * xs, per 32-value sub-block j of the 256-value superblock
//   q6k: d sc_j * (qx - 32 xs), per 16-value sub-block (two per chunk: qx and xs kept per half)
// Those five read W as chunks on every register tile (VEC): a chunk's 32 values share one sub-block
// scale pair, read per row from the row-major superblock headers (no row pairing needed).
// NORM folds the RMSNorm before a fused projection into a register tile: x is the raw residual stream,
// each x load is multiplied by the gain, and sum x^2 accumulates beside the dot products from the same
// loads, so 1/rms scales the sums at the end (no barrier, no extra x load; a version that normed x in
// workgroup memory first was 1.4-1.8x slower on SwiftShader). Without it x is already normed.
// KIND picks the epilogue:
//   plain:   y[m, n0 + n] (+)= acc + bias, a row of ldy columns (accumulate: the residual add folded in)
//   qkv:     W is Q, K and V packed by rows, stored to yq / yk / yv
//   qkv_rope: as qkv, then RoPE: the tile's rows are RN / 4 rotary quads (rope_kv.wgsl's quad j:
//            elements 2j, 2j+1, 2j+D/2, 2j+1+D/2, or 4j..4j+3 interleaved); Q heads are rotated into yq,
//            K heads rotated and V heads as they are go straight to the fp16 cache (kv_cache.wgsl layout)
//   gate_up: W is gate rows [0, N) then up rows [N, 2N); y = silu(gate) * up,
//            the tile's RN rows being RN/2 gate rows and the same RN/2 up rows
// EPI_LOOP runs that epilogue as a loop over a private copy of the sums (one copy of its stores and
// their branches); otherwise it is unrolled over the register tile.
// W may be a view: its rows start at row wr0 of the part buffers, whose scale rows hold ldw entries.
// BK > 0 makes it a workgroup GEMM (prefill): WG = WGN x WGM invocations own a BN x BM output tile (BN =
// WGN * RN rows of W, BM = WGM * TM tokens), the same register tile each, with the same rows (tile_row);
// per K step of BK the workgroup stages the tile's W rows dequantized (so each weight is unpacked once
// per BM tokens, not per TM) and its x rows in workgroup memory, then every invocation reads both there.
// COOP (GPUs) makes a workgroup of WG lanes own RN rows x TM tokens (TM 1: decode; 8: short prefill, each
// chunk of W unpacked once for all TM tokens): lane l reads 16-byte words l, l + WG,
// ... of each row (adjacent lanes, adjacent words), and the lanes' partial sums (and sum x^2 with NORM)
// are reduced across the workgroup, by a tree in workgroup memory or, with SG, by subgroupAdd and the
// subgroup leaders' sums (any subgroup size, any lane order); lane 0 then runs the epilogue.
// SPLIT splits K where a coop tile has too few columns to fill a GPU (p.splits slices): pass 1 (part) is
// the coop tile over slice wid.y of each row's words for token tile wid.z (TM tokens: a multi-token
// forward's rows, each summed as decode sums it), its lane 0 storing the sums (and sum x^2) to
// part[((tile * splits + split) * cols + col) * V + i]; pass 2 (sum) has one invocation per column and token
// tile (wid.y) add the slices in order and run the
// epilogue as the whole kernel would (no W, x or gain bound).
// TRACE (tests only) also stores, for each lane's first TRACE_STEPS steps, the index of the 16-byte W word
// it loads for each of its RN rows, into trace[((col * WG + lane) * TRACE_STEPS + step) * RN + row] (a
// part kernel: lane (col * splits + split) * WG + lane, its steps counted from its slice's first word).
struct Step { seq_len: u32, pos: u32, kv_len: u32, index: u32 }
struct Params { N: u32, K: u32, GS: u32, rows: u32, has_bias: u32, b0: u32, wr0: u32, ldw: u32,
                n0: u32, ldy: u32, accumulate: u32, nq: u32, nk: u32, Hq: u32, Hk: u32,
                D: u32, positions: u32, max_ctx: u32, interleaved: u32, eps: f32, splits: u32 }

const WG: u32 = 64u;
const TM: u32 = 8u;
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
    let g = min(col * 8u + r % 8u, p.N - 1u);
    return select(g, g + p.N, r >= 8u);
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
    if (col * 8u >= p.N || m0 >= M) {
        return;
    }
    let nb = col * 8u;  // first output row of the tile
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
    let words_per_group = p.GS / 4u;
    let words_per_row = K4;
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
        for (var i = 0u; i < words_per_group; i = i + 1u) {
            let word = g * words_per_group + i;
            let a0 = x[x0 + word];
            xs0 = xs0 + dot(a0, vec4<f32>(1.0));
            let sa0 = a0 * BYTE_SCALE;  // so a byte can be used in place, masked but not shifted
            let a1 = x[x1 + word];
            xs1 = xs1 + dot(a1, vec4<f32>(1.0));
            let sa1 = a1 * BYTE_SCALE;  // so a byte can be used in place, masked but not shifted
            let a2 = x[x2 + word];
            xs2 = xs2 + dot(a2, vec4<f32>(1.0));
            let sa2 = a2 * BYTE_SCALE;  // so a byte can be used in place, masked but not shifted
            let a3 = x[x3 + word];
            xs3 = xs3 + dot(a3, vec4<f32>(1.0));
            let sa3 = a3 * BYTE_SCALE;  // so a byte can be used in place, masked but not shifted
            let a4 = x[x4 + word];
            xs4 = xs4 + dot(a4, vec4<f32>(1.0));
            let sa4 = a4 * BYTE_SCALE;  // so a byte can be used in place, masked but not shifted
            let a5 = x[x5 + word];
            xs5 = xs5 + dot(a5, vec4<f32>(1.0));
            let sa5 = a5 * BYTE_SCALE;  // so a byte can be used in place, masked but not shifted
            let a6 = x[x6 + word];
            xs6 = xs6 + dot(a6, vec4<f32>(1.0));
            let sa6 = a6 * BYTE_SCALE;  // so a byte can be used in place, masked but not shifted
            let a7 = x[x7 + word];
            xs7 = xs7 + dot(a7, vec4<f32>(1.0));
            let sa7 = a7 * BYTE_SCALE;  // so a byte can be used in place, masked but not shifted
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q0 = vec4<u32>(w[w0 * words_per_row + word] ^ 0x80808080u);
            let qv0 = vec4<f32>(q0 & BYTES);
            qx0_0 = qx0_0 + dot(qv0, sa0);
            qx0_1 = qx0_1 + dot(qv0, sa1);
            qx0_2 = qx0_2 + dot(qv0, sa2);
            qx0_3 = qx0_3 + dot(qv0, sa3);
            qx0_4 = qx0_4 + dot(qv0, sa4);
            qx0_5 = qx0_5 + dot(qv0, sa5);
            qx0_6 = qx0_6 + dot(qv0, sa6);
            qx0_7 = qx0_7 + dot(qv0, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q1 = vec4<u32>(w[w1 * words_per_row + word] ^ 0x80808080u);
            let qv1 = vec4<f32>(q1 & BYTES);
            qx1_0 = qx1_0 + dot(qv1, sa0);
            qx1_1 = qx1_1 + dot(qv1, sa1);
            qx1_2 = qx1_2 + dot(qv1, sa2);
            qx1_3 = qx1_3 + dot(qv1, sa3);
            qx1_4 = qx1_4 + dot(qv1, sa4);
            qx1_5 = qx1_5 + dot(qv1, sa5);
            qx1_6 = qx1_6 + dot(qv1, sa6);
            qx1_7 = qx1_7 + dot(qv1, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q2 = vec4<u32>(w[w2 * words_per_row + word] ^ 0x80808080u);
            let qv2 = vec4<f32>(q2 & BYTES);
            qx2_0 = qx2_0 + dot(qv2, sa0);
            qx2_1 = qx2_1 + dot(qv2, sa1);
            qx2_2 = qx2_2 + dot(qv2, sa2);
            qx2_3 = qx2_3 + dot(qv2, sa3);
            qx2_4 = qx2_4 + dot(qv2, sa4);
            qx2_5 = qx2_5 + dot(qv2, sa5);
            qx2_6 = qx2_6 + dot(qv2, sa6);
            qx2_7 = qx2_7 + dot(qv2, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q3 = vec4<u32>(w[w3 * words_per_row + word] ^ 0x80808080u);
            let qv3 = vec4<f32>(q3 & BYTES);
            qx3_0 = qx3_0 + dot(qv3, sa0);
            qx3_1 = qx3_1 + dot(qv3, sa1);
            qx3_2 = qx3_2 + dot(qv3, sa2);
            qx3_3 = qx3_3 + dot(qv3, sa3);
            qx3_4 = qx3_4 + dot(qv3, sa4);
            qx3_5 = qx3_5 + dot(qv3, sa5);
            qx3_6 = qx3_6 + dot(qv3, sa6);
            qx3_7 = qx3_7 + dot(qv3, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q4 = vec4<u32>(w[w4 * words_per_row + word] ^ 0x80808080u);
            let qv4 = vec4<f32>(q4 & BYTES);
            qx4_0 = qx4_0 + dot(qv4, sa0);
            qx4_1 = qx4_1 + dot(qv4, sa1);
            qx4_2 = qx4_2 + dot(qv4, sa2);
            qx4_3 = qx4_3 + dot(qv4, sa3);
            qx4_4 = qx4_4 + dot(qv4, sa4);
            qx4_5 = qx4_5 + dot(qv4, sa5);
            qx4_6 = qx4_6 + dot(qv4, sa6);
            qx4_7 = qx4_7 + dot(qv4, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q5 = vec4<u32>(w[w5 * words_per_row + word] ^ 0x80808080u);
            let qv5 = vec4<f32>(q5 & BYTES);
            qx5_0 = qx5_0 + dot(qv5, sa0);
            qx5_1 = qx5_1 + dot(qv5, sa1);
            qx5_2 = qx5_2 + dot(qv5, sa2);
            qx5_3 = qx5_3 + dot(qv5, sa3);
            qx5_4 = qx5_4 + dot(qv5, sa4);
            qx5_5 = qx5_5 + dot(qv5, sa5);
            qx5_6 = qx5_6 + dot(qv5, sa6);
            qx5_7 = qx5_7 + dot(qv5, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q6 = vec4<u32>(w[w6 * words_per_row + word] ^ 0x80808080u);
            let qv6 = vec4<f32>(q6 & BYTES);
            qx6_0 = qx6_0 + dot(qv6, sa0);
            qx6_1 = qx6_1 + dot(qv6, sa1);
            qx6_2 = qx6_2 + dot(qv6, sa2);
            qx6_3 = qx6_3 + dot(qv6, sa3);
            qx6_4 = qx6_4 + dot(qv6, sa4);
            qx6_5 = qx6_5 + dot(qv6, sa5);
            qx6_6 = qx6_6 + dot(qv6, sa6);
            qx6_7 = qx6_7 + dot(qv6, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q7 = vec4<u32>(w[w7 * words_per_row + word] ^ 0x80808080u);
            let qv7 = vec4<f32>(q7 & BYTES);
            qx7_0 = qx7_0 + dot(qv7, sa0);
            qx7_1 = qx7_1 + dot(qv7, sa1);
            qx7_2 = qx7_2 + dot(qv7, sa2);
            qx7_3 = qx7_3 + dot(qv7, sa3);
            qx7_4 = qx7_4 + dot(qv7, sa4);
            qx7_5 = qx7_5 + dot(qv7, sa5);
            qx7_6 = qx7_6 + dot(qv7, sa6);
            qx7_7 = qx7_7 + dot(qv7, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q8 = vec4<u32>(w[w8 * words_per_row + word] ^ 0x80808080u);
            let qv8 = vec4<f32>(q8 & BYTES);
            qx8_0 = qx8_0 + dot(qv8, sa0);
            qx8_1 = qx8_1 + dot(qv8, sa1);
            qx8_2 = qx8_2 + dot(qv8, sa2);
            qx8_3 = qx8_3 + dot(qv8, sa3);
            qx8_4 = qx8_4 + dot(qv8, sa4);
            qx8_5 = qx8_5 + dot(qv8, sa5);
            qx8_6 = qx8_6 + dot(qv8, sa6);
            qx8_7 = qx8_7 + dot(qv8, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q9 = vec4<u32>(w[w9 * words_per_row + word] ^ 0x80808080u);
            let qv9 = vec4<f32>(q9 & BYTES);
            qx9_0 = qx9_0 + dot(qv9, sa0);
            qx9_1 = qx9_1 + dot(qv9, sa1);
            qx9_2 = qx9_2 + dot(qv9, sa2);
            qx9_3 = qx9_3 + dot(qv9, sa3);
            qx9_4 = qx9_4 + dot(qv9, sa4);
            qx9_5 = qx9_5 + dot(qv9, sa5);
            qx9_6 = qx9_6 + dot(qv9, sa6);
            qx9_7 = qx9_7 + dot(qv9, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q10 = vec4<u32>(w[w10 * words_per_row + word] ^ 0x80808080u);
            let qv10 = vec4<f32>(q10 & BYTES);
            qx10_0 = qx10_0 + dot(qv10, sa0);
            qx10_1 = qx10_1 + dot(qv10, sa1);
            qx10_2 = qx10_2 + dot(qv10, sa2);
            qx10_3 = qx10_3 + dot(qv10, sa3);
            qx10_4 = qx10_4 + dot(qv10, sa4);
            qx10_5 = qx10_5 + dot(qv10, sa5);
            qx10_6 = qx10_6 + dot(qv10, sa6);
            qx10_7 = qx10_7 + dot(qv10, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q11 = vec4<u32>(w[w11 * words_per_row + word] ^ 0x80808080u);
            let qv11 = vec4<f32>(q11 & BYTES);
            qx11_0 = qx11_0 + dot(qv11, sa0);
            qx11_1 = qx11_1 + dot(qv11, sa1);
            qx11_2 = qx11_2 + dot(qv11, sa2);
            qx11_3 = qx11_3 + dot(qv11, sa3);
            qx11_4 = qx11_4 + dot(qv11, sa4);
            qx11_5 = qx11_5 + dot(qv11, sa5);
            qx11_6 = qx11_6 + dot(qv11, sa6);
            qx11_7 = qx11_7 + dot(qv11, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q12 = vec4<u32>(w[w12 * words_per_row + word] ^ 0x80808080u);
            let qv12 = vec4<f32>(q12 & BYTES);
            qx12_0 = qx12_0 + dot(qv12, sa0);
            qx12_1 = qx12_1 + dot(qv12, sa1);
            qx12_2 = qx12_2 + dot(qv12, sa2);
            qx12_3 = qx12_3 + dot(qv12, sa3);
            qx12_4 = qx12_4 + dot(qv12, sa4);
            qx12_5 = qx12_5 + dot(qv12, sa5);
            qx12_6 = qx12_6 + dot(qv12, sa6);
            qx12_7 = qx12_7 + dot(qv12, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q13 = vec4<u32>(w[w13 * words_per_row + word] ^ 0x80808080u);
            let qv13 = vec4<f32>(q13 & BYTES);
            qx13_0 = qx13_0 + dot(qv13, sa0);
            qx13_1 = qx13_1 + dot(qv13, sa1);
            qx13_2 = qx13_2 + dot(qv13, sa2);
            qx13_3 = qx13_3 + dot(qv13, sa3);
            qx13_4 = qx13_4 + dot(qv13, sa4);
            qx13_5 = qx13_5 + dot(qv13, sa5);
            qx13_6 = qx13_6 + dot(qv13, sa6);
            qx13_7 = qx13_7 + dot(qv13, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q14 = vec4<u32>(w[w14 * words_per_row + word] ^ 0x80808080u);
            let qv14 = vec4<f32>(q14 & BYTES);
            qx14_0 = qx14_0 + dot(qv14, sa0);
            qx14_1 = qx14_1 + dot(qv14, sa1);
            qx14_2 = qx14_2 + dot(qv14, sa2);
            qx14_3 = qx14_3 + dot(qv14, sa3);
            qx14_4 = qx14_4 + dot(qv14, sa4);
            qx14_5 = qx14_5 + dot(qv14, sa5);
            qx14_6 = qx14_6 + dot(qv14, sa6);
            qx14_7 = qx14_7 + dot(qv14, sa7);
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q15 = vec4<u32>(w[w15 * words_per_row + word] ^ 0x80808080u);
            let qv15 = vec4<f32>(q15 & BYTES);
            qx15_0 = qx15_0 + dot(qv15, sa0);
            qx15_1 = qx15_1 + dot(qv15, sa1);
            qx15_2 = qx15_2 + dot(qv15, sa2);
            qx15_3 = qx15_3 + dot(qv15, sa3);
            qx15_4 = qx15_4 + dot(qv15, sa4);
            qx15_5 = qx15_5 + dot(qv15, sa5);
            qx15_6 = qx15_6 + dot(qv15, sa6);
            qx15_7 = qx15_7 + dot(qv15, sa7);
        }
        let si0 = g * p.ldw + w0;
        let s0 = half_at(si0, scale[si0 >> 1u]);
        acc0_0 = acc0_0 + s0 * (qx0_0 - 128.0 * xs0);
        acc0_1 = acc0_1 + s0 * (qx0_1 - 128.0 * xs1);
        acc0_2 = acc0_2 + s0 * (qx0_2 - 128.0 * xs2);
        acc0_3 = acc0_3 + s0 * (qx0_3 - 128.0 * xs3);
        acc0_4 = acc0_4 + s0 * (qx0_4 - 128.0 * xs4);
        acc0_5 = acc0_5 + s0 * (qx0_5 - 128.0 * xs5);
        acc0_6 = acc0_6 + s0 * (qx0_6 - 128.0 * xs6);
        acc0_7 = acc0_7 + s0 * (qx0_7 - 128.0 * xs7);
        let si1 = g * p.ldw + w1;
        let s1 = half_at(si1, scale[si1 >> 1u]);
        acc1_0 = acc1_0 + s1 * (qx1_0 - 128.0 * xs0);
        acc1_1 = acc1_1 + s1 * (qx1_1 - 128.0 * xs1);
        acc1_2 = acc1_2 + s1 * (qx1_2 - 128.0 * xs2);
        acc1_3 = acc1_3 + s1 * (qx1_3 - 128.0 * xs3);
        acc1_4 = acc1_4 + s1 * (qx1_4 - 128.0 * xs4);
        acc1_5 = acc1_5 + s1 * (qx1_5 - 128.0 * xs5);
        acc1_6 = acc1_6 + s1 * (qx1_6 - 128.0 * xs6);
        acc1_7 = acc1_7 + s1 * (qx1_7 - 128.0 * xs7);
        let si2 = g * p.ldw + w2;
        let s2 = half_at(si2, scale[si2 >> 1u]);
        acc2_0 = acc2_0 + s2 * (qx2_0 - 128.0 * xs0);
        acc2_1 = acc2_1 + s2 * (qx2_1 - 128.0 * xs1);
        acc2_2 = acc2_2 + s2 * (qx2_2 - 128.0 * xs2);
        acc2_3 = acc2_3 + s2 * (qx2_3 - 128.0 * xs3);
        acc2_4 = acc2_4 + s2 * (qx2_4 - 128.0 * xs4);
        acc2_5 = acc2_5 + s2 * (qx2_5 - 128.0 * xs5);
        acc2_6 = acc2_6 + s2 * (qx2_6 - 128.0 * xs6);
        acc2_7 = acc2_7 + s2 * (qx2_7 - 128.0 * xs7);
        let si3 = g * p.ldw + w3;
        let s3 = half_at(si3, scale[si3 >> 1u]);
        acc3_0 = acc3_0 + s3 * (qx3_0 - 128.0 * xs0);
        acc3_1 = acc3_1 + s3 * (qx3_1 - 128.0 * xs1);
        acc3_2 = acc3_2 + s3 * (qx3_2 - 128.0 * xs2);
        acc3_3 = acc3_3 + s3 * (qx3_3 - 128.0 * xs3);
        acc3_4 = acc3_4 + s3 * (qx3_4 - 128.0 * xs4);
        acc3_5 = acc3_5 + s3 * (qx3_5 - 128.0 * xs5);
        acc3_6 = acc3_6 + s3 * (qx3_6 - 128.0 * xs6);
        acc3_7 = acc3_7 + s3 * (qx3_7 - 128.0 * xs7);
        let si4 = g * p.ldw + w4;
        let s4 = half_at(si4, scale[si4 >> 1u]);
        acc4_0 = acc4_0 + s4 * (qx4_0 - 128.0 * xs0);
        acc4_1 = acc4_1 + s4 * (qx4_1 - 128.0 * xs1);
        acc4_2 = acc4_2 + s4 * (qx4_2 - 128.0 * xs2);
        acc4_3 = acc4_3 + s4 * (qx4_3 - 128.0 * xs3);
        acc4_4 = acc4_4 + s4 * (qx4_4 - 128.0 * xs4);
        acc4_5 = acc4_5 + s4 * (qx4_5 - 128.0 * xs5);
        acc4_6 = acc4_6 + s4 * (qx4_6 - 128.0 * xs6);
        acc4_7 = acc4_7 + s4 * (qx4_7 - 128.0 * xs7);
        let si5 = g * p.ldw + w5;
        let s5 = half_at(si5, scale[si5 >> 1u]);
        acc5_0 = acc5_0 + s5 * (qx5_0 - 128.0 * xs0);
        acc5_1 = acc5_1 + s5 * (qx5_1 - 128.0 * xs1);
        acc5_2 = acc5_2 + s5 * (qx5_2 - 128.0 * xs2);
        acc5_3 = acc5_3 + s5 * (qx5_3 - 128.0 * xs3);
        acc5_4 = acc5_4 + s5 * (qx5_4 - 128.0 * xs4);
        acc5_5 = acc5_5 + s5 * (qx5_5 - 128.0 * xs5);
        acc5_6 = acc5_6 + s5 * (qx5_6 - 128.0 * xs6);
        acc5_7 = acc5_7 + s5 * (qx5_7 - 128.0 * xs7);
        let si6 = g * p.ldw + w6;
        let s6 = half_at(si6, scale[si6 >> 1u]);
        acc6_0 = acc6_0 + s6 * (qx6_0 - 128.0 * xs0);
        acc6_1 = acc6_1 + s6 * (qx6_1 - 128.0 * xs1);
        acc6_2 = acc6_2 + s6 * (qx6_2 - 128.0 * xs2);
        acc6_3 = acc6_3 + s6 * (qx6_3 - 128.0 * xs3);
        acc6_4 = acc6_4 + s6 * (qx6_4 - 128.0 * xs4);
        acc6_5 = acc6_5 + s6 * (qx6_5 - 128.0 * xs5);
        acc6_6 = acc6_6 + s6 * (qx6_6 - 128.0 * xs6);
        acc6_7 = acc6_7 + s6 * (qx6_7 - 128.0 * xs7);
        let si7 = g * p.ldw + w7;
        let s7 = half_at(si7, scale[si7 >> 1u]);
        acc7_0 = acc7_0 + s7 * (qx7_0 - 128.0 * xs0);
        acc7_1 = acc7_1 + s7 * (qx7_1 - 128.0 * xs1);
        acc7_2 = acc7_2 + s7 * (qx7_2 - 128.0 * xs2);
        acc7_3 = acc7_3 + s7 * (qx7_3 - 128.0 * xs3);
        acc7_4 = acc7_4 + s7 * (qx7_4 - 128.0 * xs4);
        acc7_5 = acc7_5 + s7 * (qx7_5 - 128.0 * xs5);
        acc7_6 = acc7_6 + s7 * (qx7_6 - 128.0 * xs6);
        acc7_7 = acc7_7 + s7 * (qx7_7 - 128.0 * xs7);
        let si8 = g * p.ldw + w8;
        let s8 = half_at(si8, scale[si8 >> 1u]);
        acc8_0 = acc8_0 + s8 * (qx8_0 - 128.0 * xs0);
        acc8_1 = acc8_1 + s8 * (qx8_1 - 128.0 * xs1);
        acc8_2 = acc8_2 + s8 * (qx8_2 - 128.0 * xs2);
        acc8_3 = acc8_3 + s8 * (qx8_3 - 128.0 * xs3);
        acc8_4 = acc8_4 + s8 * (qx8_4 - 128.0 * xs4);
        acc8_5 = acc8_5 + s8 * (qx8_5 - 128.0 * xs5);
        acc8_6 = acc8_6 + s8 * (qx8_6 - 128.0 * xs6);
        acc8_7 = acc8_7 + s8 * (qx8_7 - 128.0 * xs7);
        let si9 = g * p.ldw + w9;
        let s9 = half_at(si9, scale[si9 >> 1u]);
        acc9_0 = acc9_0 + s9 * (qx9_0 - 128.0 * xs0);
        acc9_1 = acc9_1 + s9 * (qx9_1 - 128.0 * xs1);
        acc9_2 = acc9_2 + s9 * (qx9_2 - 128.0 * xs2);
        acc9_3 = acc9_3 + s9 * (qx9_3 - 128.0 * xs3);
        acc9_4 = acc9_4 + s9 * (qx9_4 - 128.0 * xs4);
        acc9_5 = acc9_5 + s9 * (qx9_5 - 128.0 * xs5);
        acc9_6 = acc9_6 + s9 * (qx9_6 - 128.0 * xs6);
        acc9_7 = acc9_7 + s9 * (qx9_7 - 128.0 * xs7);
        let si10 = g * p.ldw + w10;
        let s10 = half_at(si10, scale[si10 >> 1u]);
        acc10_0 = acc10_0 + s10 * (qx10_0 - 128.0 * xs0);
        acc10_1 = acc10_1 + s10 * (qx10_1 - 128.0 * xs1);
        acc10_2 = acc10_2 + s10 * (qx10_2 - 128.0 * xs2);
        acc10_3 = acc10_3 + s10 * (qx10_3 - 128.0 * xs3);
        acc10_4 = acc10_4 + s10 * (qx10_4 - 128.0 * xs4);
        acc10_5 = acc10_5 + s10 * (qx10_5 - 128.0 * xs5);
        acc10_6 = acc10_6 + s10 * (qx10_6 - 128.0 * xs6);
        acc10_7 = acc10_7 + s10 * (qx10_7 - 128.0 * xs7);
        let si11 = g * p.ldw + w11;
        let s11 = half_at(si11, scale[si11 >> 1u]);
        acc11_0 = acc11_0 + s11 * (qx11_0 - 128.0 * xs0);
        acc11_1 = acc11_1 + s11 * (qx11_1 - 128.0 * xs1);
        acc11_2 = acc11_2 + s11 * (qx11_2 - 128.0 * xs2);
        acc11_3 = acc11_3 + s11 * (qx11_3 - 128.0 * xs3);
        acc11_4 = acc11_4 + s11 * (qx11_4 - 128.0 * xs4);
        acc11_5 = acc11_5 + s11 * (qx11_5 - 128.0 * xs5);
        acc11_6 = acc11_6 + s11 * (qx11_6 - 128.0 * xs6);
        acc11_7 = acc11_7 + s11 * (qx11_7 - 128.0 * xs7);
        let si12 = g * p.ldw + w12;
        let s12 = half_at(si12, scale[si12 >> 1u]);
        acc12_0 = acc12_0 + s12 * (qx12_0 - 128.0 * xs0);
        acc12_1 = acc12_1 + s12 * (qx12_1 - 128.0 * xs1);
        acc12_2 = acc12_2 + s12 * (qx12_2 - 128.0 * xs2);
        acc12_3 = acc12_3 + s12 * (qx12_3 - 128.0 * xs3);
        acc12_4 = acc12_4 + s12 * (qx12_4 - 128.0 * xs4);
        acc12_5 = acc12_5 + s12 * (qx12_5 - 128.0 * xs5);
        acc12_6 = acc12_6 + s12 * (qx12_6 - 128.0 * xs6);
        acc12_7 = acc12_7 + s12 * (qx12_7 - 128.0 * xs7);
        let si13 = g * p.ldw + w13;
        let s13 = half_at(si13, scale[si13 >> 1u]);
        acc13_0 = acc13_0 + s13 * (qx13_0 - 128.0 * xs0);
        acc13_1 = acc13_1 + s13 * (qx13_1 - 128.0 * xs1);
        acc13_2 = acc13_2 + s13 * (qx13_2 - 128.0 * xs2);
        acc13_3 = acc13_3 + s13 * (qx13_3 - 128.0 * xs3);
        acc13_4 = acc13_4 + s13 * (qx13_4 - 128.0 * xs4);
        acc13_5 = acc13_5 + s13 * (qx13_5 - 128.0 * xs5);
        acc13_6 = acc13_6 + s13 * (qx13_6 - 128.0 * xs6);
        acc13_7 = acc13_7 + s13 * (qx13_7 - 128.0 * xs7);
        let si14 = g * p.ldw + w14;
        let s14 = half_at(si14, scale[si14 >> 1u]);
        acc14_0 = acc14_0 + s14 * (qx14_0 - 128.0 * xs0);
        acc14_1 = acc14_1 + s14 * (qx14_1 - 128.0 * xs1);
        acc14_2 = acc14_2 + s14 * (qx14_2 - 128.0 * xs2);
        acc14_3 = acc14_3 + s14 * (qx14_3 - 128.0 * xs3);
        acc14_4 = acc14_4 + s14 * (qx14_4 - 128.0 * xs4);
        acc14_5 = acc14_5 + s14 * (qx14_5 - 128.0 * xs5);
        acc14_6 = acc14_6 + s14 * (qx14_6 - 128.0 * xs6);
        acc14_7 = acc14_7 + s14 * (qx14_7 - 128.0 * xs7);
        let si15 = g * p.ldw + w15;
        let s15 = half_at(si15, scale[si15 >> 1u]);
        acc15_0 = acc15_0 + s15 * (qx15_0 - 128.0 * xs0);
        acc15_1 = acc15_1 + s15 * (qx15_1 - 128.0 * xs1);
        acc15_2 = acc15_2 + s15 * (qx15_2 - 128.0 * xs2);
        acc15_3 = acc15_3 + s15 * (qx15_3 - 128.0 * xs3);
        acc15_4 = acc15_4 + s15 * (qx15_4 - 128.0 * xs4);
        acc15_5 = acc15_5 + s15 * (qx15_5 - 128.0 * xs5);
        acc15_6 = acc15_6 + s15 * (qx15_6 - 128.0 * xs6);
        acc15_7 = acc15_7 + s15 * (qx15_7 - 128.0 * xs7);
    }
    // The epilogue runs once per tile, so it loops over a private copy of the sums (index r * TM + t):
    // one copy of its stores instead of RN x TM, whose branches were most of SwiftShader's compile time.
    var sums = array<f32, 128>(
        acc0_0, acc0_1, acc0_2, acc0_3, acc0_4, acc0_5, acc0_6, acc0_7,
        acc1_0, acc1_1, acc1_2, acc1_3, acc1_4, acc1_5, acc1_6, acc1_7,
        acc2_0, acc2_1, acc2_2, acc2_3, acc2_4, acc2_5, acc2_6, acc2_7,
        acc3_0, acc3_1, acc3_2, acc3_3, acc3_4, acc3_5, acc3_6, acc3_7,
        acc4_0, acc4_1, acc4_2, acc4_3, acc4_4, acc4_5, acc4_6, acc4_7,
        acc5_0, acc5_1, acc5_2, acc5_3, acc5_4, acc5_5, acc5_6, acc5_7,
        acc6_0, acc6_1, acc6_2, acc6_3, acc6_4, acc6_5, acc6_6, acc6_7,
        acc7_0, acc7_1, acc7_2, acc7_3, acc7_4, acc7_5, acc7_6, acc7_7,
        acc8_0, acc8_1, acc8_2, acc8_3, acc8_4, acc8_5, acc8_6, acc8_7,
        acc9_0, acc9_1, acc9_2, acc9_3, acc9_4, acc9_5, acc9_6, acc9_7,
        acc10_0, acc10_1, acc10_2, acc10_3, acc10_4, acc10_5, acc10_6, acc10_7,
        acc11_0, acc11_1, acc11_2, acc11_3, acc11_4, acc11_5, acc11_6, acc11_7,
        acc12_0, acc12_1, acc12_2, acc12_3, acc12_4, acc12_5, acc12_6, acc12_7,
        acc13_0, acc13_1, acc13_2, acc13_3, acc13_4, acc13_5, acc13_6, acc13_7,
        acc14_0, acc14_1, acc14_2, acc14_3, acc14_4, acc14_5, acc14_6, acc14_7,
        acc15_0, acc15_1, acc15_2, acc15_3, acc15_4, acc15_5, acc15_6, acc15_7
    );
    for (var i = 0u; i < 64u; i = i + 1u) {
        let r = i / TM;
        let t = i % TM;
        if (nb + r < p.N && m0 + t < M) {
            let n = tile_row(col, r);
            let gate = sums[i] + bias_at(n);
            let up = sums[i + 64u] + bias_at(tile_row(col, r + 8u));
            y[(m0 + t) * p.N + n] = gate / (1.0 + exp(-gate)) * up;
        }
    }
}
