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

const WG: u32 = 16u;
const TM: u32 = 8u;
const RN: u32 = 16u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> x: array<vec4<f32>>;  // [M, K/4]
@group(0) @binding(3) var<storage, read> w: array<vec4<f32>>;  // [rows, K/4]
@group(0) @binding(4) var<storage, read> bias: array<f32>;  // [rows] (dummy when has_bias == 0)
@group(0) @binding(5) var<storage, read_write> yq: array<f32>;  // [M, nq]
@group(0) @binding(6) var<storage, read_write> yk: array<f32>;  // [M, nk]
@group(0) @binding(7) var<storage, read_write> yv: array<f32>;  // [M, N - nq - nk]

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
    let kv = p.nq + p.nk;
    if (n < p.nq) {
        yq[m * p.nq + n] = v;
    } else if (n < kv) {
        yk[m * p.nk + n - p.nq] = v;
    } else {
        yv[m * (p.N - kv) + n - kv] = v;
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
    for (var i = 0u; i < 128u; i = i + 1u) {
        let r = i / TM;
        let t = i % TM;
        if (nb + r < p.N && m0 + t < M) {
            let n = tile_row(col, r);
            store(m0 + t, n, sums[i] + bias_at(n));
        }
    }
}
