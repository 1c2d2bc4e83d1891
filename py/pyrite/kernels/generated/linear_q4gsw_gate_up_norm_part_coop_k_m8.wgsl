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
@group(0) @binding(3) var<storage, read> w: array<vec4<u32>>;  // q4: [rows, K/8] nibbles; q8: [rows, K/4] bytes (vec4 chunks)
@group(0) @binding(4) var<storage, read> scale: array<u32>;  // [K/GS, ldw] fp16 pairs
@group(0) @binding(5) var<storage, read> gain: array<vec4<f32>>;  // [K/4] the RMSNorm weight
@group(0) @binding(6) var<storage, read_write> part: array<f32>;  // [splits, cols, V] the K slices' sums

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
    let col = wid.x;  // one column (RN rows) per workgroup, its K slice wid.y, its token tile wid.z
    let m0 = wid.z * TM;
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
    let chunks_per_row = p.K / 32u;
    let group_shift = countTrailingZeros(p.GS / 32u);  // chunks per group: a power of two
    let k_lo = wid.y * chunks_per_row / p.splits;
    let k_hi = (wid.y + 1u) * chunks_per_row / p.splits;
    for (var c = k_lo + lid; c < k_hi; c = c + WG) {
        let gn0 = gain[c * 8u + 0u];
        let gn1 = gain[c * 8u + 1u];
        let gn2 = gain[c * 8u + 2u];
        let gn3 = gain[c * 8u + 3u];
        let gn4 = gain[c * 8u + 4u];
        let gn5 = gain[c * 8u + 5u];
        let gn6 = gain[c * 8u + 6u];
        let gn7 = gain[c * 8u + 7u];
        let g = c >> group_shift;
        let si0 = g * p.ldw + w0;  // a row of its own (gate_up's rows are N apart)
        let sr0 = half_at(si0, scale[si0 >> 1u]);
        let si1 = g * p.ldw + w1;  // a row of its own (gate_up's rows are N apart)
        let sr1 = half_at(si1, scale[si1 >> 1u]);
        let wv0 = w[w0 * chunks_per_row + c];
        let wv1 = w[w1 * chunks_per_row + c];
        let r0_0 = x[x0 + c * 8u + 0u];
        let a0_0 = r0_0 * gn0;
        let r0_1 = x[x0 + c * 8u + 1u];
        let a0_1 = r0_1 * gn1;
        let r0_2 = x[x0 + c * 8u + 2u];
        let a0_2 = r0_2 * gn2;
        let r0_3 = x[x0 + c * 8u + 3u];
        let a0_3 = r0_3 * gn3;
        let r0_4 = x[x0 + c * 8u + 4u];
        let a0_4 = r0_4 * gn4;
        let r0_5 = x[x0 + c * 8u + 5u];
        let a0_5 = r0_5 * gn5;
        let r0_6 = x[x0 + c * 8u + 6u];
        let a0_6 = r0_6 * gn6;
        let r0_7 = x[x0 + c * 8u + 7u];
        let a0_7 = r0_7 * gn7;
        ss0 = ss0 + dot(r0_0, r0_0) + dot(r0_1, r0_1) + dot(r0_2, r0_2) + dot(r0_3, r0_3) + dot(r0_4, r0_4) + dot(r0_5, r0_5) + dot(r0_6, r0_6) + dot(r0_7, r0_7);
        let xs0 = dot(a0_0 + a0_1 + a0_2 + a0_3 + a0_4 + a0_5 + a0_6 + a0_7, vec4<f32>(1.0));
        let ev0_0 = vec4<f32>(a0_0.x, a0_0.z, a0_1.x, a0_1.z) * EVEN_SCALE;
        let od0_0 = vec4<f32>(a0_0.y, a0_0.w, a0_1.y, a0_1.w) * ODD_SCALE_TOP;
        let ev0_1 = vec4<f32>(a0_2.x, a0_2.z, a0_3.x, a0_3.z) * EVEN_SCALE;
        let od0_1 = vec4<f32>(a0_2.y, a0_2.w, a0_3.y, a0_3.w) * ODD_SCALE_TOP;
        let ev0_2 = vec4<f32>(a0_4.x, a0_4.z, a0_5.x, a0_5.z) * EVEN_SCALE;
        let od0_2 = vec4<f32>(a0_4.y, a0_4.w, a0_5.y, a0_5.w) * ODD_SCALE_TOP;
        let ev0_3 = vec4<f32>(a0_6.x, a0_6.z, a0_7.x, a0_7.z) * EVEN_SCALE;
        let od0_3 = vec4<f32>(a0_6.y, a0_6.w, a0_7.y, a0_7.w) * ODD_SCALE_TOP;
        acc0_0 = acc0_0 + sr0 * (word_dot(wv0.x, ev0_0, od0_0) + word_dot(wv0.y, ev0_1, od0_1) + word_dot(wv0.z, ev0_2, od0_2) + word_dot(wv0.w, ev0_3, od0_3) - 8.0 * xs0);
        acc1_0 = acc1_0 + sr1 * (word_dot(wv1.x, ev0_0, od0_0) + word_dot(wv1.y, ev0_1, od0_1) + word_dot(wv1.z, ev0_2, od0_2) + word_dot(wv1.w, ev0_3, od0_3) - 8.0 * xs0);
        let r1_0 = x[x1 + c * 8u + 0u];
        let a1_0 = r1_0 * gn0;
        let r1_1 = x[x1 + c * 8u + 1u];
        let a1_1 = r1_1 * gn1;
        let r1_2 = x[x1 + c * 8u + 2u];
        let a1_2 = r1_2 * gn2;
        let r1_3 = x[x1 + c * 8u + 3u];
        let a1_3 = r1_3 * gn3;
        let r1_4 = x[x1 + c * 8u + 4u];
        let a1_4 = r1_4 * gn4;
        let r1_5 = x[x1 + c * 8u + 5u];
        let a1_5 = r1_5 * gn5;
        let r1_6 = x[x1 + c * 8u + 6u];
        let a1_6 = r1_6 * gn6;
        let r1_7 = x[x1 + c * 8u + 7u];
        let a1_7 = r1_7 * gn7;
        ss1 = ss1 + dot(r1_0, r1_0) + dot(r1_1, r1_1) + dot(r1_2, r1_2) + dot(r1_3, r1_3) + dot(r1_4, r1_4) + dot(r1_5, r1_5) + dot(r1_6, r1_6) + dot(r1_7, r1_7);
        let xs1 = dot(a1_0 + a1_1 + a1_2 + a1_3 + a1_4 + a1_5 + a1_6 + a1_7, vec4<f32>(1.0));
        let ev1_0 = vec4<f32>(a1_0.x, a1_0.z, a1_1.x, a1_1.z) * EVEN_SCALE;
        let od1_0 = vec4<f32>(a1_0.y, a1_0.w, a1_1.y, a1_1.w) * ODD_SCALE_TOP;
        let ev1_1 = vec4<f32>(a1_2.x, a1_2.z, a1_3.x, a1_3.z) * EVEN_SCALE;
        let od1_1 = vec4<f32>(a1_2.y, a1_2.w, a1_3.y, a1_3.w) * ODD_SCALE_TOP;
        let ev1_2 = vec4<f32>(a1_4.x, a1_4.z, a1_5.x, a1_5.z) * EVEN_SCALE;
        let od1_2 = vec4<f32>(a1_4.y, a1_4.w, a1_5.y, a1_5.w) * ODD_SCALE_TOP;
        let ev1_3 = vec4<f32>(a1_6.x, a1_6.z, a1_7.x, a1_7.z) * EVEN_SCALE;
        let od1_3 = vec4<f32>(a1_6.y, a1_6.w, a1_7.y, a1_7.w) * ODD_SCALE_TOP;
        acc0_1 = acc0_1 + sr0 * (word_dot(wv0.x, ev1_0, od1_0) + word_dot(wv0.y, ev1_1, od1_1) + word_dot(wv0.z, ev1_2, od1_2) + word_dot(wv0.w, ev1_3, od1_3) - 8.0 * xs1);
        acc1_1 = acc1_1 + sr1 * (word_dot(wv1.x, ev1_0, od1_0) + word_dot(wv1.y, ev1_1, od1_1) + word_dot(wv1.z, ev1_2, od1_2) + word_dot(wv1.w, ev1_3, od1_3) - 8.0 * xs1);
        let r2_0 = x[x2 + c * 8u + 0u];
        let a2_0 = r2_0 * gn0;
        let r2_1 = x[x2 + c * 8u + 1u];
        let a2_1 = r2_1 * gn1;
        let r2_2 = x[x2 + c * 8u + 2u];
        let a2_2 = r2_2 * gn2;
        let r2_3 = x[x2 + c * 8u + 3u];
        let a2_3 = r2_3 * gn3;
        let r2_4 = x[x2 + c * 8u + 4u];
        let a2_4 = r2_4 * gn4;
        let r2_5 = x[x2 + c * 8u + 5u];
        let a2_5 = r2_5 * gn5;
        let r2_6 = x[x2 + c * 8u + 6u];
        let a2_6 = r2_6 * gn6;
        let r2_7 = x[x2 + c * 8u + 7u];
        let a2_7 = r2_7 * gn7;
        ss2 = ss2 + dot(r2_0, r2_0) + dot(r2_1, r2_1) + dot(r2_2, r2_2) + dot(r2_3, r2_3) + dot(r2_4, r2_4) + dot(r2_5, r2_5) + dot(r2_6, r2_6) + dot(r2_7, r2_7);
        let xs2 = dot(a2_0 + a2_1 + a2_2 + a2_3 + a2_4 + a2_5 + a2_6 + a2_7, vec4<f32>(1.0));
        let ev2_0 = vec4<f32>(a2_0.x, a2_0.z, a2_1.x, a2_1.z) * EVEN_SCALE;
        let od2_0 = vec4<f32>(a2_0.y, a2_0.w, a2_1.y, a2_1.w) * ODD_SCALE_TOP;
        let ev2_1 = vec4<f32>(a2_2.x, a2_2.z, a2_3.x, a2_3.z) * EVEN_SCALE;
        let od2_1 = vec4<f32>(a2_2.y, a2_2.w, a2_3.y, a2_3.w) * ODD_SCALE_TOP;
        let ev2_2 = vec4<f32>(a2_4.x, a2_4.z, a2_5.x, a2_5.z) * EVEN_SCALE;
        let od2_2 = vec4<f32>(a2_4.y, a2_4.w, a2_5.y, a2_5.w) * ODD_SCALE_TOP;
        let ev2_3 = vec4<f32>(a2_6.x, a2_6.z, a2_7.x, a2_7.z) * EVEN_SCALE;
        let od2_3 = vec4<f32>(a2_6.y, a2_6.w, a2_7.y, a2_7.w) * ODD_SCALE_TOP;
        acc0_2 = acc0_2 + sr0 * (word_dot(wv0.x, ev2_0, od2_0) + word_dot(wv0.y, ev2_1, od2_1) + word_dot(wv0.z, ev2_2, od2_2) + word_dot(wv0.w, ev2_3, od2_3) - 8.0 * xs2);
        acc1_2 = acc1_2 + sr1 * (word_dot(wv1.x, ev2_0, od2_0) + word_dot(wv1.y, ev2_1, od2_1) + word_dot(wv1.z, ev2_2, od2_2) + word_dot(wv1.w, ev2_3, od2_3) - 8.0 * xs2);
        let r3_0 = x[x3 + c * 8u + 0u];
        let a3_0 = r3_0 * gn0;
        let r3_1 = x[x3 + c * 8u + 1u];
        let a3_1 = r3_1 * gn1;
        let r3_2 = x[x3 + c * 8u + 2u];
        let a3_2 = r3_2 * gn2;
        let r3_3 = x[x3 + c * 8u + 3u];
        let a3_3 = r3_3 * gn3;
        let r3_4 = x[x3 + c * 8u + 4u];
        let a3_4 = r3_4 * gn4;
        let r3_5 = x[x3 + c * 8u + 5u];
        let a3_5 = r3_5 * gn5;
        let r3_6 = x[x3 + c * 8u + 6u];
        let a3_6 = r3_6 * gn6;
        let r3_7 = x[x3 + c * 8u + 7u];
        let a3_7 = r3_7 * gn7;
        ss3 = ss3 + dot(r3_0, r3_0) + dot(r3_1, r3_1) + dot(r3_2, r3_2) + dot(r3_3, r3_3) + dot(r3_4, r3_4) + dot(r3_5, r3_5) + dot(r3_6, r3_6) + dot(r3_7, r3_7);
        let xs3 = dot(a3_0 + a3_1 + a3_2 + a3_3 + a3_4 + a3_5 + a3_6 + a3_7, vec4<f32>(1.0));
        let ev3_0 = vec4<f32>(a3_0.x, a3_0.z, a3_1.x, a3_1.z) * EVEN_SCALE;
        let od3_0 = vec4<f32>(a3_0.y, a3_0.w, a3_1.y, a3_1.w) * ODD_SCALE_TOP;
        let ev3_1 = vec4<f32>(a3_2.x, a3_2.z, a3_3.x, a3_3.z) * EVEN_SCALE;
        let od3_1 = vec4<f32>(a3_2.y, a3_2.w, a3_3.y, a3_3.w) * ODD_SCALE_TOP;
        let ev3_2 = vec4<f32>(a3_4.x, a3_4.z, a3_5.x, a3_5.z) * EVEN_SCALE;
        let od3_2 = vec4<f32>(a3_4.y, a3_4.w, a3_5.y, a3_5.w) * ODD_SCALE_TOP;
        let ev3_3 = vec4<f32>(a3_6.x, a3_6.z, a3_7.x, a3_7.z) * EVEN_SCALE;
        let od3_3 = vec4<f32>(a3_6.y, a3_6.w, a3_7.y, a3_7.w) * ODD_SCALE_TOP;
        acc0_3 = acc0_3 + sr0 * (word_dot(wv0.x, ev3_0, od3_0) + word_dot(wv0.y, ev3_1, od3_1) + word_dot(wv0.z, ev3_2, od3_2) + word_dot(wv0.w, ev3_3, od3_3) - 8.0 * xs3);
        acc1_3 = acc1_3 + sr1 * (word_dot(wv1.x, ev3_0, od3_0) + word_dot(wv1.y, ev3_1, od3_1) + word_dot(wv1.z, ev3_2, od3_2) + word_dot(wv1.w, ev3_3, od3_3) - 8.0 * xs3);
        let r4_0 = x[x4 + c * 8u + 0u];
        let a4_0 = r4_0 * gn0;
        let r4_1 = x[x4 + c * 8u + 1u];
        let a4_1 = r4_1 * gn1;
        let r4_2 = x[x4 + c * 8u + 2u];
        let a4_2 = r4_2 * gn2;
        let r4_3 = x[x4 + c * 8u + 3u];
        let a4_3 = r4_3 * gn3;
        let r4_4 = x[x4 + c * 8u + 4u];
        let a4_4 = r4_4 * gn4;
        let r4_5 = x[x4 + c * 8u + 5u];
        let a4_5 = r4_5 * gn5;
        let r4_6 = x[x4 + c * 8u + 6u];
        let a4_6 = r4_6 * gn6;
        let r4_7 = x[x4 + c * 8u + 7u];
        let a4_7 = r4_7 * gn7;
        ss4 = ss4 + dot(r4_0, r4_0) + dot(r4_1, r4_1) + dot(r4_2, r4_2) + dot(r4_3, r4_3) + dot(r4_4, r4_4) + dot(r4_5, r4_5) + dot(r4_6, r4_6) + dot(r4_7, r4_7);
        let xs4 = dot(a4_0 + a4_1 + a4_2 + a4_3 + a4_4 + a4_5 + a4_6 + a4_7, vec4<f32>(1.0));
        let ev4_0 = vec4<f32>(a4_0.x, a4_0.z, a4_1.x, a4_1.z) * EVEN_SCALE;
        let od4_0 = vec4<f32>(a4_0.y, a4_0.w, a4_1.y, a4_1.w) * ODD_SCALE_TOP;
        let ev4_1 = vec4<f32>(a4_2.x, a4_2.z, a4_3.x, a4_3.z) * EVEN_SCALE;
        let od4_1 = vec4<f32>(a4_2.y, a4_2.w, a4_3.y, a4_3.w) * ODD_SCALE_TOP;
        let ev4_2 = vec4<f32>(a4_4.x, a4_4.z, a4_5.x, a4_5.z) * EVEN_SCALE;
        let od4_2 = vec4<f32>(a4_4.y, a4_4.w, a4_5.y, a4_5.w) * ODD_SCALE_TOP;
        let ev4_3 = vec4<f32>(a4_6.x, a4_6.z, a4_7.x, a4_7.z) * EVEN_SCALE;
        let od4_3 = vec4<f32>(a4_6.y, a4_6.w, a4_7.y, a4_7.w) * ODD_SCALE_TOP;
        acc0_4 = acc0_4 + sr0 * (word_dot(wv0.x, ev4_0, od4_0) + word_dot(wv0.y, ev4_1, od4_1) + word_dot(wv0.z, ev4_2, od4_2) + word_dot(wv0.w, ev4_3, od4_3) - 8.0 * xs4);
        acc1_4 = acc1_4 + sr1 * (word_dot(wv1.x, ev4_0, od4_0) + word_dot(wv1.y, ev4_1, od4_1) + word_dot(wv1.z, ev4_2, od4_2) + word_dot(wv1.w, ev4_3, od4_3) - 8.0 * xs4);
        let r5_0 = x[x5 + c * 8u + 0u];
        let a5_0 = r5_0 * gn0;
        let r5_1 = x[x5 + c * 8u + 1u];
        let a5_1 = r5_1 * gn1;
        let r5_2 = x[x5 + c * 8u + 2u];
        let a5_2 = r5_2 * gn2;
        let r5_3 = x[x5 + c * 8u + 3u];
        let a5_3 = r5_3 * gn3;
        let r5_4 = x[x5 + c * 8u + 4u];
        let a5_4 = r5_4 * gn4;
        let r5_5 = x[x5 + c * 8u + 5u];
        let a5_5 = r5_5 * gn5;
        let r5_6 = x[x5 + c * 8u + 6u];
        let a5_6 = r5_6 * gn6;
        let r5_7 = x[x5 + c * 8u + 7u];
        let a5_7 = r5_7 * gn7;
        ss5 = ss5 + dot(r5_0, r5_0) + dot(r5_1, r5_1) + dot(r5_2, r5_2) + dot(r5_3, r5_3) + dot(r5_4, r5_4) + dot(r5_5, r5_5) + dot(r5_6, r5_6) + dot(r5_7, r5_7);
        let xs5 = dot(a5_0 + a5_1 + a5_2 + a5_3 + a5_4 + a5_5 + a5_6 + a5_7, vec4<f32>(1.0));
        let ev5_0 = vec4<f32>(a5_0.x, a5_0.z, a5_1.x, a5_1.z) * EVEN_SCALE;
        let od5_0 = vec4<f32>(a5_0.y, a5_0.w, a5_1.y, a5_1.w) * ODD_SCALE_TOP;
        let ev5_1 = vec4<f32>(a5_2.x, a5_2.z, a5_3.x, a5_3.z) * EVEN_SCALE;
        let od5_1 = vec4<f32>(a5_2.y, a5_2.w, a5_3.y, a5_3.w) * ODD_SCALE_TOP;
        let ev5_2 = vec4<f32>(a5_4.x, a5_4.z, a5_5.x, a5_5.z) * EVEN_SCALE;
        let od5_2 = vec4<f32>(a5_4.y, a5_4.w, a5_5.y, a5_5.w) * ODD_SCALE_TOP;
        let ev5_3 = vec4<f32>(a5_6.x, a5_6.z, a5_7.x, a5_7.z) * EVEN_SCALE;
        let od5_3 = vec4<f32>(a5_6.y, a5_6.w, a5_7.y, a5_7.w) * ODD_SCALE_TOP;
        acc0_5 = acc0_5 + sr0 * (word_dot(wv0.x, ev5_0, od5_0) + word_dot(wv0.y, ev5_1, od5_1) + word_dot(wv0.z, ev5_2, od5_2) + word_dot(wv0.w, ev5_3, od5_3) - 8.0 * xs5);
        acc1_5 = acc1_5 + sr1 * (word_dot(wv1.x, ev5_0, od5_0) + word_dot(wv1.y, ev5_1, od5_1) + word_dot(wv1.z, ev5_2, od5_2) + word_dot(wv1.w, ev5_3, od5_3) - 8.0 * xs5);
        let r6_0 = x[x6 + c * 8u + 0u];
        let a6_0 = r6_0 * gn0;
        let r6_1 = x[x6 + c * 8u + 1u];
        let a6_1 = r6_1 * gn1;
        let r6_2 = x[x6 + c * 8u + 2u];
        let a6_2 = r6_2 * gn2;
        let r6_3 = x[x6 + c * 8u + 3u];
        let a6_3 = r6_3 * gn3;
        let r6_4 = x[x6 + c * 8u + 4u];
        let a6_4 = r6_4 * gn4;
        let r6_5 = x[x6 + c * 8u + 5u];
        let a6_5 = r6_5 * gn5;
        let r6_6 = x[x6 + c * 8u + 6u];
        let a6_6 = r6_6 * gn6;
        let r6_7 = x[x6 + c * 8u + 7u];
        let a6_7 = r6_7 * gn7;
        ss6 = ss6 + dot(r6_0, r6_0) + dot(r6_1, r6_1) + dot(r6_2, r6_2) + dot(r6_3, r6_3) + dot(r6_4, r6_4) + dot(r6_5, r6_5) + dot(r6_6, r6_6) + dot(r6_7, r6_7);
        let xs6 = dot(a6_0 + a6_1 + a6_2 + a6_3 + a6_4 + a6_5 + a6_6 + a6_7, vec4<f32>(1.0));
        let ev6_0 = vec4<f32>(a6_0.x, a6_0.z, a6_1.x, a6_1.z) * EVEN_SCALE;
        let od6_0 = vec4<f32>(a6_0.y, a6_0.w, a6_1.y, a6_1.w) * ODD_SCALE_TOP;
        let ev6_1 = vec4<f32>(a6_2.x, a6_2.z, a6_3.x, a6_3.z) * EVEN_SCALE;
        let od6_1 = vec4<f32>(a6_2.y, a6_2.w, a6_3.y, a6_3.w) * ODD_SCALE_TOP;
        let ev6_2 = vec4<f32>(a6_4.x, a6_4.z, a6_5.x, a6_5.z) * EVEN_SCALE;
        let od6_2 = vec4<f32>(a6_4.y, a6_4.w, a6_5.y, a6_5.w) * ODD_SCALE_TOP;
        let ev6_3 = vec4<f32>(a6_6.x, a6_6.z, a6_7.x, a6_7.z) * EVEN_SCALE;
        let od6_3 = vec4<f32>(a6_6.y, a6_6.w, a6_7.y, a6_7.w) * ODD_SCALE_TOP;
        acc0_6 = acc0_6 + sr0 * (word_dot(wv0.x, ev6_0, od6_0) + word_dot(wv0.y, ev6_1, od6_1) + word_dot(wv0.z, ev6_2, od6_2) + word_dot(wv0.w, ev6_3, od6_3) - 8.0 * xs6);
        acc1_6 = acc1_6 + sr1 * (word_dot(wv1.x, ev6_0, od6_0) + word_dot(wv1.y, ev6_1, od6_1) + word_dot(wv1.z, ev6_2, od6_2) + word_dot(wv1.w, ev6_3, od6_3) - 8.0 * xs6);
        let r7_0 = x[x7 + c * 8u + 0u];
        let a7_0 = r7_0 * gn0;
        let r7_1 = x[x7 + c * 8u + 1u];
        let a7_1 = r7_1 * gn1;
        let r7_2 = x[x7 + c * 8u + 2u];
        let a7_2 = r7_2 * gn2;
        let r7_3 = x[x7 + c * 8u + 3u];
        let a7_3 = r7_3 * gn3;
        let r7_4 = x[x7 + c * 8u + 4u];
        let a7_4 = r7_4 * gn4;
        let r7_5 = x[x7 + c * 8u + 5u];
        let a7_5 = r7_5 * gn5;
        let r7_6 = x[x7 + c * 8u + 6u];
        let a7_6 = r7_6 * gn6;
        let r7_7 = x[x7 + c * 8u + 7u];
        let a7_7 = r7_7 * gn7;
        ss7 = ss7 + dot(r7_0, r7_0) + dot(r7_1, r7_1) + dot(r7_2, r7_2) + dot(r7_3, r7_3) + dot(r7_4, r7_4) + dot(r7_5, r7_5) + dot(r7_6, r7_6) + dot(r7_7, r7_7);
        let xs7 = dot(a7_0 + a7_1 + a7_2 + a7_3 + a7_4 + a7_5 + a7_6 + a7_7, vec4<f32>(1.0));
        let ev7_0 = vec4<f32>(a7_0.x, a7_0.z, a7_1.x, a7_1.z) * EVEN_SCALE;
        let od7_0 = vec4<f32>(a7_0.y, a7_0.w, a7_1.y, a7_1.w) * ODD_SCALE_TOP;
        let ev7_1 = vec4<f32>(a7_2.x, a7_2.z, a7_3.x, a7_3.z) * EVEN_SCALE;
        let od7_1 = vec4<f32>(a7_2.y, a7_2.w, a7_3.y, a7_3.w) * ODD_SCALE_TOP;
        let ev7_2 = vec4<f32>(a7_4.x, a7_4.z, a7_5.x, a7_5.z) * EVEN_SCALE;
        let od7_2 = vec4<f32>(a7_4.y, a7_4.w, a7_5.y, a7_5.w) * ODD_SCALE_TOP;
        let ev7_3 = vec4<f32>(a7_6.x, a7_6.z, a7_7.x, a7_7.z) * EVEN_SCALE;
        let od7_3 = vec4<f32>(a7_6.y, a7_6.w, a7_7.y, a7_7.w) * ODD_SCALE_TOP;
        acc0_7 = acc0_7 + sr0 * (word_dot(wv0.x, ev7_0, od7_0) + word_dot(wv0.y, ev7_1, od7_1) + word_dot(wv0.z, ev7_2, od7_2) + word_dot(wv0.w, ev7_3, od7_3) - 8.0 * xs7);
        acc1_7 = acc1_7 + sr1 * (word_dot(wv1.x, ev7_0, od7_0) + word_dot(wv1.y, ev7_1, od7_1) + word_dot(wv1.z, ev7_2, od7_2) + word_dot(wv1.w, ev7_3, od7_3) - 8.0 * xs7);
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

    let at = ((wid.z * nwg.y + wid.y) * nwg.x + col) * 24u;
    part[at + 0u] = acc0_0;
    part[at + 1u] = acc0_1;
    part[at + 2u] = acc0_2;
    part[at + 3u] = acc0_3;
    part[at + 4u] = acc0_4;
    part[at + 5u] = acc0_5;
    part[at + 6u] = acc0_6;
    part[at + 7u] = acc0_7;
    part[at + 8u] = acc1_0;
    part[at + 9u] = acc1_1;
    part[at + 10u] = acc1_2;
    part[at + 11u] = acc1_3;
    part[at + 12u] = acc1_4;
    part[at + 13u] = acc1_5;
    part[at + 14u] = acc1_6;
    part[at + 15u] = acc1_7;
    part[at + 16u] = ss0;
    part[at + 17u] = ss1;
    part[at + 18u] = ss2;
    part[at + 19u] = ss3;
    part[at + 20u] = ss4;
    part[at + 21u] = ss5;
    part[at + 22u] = ss6;
    part[at + 23u] = ss7;
}
