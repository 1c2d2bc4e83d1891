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

// sum of word v's 8 nibbles (masked in place) times x: ev = x0,2,4,6 and od = x1,3,5,7, pre-scaled by
// 2^-(4 * position) (the top nibble shifted down 4 first)
fn word_dot(v: u32, ev: vec4<f32>, od: vec4<f32>) -> f32 {
    let top = v >> 4u;
    return masked(v, 0xFu) * ev.x + masked(v, 0xF0u) * od.x + masked(v, 0xF00u) * ev.y + masked(v, 0xF000u) * od.y
         + masked(v, 0xF0000u) * ev.z + masked(v, 0xF00000u) * od.z + masked(v, 0xF000000u) * ev.w
         + masked(top, 0xF000000u) * od.w;
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
    let chunks_per_row = p.K / 32u;
    let group_shift = countTrailingZeros(p.GS / 32u);  // chunks per group: a power of two
    for (var c = 0u; c < chunks_per_row; c = c + 1u) {
        let g = c >> group_shift;
        let sp0 = unpack2x16float(scale[(g * p.ldw + w0) >> 1u]);  // rows 0 and 1
        let sp2 = unpack2x16float(scale[(g * p.ldw + w2) >> 1u]);  // rows 2 and 3
        let wv0 = w[w0 * chunks_per_row + c];
        let wv1 = w[w1 * chunks_per_row + c];
        let wv2 = w[w2 * chunks_per_row + c];
        let wv3 = w[w3 * chunks_per_row + c];
        let a0_0 = x[x0 + c * 8u + 0u];
        let a0_1 = x[x0 + c * 8u + 1u];
        let a0_2 = x[x0 + c * 8u + 2u];
        let a0_3 = x[x0 + c * 8u + 3u];
        let a0_4 = x[x0 + c * 8u + 4u];
        let a0_5 = x[x0 + c * 8u + 5u];
        let a0_6 = x[x0 + c * 8u + 6u];
        let a0_7 = x[x0 + c * 8u + 7u];
        let xs0 = dot(a0_0 + a0_1 + a0_2 + a0_3 + a0_4 + a0_5 + a0_6 + a0_7, vec4<f32>(1.0));
        let ev0_0 = vec4<f32>(a0_0.x, a0_0.z, a0_1.x, a0_1.z) * EVEN_SCALE;
        let od0_0 = vec4<f32>(a0_0.y, a0_0.w, a0_1.y, a0_1.w) * ODD_SCALE_TOP;
        let ev0_1 = vec4<f32>(a0_2.x, a0_2.z, a0_3.x, a0_3.z) * EVEN_SCALE;
        let od0_1 = vec4<f32>(a0_2.y, a0_2.w, a0_3.y, a0_3.w) * ODD_SCALE_TOP;
        let ev0_2 = vec4<f32>(a0_4.x, a0_4.z, a0_5.x, a0_5.z) * EVEN_SCALE;
        let od0_2 = vec4<f32>(a0_4.y, a0_4.w, a0_5.y, a0_5.w) * ODD_SCALE_TOP;
        let ev0_3 = vec4<f32>(a0_6.x, a0_6.z, a0_7.x, a0_7.z) * EVEN_SCALE;
        let od0_3 = vec4<f32>(a0_6.y, a0_6.w, a0_7.y, a0_7.w) * ODD_SCALE_TOP;
        acc0_0 = acc0_0 + sp0.x * (word_dot(wv0.x, ev0_0, od0_0) + word_dot(wv0.y, ev0_1, od0_1) + word_dot(wv0.z, ev0_2, od0_2) + word_dot(wv0.w, ev0_3, od0_3) - 8.0 * xs0);
        acc1_0 = acc1_0 + sp0.y * (word_dot(wv1.x, ev0_0, od0_0) + word_dot(wv1.y, ev0_1, od0_1) + word_dot(wv1.z, ev0_2, od0_2) + word_dot(wv1.w, ev0_3, od0_3) - 8.0 * xs0);
        acc2_0 = acc2_0 + sp2.x * (word_dot(wv2.x, ev0_0, od0_0) + word_dot(wv2.y, ev0_1, od0_1) + word_dot(wv2.z, ev0_2, od0_2) + word_dot(wv2.w, ev0_3, od0_3) - 8.0 * xs0);
        acc3_0 = acc3_0 + sp2.y * (word_dot(wv3.x, ev0_0, od0_0) + word_dot(wv3.y, ev0_1, od0_1) + word_dot(wv3.z, ev0_2, od0_2) + word_dot(wv3.w, ev0_3, od0_3) - 8.0 * xs0);
        let a1_0 = x[x1 + c * 8u + 0u];
        let a1_1 = x[x1 + c * 8u + 1u];
        let a1_2 = x[x1 + c * 8u + 2u];
        let a1_3 = x[x1 + c * 8u + 3u];
        let a1_4 = x[x1 + c * 8u + 4u];
        let a1_5 = x[x1 + c * 8u + 5u];
        let a1_6 = x[x1 + c * 8u + 6u];
        let a1_7 = x[x1 + c * 8u + 7u];
        let xs1 = dot(a1_0 + a1_1 + a1_2 + a1_3 + a1_4 + a1_5 + a1_6 + a1_7, vec4<f32>(1.0));
        let ev1_0 = vec4<f32>(a1_0.x, a1_0.z, a1_1.x, a1_1.z) * EVEN_SCALE;
        let od1_0 = vec4<f32>(a1_0.y, a1_0.w, a1_1.y, a1_1.w) * ODD_SCALE_TOP;
        let ev1_1 = vec4<f32>(a1_2.x, a1_2.z, a1_3.x, a1_3.z) * EVEN_SCALE;
        let od1_1 = vec4<f32>(a1_2.y, a1_2.w, a1_3.y, a1_3.w) * ODD_SCALE_TOP;
        let ev1_2 = vec4<f32>(a1_4.x, a1_4.z, a1_5.x, a1_5.z) * EVEN_SCALE;
        let od1_2 = vec4<f32>(a1_4.y, a1_4.w, a1_5.y, a1_5.w) * ODD_SCALE_TOP;
        let ev1_3 = vec4<f32>(a1_6.x, a1_6.z, a1_7.x, a1_7.z) * EVEN_SCALE;
        let od1_3 = vec4<f32>(a1_6.y, a1_6.w, a1_7.y, a1_7.w) * ODD_SCALE_TOP;
        acc0_1 = acc0_1 + sp0.x * (word_dot(wv0.x, ev1_0, od1_0) + word_dot(wv0.y, ev1_1, od1_1) + word_dot(wv0.z, ev1_2, od1_2) + word_dot(wv0.w, ev1_3, od1_3) - 8.0 * xs1);
        acc1_1 = acc1_1 + sp0.y * (word_dot(wv1.x, ev1_0, od1_0) + word_dot(wv1.y, ev1_1, od1_1) + word_dot(wv1.z, ev1_2, od1_2) + word_dot(wv1.w, ev1_3, od1_3) - 8.0 * xs1);
        acc2_1 = acc2_1 + sp2.x * (word_dot(wv2.x, ev1_0, od1_0) + word_dot(wv2.y, ev1_1, od1_1) + word_dot(wv2.z, ev1_2, od1_2) + word_dot(wv2.w, ev1_3, od1_3) - 8.0 * xs1);
        acc3_1 = acc3_1 + sp2.y * (word_dot(wv3.x, ev1_0, od1_0) + word_dot(wv3.y, ev1_1, od1_1) + word_dot(wv3.z, ev1_2, od1_2) + word_dot(wv3.w, ev1_3, od1_3) - 8.0 * xs1);
        let a2_0 = x[x2 + c * 8u + 0u];
        let a2_1 = x[x2 + c * 8u + 1u];
        let a2_2 = x[x2 + c * 8u + 2u];
        let a2_3 = x[x2 + c * 8u + 3u];
        let a2_4 = x[x2 + c * 8u + 4u];
        let a2_5 = x[x2 + c * 8u + 5u];
        let a2_6 = x[x2 + c * 8u + 6u];
        let a2_7 = x[x2 + c * 8u + 7u];
        let xs2 = dot(a2_0 + a2_1 + a2_2 + a2_3 + a2_4 + a2_5 + a2_6 + a2_7, vec4<f32>(1.0));
        let ev2_0 = vec4<f32>(a2_0.x, a2_0.z, a2_1.x, a2_1.z) * EVEN_SCALE;
        let od2_0 = vec4<f32>(a2_0.y, a2_0.w, a2_1.y, a2_1.w) * ODD_SCALE_TOP;
        let ev2_1 = vec4<f32>(a2_2.x, a2_2.z, a2_3.x, a2_3.z) * EVEN_SCALE;
        let od2_1 = vec4<f32>(a2_2.y, a2_2.w, a2_3.y, a2_3.w) * ODD_SCALE_TOP;
        let ev2_2 = vec4<f32>(a2_4.x, a2_4.z, a2_5.x, a2_5.z) * EVEN_SCALE;
        let od2_2 = vec4<f32>(a2_4.y, a2_4.w, a2_5.y, a2_5.w) * ODD_SCALE_TOP;
        let ev2_3 = vec4<f32>(a2_6.x, a2_6.z, a2_7.x, a2_7.z) * EVEN_SCALE;
        let od2_3 = vec4<f32>(a2_6.y, a2_6.w, a2_7.y, a2_7.w) * ODD_SCALE_TOP;
        acc0_2 = acc0_2 + sp0.x * (word_dot(wv0.x, ev2_0, od2_0) + word_dot(wv0.y, ev2_1, od2_1) + word_dot(wv0.z, ev2_2, od2_2) + word_dot(wv0.w, ev2_3, od2_3) - 8.0 * xs2);
        acc1_2 = acc1_2 + sp0.y * (word_dot(wv1.x, ev2_0, od2_0) + word_dot(wv1.y, ev2_1, od2_1) + word_dot(wv1.z, ev2_2, od2_2) + word_dot(wv1.w, ev2_3, od2_3) - 8.0 * xs2);
        acc2_2 = acc2_2 + sp2.x * (word_dot(wv2.x, ev2_0, od2_0) + word_dot(wv2.y, ev2_1, od2_1) + word_dot(wv2.z, ev2_2, od2_2) + word_dot(wv2.w, ev2_3, od2_3) - 8.0 * xs2);
        acc3_2 = acc3_2 + sp2.y * (word_dot(wv3.x, ev2_0, od2_0) + word_dot(wv3.y, ev2_1, od2_1) + word_dot(wv3.z, ev2_2, od2_2) + word_dot(wv3.w, ev2_3, od2_3) - 8.0 * xs2);
        let a3_0 = x[x3 + c * 8u + 0u];
        let a3_1 = x[x3 + c * 8u + 1u];
        let a3_2 = x[x3 + c * 8u + 2u];
        let a3_3 = x[x3 + c * 8u + 3u];
        let a3_4 = x[x3 + c * 8u + 4u];
        let a3_5 = x[x3 + c * 8u + 5u];
        let a3_6 = x[x3 + c * 8u + 6u];
        let a3_7 = x[x3 + c * 8u + 7u];
        let xs3 = dot(a3_0 + a3_1 + a3_2 + a3_3 + a3_4 + a3_5 + a3_6 + a3_7, vec4<f32>(1.0));
        let ev3_0 = vec4<f32>(a3_0.x, a3_0.z, a3_1.x, a3_1.z) * EVEN_SCALE;
        let od3_0 = vec4<f32>(a3_0.y, a3_0.w, a3_1.y, a3_1.w) * ODD_SCALE_TOP;
        let ev3_1 = vec4<f32>(a3_2.x, a3_2.z, a3_3.x, a3_3.z) * EVEN_SCALE;
        let od3_1 = vec4<f32>(a3_2.y, a3_2.w, a3_3.y, a3_3.w) * ODD_SCALE_TOP;
        let ev3_2 = vec4<f32>(a3_4.x, a3_4.z, a3_5.x, a3_5.z) * EVEN_SCALE;
        let od3_2 = vec4<f32>(a3_4.y, a3_4.w, a3_5.y, a3_5.w) * ODD_SCALE_TOP;
        let ev3_3 = vec4<f32>(a3_6.x, a3_6.z, a3_7.x, a3_7.z) * EVEN_SCALE;
        let od3_3 = vec4<f32>(a3_6.y, a3_6.w, a3_7.y, a3_7.w) * ODD_SCALE_TOP;
        acc0_3 = acc0_3 + sp0.x * (word_dot(wv0.x, ev3_0, od3_0) + word_dot(wv0.y, ev3_1, od3_1) + word_dot(wv0.z, ev3_2, od3_2) + word_dot(wv0.w, ev3_3, od3_3) - 8.0 * xs3);
        acc1_3 = acc1_3 + sp0.y * (word_dot(wv1.x, ev3_0, od3_0) + word_dot(wv1.y, ev3_1, od3_1) + word_dot(wv1.z, ev3_2, od3_2) + word_dot(wv1.w, ev3_3, od3_3) - 8.0 * xs3);
        acc2_3 = acc2_3 + sp2.x * (word_dot(wv2.x, ev3_0, od3_0) + word_dot(wv2.y, ev3_1, od3_1) + word_dot(wv2.z, ev3_2, od3_2) + word_dot(wv2.w, ev3_3, od3_3) - 8.0 * xs3);
        acc3_3 = acc3_3 + sp2.y * (word_dot(wv3.x, ev3_0, od3_0) + word_dot(wv3.y, ev3_1, od3_1) + word_dot(wv3.z, ev3_2, od3_2) + word_dot(wv3.w, ev3_3, od3_3) - 8.0 * xs3);
        let a4_0 = x[x4 + c * 8u + 0u];
        let a4_1 = x[x4 + c * 8u + 1u];
        let a4_2 = x[x4 + c * 8u + 2u];
        let a4_3 = x[x4 + c * 8u + 3u];
        let a4_4 = x[x4 + c * 8u + 4u];
        let a4_5 = x[x4 + c * 8u + 5u];
        let a4_6 = x[x4 + c * 8u + 6u];
        let a4_7 = x[x4 + c * 8u + 7u];
        let xs4 = dot(a4_0 + a4_1 + a4_2 + a4_3 + a4_4 + a4_5 + a4_6 + a4_7, vec4<f32>(1.0));
        let ev4_0 = vec4<f32>(a4_0.x, a4_0.z, a4_1.x, a4_1.z) * EVEN_SCALE;
        let od4_0 = vec4<f32>(a4_0.y, a4_0.w, a4_1.y, a4_1.w) * ODD_SCALE_TOP;
        let ev4_1 = vec4<f32>(a4_2.x, a4_2.z, a4_3.x, a4_3.z) * EVEN_SCALE;
        let od4_1 = vec4<f32>(a4_2.y, a4_2.w, a4_3.y, a4_3.w) * ODD_SCALE_TOP;
        let ev4_2 = vec4<f32>(a4_4.x, a4_4.z, a4_5.x, a4_5.z) * EVEN_SCALE;
        let od4_2 = vec4<f32>(a4_4.y, a4_4.w, a4_5.y, a4_5.w) * ODD_SCALE_TOP;
        let ev4_3 = vec4<f32>(a4_6.x, a4_6.z, a4_7.x, a4_7.z) * EVEN_SCALE;
        let od4_3 = vec4<f32>(a4_6.y, a4_6.w, a4_7.y, a4_7.w) * ODD_SCALE_TOP;
        acc0_4 = acc0_4 + sp0.x * (word_dot(wv0.x, ev4_0, od4_0) + word_dot(wv0.y, ev4_1, od4_1) + word_dot(wv0.z, ev4_2, od4_2) + word_dot(wv0.w, ev4_3, od4_3) - 8.0 * xs4);
        acc1_4 = acc1_4 + sp0.y * (word_dot(wv1.x, ev4_0, od4_0) + word_dot(wv1.y, ev4_1, od4_1) + word_dot(wv1.z, ev4_2, od4_2) + word_dot(wv1.w, ev4_3, od4_3) - 8.0 * xs4);
        acc2_4 = acc2_4 + sp2.x * (word_dot(wv2.x, ev4_0, od4_0) + word_dot(wv2.y, ev4_1, od4_1) + word_dot(wv2.z, ev4_2, od4_2) + word_dot(wv2.w, ev4_3, od4_3) - 8.0 * xs4);
        acc3_4 = acc3_4 + sp2.y * (word_dot(wv3.x, ev4_0, od4_0) + word_dot(wv3.y, ev4_1, od4_1) + word_dot(wv3.z, ev4_2, od4_2) + word_dot(wv3.w, ev4_3, od4_3) - 8.0 * xs4);
        let a5_0 = x[x5 + c * 8u + 0u];
        let a5_1 = x[x5 + c * 8u + 1u];
        let a5_2 = x[x5 + c * 8u + 2u];
        let a5_3 = x[x5 + c * 8u + 3u];
        let a5_4 = x[x5 + c * 8u + 4u];
        let a5_5 = x[x5 + c * 8u + 5u];
        let a5_6 = x[x5 + c * 8u + 6u];
        let a5_7 = x[x5 + c * 8u + 7u];
        let xs5 = dot(a5_0 + a5_1 + a5_2 + a5_3 + a5_4 + a5_5 + a5_6 + a5_7, vec4<f32>(1.0));
        let ev5_0 = vec4<f32>(a5_0.x, a5_0.z, a5_1.x, a5_1.z) * EVEN_SCALE;
        let od5_0 = vec4<f32>(a5_0.y, a5_0.w, a5_1.y, a5_1.w) * ODD_SCALE_TOP;
        let ev5_1 = vec4<f32>(a5_2.x, a5_2.z, a5_3.x, a5_3.z) * EVEN_SCALE;
        let od5_1 = vec4<f32>(a5_2.y, a5_2.w, a5_3.y, a5_3.w) * ODD_SCALE_TOP;
        let ev5_2 = vec4<f32>(a5_4.x, a5_4.z, a5_5.x, a5_5.z) * EVEN_SCALE;
        let od5_2 = vec4<f32>(a5_4.y, a5_4.w, a5_5.y, a5_5.w) * ODD_SCALE_TOP;
        let ev5_3 = vec4<f32>(a5_6.x, a5_6.z, a5_7.x, a5_7.z) * EVEN_SCALE;
        let od5_3 = vec4<f32>(a5_6.y, a5_6.w, a5_7.y, a5_7.w) * ODD_SCALE_TOP;
        acc0_5 = acc0_5 + sp0.x * (word_dot(wv0.x, ev5_0, od5_0) + word_dot(wv0.y, ev5_1, od5_1) + word_dot(wv0.z, ev5_2, od5_2) + word_dot(wv0.w, ev5_3, od5_3) - 8.0 * xs5);
        acc1_5 = acc1_5 + sp0.y * (word_dot(wv1.x, ev5_0, od5_0) + word_dot(wv1.y, ev5_1, od5_1) + word_dot(wv1.z, ev5_2, od5_2) + word_dot(wv1.w, ev5_3, od5_3) - 8.0 * xs5);
        acc2_5 = acc2_5 + sp2.x * (word_dot(wv2.x, ev5_0, od5_0) + word_dot(wv2.y, ev5_1, od5_1) + word_dot(wv2.z, ev5_2, od5_2) + word_dot(wv2.w, ev5_3, od5_3) - 8.0 * xs5);
        acc3_5 = acc3_5 + sp2.y * (word_dot(wv3.x, ev5_0, od5_0) + word_dot(wv3.y, ev5_1, od5_1) + word_dot(wv3.z, ev5_2, od5_2) + word_dot(wv3.w, ev5_3, od5_3) - 8.0 * xs5);
        let a6_0 = x[x6 + c * 8u + 0u];
        let a6_1 = x[x6 + c * 8u + 1u];
        let a6_2 = x[x6 + c * 8u + 2u];
        let a6_3 = x[x6 + c * 8u + 3u];
        let a6_4 = x[x6 + c * 8u + 4u];
        let a6_5 = x[x6 + c * 8u + 5u];
        let a6_6 = x[x6 + c * 8u + 6u];
        let a6_7 = x[x6 + c * 8u + 7u];
        let xs6 = dot(a6_0 + a6_1 + a6_2 + a6_3 + a6_4 + a6_5 + a6_6 + a6_7, vec4<f32>(1.0));
        let ev6_0 = vec4<f32>(a6_0.x, a6_0.z, a6_1.x, a6_1.z) * EVEN_SCALE;
        let od6_0 = vec4<f32>(a6_0.y, a6_0.w, a6_1.y, a6_1.w) * ODD_SCALE_TOP;
        let ev6_1 = vec4<f32>(a6_2.x, a6_2.z, a6_3.x, a6_3.z) * EVEN_SCALE;
        let od6_1 = vec4<f32>(a6_2.y, a6_2.w, a6_3.y, a6_3.w) * ODD_SCALE_TOP;
        let ev6_2 = vec4<f32>(a6_4.x, a6_4.z, a6_5.x, a6_5.z) * EVEN_SCALE;
        let od6_2 = vec4<f32>(a6_4.y, a6_4.w, a6_5.y, a6_5.w) * ODD_SCALE_TOP;
        let ev6_3 = vec4<f32>(a6_6.x, a6_6.z, a6_7.x, a6_7.z) * EVEN_SCALE;
        let od6_3 = vec4<f32>(a6_6.y, a6_6.w, a6_7.y, a6_7.w) * ODD_SCALE_TOP;
        acc0_6 = acc0_6 + sp0.x * (word_dot(wv0.x, ev6_0, od6_0) + word_dot(wv0.y, ev6_1, od6_1) + word_dot(wv0.z, ev6_2, od6_2) + word_dot(wv0.w, ev6_3, od6_3) - 8.0 * xs6);
        acc1_6 = acc1_6 + sp0.y * (word_dot(wv1.x, ev6_0, od6_0) + word_dot(wv1.y, ev6_1, od6_1) + word_dot(wv1.z, ev6_2, od6_2) + word_dot(wv1.w, ev6_3, od6_3) - 8.0 * xs6);
        acc2_6 = acc2_6 + sp2.x * (word_dot(wv2.x, ev6_0, od6_0) + word_dot(wv2.y, ev6_1, od6_1) + word_dot(wv2.z, ev6_2, od6_2) + word_dot(wv2.w, ev6_3, od6_3) - 8.0 * xs6);
        acc3_6 = acc3_6 + sp2.y * (word_dot(wv3.x, ev6_0, od6_0) + word_dot(wv3.y, ev6_1, od6_1) + word_dot(wv3.z, ev6_2, od6_2) + word_dot(wv3.w, ev6_3, od6_3) - 8.0 * xs6);
        let a7_0 = x[x7 + c * 8u + 0u];
        let a7_1 = x[x7 + c * 8u + 1u];
        let a7_2 = x[x7 + c * 8u + 2u];
        let a7_3 = x[x7 + c * 8u + 3u];
        let a7_4 = x[x7 + c * 8u + 4u];
        let a7_5 = x[x7 + c * 8u + 5u];
        let a7_6 = x[x7 + c * 8u + 6u];
        let a7_7 = x[x7 + c * 8u + 7u];
        let xs7 = dot(a7_0 + a7_1 + a7_2 + a7_3 + a7_4 + a7_5 + a7_6 + a7_7, vec4<f32>(1.0));
        let ev7_0 = vec4<f32>(a7_0.x, a7_0.z, a7_1.x, a7_1.z) * EVEN_SCALE;
        let od7_0 = vec4<f32>(a7_0.y, a7_0.w, a7_1.y, a7_1.w) * ODD_SCALE_TOP;
        let ev7_1 = vec4<f32>(a7_2.x, a7_2.z, a7_3.x, a7_3.z) * EVEN_SCALE;
        let od7_1 = vec4<f32>(a7_2.y, a7_2.w, a7_3.y, a7_3.w) * ODD_SCALE_TOP;
        let ev7_2 = vec4<f32>(a7_4.x, a7_4.z, a7_5.x, a7_5.z) * EVEN_SCALE;
        let od7_2 = vec4<f32>(a7_4.y, a7_4.w, a7_5.y, a7_5.w) * ODD_SCALE_TOP;
        let ev7_3 = vec4<f32>(a7_6.x, a7_6.z, a7_7.x, a7_7.z) * EVEN_SCALE;
        let od7_3 = vec4<f32>(a7_6.y, a7_6.w, a7_7.y, a7_7.w) * ODD_SCALE_TOP;
        acc0_7 = acc0_7 + sp0.x * (word_dot(wv0.x, ev7_0, od7_0) + word_dot(wv0.y, ev7_1, od7_1) + word_dot(wv0.z, ev7_2, od7_2) + word_dot(wv0.w, ev7_3, od7_3) - 8.0 * xs7);
        acc1_7 = acc1_7 + sp0.y * (word_dot(wv1.x, ev7_0, od7_0) + word_dot(wv1.y, ev7_1, od7_1) + word_dot(wv1.z, ev7_2, od7_2) + word_dot(wv1.w, ev7_3, od7_3) - 8.0 * xs7);
        acc2_7 = acc2_7 + sp2.x * (word_dot(wv2.x, ev7_0, od7_0) + word_dot(wv2.y, ev7_1, od7_1) + word_dot(wv2.z, ev7_2, od7_2) + word_dot(wv2.w, ev7_3, od7_3) - 8.0 * xs7);
        acc3_7 = acc3_7 + sp2.y * (word_dot(wv3.x, ev7_0, od7_0) + word_dot(wv3.y, ev7_1, od7_1) + word_dot(wv3.z, ev7_2, od7_2) + word_dot(wv3.w, ev7_3, od7_3) - 8.0 * xs7);
        let a8_0 = x[x8 + c * 8u + 0u];
        let a8_1 = x[x8 + c * 8u + 1u];
        let a8_2 = x[x8 + c * 8u + 2u];
        let a8_3 = x[x8 + c * 8u + 3u];
        let a8_4 = x[x8 + c * 8u + 4u];
        let a8_5 = x[x8 + c * 8u + 5u];
        let a8_6 = x[x8 + c * 8u + 6u];
        let a8_7 = x[x8 + c * 8u + 7u];
        let xs8 = dot(a8_0 + a8_1 + a8_2 + a8_3 + a8_4 + a8_5 + a8_6 + a8_7, vec4<f32>(1.0));
        let ev8_0 = vec4<f32>(a8_0.x, a8_0.z, a8_1.x, a8_1.z) * EVEN_SCALE;
        let od8_0 = vec4<f32>(a8_0.y, a8_0.w, a8_1.y, a8_1.w) * ODD_SCALE_TOP;
        let ev8_1 = vec4<f32>(a8_2.x, a8_2.z, a8_3.x, a8_3.z) * EVEN_SCALE;
        let od8_1 = vec4<f32>(a8_2.y, a8_2.w, a8_3.y, a8_3.w) * ODD_SCALE_TOP;
        let ev8_2 = vec4<f32>(a8_4.x, a8_4.z, a8_5.x, a8_5.z) * EVEN_SCALE;
        let od8_2 = vec4<f32>(a8_4.y, a8_4.w, a8_5.y, a8_5.w) * ODD_SCALE_TOP;
        let ev8_3 = vec4<f32>(a8_6.x, a8_6.z, a8_7.x, a8_7.z) * EVEN_SCALE;
        let od8_3 = vec4<f32>(a8_6.y, a8_6.w, a8_7.y, a8_7.w) * ODD_SCALE_TOP;
        acc0_8 = acc0_8 + sp0.x * (word_dot(wv0.x, ev8_0, od8_0) + word_dot(wv0.y, ev8_1, od8_1) + word_dot(wv0.z, ev8_2, od8_2) + word_dot(wv0.w, ev8_3, od8_3) - 8.0 * xs8);
        acc1_8 = acc1_8 + sp0.y * (word_dot(wv1.x, ev8_0, od8_0) + word_dot(wv1.y, ev8_1, od8_1) + word_dot(wv1.z, ev8_2, od8_2) + word_dot(wv1.w, ev8_3, od8_3) - 8.0 * xs8);
        acc2_8 = acc2_8 + sp2.x * (word_dot(wv2.x, ev8_0, od8_0) + word_dot(wv2.y, ev8_1, od8_1) + word_dot(wv2.z, ev8_2, od8_2) + word_dot(wv2.w, ev8_3, od8_3) - 8.0 * xs8);
        acc3_8 = acc3_8 + sp2.y * (word_dot(wv3.x, ev8_0, od8_0) + word_dot(wv3.y, ev8_1, od8_1) + word_dot(wv3.z, ev8_2, od8_2) + word_dot(wv3.w, ev8_3, od8_3) - 8.0 * xs8);
        let a9_0 = x[x9 + c * 8u + 0u];
        let a9_1 = x[x9 + c * 8u + 1u];
        let a9_2 = x[x9 + c * 8u + 2u];
        let a9_3 = x[x9 + c * 8u + 3u];
        let a9_4 = x[x9 + c * 8u + 4u];
        let a9_5 = x[x9 + c * 8u + 5u];
        let a9_6 = x[x9 + c * 8u + 6u];
        let a9_7 = x[x9 + c * 8u + 7u];
        let xs9 = dot(a9_0 + a9_1 + a9_2 + a9_3 + a9_4 + a9_5 + a9_6 + a9_7, vec4<f32>(1.0));
        let ev9_0 = vec4<f32>(a9_0.x, a9_0.z, a9_1.x, a9_1.z) * EVEN_SCALE;
        let od9_0 = vec4<f32>(a9_0.y, a9_0.w, a9_1.y, a9_1.w) * ODD_SCALE_TOP;
        let ev9_1 = vec4<f32>(a9_2.x, a9_2.z, a9_3.x, a9_3.z) * EVEN_SCALE;
        let od9_1 = vec4<f32>(a9_2.y, a9_2.w, a9_3.y, a9_3.w) * ODD_SCALE_TOP;
        let ev9_2 = vec4<f32>(a9_4.x, a9_4.z, a9_5.x, a9_5.z) * EVEN_SCALE;
        let od9_2 = vec4<f32>(a9_4.y, a9_4.w, a9_5.y, a9_5.w) * ODD_SCALE_TOP;
        let ev9_3 = vec4<f32>(a9_6.x, a9_6.z, a9_7.x, a9_7.z) * EVEN_SCALE;
        let od9_3 = vec4<f32>(a9_6.y, a9_6.w, a9_7.y, a9_7.w) * ODD_SCALE_TOP;
        acc0_9 = acc0_9 + sp0.x * (word_dot(wv0.x, ev9_0, od9_0) + word_dot(wv0.y, ev9_1, od9_1) + word_dot(wv0.z, ev9_2, od9_2) + word_dot(wv0.w, ev9_3, od9_3) - 8.0 * xs9);
        acc1_9 = acc1_9 + sp0.y * (word_dot(wv1.x, ev9_0, od9_0) + word_dot(wv1.y, ev9_1, od9_1) + word_dot(wv1.z, ev9_2, od9_2) + word_dot(wv1.w, ev9_3, od9_3) - 8.0 * xs9);
        acc2_9 = acc2_9 + sp2.x * (word_dot(wv2.x, ev9_0, od9_0) + word_dot(wv2.y, ev9_1, od9_1) + word_dot(wv2.z, ev9_2, od9_2) + word_dot(wv2.w, ev9_3, od9_3) - 8.0 * xs9);
        acc3_9 = acc3_9 + sp2.y * (word_dot(wv3.x, ev9_0, od9_0) + word_dot(wv3.y, ev9_1, od9_1) + word_dot(wv3.z, ev9_2, od9_2) + word_dot(wv3.w, ev9_3, od9_3) - 8.0 * xs9);
        let a10_0 = x[x10 + c * 8u + 0u];
        let a10_1 = x[x10 + c * 8u + 1u];
        let a10_2 = x[x10 + c * 8u + 2u];
        let a10_3 = x[x10 + c * 8u + 3u];
        let a10_4 = x[x10 + c * 8u + 4u];
        let a10_5 = x[x10 + c * 8u + 5u];
        let a10_6 = x[x10 + c * 8u + 6u];
        let a10_7 = x[x10 + c * 8u + 7u];
        let xs10 = dot(a10_0 + a10_1 + a10_2 + a10_3 + a10_4 + a10_5 + a10_6 + a10_7, vec4<f32>(1.0));
        let ev10_0 = vec4<f32>(a10_0.x, a10_0.z, a10_1.x, a10_1.z) * EVEN_SCALE;
        let od10_0 = vec4<f32>(a10_0.y, a10_0.w, a10_1.y, a10_1.w) * ODD_SCALE_TOP;
        let ev10_1 = vec4<f32>(a10_2.x, a10_2.z, a10_3.x, a10_3.z) * EVEN_SCALE;
        let od10_1 = vec4<f32>(a10_2.y, a10_2.w, a10_3.y, a10_3.w) * ODD_SCALE_TOP;
        let ev10_2 = vec4<f32>(a10_4.x, a10_4.z, a10_5.x, a10_5.z) * EVEN_SCALE;
        let od10_2 = vec4<f32>(a10_4.y, a10_4.w, a10_5.y, a10_5.w) * ODD_SCALE_TOP;
        let ev10_3 = vec4<f32>(a10_6.x, a10_6.z, a10_7.x, a10_7.z) * EVEN_SCALE;
        let od10_3 = vec4<f32>(a10_6.y, a10_6.w, a10_7.y, a10_7.w) * ODD_SCALE_TOP;
        acc0_10 = acc0_10 + sp0.x * (word_dot(wv0.x, ev10_0, od10_0) + word_dot(wv0.y, ev10_1, od10_1) + word_dot(wv0.z, ev10_2, od10_2) + word_dot(wv0.w, ev10_3, od10_3) - 8.0 * xs10);
        acc1_10 = acc1_10 + sp0.y * (word_dot(wv1.x, ev10_0, od10_0) + word_dot(wv1.y, ev10_1, od10_1) + word_dot(wv1.z, ev10_2, od10_2) + word_dot(wv1.w, ev10_3, od10_3) - 8.0 * xs10);
        acc2_10 = acc2_10 + sp2.x * (word_dot(wv2.x, ev10_0, od10_0) + word_dot(wv2.y, ev10_1, od10_1) + word_dot(wv2.z, ev10_2, od10_2) + word_dot(wv2.w, ev10_3, od10_3) - 8.0 * xs10);
        acc3_10 = acc3_10 + sp2.y * (word_dot(wv3.x, ev10_0, od10_0) + word_dot(wv3.y, ev10_1, od10_1) + word_dot(wv3.z, ev10_2, od10_2) + word_dot(wv3.w, ev10_3, od10_3) - 8.0 * xs10);
        let a11_0 = x[x11 + c * 8u + 0u];
        let a11_1 = x[x11 + c * 8u + 1u];
        let a11_2 = x[x11 + c * 8u + 2u];
        let a11_3 = x[x11 + c * 8u + 3u];
        let a11_4 = x[x11 + c * 8u + 4u];
        let a11_5 = x[x11 + c * 8u + 5u];
        let a11_6 = x[x11 + c * 8u + 6u];
        let a11_7 = x[x11 + c * 8u + 7u];
        let xs11 = dot(a11_0 + a11_1 + a11_2 + a11_3 + a11_4 + a11_5 + a11_6 + a11_7, vec4<f32>(1.0));
        let ev11_0 = vec4<f32>(a11_0.x, a11_0.z, a11_1.x, a11_1.z) * EVEN_SCALE;
        let od11_0 = vec4<f32>(a11_0.y, a11_0.w, a11_1.y, a11_1.w) * ODD_SCALE_TOP;
        let ev11_1 = vec4<f32>(a11_2.x, a11_2.z, a11_3.x, a11_3.z) * EVEN_SCALE;
        let od11_1 = vec4<f32>(a11_2.y, a11_2.w, a11_3.y, a11_3.w) * ODD_SCALE_TOP;
        let ev11_2 = vec4<f32>(a11_4.x, a11_4.z, a11_5.x, a11_5.z) * EVEN_SCALE;
        let od11_2 = vec4<f32>(a11_4.y, a11_4.w, a11_5.y, a11_5.w) * ODD_SCALE_TOP;
        let ev11_3 = vec4<f32>(a11_6.x, a11_6.z, a11_7.x, a11_7.z) * EVEN_SCALE;
        let od11_3 = vec4<f32>(a11_6.y, a11_6.w, a11_7.y, a11_7.w) * ODD_SCALE_TOP;
        acc0_11 = acc0_11 + sp0.x * (word_dot(wv0.x, ev11_0, od11_0) + word_dot(wv0.y, ev11_1, od11_1) + word_dot(wv0.z, ev11_2, od11_2) + word_dot(wv0.w, ev11_3, od11_3) - 8.0 * xs11);
        acc1_11 = acc1_11 + sp0.y * (word_dot(wv1.x, ev11_0, od11_0) + word_dot(wv1.y, ev11_1, od11_1) + word_dot(wv1.z, ev11_2, od11_2) + word_dot(wv1.w, ev11_3, od11_3) - 8.0 * xs11);
        acc2_11 = acc2_11 + sp2.x * (word_dot(wv2.x, ev11_0, od11_0) + word_dot(wv2.y, ev11_1, od11_1) + word_dot(wv2.z, ev11_2, od11_2) + word_dot(wv2.w, ev11_3, od11_3) - 8.0 * xs11);
        acc3_11 = acc3_11 + sp2.y * (word_dot(wv3.x, ev11_0, od11_0) + word_dot(wv3.y, ev11_1, od11_1) + word_dot(wv3.z, ev11_2, od11_2) + word_dot(wv3.w, ev11_3, od11_3) - 8.0 * xs11);
        let a12_0 = x[x12 + c * 8u + 0u];
        let a12_1 = x[x12 + c * 8u + 1u];
        let a12_2 = x[x12 + c * 8u + 2u];
        let a12_3 = x[x12 + c * 8u + 3u];
        let a12_4 = x[x12 + c * 8u + 4u];
        let a12_5 = x[x12 + c * 8u + 5u];
        let a12_6 = x[x12 + c * 8u + 6u];
        let a12_7 = x[x12 + c * 8u + 7u];
        let xs12 = dot(a12_0 + a12_1 + a12_2 + a12_3 + a12_4 + a12_5 + a12_6 + a12_7, vec4<f32>(1.0));
        let ev12_0 = vec4<f32>(a12_0.x, a12_0.z, a12_1.x, a12_1.z) * EVEN_SCALE;
        let od12_0 = vec4<f32>(a12_0.y, a12_0.w, a12_1.y, a12_1.w) * ODD_SCALE_TOP;
        let ev12_1 = vec4<f32>(a12_2.x, a12_2.z, a12_3.x, a12_3.z) * EVEN_SCALE;
        let od12_1 = vec4<f32>(a12_2.y, a12_2.w, a12_3.y, a12_3.w) * ODD_SCALE_TOP;
        let ev12_2 = vec4<f32>(a12_4.x, a12_4.z, a12_5.x, a12_5.z) * EVEN_SCALE;
        let od12_2 = vec4<f32>(a12_4.y, a12_4.w, a12_5.y, a12_5.w) * ODD_SCALE_TOP;
        let ev12_3 = vec4<f32>(a12_6.x, a12_6.z, a12_7.x, a12_7.z) * EVEN_SCALE;
        let od12_3 = vec4<f32>(a12_6.y, a12_6.w, a12_7.y, a12_7.w) * ODD_SCALE_TOP;
        acc0_12 = acc0_12 + sp0.x * (word_dot(wv0.x, ev12_0, od12_0) + word_dot(wv0.y, ev12_1, od12_1) + word_dot(wv0.z, ev12_2, od12_2) + word_dot(wv0.w, ev12_3, od12_3) - 8.0 * xs12);
        acc1_12 = acc1_12 + sp0.y * (word_dot(wv1.x, ev12_0, od12_0) + word_dot(wv1.y, ev12_1, od12_1) + word_dot(wv1.z, ev12_2, od12_2) + word_dot(wv1.w, ev12_3, od12_3) - 8.0 * xs12);
        acc2_12 = acc2_12 + sp2.x * (word_dot(wv2.x, ev12_0, od12_0) + word_dot(wv2.y, ev12_1, od12_1) + word_dot(wv2.z, ev12_2, od12_2) + word_dot(wv2.w, ev12_3, od12_3) - 8.0 * xs12);
        acc3_12 = acc3_12 + sp2.y * (word_dot(wv3.x, ev12_0, od12_0) + word_dot(wv3.y, ev12_1, od12_1) + word_dot(wv3.z, ev12_2, od12_2) + word_dot(wv3.w, ev12_3, od12_3) - 8.0 * xs12);
        let a13_0 = x[x13 + c * 8u + 0u];
        let a13_1 = x[x13 + c * 8u + 1u];
        let a13_2 = x[x13 + c * 8u + 2u];
        let a13_3 = x[x13 + c * 8u + 3u];
        let a13_4 = x[x13 + c * 8u + 4u];
        let a13_5 = x[x13 + c * 8u + 5u];
        let a13_6 = x[x13 + c * 8u + 6u];
        let a13_7 = x[x13 + c * 8u + 7u];
        let xs13 = dot(a13_0 + a13_1 + a13_2 + a13_3 + a13_4 + a13_5 + a13_6 + a13_7, vec4<f32>(1.0));
        let ev13_0 = vec4<f32>(a13_0.x, a13_0.z, a13_1.x, a13_1.z) * EVEN_SCALE;
        let od13_0 = vec4<f32>(a13_0.y, a13_0.w, a13_1.y, a13_1.w) * ODD_SCALE_TOP;
        let ev13_1 = vec4<f32>(a13_2.x, a13_2.z, a13_3.x, a13_3.z) * EVEN_SCALE;
        let od13_1 = vec4<f32>(a13_2.y, a13_2.w, a13_3.y, a13_3.w) * ODD_SCALE_TOP;
        let ev13_2 = vec4<f32>(a13_4.x, a13_4.z, a13_5.x, a13_5.z) * EVEN_SCALE;
        let od13_2 = vec4<f32>(a13_4.y, a13_4.w, a13_5.y, a13_5.w) * ODD_SCALE_TOP;
        let ev13_3 = vec4<f32>(a13_6.x, a13_6.z, a13_7.x, a13_7.z) * EVEN_SCALE;
        let od13_3 = vec4<f32>(a13_6.y, a13_6.w, a13_7.y, a13_7.w) * ODD_SCALE_TOP;
        acc0_13 = acc0_13 + sp0.x * (word_dot(wv0.x, ev13_0, od13_0) + word_dot(wv0.y, ev13_1, od13_1) + word_dot(wv0.z, ev13_2, od13_2) + word_dot(wv0.w, ev13_3, od13_3) - 8.0 * xs13);
        acc1_13 = acc1_13 + sp0.y * (word_dot(wv1.x, ev13_0, od13_0) + word_dot(wv1.y, ev13_1, od13_1) + word_dot(wv1.z, ev13_2, od13_2) + word_dot(wv1.w, ev13_3, od13_3) - 8.0 * xs13);
        acc2_13 = acc2_13 + sp2.x * (word_dot(wv2.x, ev13_0, od13_0) + word_dot(wv2.y, ev13_1, od13_1) + word_dot(wv2.z, ev13_2, od13_2) + word_dot(wv2.w, ev13_3, od13_3) - 8.0 * xs13);
        acc3_13 = acc3_13 + sp2.y * (word_dot(wv3.x, ev13_0, od13_0) + word_dot(wv3.y, ev13_1, od13_1) + word_dot(wv3.z, ev13_2, od13_2) + word_dot(wv3.w, ev13_3, od13_3) - 8.0 * xs13);
        let a14_0 = x[x14 + c * 8u + 0u];
        let a14_1 = x[x14 + c * 8u + 1u];
        let a14_2 = x[x14 + c * 8u + 2u];
        let a14_3 = x[x14 + c * 8u + 3u];
        let a14_4 = x[x14 + c * 8u + 4u];
        let a14_5 = x[x14 + c * 8u + 5u];
        let a14_6 = x[x14 + c * 8u + 6u];
        let a14_7 = x[x14 + c * 8u + 7u];
        let xs14 = dot(a14_0 + a14_1 + a14_2 + a14_3 + a14_4 + a14_5 + a14_6 + a14_7, vec4<f32>(1.0));
        let ev14_0 = vec4<f32>(a14_0.x, a14_0.z, a14_1.x, a14_1.z) * EVEN_SCALE;
        let od14_0 = vec4<f32>(a14_0.y, a14_0.w, a14_1.y, a14_1.w) * ODD_SCALE_TOP;
        let ev14_1 = vec4<f32>(a14_2.x, a14_2.z, a14_3.x, a14_3.z) * EVEN_SCALE;
        let od14_1 = vec4<f32>(a14_2.y, a14_2.w, a14_3.y, a14_3.w) * ODD_SCALE_TOP;
        let ev14_2 = vec4<f32>(a14_4.x, a14_4.z, a14_5.x, a14_5.z) * EVEN_SCALE;
        let od14_2 = vec4<f32>(a14_4.y, a14_4.w, a14_5.y, a14_5.w) * ODD_SCALE_TOP;
        let ev14_3 = vec4<f32>(a14_6.x, a14_6.z, a14_7.x, a14_7.z) * EVEN_SCALE;
        let od14_3 = vec4<f32>(a14_6.y, a14_6.w, a14_7.y, a14_7.w) * ODD_SCALE_TOP;
        acc0_14 = acc0_14 + sp0.x * (word_dot(wv0.x, ev14_0, od14_0) + word_dot(wv0.y, ev14_1, od14_1) + word_dot(wv0.z, ev14_2, od14_2) + word_dot(wv0.w, ev14_3, od14_3) - 8.0 * xs14);
        acc1_14 = acc1_14 + sp0.y * (word_dot(wv1.x, ev14_0, od14_0) + word_dot(wv1.y, ev14_1, od14_1) + word_dot(wv1.z, ev14_2, od14_2) + word_dot(wv1.w, ev14_3, od14_3) - 8.0 * xs14);
        acc2_14 = acc2_14 + sp2.x * (word_dot(wv2.x, ev14_0, od14_0) + word_dot(wv2.y, ev14_1, od14_1) + word_dot(wv2.z, ev14_2, od14_2) + word_dot(wv2.w, ev14_3, od14_3) - 8.0 * xs14);
        acc3_14 = acc3_14 + sp2.y * (word_dot(wv3.x, ev14_0, od14_0) + word_dot(wv3.y, ev14_1, od14_1) + word_dot(wv3.z, ev14_2, od14_2) + word_dot(wv3.w, ev14_3, od14_3) - 8.0 * xs14);
        let a15_0 = x[x15 + c * 8u + 0u];
        let a15_1 = x[x15 + c * 8u + 1u];
        let a15_2 = x[x15 + c * 8u + 2u];
        let a15_3 = x[x15 + c * 8u + 3u];
        let a15_4 = x[x15 + c * 8u + 4u];
        let a15_5 = x[x15 + c * 8u + 5u];
        let a15_6 = x[x15 + c * 8u + 6u];
        let a15_7 = x[x15 + c * 8u + 7u];
        let xs15 = dot(a15_0 + a15_1 + a15_2 + a15_3 + a15_4 + a15_5 + a15_6 + a15_7, vec4<f32>(1.0));
        let ev15_0 = vec4<f32>(a15_0.x, a15_0.z, a15_1.x, a15_1.z) * EVEN_SCALE;
        let od15_0 = vec4<f32>(a15_0.y, a15_0.w, a15_1.y, a15_1.w) * ODD_SCALE_TOP;
        let ev15_1 = vec4<f32>(a15_2.x, a15_2.z, a15_3.x, a15_3.z) * EVEN_SCALE;
        let od15_1 = vec4<f32>(a15_2.y, a15_2.w, a15_3.y, a15_3.w) * ODD_SCALE_TOP;
        let ev15_2 = vec4<f32>(a15_4.x, a15_4.z, a15_5.x, a15_5.z) * EVEN_SCALE;
        let od15_2 = vec4<f32>(a15_4.y, a15_4.w, a15_5.y, a15_5.w) * ODD_SCALE_TOP;
        let ev15_3 = vec4<f32>(a15_6.x, a15_6.z, a15_7.x, a15_7.z) * EVEN_SCALE;
        let od15_3 = vec4<f32>(a15_6.y, a15_6.w, a15_7.y, a15_7.w) * ODD_SCALE_TOP;
        acc0_15 = acc0_15 + sp0.x * (word_dot(wv0.x, ev15_0, od15_0) + word_dot(wv0.y, ev15_1, od15_1) + word_dot(wv0.z, ev15_2, od15_2) + word_dot(wv0.w, ev15_3, od15_3) - 8.0 * xs15);
        acc1_15 = acc1_15 + sp0.y * (word_dot(wv1.x, ev15_0, od15_0) + word_dot(wv1.y, ev15_1, od15_1) + word_dot(wv1.z, ev15_2, od15_2) + word_dot(wv1.w, ev15_3, od15_3) - 8.0 * xs15);
        acc2_15 = acc2_15 + sp2.x * (word_dot(wv2.x, ev15_0, od15_0) + word_dot(wv2.y, ev15_1, od15_1) + word_dot(wv2.z, ev15_2, od15_2) + word_dot(wv2.w, ev15_3, od15_3) - 8.0 * xs15);
        acc3_15 = acc3_15 + sp2.y * (word_dot(wv3.x, ev15_0, od15_0) + word_dot(wv3.y, ev15_1, od15_1) + word_dot(wv3.z, ev15_2, od15_2) + word_dot(wv3.w, ev15_3, od15_3) - 8.0 * xs15);
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
