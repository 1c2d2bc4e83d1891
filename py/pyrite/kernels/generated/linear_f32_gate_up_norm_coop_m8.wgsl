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

const WG: u32 = 32u;
const TM: u32 = 8u;
const RN: u32 = 2u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> x: array<vec4<f32>>;  // [M, K/4]
@group(0) @binding(3) var<storage, read> w: array<vec4<f32>>;  // [rows, K/4]
@group(0) @binding(4) var<storage, read> bias: array<f32>;  // [rows] (dummy when has_bias == 0)
@group(0) @binding(5) var<storage, read> gain: array<vec4<f32>>;  // [K/4] the RMSNorm weight
@group(0) @binding(6) var<storage, read_write> y: array<f32>;  // plain: [M, ldy]; gate_up: [M, N]

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
    let g = min(col * 1u + r % 1u, p.N - 1u);
    return select(g, g + p.N, r >= 1u);
}

var<workgroup> red: array<array<f32, 24>, WG>;  // per lane: the rows x tokens sums (and sum x^2)

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32, @builtin(num_workgroups) nwg: vec3<u32>) {
    let M = live_rows();
    let K4 = p.K / 4u;
    let col = wid.x + wid.z * nwg.x;  // one column (RN rows) per workgroup; z folds columns past 65535
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
    if (col * 1u >= p.N || m0 >= M) {
        return;
    }
    let nb = col * 1u;  // first output row of the tile
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
    var ss0 = 0.0;
    var ss1 = 0.0;
    var ss2 = 0.0;
    var ss3 = 0.0;
    var ss4 = 0.0;
    var ss5 = 0.0;
    var ss6 = 0.0;
    var ss7 = 0.0;
    for (var k4 = lid; k4 < K4; k4 = k4 + WG) {
        let g = gain[k4];
        let a0_raw = x[x0 + k4];
        ss0 = ss0 + dot(a0_raw, a0_raw);
        let a0 = a0_raw * g;
        let a1_raw = x[x1 + k4];
        ss1 = ss1 + dot(a1_raw, a1_raw);
        let a1 = a1_raw * g;
        let a2_raw = x[x2 + k4];
        ss2 = ss2 + dot(a2_raw, a2_raw);
        let a2 = a2_raw * g;
        let a3_raw = x[x3 + k4];
        ss3 = ss3 + dot(a3_raw, a3_raw);
        let a3 = a3_raw * g;
        let a4_raw = x[x4 + k4];
        ss4 = ss4 + dot(a4_raw, a4_raw);
        let a4 = a4_raw * g;
        let a5_raw = x[x5 + k4];
        ss5 = ss5 + dot(a5_raw, a5_raw);
        let a5 = a5_raw * g;
        let a6_raw = x[x6 + k4];
        ss6 = ss6 + dot(a6_raw, a6_raw);
        let a6 = a6_raw * g;
        let a7_raw = x[x7 + k4];
        ss7 = ss7 + dot(a7_raw, a7_raw);
        let a7 = a7_raw * g;
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
    }
    red[lid][0] = acc0_0;
    red[lid][1] = acc0_1;
    red[lid][2] = acc0_2;
    red[lid][3] = acc0_3;
    red[lid][4] = acc0_4;
    red[lid][5] = acc0_5;
    red[lid][6] = acc0_6;
    red[lid][7] = acc0_7;
    red[lid][8] = acc1_0;
    red[lid][9] = acc1_1;
    red[lid][10] = acc1_2;
    red[lid][11] = acc1_3;
    red[lid][12] = acc1_4;
    red[lid][13] = acc1_5;
    red[lid][14] = acc1_6;
    red[lid][15] = acc1_7;
    red[lid][16] = ss0;
    red[lid][17] = ss1;
    red[lid][18] = ss2;
    red[lid][19] = ss3;
    red[lid][20] = ss4;
    red[lid][21] = ss5;
    red[lid][22] = ss6;
    red[lid][23] = ss7;
    workgroupBarrier();
    if (lid < 16u) {
        red[lid][0] = red[lid][0] + red[lid + 16u][0];
        red[lid][1] = red[lid][1] + red[lid + 16u][1];
        red[lid][2] = red[lid][2] + red[lid + 16u][2];
        red[lid][3] = red[lid][3] + red[lid + 16u][3];
        red[lid][4] = red[lid][4] + red[lid + 16u][4];
        red[lid][5] = red[lid][5] + red[lid + 16u][5];
        red[lid][6] = red[lid][6] + red[lid + 16u][6];
        red[lid][7] = red[lid][7] + red[lid + 16u][7];
        red[lid][8] = red[lid][8] + red[lid + 16u][8];
        red[lid][9] = red[lid][9] + red[lid + 16u][9];
        red[lid][10] = red[lid][10] + red[lid + 16u][10];
        red[lid][11] = red[lid][11] + red[lid + 16u][11];
        red[lid][12] = red[lid][12] + red[lid + 16u][12];
        red[lid][13] = red[lid][13] + red[lid + 16u][13];
        red[lid][14] = red[lid][14] + red[lid + 16u][14];
        red[lid][15] = red[lid][15] + red[lid + 16u][15];
        red[lid][16] = red[lid][16] + red[lid + 16u][16];
        red[lid][17] = red[lid][17] + red[lid + 16u][17];
        red[lid][18] = red[lid][18] + red[lid + 16u][18];
        red[lid][19] = red[lid][19] + red[lid + 16u][19];
        red[lid][20] = red[lid][20] + red[lid + 16u][20];
        red[lid][21] = red[lid][21] + red[lid + 16u][21];
        red[lid][22] = red[lid][22] + red[lid + 16u][22];
        red[lid][23] = red[lid][23] + red[lid + 16u][23];
    }
    workgroupBarrier();
    if (lid < 8u) {
        red[lid][0] = red[lid][0] + red[lid + 8u][0];
        red[lid][1] = red[lid][1] + red[lid + 8u][1];
        red[lid][2] = red[lid][2] + red[lid + 8u][2];
        red[lid][3] = red[lid][3] + red[lid + 8u][3];
        red[lid][4] = red[lid][4] + red[lid + 8u][4];
        red[lid][5] = red[lid][5] + red[lid + 8u][5];
        red[lid][6] = red[lid][6] + red[lid + 8u][6];
        red[lid][7] = red[lid][7] + red[lid + 8u][7];
        red[lid][8] = red[lid][8] + red[lid + 8u][8];
        red[lid][9] = red[lid][9] + red[lid + 8u][9];
        red[lid][10] = red[lid][10] + red[lid + 8u][10];
        red[lid][11] = red[lid][11] + red[lid + 8u][11];
        red[lid][12] = red[lid][12] + red[lid + 8u][12];
        red[lid][13] = red[lid][13] + red[lid + 8u][13];
        red[lid][14] = red[lid][14] + red[lid + 8u][14];
        red[lid][15] = red[lid][15] + red[lid + 8u][15];
        red[lid][16] = red[lid][16] + red[lid + 8u][16];
        red[lid][17] = red[lid][17] + red[lid + 8u][17];
        red[lid][18] = red[lid][18] + red[lid + 8u][18];
        red[lid][19] = red[lid][19] + red[lid + 8u][19];
        red[lid][20] = red[lid][20] + red[lid + 8u][20];
        red[lid][21] = red[lid][21] + red[lid + 8u][21];
        red[lid][22] = red[lid][22] + red[lid + 8u][22];
        red[lid][23] = red[lid][23] + red[lid + 8u][23];
    }
    workgroupBarrier();
    if (lid < 4u) {
        red[lid][0] = red[lid][0] + red[lid + 4u][0];
        red[lid][1] = red[lid][1] + red[lid + 4u][1];
        red[lid][2] = red[lid][2] + red[lid + 4u][2];
        red[lid][3] = red[lid][3] + red[lid + 4u][3];
        red[lid][4] = red[lid][4] + red[lid + 4u][4];
        red[lid][5] = red[lid][5] + red[lid + 4u][5];
        red[lid][6] = red[lid][6] + red[lid + 4u][6];
        red[lid][7] = red[lid][7] + red[lid + 4u][7];
        red[lid][8] = red[lid][8] + red[lid + 4u][8];
        red[lid][9] = red[lid][9] + red[lid + 4u][9];
        red[lid][10] = red[lid][10] + red[lid + 4u][10];
        red[lid][11] = red[lid][11] + red[lid + 4u][11];
        red[lid][12] = red[lid][12] + red[lid + 4u][12];
        red[lid][13] = red[lid][13] + red[lid + 4u][13];
        red[lid][14] = red[lid][14] + red[lid + 4u][14];
        red[lid][15] = red[lid][15] + red[lid + 4u][15];
        red[lid][16] = red[lid][16] + red[lid + 4u][16];
        red[lid][17] = red[lid][17] + red[lid + 4u][17];
        red[lid][18] = red[lid][18] + red[lid + 4u][18];
        red[lid][19] = red[lid][19] + red[lid + 4u][19];
        red[lid][20] = red[lid][20] + red[lid + 4u][20];
        red[lid][21] = red[lid][21] + red[lid + 4u][21];
        red[lid][22] = red[lid][22] + red[lid + 4u][22];
        red[lid][23] = red[lid][23] + red[lid + 4u][23];
    }
    workgroupBarrier();
    if (lid < 2u) {
        red[lid][0] = red[lid][0] + red[lid + 2u][0];
        red[lid][1] = red[lid][1] + red[lid + 2u][1];
        red[lid][2] = red[lid][2] + red[lid + 2u][2];
        red[lid][3] = red[lid][3] + red[lid + 2u][3];
        red[lid][4] = red[lid][4] + red[lid + 2u][4];
        red[lid][5] = red[lid][5] + red[lid + 2u][5];
        red[lid][6] = red[lid][6] + red[lid + 2u][6];
        red[lid][7] = red[lid][7] + red[lid + 2u][7];
        red[lid][8] = red[lid][8] + red[lid + 2u][8];
        red[lid][9] = red[lid][9] + red[lid + 2u][9];
        red[lid][10] = red[lid][10] + red[lid + 2u][10];
        red[lid][11] = red[lid][11] + red[lid + 2u][11];
        red[lid][12] = red[lid][12] + red[lid + 2u][12];
        red[lid][13] = red[lid][13] + red[lid + 2u][13];
        red[lid][14] = red[lid][14] + red[lid + 2u][14];
        red[lid][15] = red[lid][15] + red[lid + 2u][15];
        red[lid][16] = red[lid][16] + red[lid + 2u][16];
        red[lid][17] = red[lid][17] + red[lid + 2u][17];
        red[lid][18] = red[lid][18] + red[lid + 2u][18];
        red[lid][19] = red[lid][19] + red[lid + 2u][19];
        red[lid][20] = red[lid][20] + red[lid + 2u][20];
        red[lid][21] = red[lid][21] + red[lid + 2u][21];
        red[lid][22] = red[lid][22] + red[lid + 2u][22];
        red[lid][23] = red[lid][23] + red[lid + 2u][23];
    }
    workgroupBarrier();
    if (lid < 1u) {
        red[lid][0] = red[lid][0] + red[lid + 1u][0];
        red[lid][1] = red[lid][1] + red[lid + 1u][1];
        red[lid][2] = red[lid][2] + red[lid + 1u][2];
        red[lid][3] = red[lid][3] + red[lid + 1u][3];
        red[lid][4] = red[lid][4] + red[lid + 1u][4];
        red[lid][5] = red[lid][5] + red[lid + 1u][5];
        red[lid][6] = red[lid][6] + red[lid + 1u][6];
        red[lid][7] = red[lid][7] + red[lid + 1u][7];
        red[lid][8] = red[lid][8] + red[lid + 1u][8];
        red[lid][9] = red[lid][9] + red[lid + 1u][9];
        red[lid][10] = red[lid][10] + red[lid + 1u][10];
        red[lid][11] = red[lid][11] + red[lid + 1u][11];
        red[lid][12] = red[lid][12] + red[lid + 1u][12];
        red[lid][13] = red[lid][13] + red[lid + 1u][13];
        red[lid][14] = red[lid][14] + red[lid + 1u][14];
        red[lid][15] = red[lid][15] + red[lid + 1u][15];
        red[lid][16] = red[lid][16] + red[lid + 1u][16];
        red[lid][17] = red[lid][17] + red[lid + 1u][17];
        red[lid][18] = red[lid][18] + red[lid + 1u][18];
        red[lid][19] = red[lid][19] + red[lid + 1u][19];
        red[lid][20] = red[lid][20] + red[lid + 1u][20];
        red[lid][21] = red[lid][21] + red[lid + 1u][21];
        red[lid][22] = red[lid][22] + red[lid + 1u][22];
        red[lid][23] = red[lid][23] + red[lid + 1u][23];
    }
    workgroupBarrier();
    if (lid != 0u) {
        return;
    }
    acc0_0 = red[0][0];
    acc0_1 = red[0][1];
    acc0_2 = red[0][2];
    acc0_3 = red[0][3];
    acc0_4 = red[0][4];
    acc0_5 = red[0][5];
    acc0_6 = red[0][6];
    acc0_7 = red[0][7];
    acc1_0 = red[0][8];
    acc1_1 = red[0][9];
    acc1_2 = red[0][10];
    acc1_3 = red[0][11];
    acc1_4 = red[0][12];
    acc1_5 = red[0][13];
    acc1_6 = red[0][14];
    acc1_7 = red[0][15];
    ss0 = red[0][16];
    ss1 = red[0][17];
    ss2 = red[0][18];
    ss3 = red[0][19];
    ss4 = red[0][20];
    ss5 = red[0][21];
    ss6 = red[0][22];
    ss7 = red[0][23];

    let inv0 = inverseSqrt(ss0 / f32(p.K) + p.eps);
    acc0_0 = acc0_0 * inv0;
    acc1_0 = acc1_0 * inv0;
    let inv1 = inverseSqrt(ss1 / f32(p.K) + p.eps);
    acc0_1 = acc0_1 * inv1;
    acc1_1 = acc1_1 * inv1;
    let inv2 = inverseSqrt(ss2 / f32(p.K) + p.eps);
    acc0_2 = acc0_2 * inv2;
    acc1_2 = acc1_2 * inv2;
    let inv3 = inverseSqrt(ss3 / f32(p.K) + p.eps);
    acc0_3 = acc0_3 * inv3;
    acc1_3 = acc1_3 * inv3;
    let inv4 = inverseSqrt(ss4 / f32(p.K) + p.eps);
    acc0_4 = acc0_4 * inv4;
    acc1_4 = acc1_4 * inv4;
    let inv5 = inverseSqrt(ss5 / f32(p.K) + p.eps);
    acc0_5 = acc0_5 * inv5;
    acc1_5 = acc1_5 * inv5;
    let inv6 = inverseSqrt(ss6 / f32(p.K) + p.eps);
    acc0_6 = acc0_6 * inv6;
    acc1_6 = acc1_6 * inv6;
    let inv7 = inverseSqrt(ss7 / f32(p.K) + p.eps);
    acc0_7 = acc0_7 * inv7;
    acc1_7 = acc1_7 * inv7;
    if (nb + 0u < p.N) {
        let bg0 = bias_at(n0);
        let bu0 = bias_at(n1);
        if (m0 + 0u < M) {
            let gate = acc0_0 + bg0;
            y[(m0 + 0u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_0 + bu0);
        }
        if (m0 + 1u < M) {
            let gate = acc0_1 + bg0;
            y[(m0 + 1u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_1 + bu0);
        }
        if (m0 + 2u < M) {
            let gate = acc0_2 + bg0;
            y[(m0 + 2u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_2 + bu0);
        }
        if (m0 + 3u < M) {
            let gate = acc0_3 + bg0;
            y[(m0 + 3u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_3 + bu0);
        }
        if (m0 + 4u < M) {
            let gate = acc0_4 + bg0;
            y[(m0 + 4u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_4 + bu0);
        }
        if (m0 + 5u < M) {
            let gate = acc0_5 + bg0;
            y[(m0 + 5u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_5 + bu0);
        }
        if (m0 + 6u < M) {
            let gate = acc0_6 + bg0;
            y[(m0 + 6u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_6 + bu0);
        }
        if (m0 + 7u < M) {
            let gate = acc0_7 + bg0;
            y[(m0 + 7u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_7 + bu0);
        }
    }
}
