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
const TM: u32 = 4u;
const RN: u32 = 8u;

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
    let n1 = tile_row(col, 1u);
    let w1 = p.wr0 + n1;  // its row in the part buffers
    var acc1_0 = 0.0;
    var acc1_1 = 0.0;
    var acc1_2 = 0.0;
    var acc1_3 = 0.0;
    let n2 = tile_row(col, 2u);
    let w2 = p.wr0 + n2;  // its row in the part buffers
    var acc2_0 = 0.0;
    var acc2_1 = 0.0;
    var acc2_2 = 0.0;
    var acc2_3 = 0.0;
    let n3 = tile_row(col, 3u);
    let w3 = p.wr0 + n3;  // its row in the part buffers
    var acc3_0 = 0.0;
    var acc3_1 = 0.0;
    var acc3_2 = 0.0;
    var acc3_3 = 0.0;
    let n4 = tile_row(col, 4u);
    let w4 = p.wr0 + n4;  // its row in the part buffers
    var acc4_0 = 0.0;
    var acc4_1 = 0.0;
    var acc4_2 = 0.0;
    var acc4_3 = 0.0;
    let n5 = tile_row(col, 5u);
    let w5 = p.wr0 + n5;  // its row in the part buffers
    var acc5_0 = 0.0;
    var acc5_1 = 0.0;
    var acc5_2 = 0.0;
    var acc5_3 = 0.0;
    let n6 = tile_row(col, 6u);
    let w6 = p.wr0 + n6;  // its row in the part buffers
    var acc6_0 = 0.0;
    var acc6_1 = 0.0;
    var acc6_2 = 0.0;
    var acc6_3 = 0.0;
    let n7 = tile_row(col, 7u);
    let w7 = p.wr0 + n7;  // its row in the part buffers
    var acc7_0 = 0.0;
    var acc7_1 = 0.0;
    var acc7_2 = 0.0;
    var acc7_3 = 0.0;
    for (var k4 = 0u; k4 < K4; k4 = k4 + 1u) {
        let a0 = x[x0 + k4];
        let a1 = x[x1 + k4];
        let a2 = x[x2 + k4];
        let a3 = x[x3 + k4];
        let wv0 = w[w0 * K4 + k4];
        acc0_0 = acc0_0 + dot(wv0, a0);
        acc0_1 = acc0_1 + dot(wv0, a1);
        acc0_2 = acc0_2 + dot(wv0, a2);
        acc0_3 = acc0_3 + dot(wv0, a3);
        let wv1 = w[w1 * K4 + k4];
        acc1_0 = acc1_0 + dot(wv1, a0);
        acc1_1 = acc1_1 + dot(wv1, a1);
        acc1_2 = acc1_2 + dot(wv1, a2);
        acc1_3 = acc1_3 + dot(wv1, a3);
        let wv2 = w[w2 * K4 + k4];
        acc2_0 = acc2_0 + dot(wv2, a0);
        acc2_1 = acc2_1 + dot(wv2, a1);
        acc2_2 = acc2_2 + dot(wv2, a2);
        acc2_3 = acc2_3 + dot(wv2, a3);
        let wv3 = w[w3 * K4 + k4];
        acc3_0 = acc3_0 + dot(wv3, a0);
        acc3_1 = acc3_1 + dot(wv3, a1);
        acc3_2 = acc3_2 + dot(wv3, a2);
        acc3_3 = acc3_3 + dot(wv3, a3);
        let wv4 = w[w4 * K4 + k4];
        acc4_0 = acc4_0 + dot(wv4, a0);
        acc4_1 = acc4_1 + dot(wv4, a1);
        acc4_2 = acc4_2 + dot(wv4, a2);
        acc4_3 = acc4_3 + dot(wv4, a3);
        let wv5 = w[w5 * K4 + k4];
        acc5_0 = acc5_0 + dot(wv5, a0);
        acc5_1 = acc5_1 + dot(wv5, a1);
        acc5_2 = acc5_2 + dot(wv5, a2);
        acc5_3 = acc5_3 + dot(wv5, a3);
        let wv6 = w[w6 * K4 + k4];
        acc6_0 = acc6_0 + dot(wv6, a0);
        acc6_1 = acc6_1 + dot(wv6, a1);
        acc6_2 = acc6_2 + dot(wv6, a2);
        acc6_3 = acc6_3 + dot(wv6, a3);
        let wv7 = w[w7 * K4 + k4];
        acc7_0 = acc7_0 + dot(wv7, a0);
        acc7_1 = acc7_1 + dot(wv7, a1);
        acc7_2 = acc7_2 + dot(wv7, a2);
        acc7_3 = acc7_3 + dot(wv7, a3);
    }
    // The epilogue runs once per tile, so it loops over a private copy of the sums (index r * TM + t):
    // one copy of its stores instead of RN x TM, whose branches were most of SwiftShader's compile time.
    var sums = array<f32, 32>(
        acc0_0, acc0_1, acc0_2, acc0_3,
        acc1_0, acc1_1, acc1_2, acc1_3,
        acc2_0, acc2_1, acc2_2, acc2_3,
        acc3_0, acc3_1, acc3_2, acc3_3,
        acc4_0, acc4_1, acc4_2, acc4_3,
        acc5_0, acc5_1, acc5_2, acc5_3,
        acc6_0, acc6_1, acc6_2, acc6_3,
        acc7_0, acc7_1, acc7_2, acc7_3
    );
    for (var i = 0u; i < 32u; i = i + 1u) {
        let r = i / TM;
        let t = i % TM;
        if (nb + r < p.N && m0 + t < M) {
            let n = tile_row(col, r);
            store(m0 + t, n, sums[i] + bias_at(n));
        }
    }
}
