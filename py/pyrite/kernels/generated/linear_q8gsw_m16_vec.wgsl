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
const TM: u32 = 16u;
const RN: u32 = 4u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> x: array<vec4<f32>>;  // [M, K/4]
@group(0) @binding(3) var<storage, read> w: array<vec4<u32>>;  // q4: [rows, K/8] nibbles; q8: [rows, K/4] bytes (vec4 chunks)
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


// VEC (the decode GEMV, and the coop tiles of the packed formats) streams W a vec4<u32> chunk at a time: 32
// nibbles or 16 bytes of one row, folded into the accumulator in one expression with the chunk's scale
// (one masked variable write per chunk, not per word: SwiftShader's Subzero keeps every var in memory and
// masks each write). Each nibble or byte is masked in place and converted as a signed integer (the top
// one shifted down first, so it stays below 2^31: an unsigned conversion costs several instructions on
// x86). On the vec GEMV rows 2i and 2i+1 share one scale word (the route requires even rows: wr0, ldw and
// N even), unpacked once; a coop tile reads each row's own.
const ODD_SCALE_TOP = vec4<f32>(0.0625, 0.000244140625, 9.5367431640625e-07, 5.9604644775390625e-08);  // 2^-4, -12, -20, -24
const BYTE_SCALE_TOP = vec4<f32>(1.0, 0.00390625, 1.52587890625e-05, 1.52587890625e-05);              // 2^-0, -8, -16, -16

// v's bits under mask m as a float: below 2^31, so a signed conversion is exact
fn masked(v: u32, m: u32) -> f32 {
    return f32(bitcast<i32>(v & m));
}

// sum of word v's 4 bytes (masked in place; int8 ^ 0x80 = q + 128) times x pre-scaled by
// 2^-(8 * position) (the top byte shifted down 8 first)
fn word_dot(v: u32, sx: vec4<f32>) -> f32 {
    let u = v ^ 0x80808080u;
    return masked(u, 0xFFu) * sx.x + masked(u, 0xFF00u) * sx.y + masked(u, 0xFF0000u) * sx.z
         + masked(u >> 8u, 0xFF0000u) * sx.w;
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
    if (col * 4u >= p.N || m0 >= M) {
        return;
    }
    let nb = col * 4u;  // first output row of the tile
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
    let chunks_per_row = p.K / 16u;
    let group_shift = countTrailingZeros(p.GS / 16u);  // chunks per group: a power of two
    for (var c = 0u; c < chunks_per_row; c = c + 1u) {
        let g = c >> group_shift;
        let sp0 = unpack2x16float(scale[(g * p.ldw + w0) >> 1u]);  // rows 0 and 1
        let sp2 = unpack2x16float(scale[(g * p.ldw + w2) >> 1u]);  // rows 2 and 3
        let wv0 = w[w0 * chunks_per_row + c];
        let wv1 = w[w1 * chunks_per_row + c];
        let wv2 = w[w2 * chunks_per_row + c];
        let wv3 = w[w3 * chunks_per_row + c];
        let a0_0 = x[x0 + c * 4u + 0u];
        let a0_1 = x[x0 + c * 4u + 1u];
        let a0_2 = x[x0 + c * 4u + 2u];
        let a0_3 = x[x0 + c * 4u + 3u];
        let xs0 = dot(a0_0 + a0_1 + a0_2 + a0_3, vec4<f32>(1.0));
        let sx0_0 = a0_0 * BYTE_SCALE_TOP;
        let sx0_1 = a0_1 * BYTE_SCALE_TOP;
        let sx0_2 = a0_2 * BYTE_SCALE_TOP;
        let sx0_3 = a0_3 * BYTE_SCALE_TOP;
        acc0_0 = acc0_0 + sp0.x * (word_dot(wv0.x, sx0_0) + word_dot(wv0.y, sx0_1) + word_dot(wv0.z, sx0_2) + word_dot(wv0.w, sx0_3) - 128.0 * xs0);
        acc1_0 = acc1_0 + sp0.y * (word_dot(wv1.x, sx0_0) + word_dot(wv1.y, sx0_1) + word_dot(wv1.z, sx0_2) + word_dot(wv1.w, sx0_3) - 128.0 * xs0);
        acc2_0 = acc2_0 + sp2.x * (word_dot(wv2.x, sx0_0) + word_dot(wv2.y, sx0_1) + word_dot(wv2.z, sx0_2) + word_dot(wv2.w, sx0_3) - 128.0 * xs0);
        acc3_0 = acc3_0 + sp2.y * (word_dot(wv3.x, sx0_0) + word_dot(wv3.y, sx0_1) + word_dot(wv3.z, sx0_2) + word_dot(wv3.w, sx0_3) - 128.0 * xs0);
        let a1_0 = x[x1 + c * 4u + 0u];
        let a1_1 = x[x1 + c * 4u + 1u];
        let a1_2 = x[x1 + c * 4u + 2u];
        let a1_3 = x[x1 + c * 4u + 3u];
        let xs1 = dot(a1_0 + a1_1 + a1_2 + a1_3, vec4<f32>(1.0));
        let sx1_0 = a1_0 * BYTE_SCALE_TOP;
        let sx1_1 = a1_1 * BYTE_SCALE_TOP;
        let sx1_2 = a1_2 * BYTE_SCALE_TOP;
        let sx1_3 = a1_3 * BYTE_SCALE_TOP;
        acc0_1 = acc0_1 + sp0.x * (word_dot(wv0.x, sx1_0) + word_dot(wv0.y, sx1_1) + word_dot(wv0.z, sx1_2) + word_dot(wv0.w, sx1_3) - 128.0 * xs1);
        acc1_1 = acc1_1 + sp0.y * (word_dot(wv1.x, sx1_0) + word_dot(wv1.y, sx1_1) + word_dot(wv1.z, sx1_2) + word_dot(wv1.w, sx1_3) - 128.0 * xs1);
        acc2_1 = acc2_1 + sp2.x * (word_dot(wv2.x, sx1_0) + word_dot(wv2.y, sx1_1) + word_dot(wv2.z, sx1_2) + word_dot(wv2.w, sx1_3) - 128.0 * xs1);
        acc3_1 = acc3_1 + sp2.y * (word_dot(wv3.x, sx1_0) + word_dot(wv3.y, sx1_1) + word_dot(wv3.z, sx1_2) + word_dot(wv3.w, sx1_3) - 128.0 * xs1);
        let a2_0 = x[x2 + c * 4u + 0u];
        let a2_1 = x[x2 + c * 4u + 1u];
        let a2_2 = x[x2 + c * 4u + 2u];
        let a2_3 = x[x2 + c * 4u + 3u];
        let xs2 = dot(a2_0 + a2_1 + a2_2 + a2_3, vec4<f32>(1.0));
        let sx2_0 = a2_0 * BYTE_SCALE_TOP;
        let sx2_1 = a2_1 * BYTE_SCALE_TOP;
        let sx2_2 = a2_2 * BYTE_SCALE_TOP;
        let sx2_3 = a2_3 * BYTE_SCALE_TOP;
        acc0_2 = acc0_2 + sp0.x * (word_dot(wv0.x, sx2_0) + word_dot(wv0.y, sx2_1) + word_dot(wv0.z, sx2_2) + word_dot(wv0.w, sx2_3) - 128.0 * xs2);
        acc1_2 = acc1_2 + sp0.y * (word_dot(wv1.x, sx2_0) + word_dot(wv1.y, sx2_1) + word_dot(wv1.z, sx2_2) + word_dot(wv1.w, sx2_3) - 128.0 * xs2);
        acc2_2 = acc2_2 + sp2.x * (word_dot(wv2.x, sx2_0) + word_dot(wv2.y, sx2_1) + word_dot(wv2.z, sx2_2) + word_dot(wv2.w, sx2_3) - 128.0 * xs2);
        acc3_2 = acc3_2 + sp2.y * (word_dot(wv3.x, sx2_0) + word_dot(wv3.y, sx2_1) + word_dot(wv3.z, sx2_2) + word_dot(wv3.w, sx2_3) - 128.0 * xs2);
        let a3_0 = x[x3 + c * 4u + 0u];
        let a3_1 = x[x3 + c * 4u + 1u];
        let a3_2 = x[x3 + c * 4u + 2u];
        let a3_3 = x[x3 + c * 4u + 3u];
        let xs3 = dot(a3_0 + a3_1 + a3_2 + a3_3, vec4<f32>(1.0));
        let sx3_0 = a3_0 * BYTE_SCALE_TOP;
        let sx3_1 = a3_1 * BYTE_SCALE_TOP;
        let sx3_2 = a3_2 * BYTE_SCALE_TOP;
        let sx3_3 = a3_3 * BYTE_SCALE_TOP;
        acc0_3 = acc0_3 + sp0.x * (word_dot(wv0.x, sx3_0) + word_dot(wv0.y, sx3_1) + word_dot(wv0.z, sx3_2) + word_dot(wv0.w, sx3_3) - 128.0 * xs3);
        acc1_3 = acc1_3 + sp0.y * (word_dot(wv1.x, sx3_0) + word_dot(wv1.y, sx3_1) + word_dot(wv1.z, sx3_2) + word_dot(wv1.w, sx3_3) - 128.0 * xs3);
        acc2_3 = acc2_3 + sp2.x * (word_dot(wv2.x, sx3_0) + word_dot(wv2.y, sx3_1) + word_dot(wv2.z, sx3_2) + word_dot(wv2.w, sx3_3) - 128.0 * xs3);
        acc3_3 = acc3_3 + sp2.y * (word_dot(wv3.x, sx3_0) + word_dot(wv3.y, sx3_1) + word_dot(wv3.z, sx3_2) + word_dot(wv3.w, sx3_3) - 128.0 * xs3);
        let a4_0 = x[x4 + c * 4u + 0u];
        let a4_1 = x[x4 + c * 4u + 1u];
        let a4_2 = x[x4 + c * 4u + 2u];
        let a4_3 = x[x4 + c * 4u + 3u];
        let xs4 = dot(a4_0 + a4_1 + a4_2 + a4_3, vec4<f32>(1.0));
        let sx4_0 = a4_0 * BYTE_SCALE_TOP;
        let sx4_1 = a4_1 * BYTE_SCALE_TOP;
        let sx4_2 = a4_2 * BYTE_SCALE_TOP;
        let sx4_3 = a4_3 * BYTE_SCALE_TOP;
        acc0_4 = acc0_4 + sp0.x * (word_dot(wv0.x, sx4_0) + word_dot(wv0.y, sx4_1) + word_dot(wv0.z, sx4_2) + word_dot(wv0.w, sx4_3) - 128.0 * xs4);
        acc1_4 = acc1_4 + sp0.y * (word_dot(wv1.x, sx4_0) + word_dot(wv1.y, sx4_1) + word_dot(wv1.z, sx4_2) + word_dot(wv1.w, sx4_3) - 128.0 * xs4);
        acc2_4 = acc2_4 + sp2.x * (word_dot(wv2.x, sx4_0) + word_dot(wv2.y, sx4_1) + word_dot(wv2.z, sx4_2) + word_dot(wv2.w, sx4_3) - 128.0 * xs4);
        acc3_4 = acc3_4 + sp2.y * (word_dot(wv3.x, sx4_0) + word_dot(wv3.y, sx4_1) + word_dot(wv3.z, sx4_2) + word_dot(wv3.w, sx4_3) - 128.0 * xs4);
        let a5_0 = x[x5 + c * 4u + 0u];
        let a5_1 = x[x5 + c * 4u + 1u];
        let a5_2 = x[x5 + c * 4u + 2u];
        let a5_3 = x[x5 + c * 4u + 3u];
        let xs5 = dot(a5_0 + a5_1 + a5_2 + a5_3, vec4<f32>(1.0));
        let sx5_0 = a5_0 * BYTE_SCALE_TOP;
        let sx5_1 = a5_1 * BYTE_SCALE_TOP;
        let sx5_2 = a5_2 * BYTE_SCALE_TOP;
        let sx5_3 = a5_3 * BYTE_SCALE_TOP;
        acc0_5 = acc0_5 + sp0.x * (word_dot(wv0.x, sx5_0) + word_dot(wv0.y, sx5_1) + word_dot(wv0.z, sx5_2) + word_dot(wv0.w, sx5_3) - 128.0 * xs5);
        acc1_5 = acc1_5 + sp0.y * (word_dot(wv1.x, sx5_0) + word_dot(wv1.y, sx5_1) + word_dot(wv1.z, sx5_2) + word_dot(wv1.w, sx5_3) - 128.0 * xs5);
        acc2_5 = acc2_5 + sp2.x * (word_dot(wv2.x, sx5_0) + word_dot(wv2.y, sx5_1) + word_dot(wv2.z, sx5_2) + word_dot(wv2.w, sx5_3) - 128.0 * xs5);
        acc3_5 = acc3_5 + sp2.y * (word_dot(wv3.x, sx5_0) + word_dot(wv3.y, sx5_1) + word_dot(wv3.z, sx5_2) + word_dot(wv3.w, sx5_3) - 128.0 * xs5);
        let a6_0 = x[x6 + c * 4u + 0u];
        let a6_1 = x[x6 + c * 4u + 1u];
        let a6_2 = x[x6 + c * 4u + 2u];
        let a6_3 = x[x6 + c * 4u + 3u];
        let xs6 = dot(a6_0 + a6_1 + a6_2 + a6_3, vec4<f32>(1.0));
        let sx6_0 = a6_0 * BYTE_SCALE_TOP;
        let sx6_1 = a6_1 * BYTE_SCALE_TOP;
        let sx6_2 = a6_2 * BYTE_SCALE_TOP;
        let sx6_3 = a6_3 * BYTE_SCALE_TOP;
        acc0_6 = acc0_6 + sp0.x * (word_dot(wv0.x, sx6_0) + word_dot(wv0.y, sx6_1) + word_dot(wv0.z, sx6_2) + word_dot(wv0.w, sx6_3) - 128.0 * xs6);
        acc1_6 = acc1_6 + sp0.y * (word_dot(wv1.x, sx6_0) + word_dot(wv1.y, sx6_1) + word_dot(wv1.z, sx6_2) + word_dot(wv1.w, sx6_3) - 128.0 * xs6);
        acc2_6 = acc2_6 + sp2.x * (word_dot(wv2.x, sx6_0) + word_dot(wv2.y, sx6_1) + word_dot(wv2.z, sx6_2) + word_dot(wv2.w, sx6_3) - 128.0 * xs6);
        acc3_6 = acc3_6 + sp2.y * (word_dot(wv3.x, sx6_0) + word_dot(wv3.y, sx6_1) + word_dot(wv3.z, sx6_2) + word_dot(wv3.w, sx6_3) - 128.0 * xs6);
        let a7_0 = x[x7 + c * 4u + 0u];
        let a7_1 = x[x7 + c * 4u + 1u];
        let a7_2 = x[x7 + c * 4u + 2u];
        let a7_3 = x[x7 + c * 4u + 3u];
        let xs7 = dot(a7_0 + a7_1 + a7_2 + a7_3, vec4<f32>(1.0));
        let sx7_0 = a7_0 * BYTE_SCALE_TOP;
        let sx7_1 = a7_1 * BYTE_SCALE_TOP;
        let sx7_2 = a7_2 * BYTE_SCALE_TOP;
        let sx7_3 = a7_3 * BYTE_SCALE_TOP;
        acc0_7 = acc0_7 + sp0.x * (word_dot(wv0.x, sx7_0) + word_dot(wv0.y, sx7_1) + word_dot(wv0.z, sx7_2) + word_dot(wv0.w, sx7_3) - 128.0 * xs7);
        acc1_7 = acc1_7 + sp0.y * (word_dot(wv1.x, sx7_0) + word_dot(wv1.y, sx7_1) + word_dot(wv1.z, sx7_2) + word_dot(wv1.w, sx7_3) - 128.0 * xs7);
        acc2_7 = acc2_7 + sp2.x * (word_dot(wv2.x, sx7_0) + word_dot(wv2.y, sx7_1) + word_dot(wv2.z, sx7_2) + word_dot(wv2.w, sx7_3) - 128.0 * xs7);
        acc3_7 = acc3_7 + sp2.y * (word_dot(wv3.x, sx7_0) + word_dot(wv3.y, sx7_1) + word_dot(wv3.z, sx7_2) + word_dot(wv3.w, sx7_3) - 128.0 * xs7);
        let a8_0 = x[x8 + c * 4u + 0u];
        let a8_1 = x[x8 + c * 4u + 1u];
        let a8_2 = x[x8 + c * 4u + 2u];
        let a8_3 = x[x8 + c * 4u + 3u];
        let xs8 = dot(a8_0 + a8_1 + a8_2 + a8_3, vec4<f32>(1.0));
        let sx8_0 = a8_0 * BYTE_SCALE_TOP;
        let sx8_1 = a8_1 * BYTE_SCALE_TOP;
        let sx8_2 = a8_2 * BYTE_SCALE_TOP;
        let sx8_3 = a8_3 * BYTE_SCALE_TOP;
        acc0_8 = acc0_8 + sp0.x * (word_dot(wv0.x, sx8_0) + word_dot(wv0.y, sx8_1) + word_dot(wv0.z, sx8_2) + word_dot(wv0.w, sx8_3) - 128.0 * xs8);
        acc1_8 = acc1_8 + sp0.y * (word_dot(wv1.x, sx8_0) + word_dot(wv1.y, sx8_1) + word_dot(wv1.z, sx8_2) + word_dot(wv1.w, sx8_3) - 128.0 * xs8);
        acc2_8 = acc2_8 + sp2.x * (word_dot(wv2.x, sx8_0) + word_dot(wv2.y, sx8_1) + word_dot(wv2.z, sx8_2) + word_dot(wv2.w, sx8_3) - 128.0 * xs8);
        acc3_8 = acc3_8 + sp2.y * (word_dot(wv3.x, sx8_0) + word_dot(wv3.y, sx8_1) + word_dot(wv3.z, sx8_2) + word_dot(wv3.w, sx8_3) - 128.0 * xs8);
        let a9_0 = x[x9 + c * 4u + 0u];
        let a9_1 = x[x9 + c * 4u + 1u];
        let a9_2 = x[x9 + c * 4u + 2u];
        let a9_3 = x[x9 + c * 4u + 3u];
        let xs9 = dot(a9_0 + a9_1 + a9_2 + a9_3, vec4<f32>(1.0));
        let sx9_0 = a9_0 * BYTE_SCALE_TOP;
        let sx9_1 = a9_1 * BYTE_SCALE_TOP;
        let sx9_2 = a9_2 * BYTE_SCALE_TOP;
        let sx9_3 = a9_3 * BYTE_SCALE_TOP;
        acc0_9 = acc0_9 + sp0.x * (word_dot(wv0.x, sx9_0) + word_dot(wv0.y, sx9_1) + word_dot(wv0.z, sx9_2) + word_dot(wv0.w, sx9_3) - 128.0 * xs9);
        acc1_9 = acc1_9 + sp0.y * (word_dot(wv1.x, sx9_0) + word_dot(wv1.y, sx9_1) + word_dot(wv1.z, sx9_2) + word_dot(wv1.w, sx9_3) - 128.0 * xs9);
        acc2_9 = acc2_9 + sp2.x * (word_dot(wv2.x, sx9_0) + word_dot(wv2.y, sx9_1) + word_dot(wv2.z, sx9_2) + word_dot(wv2.w, sx9_3) - 128.0 * xs9);
        acc3_9 = acc3_9 + sp2.y * (word_dot(wv3.x, sx9_0) + word_dot(wv3.y, sx9_1) + word_dot(wv3.z, sx9_2) + word_dot(wv3.w, sx9_3) - 128.0 * xs9);
        let a10_0 = x[x10 + c * 4u + 0u];
        let a10_1 = x[x10 + c * 4u + 1u];
        let a10_2 = x[x10 + c * 4u + 2u];
        let a10_3 = x[x10 + c * 4u + 3u];
        let xs10 = dot(a10_0 + a10_1 + a10_2 + a10_3, vec4<f32>(1.0));
        let sx10_0 = a10_0 * BYTE_SCALE_TOP;
        let sx10_1 = a10_1 * BYTE_SCALE_TOP;
        let sx10_2 = a10_2 * BYTE_SCALE_TOP;
        let sx10_3 = a10_3 * BYTE_SCALE_TOP;
        acc0_10 = acc0_10 + sp0.x * (word_dot(wv0.x, sx10_0) + word_dot(wv0.y, sx10_1) + word_dot(wv0.z, sx10_2) + word_dot(wv0.w, sx10_3) - 128.0 * xs10);
        acc1_10 = acc1_10 + sp0.y * (word_dot(wv1.x, sx10_0) + word_dot(wv1.y, sx10_1) + word_dot(wv1.z, sx10_2) + word_dot(wv1.w, sx10_3) - 128.0 * xs10);
        acc2_10 = acc2_10 + sp2.x * (word_dot(wv2.x, sx10_0) + word_dot(wv2.y, sx10_1) + word_dot(wv2.z, sx10_2) + word_dot(wv2.w, sx10_3) - 128.0 * xs10);
        acc3_10 = acc3_10 + sp2.y * (word_dot(wv3.x, sx10_0) + word_dot(wv3.y, sx10_1) + word_dot(wv3.z, sx10_2) + word_dot(wv3.w, sx10_3) - 128.0 * xs10);
        let a11_0 = x[x11 + c * 4u + 0u];
        let a11_1 = x[x11 + c * 4u + 1u];
        let a11_2 = x[x11 + c * 4u + 2u];
        let a11_3 = x[x11 + c * 4u + 3u];
        let xs11 = dot(a11_0 + a11_1 + a11_2 + a11_3, vec4<f32>(1.0));
        let sx11_0 = a11_0 * BYTE_SCALE_TOP;
        let sx11_1 = a11_1 * BYTE_SCALE_TOP;
        let sx11_2 = a11_2 * BYTE_SCALE_TOP;
        let sx11_3 = a11_3 * BYTE_SCALE_TOP;
        acc0_11 = acc0_11 + sp0.x * (word_dot(wv0.x, sx11_0) + word_dot(wv0.y, sx11_1) + word_dot(wv0.z, sx11_2) + word_dot(wv0.w, sx11_3) - 128.0 * xs11);
        acc1_11 = acc1_11 + sp0.y * (word_dot(wv1.x, sx11_0) + word_dot(wv1.y, sx11_1) + word_dot(wv1.z, sx11_2) + word_dot(wv1.w, sx11_3) - 128.0 * xs11);
        acc2_11 = acc2_11 + sp2.x * (word_dot(wv2.x, sx11_0) + word_dot(wv2.y, sx11_1) + word_dot(wv2.z, sx11_2) + word_dot(wv2.w, sx11_3) - 128.0 * xs11);
        acc3_11 = acc3_11 + sp2.y * (word_dot(wv3.x, sx11_0) + word_dot(wv3.y, sx11_1) + word_dot(wv3.z, sx11_2) + word_dot(wv3.w, sx11_3) - 128.0 * xs11);
        let a12_0 = x[x12 + c * 4u + 0u];
        let a12_1 = x[x12 + c * 4u + 1u];
        let a12_2 = x[x12 + c * 4u + 2u];
        let a12_3 = x[x12 + c * 4u + 3u];
        let xs12 = dot(a12_0 + a12_1 + a12_2 + a12_3, vec4<f32>(1.0));
        let sx12_0 = a12_0 * BYTE_SCALE_TOP;
        let sx12_1 = a12_1 * BYTE_SCALE_TOP;
        let sx12_2 = a12_2 * BYTE_SCALE_TOP;
        let sx12_3 = a12_3 * BYTE_SCALE_TOP;
        acc0_12 = acc0_12 + sp0.x * (word_dot(wv0.x, sx12_0) + word_dot(wv0.y, sx12_1) + word_dot(wv0.z, sx12_2) + word_dot(wv0.w, sx12_3) - 128.0 * xs12);
        acc1_12 = acc1_12 + sp0.y * (word_dot(wv1.x, sx12_0) + word_dot(wv1.y, sx12_1) + word_dot(wv1.z, sx12_2) + word_dot(wv1.w, sx12_3) - 128.0 * xs12);
        acc2_12 = acc2_12 + sp2.x * (word_dot(wv2.x, sx12_0) + word_dot(wv2.y, sx12_1) + word_dot(wv2.z, sx12_2) + word_dot(wv2.w, sx12_3) - 128.0 * xs12);
        acc3_12 = acc3_12 + sp2.y * (word_dot(wv3.x, sx12_0) + word_dot(wv3.y, sx12_1) + word_dot(wv3.z, sx12_2) + word_dot(wv3.w, sx12_3) - 128.0 * xs12);
        let a13_0 = x[x13 + c * 4u + 0u];
        let a13_1 = x[x13 + c * 4u + 1u];
        let a13_2 = x[x13 + c * 4u + 2u];
        let a13_3 = x[x13 + c * 4u + 3u];
        let xs13 = dot(a13_0 + a13_1 + a13_2 + a13_3, vec4<f32>(1.0));
        let sx13_0 = a13_0 * BYTE_SCALE_TOP;
        let sx13_1 = a13_1 * BYTE_SCALE_TOP;
        let sx13_2 = a13_2 * BYTE_SCALE_TOP;
        let sx13_3 = a13_3 * BYTE_SCALE_TOP;
        acc0_13 = acc0_13 + sp0.x * (word_dot(wv0.x, sx13_0) + word_dot(wv0.y, sx13_1) + word_dot(wv0.z, sx13_2) + word_dot(wv0.w, sx13_3) - 128.0 * xs13);
        acc1_13 = acc1_13 + sp0.y * (word_dot(wv1.x, sx13_0) + word_dot(wv1.y, sx13_1) + word_dot(wv1.z, sx13_2) + word_dot(wv1.w, sx13_3) - 128.0 * xs13);
        acc2_13 = acc2_13 + sp2.x * (word_dot(wv2.x, sx13_0) + word_dot(wv2.y, sx13_1) + word_dot(wv2.z, sx13_2) + word_dot(wv2.w, sx13_3) - 128.0 * xs13);
        acc3_13 = acc3_13 + sp2.y * (word_dot(wv3.x, sx13_0) + word_dot(wv3.y, sx13_1) + word_dot(wv3.z, sx13_2) + word_dot(wv3.w, sx13_3) - 128.0 * xs13);
        let a14_0 = x[x14 + c * 4u + 0u];
        let a14_1 = x[x14 + c * 4u + 1u];
        let a14_2 = x[x14 + c * 4u + 2u];
        let a14_3 = x[x14 + c * 4u + 3u];
        let xs14 = dot(a14_0 + a14_1 + a14_2 + a14_3, vec4<f32>(1.0));
        let sx14_0 = a14_0 * BYTE_SCALE_TOP;
        let sx14_1 = a14_1 * BYTE_SCALE_TOP;
        let sx14_2 = a14_2 * BYTE_SCALE_TOP;
        let sx14_3 = a14_3 * BYTE_SCALE_TOP;
        acc0_14 = acc0_14 + sp0.x * (word_dot(wv0.x, sx14_0) + word_dot(wv0.y, sx14_1) + word_dot(wv0.z, sx14_2) + word_dot(wv0.w, sx14_3) - 128.0 * xs14);
        acc1_14 = acc1_14 + sp0.y * (word_dot(wv1.x, sx14_0) + word_dot(wv1.y, sx14_1) + word_dot(wv1.z, sx14_2) + word_dot(wv1.w, sx14_3) - 128.0 * xs14);
        acc2_14 = acc2_14 + sp2.x * (word_dot(wv2.x, sx14_0) + word_dot(wv2.y, sx14_1) + word_dot(wv2.z, sx14_2) + word_dot(wv2.w, sx14_3) - 128.0 * xs14);
        acc3_14 = acc3_14 + sp2.y * (word_dot(wv3.x, sx14_0) + word_dot(wv3.y, sx14_1) + word_dot(wv3.z, sx14_2) + word_dot(wv3.w, sx14_3) - 128.0 * xs14);
        let a15_0 = x[x15 + c * 4u + 0u];
        let a15_1 = x[x15 + c * 4u + 1u];
        let a15_2 = x[x15 + c * 4u + 2u];
        let a15_3 = x[x15 + c * 4u + 3u];
        let xs15 = dot(a15_0 + a15_1 + a15_2 + a15_3, vec4<f32>(1.0));
        let sx15_0 = a15_0 * BYTE_SCALE_TOP;
        let sx15_1 = a15_1 * BYTE_SCALE_TOP;
        let sx15_2 = a15_2 * BYTE_SCALE_TOP;
        let sx15_3 = a15_3 * BYTE_SCALE_TOP;
        acc0_15 = acc0_15 + sp0.x * (word_dot(wv0.x, sx15_0) + word_dot(wv0.y, sx15_1) + word_dot(wv0.z, sx15_2) + word_dot(wv0.w, sx15_3) - 128.0 * xs15);
        acc1_15 = acc1_15 + sp0.y * (word_dot(wv1.x, sx15_0) + word_dot(wv1.y, sx15_1) + word_dot(wv1.z, sx15_2) + word_dot(wv1.w, sx15_3) - 128.0 * xs15);
        acc2_15 = acc2_15 + sp2.x * (word_dot(wv2.x, sx15_0) + word_dot(wv2.y, sx15_1) + word_dot(wv2.z, sx15_2) + word_dot(wv2.w, sx15_3) - 128.0 * xs15);
        acc3_15 = acc3_15 + sp2.y * (word_dot(wv3.x, sx15_0) + word_dot(wv3.y, sx15_1) + word_dot(wv3.z, sx15_2) + word_dot(wv3.w, sx15_3) - 128.0 * xs15);
    }
    // The epilogue runs once per tile, so it loops over a private copy of the sums (index r * TM + t):
    // one copy of its stores instead of RN x TM, whose branches were most of SwiftShader's compile time.
    var sums = array<f32, 64>(
        acc0_0, acc0_1, acc0_2, acc0_3, acc0_4, acc0_5, acc0_6, acc0_7, acc0_8, acc0_9, acc0_10, acc0_11, acc0_12, acc0_13, acc0_14, acc0_15,
        acc1_0, acc1_1, acc1_2, acc1_3, acc1_4, acc1_5, acc1_6, acc1_7, acc1_8, acc1_9, acc1_10, acc1_11, acc1_12, acc1_13, acc1_14, acc1_15,
        acc2_0, acc2_1, acc2_2, acc2_3, acc2_4, acc2_5, acc2_6, acc2_7, acc2_8, acc2_9, acc2_10, acc2_11, acc2_12, acc2_13, acc2_14, acc2_15,
        acc3_0, acc3_1, acc3_2, acc3_3, acc3_4, acc3_5, acc3_6, acc3_7, acc3_8, acc3_9, acc3_10, acc3_11, acc3_12, acc3_13, acc3_14, acc3_15
    );
    for (var i = 0u; i < 64u; i = i + 1u) {
        let r = i / TM;
        let t = i % TM;
        if (nb + r < p.N && m0 + t < M) {
            let n = tile_row(col, r);
            store(m0 + t, n, sums[i] + bias_at(n));
        }
    }
}
