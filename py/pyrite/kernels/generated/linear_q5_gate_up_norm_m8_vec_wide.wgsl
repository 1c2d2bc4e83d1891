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
@group(0) @binding(3) var<storage, read> w: array<vec4<u32>>;  // q4: [rows, K/8] nibbles; q8: [rows, K/4] bytes (vec4 chunks)
@group(0) @binding(4) var<storage, read> qh: array<u32>;  // [rows, K * hbits / 32] high bits
@group(0) @binding(5) var<storage, read> scale: array<u32>;  // [K/GS, ldw] fp16 pairs
@group(0) @binding(6) var<storage, read> bias: array<f32>;  // [rows] (dummy when has_bias == 0)
@group(0) @binding(7) var<storage, read> gain: array<vec4<f32>>;  // [K/4] the RMSNorm weight
@group(0) @binding(8) var<storage, read_write> y: array<f32>;  // plain: [M, ldy]; gate_up: [M, N]

const BYTES = vec4<u32>(0xFFu, 0xFF00u, 0xFF0000u, 0xFF000000u);
const BYTE_SCALE = vec4<f32>(1.0, 0.00390625, 1.52587890625e-05, 5.9604644775390625e-08);           // 2^-0, -8, -16, -24
const EVEN_NIBBLES = vec4<u32>(0xFu, 0xF00u, 0xF0000u, 0xF000000u);
const ODD_NIBBLES = vec4<u32>(0xF0u, 0xF000u, 0xF00000u, 0xF0000000u);
const EVEN_SCALE = vec4<f32>(1.0, 0.00390625, 1.52587890625e-05, 5.9604644775390625e-08);            // 2^-0, -8, -16, -24
const ODD_SCALE = vec4<f32>(0.0625, 0.000244140625, 9.5367431640625e-07, 3.725290298461914e-09);   // 2^-4, -12, -20, -28

fn half_at(buf_index: u32, packed: u32) -> f32 {
    return unpack2x16float(packed)[buf_index & 1u];
}

// 8 high bits (the low byte of b), bit i moved to bit 4i: a nibble-positioned word of 0s and 1s
fn spread_bits(b: u32) -> u32 {
    var v = b & 0xFFu;
    v = (v | (v << 12u)) & 0x000F000Fu;
    v = (v | (v << 6u)) & 0x03030303u;
    return (v | (v << 3u)) & 0x11111111u;
}

// value k of row `row` (K values): its 5th bit
fn high_at(row: u32, k: u32) -> u32 {
    return (qh[row * (p.K / 32u) + k / 32u] >> (k % 32u)) & 1u;
}

// the high bits of the 8 values k .. k + 7 of row `row` (k a multiple of 8), in nibble positions
fn high_word(row: u32, k: u32) -> u32 {
    return spread_bits(qh[row * (p.K / 32u) + k / 32u] >> (k % 32u));
}

// the high bits of chunk c (values 32c .. 32c + 31) of row `row`, one nibble-positioned word per W word
fn chunk_high(row: u32, c: u32) -> vec4<u32> {
    let h = qh[row * (p.K / 32u) + c];
    return vec4<u32>(spread_bits(h), spread_bits(h >> 8u), spread_bits(h >> 16u), spread_bits(h >> 24u));
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

// sum of the 8 values q + 16 qh of one W word times x: e and o hold them whole in byte lanes (at most 63, so
// the top lane stays below 2^31), the even values in e and the odd in o (chunk_w), one multiply-add per value;
// ev and ob: x's even and odd values pre-scaled by 2^-(8 * lane)
fn byte_dot(e: u32, o: u32, ev: vec4<f32>, ob: vec4<f32>) -> f32 {
    return masked(e, 0xFFu) * ev.x + masked(o, 0xFFu) * ob.x + masked(e, 0xFF00u) * ev.y + masked(o, 0xFF00u) * ob.y
         + masked(e, 0xFF0000u) * ev.z + masked(o, 0xFF0000u) * ob.z + masked(e, 0xFF000000u) * ev.w
         + masked(o, 0xFF000000u) * ob.w;
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
    for (var c = 0u; c < chunks_per_row; c = c + 1u) {
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
        let si2 = g * p.ldw + w2;  // a row of its own (gate_up's rows are N apart)
        let sr2 = half_at(si2, scale[si2 >> 1u]);
        let si3 = g * p.ldw + w3;  // a row of its own (gate_up's rows are N apart)
        let sr3 = half_at(si3, scale[si3 >> 1u]);
        let si4 = g * p.ldw + w4;  // a row of its own (gate_up's rows are N apart)
        let sr4 = half_at(si4, scale[si4 >> 1u]);
        let si5 = g * p.ldw + w5;  // a row of its own (gate_up's rows are N apart)
        let sr5 = half_at(si5, scale[si5 >> 1u]);
        let si6 = g * p.ldw + w6;  // a row of its own (gate_up's rows are N apart)
        let sr6 = half_at(si6, scale[si6 >> 1u]);
        let si7 = g * p.ldw + w7;  // a row of its own (gate_up's rows are N apart)
        let sr7 = half_at(si7, scale[si7 >> 1u]);
        let si8 = g * p.ldw + w8;  // a row of its own (gate_up's rows are N apart)
        let sr8 = half_at(si8, scale[si8 >> 1u]);
        let si9 = g * p.ldw + w9;  // a row of its own (gate_up's rows are N apart)
        let sr9 = half_at(si9, scale[si9 >> 1u]);
        let si10 = g * p.ldw + w10;  // a row of its own (gate_up's rows are N apart)
        let sr10 = half_at(si10, scale[si10 >> 1u]);
        let si11 = g * p.ldw + w11;  // a row of its own (gate_up's rows are N apart)
        let sr11 = half_at(si11, scale[si11 >> 1u]);
        let si12 = g * p.ldw + w12;  // a row of its own (gate_up's rows are N apart)
        let sr12 = half_at(si12, scale[si12 >> 1u]);
        let si13 = g * p.ldw + w13;  // a row of its own (gate_up's rows are N apart)
        let sr13 = half_at(si13, scale[si13 >> 1u]);
        let si14 = g * p.ldw + w14;  // a row of its own (gate_up's rows are N apart)
        let sr14 = half_at(si14, scale[si14 >> 1u]);
        let si15 = g * p.ldw + w15;  // a row of its own (gate_up's rows are N apart)
        let sr15 = half_at(si15, scale[si15 >> 1u]);
        let wv0 = w[w0 * chunks_per_row + c];
        let hv0 = chunk_high(w0, c);
        let eb0 = (wv0 & vec4<u32>(0x0F0F0F0Fu)) | ((hv0 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob0 = ((wv0 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv0 & vec4<u32>(0xF0F0F0F0u));
        let wv1 = w[w1 * chunks_per_row + c];
        let hv1 = chunk_high(w1, c);
        let eb1 = (wv1 & vec4<u32>(0x0F0F0F0Fu)) | ((hv1 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob1 = ((wv1 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv1 & vec4<u32>(0xF0F0F0F0u));
        let wv2 = w[w2 * chunks_per_row + c];
        let hv2 = chunk_high(w2, c);
        let eb2 = (wv2 & vec4<u32>(0x0F0F0F0Fu)) | ((hv2 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob2 = ((wv2 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv2 & vec4<u32>(0xF0F0F0F0u));
        let wv3 = w[w3 * chunks_per_row + c];
        let hv3 = chunk_high(w3, c);
        let eb3 = (wv3 & vec4<u32>(0x0F0F0F0Fu)) | ((hv3 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob3 = ((wv3 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv3 & vec4<u32>(0xF0F0F0F0u));
        let wv4 = w[w4 * chunks_per_row + c];
        let hv4 = chunk_high(w4, c);
        let eb4 = (wv4 & vec4<u32>(0x0F0F0F0Fu)) | ((hv4 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob4 = ((wv4 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv4 & vec4<u32>(0xF0F0F0F0u));
        let wv5 = w[w5 * chunks_per_row + c];
        let hv5 = chunk_high(w5, c);
        let eb5 = (wv5 & vec4<u32>(0x0F0F0F0Fu)) | ((hv5 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob5 = ((wv5 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv5 & vec4<u32>(0xF0F0F0F0u));
        let wv6 = w[w6 * chunks_per_row + c];
        let hv6 = chunk_high(w6, c);
        let eb6 = (wv6 & vec4<u32>(0x0F0F0F0Fu)) | ((hv6 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob6 = ((wv6 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv6 & vec4<u32>(0xF0F0F0F0u));
        let wv7 = w[w7 * chunks_per_row + c];
        let hv7 = chunk_high(w7, c);
        let eb7 = (wv7 & vec4<u32>(0x0F0F0F0Fu)) | ((hv7 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob7 = ((wv7 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv7 & vec4<u32>(0xF0F0F0F0u));
        let wv8 = w[w8 * chunks_per_row + c];
        let hv8 = chunk_high(w8, c);
        let eb8 = (wv8 & vec4<u32>(0x0F0F0F0Fu)) | ((hv8 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob8 = ((wv8 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv8 & vec4<u32>(0xF0F0F0F0u));
        let wv9 = w[w9 * chunks_per_row + c];
        let hv9 = chunk_high(w9, c);
        let eb9 = (wv9 & vec4<u32>(0x0F0F0F0Fu)) | ((hv9 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob9 = ((wv9 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv9 & vec4<u32>(0xF0F0F0F0u));
        let wv10 = w[w10 * chunks_per_row + c];
        let hv10 = chunk_high(w10, c);
        let eb10 = (wv10 & vec4<u32>(0x0F0F0F0Fu)) | ((hv10 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob10 = ((wv10 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv10 & vec4<u32>(0xF0F0F0F0u));
        let wv11 = w[w11 * chunks_per_row + c];
        let hv11 = chunk_high(w11, c);
        let eb11 = (wv11 & vec4<u32>(0x0F0F0F0Fu)) | ((hv11 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob11 = ((wv11 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv11 & vec4<u32>(0xF0F0F0F0u));
        let wv12 = w[w12 * chunks_per_row + c];
        let hv12 = chunk_high(w12, c);
        let eb12 = (wv12 & vec4<u32>(0x0F0F0F0Fu)) | ((hv12 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob12 = ((wv12 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv12 & vec4<u32>(0xF0F0F0F0u));
        let wv13 = w[w13 * chunks_per_row + c];
        let hv13 = chunk_high(w13, c);
        let eb13 = (wv13 & vec4<u32>(0x0F0F0F0Fu)) | ((hv13 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob13 = ((wv13 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv13 & vec4<u32>(0xF0F0F0F0u));
        let wv14 = w[w14 * chunks_per_row + c];
        let hv14 = chunk_high(w14, c);
        let eb14 = (wv14 & vec4<u32>(0x0F0F0F0Fu)) | ((hv14 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob14 = ((wv14 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv14 & vec4<u32>(0xF0F0F0F0u));
        let wv15 = w[w15 * chunks_per_row + c];
        let hv15 = chunk_high(w15, c);
        let eb15 = (wv15 & vec4<u32>(0x0F0F0F0Fu)) | ((hv15 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob15 = ((wv15 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv15 & vec4<u32>(0xF0F0F0F0u));
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
        let od0_0 = vec4<f32>(a0_0.y, a0_0.w, a0_1.y, a0_1.w) * EVEN_SCALE;
        let ev0_1 = vec4<f32>(a0_2.x, a0_2.z, a0_3.x, a0_3.z) * EVEN_SCALE;
        let od0_1 = vec4<f32>(a0_2.y, a0_2.w, a0_3.y, a0_3.w) * EVEN_SCALE;
        let ev0_2 = vec4<f32>(a0_4.x, a0_4.z, a0_5.x, a0_5.z) * EVEN_SCALE;
        let od0_2 = vec4<f32>(a0_4.y, a0_4.w, a0_5.y, a0_5.w) * EVEN_SCALE;
        let ev0_3 = vec4<f32>(a0_6.x, a0_6.z, a0_7.x, a0_7.z) * EVEN_SCALE;
        let od0_3 = vec4<f32>(a0_6.y, a0_6.w, a0_7.y, a0_7.w) * EVEN_SCALE;
        acc0_0 = acc0_0 + sr0 * (byte_dot(eb0.x, ob0.x, ev0_0, od0_0) + byte_dot(eb0.y, ob0.y, ev0_1, od0_1) + byte_dot(eb0.z, ob0.z, ev0_2, od0_2) + byte_dot(eb0.w, ob0.w, ev0_3, od0_3) - 16.0 * xs0);
        acc1_0 = acc1_0 + sr1 * (byte_dot(eb1.x, ob1.x, ev0_0, od0_0) + byte_dot(eb1.y, ob1.y, ev0_1, od0_1) + byte_dot(eb1.z, ob1.z, ev0_2, od0_2) + byte_dot(eb1.w, ob1.w, ev0_3, od0_3) - 16.0 * xs0);
        acc2_0 = acc2_0 + sr2 * (byte_dot(eb2.x, ob2.x, ev0_0, od0_0) + byte_dot(eb2.y, ob2.y, ev0_1, od0_1) + byte_dot(eb2.z, ob2.z, ev0_2, od0_2) + byte_dot(eb2.w, ob2.w, ev0_3, od0_3) - 16.0 * xs0);
        acc3_0 = acc3_0 + sr3 * (byte_dot(eb3.x, ob3.x, ev0_0, od0_0) + byte_dot(eb3.y, ob3.y, ev0_1, od0_1) + byte_dot(eb3.z, ob3.z, ev0_2, od0_2) + byte_dot(eb3.w, ob3.w, ev0_3, od0_3) - 16.0 * xs0);
        acc4_0 = acc4_0 + sr4 * (byte_dot(eb4.x, ob4.x, ev0_0, od0_0) + byte_dot(eb4.y, ob4.y, ev0_1, od0_1) + byte_dot(eb4.z, ob4.z, ev0_2, od0_2) + byte_dot(eb4.w, ob4.w, ev0_3, od0_3) - 16.0 * xs0);
        acc5_0 = acc5_0 + sr5 * (byte_dot(eb5.x, ob5.x, ev0_0, od0_0) + byte_dot(eb5.y, ob5.y, ev0_1, od0_1) + byte_dot(eb5.z, ob5.z, ev0_2, od0_2) + byte_dot(eb5.w, ob5.w, ev0_3, od0_3) - 16.0 * xs0);
        acc6_0 = acc6_0 + sr6 * (byte_dot(eb6.x, ob6.x, ev0_0, od0_0) + byte_dot(eb6.y, ob6.y, ev0_1, od0_1) + byte_dot(eb6.z, ob6.z, ev0_2, od0_2) + byte_dot(eb6.w, ob6.w, ev0_3, od0_3) - 16.0 * xs0);
        acc7_0 = acc7_0 + sr7 * (byte_dot(eb7.x, ob7.x, ev0_0, od0_0) + byte_dot(eb7.y, ob7.y, ev0_1, od0_1) + byte_dot(eb7.z, ob7.z, ev0_2, od0_2) + byte_dot(eb7.w, ob7.w, ev0_3, od0_3) - 16.0 * xs0);
        acc8_0 = acc8_0 + sr8 * (byte_dot(eb8.x, ob8.x, ev0_0, od0_0) + byte_dot(eb8.y, ob8.y, ev0_1, od0_1) + byte_dot(eb8.z, ob8.z, ev0_2, od0_2) + byte_dot(eb8.w, ob8.w, ev0_3, od0_3) - 16.0 * xs0);
        acc9_0 = acc9_0 + sr9 * (byte_dot(eb9.x, ob9.x, ev0_0, od0_0) + byte_dot(eb9.y, ob9.y, ev0_1, od0_1) + byte_dot(eb9.z, ob9.z, ev0_2, od0_2) + byte_dot(eb9.w, ob9.w, ev0_3, od0_3) - 16.0 * xs0);
        acc10_0 = acc10_0 + sr10 * (byte_dot(eb10.x, ob10.x, ev0_0, od0_0) + byte_dot(eb10.y, ob10.y, ev0_1, od0_1) + byte_dot(eb10.z, ob10.z, ev0_2, od0_2) + byte_dot(eb10.w, ob10.w, ev0_3, od0_3) - 16.0 * xs0);
        acc11_0 = acc11_0 + sr11 * (byte_dot(eb11.x, ob11.x, ev0_0, od0_0) + byte_dot(eb11.y, ob11.y, ev0_1, od0_1) + byte_dot(eb11.z, ob11.z, ev0_2, od0_2) + byte_dot(eb11.w, ob11.w, ev0_3, od0_3) - 16.0 * xs0);
        acc12_0 = acc12_0 + sr12 * (byte_dot(eb12.x, ob12.x, ev0_0, od0_0) + byte_dot(eb12.y, ob12.y, ev0_1, od0_1) + byte_dot(eb12.z, ob12.z, ev0_2, od0_2) + byte_dot(eb12.w, ob12.w, ev0_3, od0_3) - 16.0 * xs0);
        acc13_0 = acc13_0 + sr13 * (byte_dot(eb13.x, ob13.x, ev0_0, od0_0) + byte_dot(eb13.y, ob13.y, ev0_1, od0_1) + byte_dot(eb13.z, ob13.z, ev0_2, od0_2) + byte_dot(eb13.w, ob13.w, ev0_3, od0_3) - 16.0 * xs0);
        acc14_0 = acc14_0 + sr14 * (byte_dot(eb14.x, ob14.x, ev0_0, od0_0) + byte_dot(eb14.y, ob14.y, ev0_1, od0_1) + byte_dot(eb14.z, ob14.z, ev0_2, od0_2) + byte_dot(eb14.w, ob14.w, ev0_3, od0_3) - 16.0 * xs0);
        acc15_0 = acc15_0 + sr15 * (byte_dot(eb15.x, ob15.x, ev0_0, od0_0) + byte_dot(eb15.y, ob15.y, ev0_1, od0_1) + byte_dot(eb15.z, ob15.z, ev0_2, od0_2) + byte_dot(eb15.w, ob15.w, ev0_3, od0_3) - 16.0 * xs0);
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
        let od1_0 = vec4<f32>(a1_0.y, a1_0.w, a1_1.y, a1_1.w) * EVEN_SCALE;
        let ev1_1 = vec4<f32>(a1_2.x, a1_2.z, a1_3.x, a1_3.z) * EVEN_SCALE;
        let od1_1 = vec4<f32>(a1_2.y, a1_2.w, a1_3.y, a1_3.w) * EVEN_SCALE;
        let ev1_2 = vec4<f32>(a1_4.x, a1_4.z, a1_5.x, a1_5.z) * EVEN_SCALE;
        let od1_2 = vec4<f32>(a1_4.y, a1_4.w, a1_5.y, a1_5.w) * EVEN_SCALE;
        let ev1_3 = vec4<f32>(a1_6.x, a1_6.z, a1_7.x, a1_7.z) * EVEN_SCALE;
        let od1_3 = vec4<f32>(a1_6.y, a1_6.w, a1_7.y, a1_7.w) * EVEN_SCALE;
        acc0_1 = acc0_1 + sr0 * (byte_dot(eb0.x, ob0.x, ev1_0, od1_0) + byte_dot(eb0.y, ob0.y, ev1_1, od1_1) + byte_dot(eb0.z, ob0.z, ev1_2, od1_2) + byte_dot(eb0.w, ob0.w, ev1_3, od1_3) - 16.0 * xs1);
        acc1_1 = acc1_1 + sr1 * (byte_dot(eb1.x, ob1.x, ev1_0, od1_0) + byte_dot(eb1.y, ob1.y, ev1_1, od1_1) + byte_dot(eb1.z, ob1.z, ev1_2, od1_2) + byte_dot(eb1.w, ob1.w, ev1_3, od1_3) - 16.0 * xs1);
        acc2_1 = acc2_1 + sr2 * (byte_dot(eb2.x, ob2.x, ev1_0, od1_0) + byte_dot(eb2.y, ob2.y, ev1_1, od1_1) + byte_dot(eb2.z, ob2.z, ev1_2, od1_2) + byte_dot(eb2.w, ob2.w, ev1_3, od1_3) - 16.0 * xs1);
        acc3_1 = acc3_1 + sr3 * (byte_dot(eb3.x, ob3.x, ev1_0, od1_0) + byte_dot(eb3.y, ob3.y, ev1_1, od1_1) + byte_dot(eb3.z, ob3.z, ev1_2, od1_2) + byte_dot(eb3.w, ob3.w, ev1_3, od1_3) - 16.0 * xs1);
        acc4_1 = acc4_1 + sr4 * (byte_dot(eb4.x, ob4.x, ev1_0, od1_0) + byte_dot(eb4.y, ob4.y, ev1_1, od1_1) + byte_dot(eb4.z, ob4.z, ev1_2, od1_2) + byte_dot(eb4.w, ob4.w, ev1_3, od1_3) - 16.0 * xs1);
        acc5_1 = acc5_1 + sr5 * (byte_dot(eb5.x, ob5.x, ev1_0, od1_0) + byte_dot(eb5.y, ob5.y, ev1_1, od1_1) + byte_dot(eb5.z, ob5.z, ev1_2, od1_2) + byte_dot(eb5.w, ob5.w, ev1_3, od1_3) - 16.0 * xs1);
        acc6_1 = acc6_1 + sr6 * (byte_dot(eb6.x, ob6.x, ev1_0, od1_0) + byte_dot(eb6.y, ob6.y, ev1_1, od1_1) + byte_dot(eb6.z, ob6.z, ev1_2, od1_2) + byte_dot(eb6.w, ob6.w, ev1_3, od1_3) - 16.0 * xs1);
        acc7_1 = acc7_1 + sr7 * (byte_dot(eb7.x, ob7.x, ev1_0, od1_0) + byte_dot(eb7.y, ob7.y, ev1_1, od1_1) + byte_dot(eb7.z, ob7.z, ev1_2, od1_2) + byte_dot(eb7.w, ob7.w, ev1_3, od1_3) - 16.0 * xs1);
        acc8_1 = acc8_1 + sr8 * (byte_dot(eb8.x, ob8.x, ev1_0, od1_0) + byte_dot(eb8.y, ob8.y, ev1_1, od1_1) + byte_dot(eb8.z, ob8.z, ev1_2, od1_2) + byte_dot(eb8.w, ob8.w, ev1_3, od1_3) - 16.0 * xs1);
        acc9_1 = acc9_1 + sr9 * (byte_dot(eb9.x, ob9.x, ev1_0, od1_0) + byte_dot(eb9.y, ob9.y, ev1_1, od1_1) + byte_dot(eb9.z, ob9.z, ev1_2, od1_2) + byte_dot(eb9.w, ob9.w, ev1_3, od1_3) - 16.0 * xs1);
        acc10_1 = acc10_1 + sr10 * (byte_dot(eb10.x, ob10.x, ev1_0, od1_0) + byte_dot(eb10.y, ob10.y, ev1_1, od1_1) + byte_dot(eb10.z, ob10.z, ev1_2, od1_2) + byte_dot(eb10.w, ob10.w, ev1_3, od1_3) - 16.0 * xs1);
        acc11_1 = acc11_1 + sr11 * (byte_dot(eb11.x, ob11.x, ev1_0, od1_0) + byte_dot(eb11.y, ob11.y, ev1_1, od1_1) + byte_dot(eb11.z, ob11.z, ev1_2, od1_2) + byte_dot(eb11.w, ob11.w, ev1_3, od1_3) - 16.0 * xs1);
        acc12_1 = acc12_1 + sr12 * (byte_dot(eb12.x, ob12.x, ev1_0, od1_0) + byte_dot(eb12.y, ob12.y, ev1_1, od1_1) + byte_dot(eb12.z, ob12.z, ev1_2, od1_2) + byte_dot(eb12.w, ob12.w, ev1_3, od1_3) - 16.0 * xs1);
        acc13_1 = acc13_1 + sr13 * (byte_dot(eb13.x, ob13.x, ev1_0, od1_0) + byte_dot(eb13.y, ob13.y, ev1_1, od1_1) + byte_dot(eb13.z, ob13.z, ev1_2, od1_2) + byte_dot(eb13.w, ob13.w, ev1_3, od1_3) - 16.0 * xs1);
        acc14_1 = acc14_1 + sr14 * (byte_dot(eb14.x, ob14.x, ev1_0, od1_0) + byte_dot(eb14.y, ob14.y, ev1_1, od1_1) + byte_dot(eb14.z, ob14.z, ev1_2, od1_2) + byte_dot(eb14.w, ob14.w, ev1_3, od1_3) - 16.0 * xs1);
        acc15_1 = acc15_1 + sr15 * (byte_dot(eb15.x, ob15.x, ev1_0, od1_0) + byte_dot(eb15.y, ob15.y, ev1_1, od1_1) + byte_dot(eb15.z, ob15.z, ev1_2, od1_2) + byte_dot(eb15.w, ob15.w, ev1_3, od1_3) - 16.0 * xs1);
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
        let od2_0 = vec4<f32>(a2_0.y, a2_0.w, a2_1.y, a2_1.w) * EVEN_SCALE;
        let ev2_1 = vec4<f32>(a2_2.x, a2_2.z, a2_3.x, a2_3.z) * EVEN_SCALE;
        let od2_1 = vec4<f32>(a2_2.y, a2_2.w, a2_3.y, a2_3.w) * EVEN_SCALE;
        let ev2_2 = vec4<f32>(a2_4.x, a2_4.z, a2_5.x, a2_5.z) * EVEN_SCALE;
        let od2_2 = vec4<f32>(a2_4.y, a2_4.w, a2_5.y, a2_5.w) * EVEN_SCALE;
        let ev2_3 = vec4<f32>(a2_6.x, a2_6.z, a2_7.x, a2_7.z) * EVEN_SCALE;
        let od2_3 = vec4<f32>(a2_6.y, a2_6.w, a2_7.y, a2_7.w) * EVEN_SCALE;
        acc0_2 = acc0_2 + sr0 * (byte_dot(eb0.x, ob0.x, ev2_0, od2_0) + byte_dot(eb0.y, ob0.y, ev2_1, od2_1) + byte_dot(eb0.z, ob0.z, ev2_2, od2_2) + byte_dot(eb0.w, ob0.w, ev2_3, od2_3) - 16.0 * xs2);
        acc1_2 = acc1_2 + sr1 * (byte_dot(eb1.x, ob1.x, ev2_0, od2_0) + byte_dot(eb1.y, ob1.y, ev2_1, od2_1) + byte_dot(eb1.z, ob1.z, ev2_2, od2_2) + byte_dot(eb1.w, ob1.w, ev2_3, od2_3) - 16.0 * xs2);
        acc2_2 = acc2_2 + sr2 * (byte_dot(eb2.x, ob2.x, ev2_0, od2_0) + byte_dot(eb2.y, ob2.y, ev2_1, od2_1) + byte_dot(eb2.z, ob2.z, ev2_2, od2_2) + byte_dot(eb2.w, ob2.w, ev2_3, od2_3) - 16.0 * xs2);
        acc3_2 = acc3_2 + sr3 * (byte_dot(eb3.x, ob3.x, ev2_0, od2_0) + byte_dot(eb3.y, ob3.y, ev2_1, od2_1) + byte_dot(eb3.z, ob3.z, ev2_2, od2_2) + byte_dot(eb3.w, ob3.w, ev2_3, od2_3) - 16.0 * xs2);
        acc4_2 = acc4_2 + sr4 * (byte_dot(eb4.x, ob4.x, ev2_0, od2_0) + byte_dot(eb4.y, ob4.y, ev2_1, od2_1) + byte_dot(eb4.z, ob4.z, ev2_2, od2_2) + byte_dot(eb4.w, ob4.w, ev2_3, od2_3) - 16.0 * xs2);
        acc5_2 = acc5_2 + sr5 * (byte_dot(eb5.x, ob5.x, ev2_0, od2_0) + byte_dot(eb5.y, ob5.y, ev2_1, od2_1) + byte_dot(eb5.z, ob5.z, ev2_2, od2_2) + byte_dot(eb5.w, ob5.w, ev2_3, od2_3) - 16.0 * xs2);
        acc6_2 = acc6_2 + sr6 * (byte_dot(eb6.x, ob6.x, ev2_0, od2_0) + byte_dot(eb6.y, ob6.y, ev2_1, od2_1) + byte_dot(eb6.z, ob6.z, ev2_2, od2_2) + byte_dot(eb6.w, ob6.w, ev2_3, od2_3) - 16.0 * xs2);
        acc7_2 = acc7_2 + sr7 * (byte_dot(eb7.x, ob7.x, ev2_0, od2_0) + byte_dot(eb7.y, ob7.y, ev2_1, od2_1) + byte_dot(eb7.z, ob7.z, ev2_2, od2_2) + byte_dot(eb7.w, ob7.w, ev2_3, od2_3) - 16.0 * xs2);
        acc8_2 = acc8_2 + sr8 * (byte_dot(eb8.x, ob8.x, ev2_0, od2_0) + byte_dot(eb8.y, ob8.y, ev2_1, od2_1) + byte_dot(eb8.z, ob8.z, ev2_2, od2_2) + byte_dot(eb8.w, ob8.w, ev2_3, od2_3) - 16.0 * xs2);
        acc9_2 = acc9_2 + sr9 * (byte_dot(eb9.x, ob9.x, ev2_0, od2_0) + byte_dot(eb9.y, ob9.y, ev2_1, od2_1) + byte_dot(eb9.z, ob9.z, ev2_2, od2_2) + byte_dot(eb9.w, ob9.w, ev2_3, od2_3) - 16.0 * xs2);
        acc10_2 = acc10_2 + sr10 * (byte_dot(eb10.x, ob10.x, ev2_0, od2_0) + byte_dot(eb10.y, ob10.y, ev2_1, od2_1) + byte_dot(eb10.z, ob10.z, ev2_2, od2_2) + byte_dot(eb10.w, ob10.w, ev2_3, od2_3) - 16.0 * xs2);
        acc11_2 = acc11_2 + sr11 * (byte_dot(eb11.x, ob11.x, ev2_0, od2_0) + byte_dot(eb11.y, ob11.y, ev2_1, od2_1) + byte_dot(eb11.z, ob11.z, ev2_2, od2_2) + byte_dot(eb11.w, ob11.w, ev2_3, od2_3) - 16.0 * xs2);
        acc12_2 = acc12_2 + sr12 * (byte_dot(eb12.x, ob12.x, ev2_0, od2_0) + byte_dot(eb12.y, ob12.y, ev2_1, od2_1) + byte_dot(eb12.z, ob12.z, ev2_2, od2_2) + byte_dot(eb12.w, ob12.w, ev2_3, od2_3) - 16.0 * xs2);
        acc13_2 = acc13_2 + sr13 * (byte_dot(eb13.x, ob13.x, ev2_0, od2_0) + byte_dot(eb13.y, ob13.y, ev2_1, od2_1) + byte_dot(eb13.z, ob13.z, ev2_2, od2_2) + byte_dot(eb13.w, ob13.w, ev2_3, od2_3) - 16.0 * xs2);
        acc14_2 = acc14_2 + sr14 * (byte_dot(eb14.x, ob14.x, ev2_0, od2_0) + byte_dot(eb14.y, ob14.y, ev2_1, od2_1) + byte_dot(eb14.z, ob14.z, ev2_2, od2_2) + byte_dot(eb14.w, ob14.w, ev2_3, od2_3) - 16.0 * xs2);
        acc15_2 = acc15_2 + sr15 * (byte_dot(eb15.x, ob15.x, ev2_0, od2_0) + byte_dot(eb15.y, ob15.y, ev2_1, od2_1) + byte_dot(eb15.z, ob15.z, ev2_2, od2_2) + byte_dot(eb15.w, ob15.w, ev2_3, od2_3) - 16.0 * xs2);
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
        let od3_0 = vec4<f32>(a3_0.y, a3_0.w, a3_1.y, a3_1.w) * EVEN_SCALE;
        let ev3_1 = vec4<f32>(a3_2.x, a3_2.z, a3_3.x, a3_3.z) * EVEN_SCALE;
        let od3_1 = vec4<f32>(a3_2.y, a3_2.w, a3_3.y, a3_3.w) * EVEN_SCALE;
        let ev3_2 = vec4<f32>(a3_4.x, a3_4.z, a3_5.x, a3_5.z) * EVEN_SCALE;
        let od3_2 = vec4<f32>(a3_4.y, a3_4.w, a3_5.y, a3_5.w) * EVEN_SCALE;
        let ev3_3 = vec4<f32>(a3_6.x, a3_6.z, a3_7.x, a3_7.z) * EVEN_SCALE;
        let od3_3 = vec4<f32>(a3_6.y, a3_6.w, a3_7.y, a3_7.w) * EVEN_SCALE;
        acc0_3 = acc0_3 + sr0 * (byte_dot(eb0.x, ob0.x, ev3_0, od3_0) + byte_dot(eb0.y, ob0.y, ev3_1, od3_1) + byte_dot(eb0.z, ob0.z, ev3_2, od3_2) + byte_dot(eb0.w, ob0.w, ev3_3, od3_3) - 16.0 * xs3);
        acc1_3 = acc1_3 + sr1 * (byte_dot(eb1.x, ob1.x, ev3_0, od3_0) + byte_dot(eb1.y, ob1.y, ev3_1, od3_1) + byte_dot(eb1.z, ob1.z, ev3_2, od3_2) + byte_dot(eb1.w, ob1.w, ev3_3, od3_3) - 16.0 * xs3);
        acc2_3 = acc2_3 + sr2 * (byte_dot(eb2.x, ob2.x, ev3_0, od3_0) + byte_dot(eb2.y, ob2.y, ev3_1, od3_1) + byte_dot(eb2.z, ob2.z, ev3_2, od3_2) + byte_dot(eb2.w, ob2.w, ev3_3, od3_3) - 16.0 * xs3);
        acc3_3 = acc3_3 + sr3 * (byte_dot(eb3.x, ob3.x, ev3_0, od3_0) + byte_dot(eb3.y, ob3.y, ev3_1, od3_1) + byte_dot(eb3.z, ob3.z, ev3_2, od3_2) + byte_dot(eb3.w, ob3.w, ev3_3, od3_3) - 16.0 * xs3);
        acc4_3 = acc4_3 + sr4 * (byte_dot(eb4.x, ob4.x, ev3_0, od3_0) + byte_dot(eb4.y, ob4.y, ev3_1, od3_1) + byte_dot(eb4.z, ob4.z, ev3_2, od3_2) + byte_dot(eb4.w, ob4.w, ev3_3, od3_3) - 16.0 * xs3);
        acc5_3 = acc5_3 + sr5 * (byte_dot(eb5.x, ob5.x, ev3_0, od3_0) + byte_dot(eb5.y, ob5.y, ev3_1, od3_1) + byte_dot(eb5.z, ob5.z, ev3_2, od3_2) + byte_dot(eb5.w, ob5.w, ev3_3, od3_3) - 16.0 * xs3);
        acc6_3 = acc6_3 + sr6 * (byte_dot(eb6.x, ob6.x, ev3_0, od3_0) + byte_dot(eb6.y, ob6.y, ev3_1, od3_1) + byte_dot(eb6.z, ob6.z, ev3_2, od3_2) + byte_dot(eb6.w, ob6.w, ev3_3, od3_3) - 16.0 * xs3);
        acc7_3 = acc7_3 + sr7 * (byte_dot(eb7.x, ob7.x, ev3_0, od3_0) + byte_dot(eb7.y, ob7.y, ev3_1, od3_1) + byte_dot(eb7.z, ob7.z, ev3_2, od3_2) + byte_dot(eb7.w, ob7.w, ev3_3, od3_3) - 16.0 * xs3);
        acc8_3 = acc8_3 + sr8 * (byte_dot(eb8.x, ob8.x, ev3_0, od3_0) + byte_dot(eb8.y, ob8.y, ev3_1, od3_1) + byte_dot(eb8.z, ob8.z, ev3_2, od3_2) + byte_dot(eb8.w, ob8.w, ev3_3, od3_3) - 16.0 * xs3);
        acc9_3 = acc9_3 + sr9 * (byte_dot(eb9.x, ob9.x, ev3_0, od3_0) + byte_dot(eb9.y, ob9.y, ev3_1, od3_1) + byte_dot(eb9.z, ob9.z, ev3_2, od3_2) + byte_dot(eb9.w, ob9.w, ev3_3, od3_3) - 16.0 * xs3);
        acc10_3 = acc10_3 + sr10 * (byte_dot(eb10.x, ob10.x, ev3_0, od3_0) + byte_dot(eb10.y, ob10.y, ev3_1, od3_1) + byte_dot(eb10.z, ob10.z, ev3_2, od3_2) + byte_dot(eb10.w, ob10.w, ev3_3, od3_3) - 16.0 * xs3);
        acc11_3 = acc11_3 + sr11 * (byte_dot(eb11.x, ob11.x, ev3_0, od3_0) + byte_dot(eb11.y, ob11.y, ev3_1, od3_1) + byte_dot(eb11.z, ob11.z, ev3_2, od3_2) + byte_dot(eb11.w, ob11.w, ev3_3, od3_3) - 16.0 * xs3);
        acc12_3 = acc12_3 + sr12 * (byte_dot(eb12.x, ob12.x, ev3_0, od3_0) + byte_dot(eb12.y, ob12.y, ev3_1, od3_1) + byte_dot(eb12.z, ob12.z, ev3_2, od3_2) + byte_dot(eb12.w, ob12.w, ev3_3, od3_3) - 16.0 * xs3);
        acc13_3 = acc13_3 + sr13 * (byte_dot(eb13.x, ob13.x, ev3_0, od3_0) + byte_dot(eb13.y, ob13.y, ev3_1, od3_1) + byte_dot(eb13.z, ob13.z, ev3_2, od3_2) + byte_dot(eb13.w, ob13.w, ev3_3, od3_3) - 16.0 * xs3);
        acc14_3 = acc14_3 + sr14 * (byte_dot(eb14.x, ob14.x, ev3_0, od3_0) + byte_dot(eb14.y, ob14.y, ev3_1, od3_1) + byte_dot(eb14.z, ob14.z, ev3_2, od3_2) + byte_dot(eb14.w, ob14.w, ev3_3, od3_3) - 16.0 * xs3);
        acc15_3 = acc15_3 + sr15 * (byte_dot(eb15.x, ob15.x, ev3_0, od3_0) + byte_dot(eb15.y, ob15.y, ev3_1, od3_1) + byte_dot(eb15.z, ob15.z, ev3_2, od3_2) + byte_dot(eb15.w, ob15.w, ev3_3, od3_3) - 16.0 * xs3);
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
        let od4_0 = vec4<f32>(a4_0.y, a4_0.w, a4_1.y, a4_1.w) * EVEN_SCALE;
        let ev4_1 = vec4<f32>(a4_2.x, a4_2.z, a4_3.x, a4_3.z) * EVEN_SCALE;
        let od4_1 = vec4<f32>(a4_2.y, a4_2.w, a4_3.y, a4_3.w) * EVEN_SCALE;
        let ev4_2 = vec4<f32>(a4_4.x, a4_4.z, a4_5.x, a4_5.z) * EVEN_SCALE;
        let od4_2 = vec4<f32>(a4_4.y, a4_4.w, a4_5.y, a4_5.w) * EVEN_SCALE;
        let ev4_3 = vec4<f32>(a4_6.x, a4_6.z, a4_7.x, a4_7.z) * EVEN_SCALE;
        let od4_3 = vec4<f32>(a4_6.y, a4_6.w, a4_7.y, a4_7.w) * EVEN_SCALE;
        acc0_4 = acc0_4 + sr0 * (byte_dot(eb0.x, ob0.x, ev4_0, od4_0) + byte_dot(eb0.y, ob0.y, ev4_1, od4_1) + byte_dot(eb0.z, ob0.z, ev4_2, od4_2) + byte_dot(eb0.w, ob0.w, ev4_3, od4_3) - 16.0 * xs4);
        acc1_4 = acc1_4 + sr1 * (byte_dot(eb1.x, ob1.x, ev4_0, od4_0) + byte_dot(eb1.y, ob1.y, ev4_1, od4_1) + byte_dot(eb1.z, ob1.z, ev4_2, od4_2) + byte_dot(eb1.w, ob1.w, ev4_3, od4_3) - 16.0 * xs4);
        acc2_4 = acc2_4 + sr2 * (byte_dot(eb2.x, ob2.x, ev4_0, od4_0) + byte_dot(eb2.y, ob2.y, ev4_1, od4_1) + byte_dot(eb2.z, ob2.z, ev4_2, od4_2) + byte_dot(eb2.w, ob2.w, ev4_3, od4_3) - 16.0 * xs4);
        acc3_4 = acc3_4 + sr3 * (byte_dot(eb3.x, ob3.x, ev4_0, od4_0) + byte_dot(eb3.y, ob3.y, ev4_1, od4_1) + byte_dot(eb3.z, ob3.z, ev4_2, od4_2) + byte_dot(eb3.w, ob3.w, ev4_3, od4_3) - 16.0 * xs4);
        acc4_4 = acc4_4 + sr4 * (byte_dot(eb4.x, ob4.x, ev4_0, od4_0) + byte_dot(eb4.y, ob4.y, ev4_1, od4_1) + byte_dot(eb4.z, ob4.z, ev4_2, od4_2) + byte_dot(eb4.w, ob4.w, ev4_3, od4_3) - 16.0 * xs4);
        acc5_4 = acc5_4 + sr5 * (byte_dot(eb5.x, ob5.x, ev4_0, od4_0) + byte_dot(eb5.y, ob5.y, ev4_1, od4_1) + byte_dot(eb5.z, ob5.z, ev4_2, od4_2) + byte_dot(eb5.w, ob5.w, ev4_3, od4_3) - 16.0 * xs4);
        acc6_4 = acc6_4 + sr6 * (byte_dot(eb6.x, ob6.x, ev4_0, od4_0) + byte_dot(eb6.y, ob6.y, ev4_1, od4_1) + byte_dot(eb6.z, ob6.z, ev4_2, od4_2) + byte_dot(eb6.w, ob6.w, ev4_3, od4_3) - 16.0 * xs4);
        acc7_4 = acc7_4 + sr7 * (byte_dot(eb7.x, ob7.x, ev4_0, od4_0) + byte_dot(eb7.y, ob7.y, ev4_1, od4_1) + byte_dot(eb7.z, ob7.z, ev4_2, od4_2) + byte_dot(eb7.w, ob7.w, ev4_3, od4_3) - 16.0 * xs4);
        acc8_4 = acc8_4 + sr8 * (byte_dot(eb8.x, ob8.x, ev4_0, od4_0) + byte_dot(eb8.y, ob8.y, ev4_1, od4_1) + byte_dot(eb8.z, ob8.z, ev4_2, od4_2) + byte_dot(eb8.w, ob8.w, ev4_3, od4_3) - 16.0 * xs4);
        acc9_4 = acc9_4 + sr9 * (byte_dot(eb9.x, ob9.x, ev4_0, od4_0) + byte_dot(eb9.y, ob9.y, ev4_1, od4_1) + byte_dot(eb9.z, ob9.z, ev4_2, od4_2) + byte_dot(eb9.w, ob9.w, ev4_3, od4_3) - 16.0 * xs4);
        acc10_4 = acc10_4 + sr10 * (byte_dot(eb10.x, ob10.x, ev4_0, od4_0) + byte_dot(eb10.y, ob10.y, ev4_1, od4_1) + byte_dot(eb10.z, ob10.z, ev4_2, od4_2) + byte_dot(eb10.w, ob10.w, ev4_3, od4_3) - 16.0 * xs4);
        acc11_4 = acc11_4 + sr11 * (byte_dot(eb11.x, ob11.x, ev4_0, od4_0) + byte_dot(eb11.y, ob11.y, ev4_1, od4_1) + byte_dot(eb11.z, ob11.z, ev4_2, od4_2) + byte_dot(eb11.w, ob11.w, ev4_3, od4_3) - 16.0 * xs4);
        acc12_4 = acc12_4 + sr12 * (byte_dot(eb12.x, ob12.x, ev4_0, od4_0) + byte_dot(eb12.y, ob12.y, ev4_1, od4_1) + byte_dot(eb12.z, ob12.z, ev4_2, od4_2) + byte_dot(eb12.w, ob12.w, ev4_3, od4_3) - 16.0 * xs4);
        acc13_4 = acc13_4 + sr13 * (byte_dot(eb13.x, ob13.x, ev4_0, od4_0) + byte_dot(eb13.y, ob13.y, ev4_1, od4_1) + byte_dot(eb13.z, ob13.z, ev4_2, od4_2) + byte_dot(eb13.w, ob13.w, ev4_3, od4_3) - 16.0 * xs4);
        acc14_4 = acc14_4 + sr14 * (byte_dot(eb14.x, ob14.x, ev4_0, od4_0) + byte_dot(eb14.y, ob14.y, ev4_1, od4_1) + byte_dot(eb14.z, ob14.z, ev4_2, od4_2) + byte_dot(eb14.w, ob14.w, ev4_3, od4_3) - 16.0 * xs4);
        acc15_4 = acc15_4 + sr15 * (byte_dot(eb15.x, ob15.x, ev4_0, od4_0) + byte_dot(eb15.y, ob15.y, ev4_1, od4_1) + byte_dot(eb15.z, ob15.z, ev4_2, od4_2) + byte_dot(eb15.w, ob15.w, ev4_3, od4_3) - 16.0 * xs4);
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
        let od5_0 = vec4<f32>(a5_0.y, a5_0.w, a5_1.y, a5_1.w) * EVEN_SCALE;
        let ev5_1 = vec4<f32>(a5_2.x, a5_2.z, a5_3.x, a5_3.z) * EVEN_SCALE;
        let od5_1 = vec4<f32>(a5_2.y, a5_2.w, a5_3.y, a5_3.w) * EVEN_SCALE;
        let ev5_2 = vec4<f32>(a5_4.x, a5_4.z, a5_5.x, a5_5.z) * EVEN_SCALE;
        let od5_2 = vec4<f32>(a5_4.y, a5_4.w, a5_5.y, a5_5.w) * EVEN_SCALE;
        let ev5_3 = vec4<f32>(a5_6.x, a5_6.z, a5_7.x, a5_7.z) * EVEN_SCALE;
        let od5_3 = vec4<f32>(a5_6.y, a5_6.w, a5_7.y, a5_7.w) * EVEN_SCALE;
        acc0_5 = acc0_5 + sr0 * (byte_dot(eb0.x, ob0.x, ev5_0, od5_0) + byte_dot(eb0.y, ob0.y, ev5_1, od5_1) + byte_dot(eb0.z, ob0.z, ev5_2, od5_2) + byte_dot(eb0.w, ob0.w, ev5_3, od5_3) - 16.0 * xs5);
        acc1_5 = acc1_5 + sr1 * (byte_dot(eb1.x, ob1.x, ev5_0, od5_0) + byte_dot(eb1.y, ob1.y, ev5_1, od5_1) + byte_dot(eb1.z, ob1.z, ev5_2, od5_2) + byte_dot(eb1.w, ob1.w, ev5_3, od5_3) - 16.0 * xs5);
        acc2_5 = acc2_5 + sr2 * (byte_dot(eb2.x, ob2.x, ev5_0, od5_0) + byte_dot(eb2.y, ob2.y, ev5_1, od5_1) + byte_dot(eb2.z, ob2.z, ev5_2, od5_2) + byte_dot(eb2.w, ob2.w, ev5_3, od5_3) - 16.0 * xs5);
        acc3_5 = acc3_5 + sr3 * (byte_dot(eb3.x, ob3.x, ev5_0, od5_0) + byte_dot(eb3.y, ob3.y, ev5_1, od5_1) + byte_dot(eb3.z, ob3.z, ev5_2, od5_2) + byte_dot(eb3.w, ob3.w, ev5_3, od5_3) - 16.0 * xs5);
        acc4_5 = acc4_5 + sr4 * (byte_dot(eb4.x, ob4.x, ev5_0, od5_0) + byte_dot(eb4.y, ob4.y, ev5_1, od5_1) + byte_dot(eb4.z, ob4.z, ev5_2, od5_2) + byte_dot(eb4.w, ob4.w, ev5_3, od5_3) - 16.0 * xs5);
        acc5_5 = acc5_5 + sr5 * (byte_dot(eb5.x, ob5.x, ev5_0, od5_0) + byte_dot(eb5.y, ob5.y, ev5_1, od5_1) + byte_dot(eb5.z, ob5.z, ev5_2, od5_2) + byte_dot(eb5.w, ob5.w, ev5_3, od5_3) - 16.0 * xs5);
        acc6_5 = acc6_5 + sr6 * (byte_dot(eb6.x, ob6.x, ev5_0, od5_0) + byte_dot(eb6.y, ob6.y, ev5_1, od5_1) + byte_dot(eb6.z, ob6.z, ev5_2, od5_2) + byte_dot(eb6.w, ob6.w, ev5_3, od5_3) - 16.0 * xs5);
        acc7_5 = acc7_5 + sr7 * (byte_dot(eb7.x, ob7.x, ev5_0, od5_0) + byte_dot(eb7.y, ob7.y, ev5_1, od5_1) + byte_dot(eb7.z, ob7.z, ev5_2, od5_2) + byte_dot(eb7.w, ob7.w, ev5_3, od5_3) - 16.0 * xs5);
        acc8_5 = acc8_5 + sr8 * (byte_dot(eb8.x, ob8.x, ev5_0, od5_0) + byte_dot(eb8.y, ob8.y, ev5_1, od5_1) + byte_dot(eb8.z, ob8.z, ev5_2, od5_2) + byte_dot(eb8.w, ob8.w, ev5_3, od5_3) - 16.0 * xs5);
        acc9_5 = acc9_5 + sr9 * (byte_dot(eb9.x, ob9.x, ev5_0, od5_0) + byte_dot(eb9.y, ob9.y, ev5_1, od5_1) + byte_dot(eb9.z, ob9.z, ev5_2, od5_2) + byte_dot(eb9.w, ob9.w, ev5_3, od5_3) - 16.0 * xs5);
        acc10_5 = acc10_5 + sr10 * (byte_dot(eb10.x, ob10.x, ev5_0, od5_0) + byte_dot(eb10.y, ob10.y, ev5_1, od5_1) + byte_dot(eb10.z, ob10.z, ev5_2, od5_2) + byte_dot(eb10.w, ob10.w, ev5_3, od5_3) - 16.0 * xs5);
        acc11_5 = acc11_5 + sr11 * (byte_dot(eb11.x, ob11.x, ev5_0, od5_0) + byte_dot(eb11.y, ob11.y, ev5_1, od5_1) + byte_dot(eb11.z, ob11.z, ev5_2, od5_2) + byte_dot(eb11.w, ob11.w, ev5_3, od5_3) - 16.0 * xs5);
        acc12_5 = acc12_5 + sr12 * (byte_dot(eb12.x, ob12.x, ev5_0, od5_0) + byte_dot(eb12.y, ob12.y, ev5_1, od5_1) + byte_dot(eb12.z, ob12.z, ev5_2, od5_2) + byte_dot(eb12.w, ob12.w, ev5_3, od5_3) - 16.0 * xs5);
        acc13_5 = acc13_5 + sr13 * (byte_dot(eb13.x, ob13.x, ev5_0, od5_0) + byte_dot(eb13.y, ob13.y, ev5_1, od5_1) + byte_dot(eb13.z, ob13.z, ev5_2, od5_2) + byte_dot(eb13.w, ob13.w, ev5_3, od5_3) - 16.0 * xs5);
        acc14_5 = acc14_5 + sr14 * (byte_dot(eb14.x, ob14.x, ev5_0, od5_0) + byte_dot(eb14.y, ob14.y, ev5_1, od5_1) + byte_dot(eb14.z, ob14.z, ev5_2, od5_2) + byte_dot(eb14.w, ob14.w, ev5_3, od5_3) - 16.0 * xs5);
        acc15_5 = acc15_5 + sr15 * (byte_dot(eb15.x, ob15.x, ev5_0, od5_0) + byte_dot(eb15.y, ob15.y, ev5_1, od5_1) + byte_dot(eb15.z, ob15.z, ev5_2, od5_2) + byte_dot(eb15.w, ob15.w, ev5_3, od5_3) - 16.0 * xs5);
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
        let od6_0 = vec4<f32>(a6_0.y, a6_0.w, a6_1.y, a6_1.w) * EVEN_SCALE;
        let ev6_1 = vec4<f32>(a6_2.x, a6_2.z, a6_3.x, a6_3.z) * EVEN_SCALE;
        let od6_1 = vec4<f32>(a6_2.y, a6_2.w, a6_3.y, a6_3.w) * EVEN_SCALE;
        let ev6_2 = vec4<f32>(a6_4.x, a6_4.z, a6_5.x, a6_5.z) * EVEN_SCALE;
        let od6_2 = vec4<f32>(a6_4.y, a6_4.w, a6_5.y, a6_5.w) * EVEN_SCALE;
        let ev6_3 = vec4<f32>(a6_6.x, a6_6.z, a6_7.x, a6_7.z) * EVEN_SCALE;
        let od6_3 = vec4<f32>(a6_6.y, a6_6.w, a6_7.y, a6_7.w) * EVEN_SCALE;
        acc0_6 = acc0_6 + sr0 * (byte_dot(eb0.x, ob0.x, ev6_0, od6_0) + byte_dot(eb0.y, ob0.y, ev6_1, od6_1) + byte_dot(eb0.z, ob0.z, ev6_2, od6_2) + byte_dot(eb0.w, ob0.w, ev6_3, od6_3) - 16.0 * xs6);
        acc1_6 = acc1_6 + sr1 * (byte_dot(eb1.x, ob1.x, ev6_0, od6_0) + byte_dot(eb1.y, ob1.y, ev6_1, od6_1) + byte_dot(eb1.z, ob1.z, ev6_2, od6_2) + byte_dot(eb1.w, ob1.w, ev6_3, od6_3) - 16.0 * xs6);
        acc2_6 = acc2_6 + sr2 * (byte_dot(eb2.x, ob2.x, ev6_0, od6_0) + byte_dot(eb2.y, ob2.y, ev6_1, od6_1) + byte_dot(eb2.z, ob2.z, ev6_2, od6_2) + byte_dot(eb2.w, ob2.w, ev6_3, od6_3) - 16.0 * xs6);
        acc3_6 = acc3_6 + sr3 * (byte_dot(eb3.x, ob3.x, ev6_0, od6_0) + byte_dot(eb3.y, ob3.y, ev6_1, od6_1) + byte_dot(eb3.z, ob3.z, ev6_2, od6_2) + byte_dot(eb3.w, ob3.w, ev6_3, od6_3) - 16.0 * xs6);
        acc4_6 = acc4_6 + sr4 * (byte_dot(eb4.x, ob4.x, ev6_0, od6_0) + byte_dot(eb4.y, ob4.y, ev6_1, od6_1) + byte_dot(eb4.z, ob4.z, ev6_2, od6_2) + byte_dot(eb4.w, ob4.w, ev6_3, od6_3) - 16.0 * xs6);
        acc5_6 = acc5_6 + sr5 * (byte_dot(eb5.x, ob5.x, ev6_0, od6_0) + byte_dot(eb5.y, ob5.y, ev6_1, od6_1) + byte_dot(eb5.z, ob5.z, ev6_2, od6_2) + byte_dot(eb5.w, ob5.w, ev6_3, od6_3) - 16.0 * xs6);
        acc6_6 = acc6_6 + sr6 * (byte_dot(eb6.x, ob6.x, ev6_0, od6_0) + byte_dot(eb6.y, ob6.y, ev6_1, od6_1) + byte_dot(eb6.z, ob6.z, ev6_2, od6_2) + byte_dot(eb6.w, ob6.w, ev6_3, od6_3) - 16.0 * xs6);
        acc7_6 = acc7_6 + sr7 * (byte_dot(eb7.x, ob7.x, ev6_0, od6_0) + byte_dot(eb7.y, ob7.y, ev6_1, od6_1) + byte_dot(eb7.z, ob7.z, ev6_2, od6_2) + byte_dot(eb7.w, ob7.w, ev6_3, od6_3) - 16.0 * xs6);
        acc8_6 = acc8_6 + sr8 * (byte_dot(eb8.x, ob8.x, ev6_0, od6_0) + byte_dot(eb8.y, ob8.y, ev6_1, od6_1) + byte_dot(eb8.z, ob8.z, ev6_2, od6_2) + byte_dot(eb8.w, ob8.w, ev6_3, od6_3) - 16.0 * xs6);
        acc9_6 = acc9_6 + sr9 * (byte_dot(eb9.x, ob9.x, ev6_0, od6_0) + byte_dot(eb9.y, ob9.y, ev6_1, od6_1) + byte_dot(eb9.z, ob9.z, ev6_2, od6_2) + byte_dot(eb9.w, ob9.w, ev6_3, od6_3) - 16.0 * xs6);
        acc10_6 = acc10_6 + sr10 * (byte_dot(eb10.x, ob10.x, ev6_0, od6_0) + byte_dot(eb10.y, ob10.y, ev6_1, od6_1) + byte_dot(eb10.z, ob10.z, ev6_2, od6_2) + byte_dot(eb10.w, ob10.w, ev6_3, od6_3) - 16.0 * xs6);
        acc11_6 = acc11_6 + sr11 * (byte_dot(eb11.x, ob11.x, ev6_0, od6_0) + byte_dot(eb11.y, ob11.y, ev6_1, od6_1) + byte_dot(eb11.z, ob11.z, ev6_2, od6_2) + byte_dot(eb11.w, ob11.w, ev6_3, od6_3) - 16.0 * xs6);
        acc12_6 = acc12_6 + sr12 * (byte_dot(eb12.x, ob12.x, ev6_0, od6_0) + byte_dot(eb12.y, ob12.y, ev6_1, od6_1) + byte_dot(eb12.z, ob12.z, ev6_2, od6_2) + byte_dot(eb12.w, ob12.w, ev6_3, od6_3) - 16.0 * xs6);
        acc13_6 = acc13_6 + sr13 * (byte_dot(eb13.x, ob13.x, ev6_0, od6_0) + byte_dot(eb13.y, ob13.y, ev6_1, od6_1) + byte_dot(eb13.z, ob13.z, ev6_2, od6_2) + byte_dot(eb13.w, ob13.w, ev6_3, od6_3) - 16.0 * xs6);
        acc14_6 = acc14_6 + sr14 * (byte_dot(eb14.x, ob14.x, ev6_0, od6_0) + byte_dot(eb14.y, ob14.y, ev6_1, od6_1) + byte_dot(eb14.z, ob14.z, ev6_2, od6_2) + byte_dot(eb14.w, ob14.w, ev6_3, od6_3) - 16.0 * xs6);
        acc15_6 = acc15_6 + sr15 * (byte_dot(eb15.x, ob15.x, ev6_0, od6_0) + byte_dot(eb15.y, ob15.y, ev6_1, od6_1) + byte_dot(eb15.z, ob15.z, ev6_2, od6_2) + byte_dot(eb15.w, ob15.w, ev6_3, od6_3) - 16.0 * xs6);
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
        let od7_0 = vec4<f32>(a7_0.y, a7_0.w, a7_1.y, a7_1.w) * EVEN_SCALE;
        let ev7_1 = vec4<f32>(a7_2.x, a7_2.z, a7_3.x, a7_3.z) * EVEN_SCALE;
        let od7_1 = vec4<f32>(a7_2.y, a7_2.w, a7_3.y, a7_3.w) * EVEN_SCALE;
        let ev7_2 = vec4<f32>(a7_4.x, a7_4.z, a7_5.x, a7_5.z) * EVEN_SCALE;
        let od7_2 = vec4<f32>(a7_4.y, a7_4.w, a7_5.y, a7_5.w) * EVEN_SCALE;
        let ev7_3 = vec4<f32>(a7_6.x, a7_6.z, a7_7.x, a7_7.z) * EVEN_SCALE;
        let od7_3 = vec4<f32>(a7_6.y, a7_6.w, a7_7.y, a7_7.w) * EVEN_SCALE;
        acc0_7 = acc0_7 + sr0 * (byte_dot(eb0.x, ob0.x, ev7_0, od7_0) + byte_dot(eb0.y, ob0.y, ev7_1, od7_1) + byte_dot(eb0.z, ob0.z, ev7_2, od7_2) + byte_dot(eb0.w, ob0.w, ev7_3, od7_3) - 16.0 * xs7);
        acc1_7 = acc1_7 + sr1 * (byte_dot(eb1.x, ob1.x, ev7_0, od7_0) + byte_dot(eb1.y, ob1.y, ev7_1, od7_1) + byte_dot(eb1.z, ob1.z, ev7_2, od7_2) + byte_dot(eb1.w, ob1.w, ev7_3, od7_3) - 16.0 * xs7);
        acc2_7 = acc2_7 + sr2 * (byte_dot(eb2.x, ob2.x, ev7_0, od7_0) + byte_dot(eb2.y, ob2.y, ev7_1, od7_1) + byte_dot(eb2.z, ob2.z, ev7_2, od7_2) + byte_dot(eb2.w, ob2.w, ev7_3, od7_3) - 16.0 * xs7);
        acc3_7 = acc3_7 + sr3 * (byte_dot(eb3.x, ob3.x, ev7_0, od7_0) + byte_dot(eb3.y, ob3.y, ev7_1, od7_1) + byte_dot(eb3.z, ob3.z, ev7_2, od7_2) + byte_dot(eb3.w, ob3.w, ev7_3, od7_3) - 16.0 * xs7);
        acc4_7 = acc4_7 + sr4 * (byte_dot(eb4.x, ob4.x, ev7_0, od7_0) + byte_dot(eb4.y, ob4.y, ev7_1, od7_1) + byte_dot(eb4.z, ob4.z, ev7_2, od7_2) + byte_dot(eb4.w, ob4.w, ev7_3, od7_3) - 16.0 * xs7);
        acc5_7 = acc5_7 + sr5 * (byte_dot(eb5.x, ob5.x, ev7_0, od7_0) + byte_dot(eb5.y, ob5.y, ev7_1, od7_1) + byte_dot(eb5.z, ob5.z, ev7_2, od7_2) + byte_dot(eb5.w, ob5.w, ev7_3, od7_3) - 16.0 * xs7);
        acc6_7 = acc6_7 + sr6 * (byte_dot(eb6.x, ob6.x, ev7_0, od7_0) + byte_dot(eb6.y, ob6.y, ev7_1, od7_1) + byte_dot(eb6.z, ob6.z, ev7_2, od7_2) + byte_dot(eb6.w, ob6.w, ev7_3, od7_3) - 16.0 * xs7);
        acc7_7 = acc7_7 + sr7 * (byte_dot(eb7.x, ob7.x, ev7_0, od7_0) + byte_dot(eb7.y, ob7.y, ev7_1, od7_1) + byte_dot(eb7.z, ob7.z, ev7_2, od7_2) + byte_dot(eb7.w, ob7.w, ev7_3, od7_3) - 16.0 * xs7);
        acc8_7 = acc8_7 + sr8 * (byte_dot(eb8.x, ob8.x, ev7_0, od7_0) + byte_dot(eb8.y, ob8.y, ev7_1, od7_1) + byte_dot(eb8.z, ob8.z, ev7_2, od7_2) + byte_dot(eb8.w, ob8.w, ev7_3, od7_3) - 16.0 * xs7);
        acc9_7 = acc9_7 + sr9 * (byte_dot(eb9.x, ob9.x, ev7_0, od7_0) + byte_dot(eb9.y, ob9.y, ev7_1, od7_1) + byte_dot(eb9.z, ob9.z, ev7_2, od7_2) + byte_dot(eb9.w, ob9.w, ev7_3, od7_3) - 16.0 * xs7);
        acc10_7 = acc10_7 + sr10 * (byte_dot(eb10.x, ob10.x, ev7_0, od7_0) + byte_dot(eb10.y, ob10.y, ev7_1, od7_1) + byte_dot(eb10.z, ob10.z, ev7_2, od7_2) + byte_dot(eb10.w, ob10.w, ev7_3, od7_3) - 16.0 * xs7);
        acc11_7 = acc11_7 + sr11 * (byte_dot(eb11.x, ob11.x, ev7_0, od7_0) + byte_dot(eb11.y, ob11.y, ev7_1, od7_1) + byte_dot(eb11.z, ob11.z, ev7_2, od7_2) + byte_dot(eb11.w, ob11.w, ev7_3, od7_3) - 16.0 * xs7);
        acc12_7 = acc12_7 + sr12 * (byte_dot(eb12.x, ob12.x, ev7_0, od7_0) + byte_dot(eb12.y, ob12.y, ev7_1, od7_1) + byte_dot(eb12.z, ob12.z, ev7_2, od7_2) + byte_dot(eb12.w, ob12.w, ev7_3, od7_3) - 16.0 * xs7);
        acc13_7 = acc13_7 + sr13 * (byte_dot(eb13.x, ob13.x, ev7_0, od7_0) + byte_dot(eb13.y, ob13.y, ev7_1, od7_1) + byte_dot(eb13.z, ob13.z, ev7_2, od7_2) + byte_dot(eb13.w, ob13.w, ev7_3, od7_3) - 16.0 * xs7);
        acc14_7 = acc14_7 + sr14 * (byte_dot(eb14.x, ob14.x, ev7_0, od7_0) + byte_dot(eb14.y, ob14.y, ev7_1, od7_1) + byte_dot(eb14.z, ob14.z, ev7_2, od7_2) + byte_dot(eb14.w, ob14.w, ev7_3, od7_3) - 16.0 * xs7);
        acc15_7 = acc15_7 + sr15 * (byte_dot(eb15.x, ob15.x, ev7_0, od7_0) + byte_dot(eb15.y, ob15.y, ev7_1, od7_1) + byte_dot(eb15.z, ob15.z, ev7_2, od7_2) + byte_dot(eb15.w, ob15.w, ev7_3, od7_3) - 16.0 * xs7);
    }
    let inv0 = inverseSqrt(ss0 / f32(p.K) + p.eps);
    acc0_0 = acc0_0 * inv0;
    acc1_0 = acc1_0 * inv0;
    acc2_0 = acc2_0 * inv0;
    acc3_0 = acc3_0 * inv0;
    acc4_0 = acc4_0 * inv0;
    acc5_0 = acc5_0 * inv0;
    acc6_0 = acc6_0 * inv0;
    acc7_0 = acc7_0 * inv0;
    acc8_0 = acc8_0 * inv0;
    acc9_0 = acc9_0 * inv0;
    acc10_0 = acc10_0 * inv0;
    acc11_0 = acc11_0 * inv0;
    acc12_0 = acc12_0 * inv0;
    acc13_0 = acc13_0 * inv0;
    acc14_0 = acc14_0 * inv0;
    acc15_0 = acc15_0 * inv0;
    let inv1 = inverseSqrt(ss1 / f32(p.K) + p.eps);
    acc0_1 = acc0_1 * inv1;
    acc1_1 = acc1_1 * inv1;
    acc2_1 = acc2_1 * inv1;
    acc3_1 = acc3_1 * inv1;
    acc4_1 = acc4_1 * inv1;
    acc5_1 = acc5_1 * inv1;
    acc6_1 = acc6_1 * inv1;
    acc7_1 = acc7_1 * inv1;
    acc8_1 = acc8_1 * inv1;
    acc9_1 = acc9_1 * inv1;
    acc10_1 = acc10_1 * inv1;
    acc11_1 = acc11_1 * inv1;
    acc12_1 = acc12_1 * inv1;
    acc13_1 = acc13_1 * inv1;
    acc14_1 = acc14_1 * inv1;
    acc15_1 = acc15_1 * inv1;
    let inv2 = inverseSqrt(ss2 / f32(p.K) + p.eps);
    acc0_2 = acc0_2 * inv2;
    acc1_2 = acc1_2 * inv2;
    acc2_2 = acc2_2 * inv2;
    acc3_2 = acc3_2 * inv2;
    acc4_2 = acc4_2 * inv2;
    acc5_2 = acc5_2 * inv2;
    acc6_2 = acc6_2 * inv2;
    acc7_2 = acc7_2 * inv2;
    acc8_2 = acc8_2 * inv2;
    acc9_2 = acc9_2 * inv2;
    acc10_2 = acc10_2 * inv2;
    acc11_2 = acc11_2 * inv2;
    acc12_2 = acc12_2 * inv2;
    acc13_2 = acc13_2 * inv2;
    acc14_2 = acc14_2 * inv2;
    acc15_2 = acc15_2 * inv2;
    let inv3 = inverseSqrt(ss3 / f32(p.K) + p.eps);
    acc0_3 = acc0_3 * inv3;
    acc1_3 = acc1_3 * inv3;
    acc2_3 = acc2_3 * inv3;
    acc3_3 = acc3_3 * inv3;
    acc4_3 = acc4_3 * inv3;
    acc5_3 = acc5_3 * inv3;
    acc6_3 = acc6_3 * inv3;
    acc7_3 = acc7_3 * inv3;
    acc8_3 = acc8_3 * inv3;
    acc9_3 = acc9_3 * inv3;
    acc10_3 = acc10_3 * inv3;
    acc11_3 = acc11_3 * inv3;
    acc12_3 = acc12_3 * inv3;
    acc13_3 = acc13_3 * inv3;
    acc14_3 = acc14_3 * inv3;
    acc15_3 = acc15_3 * inv3;
    let inv4 = inverseSqrt(ss4 / f32(p.K) + p.eps);
    acc0_4 = acc0_4 * inv4;
    acc1_4 = acc1_4 * inv4;
    acc2_4 = acc2_4 * inv4;
    acc3_4 = acc3_4 * inv4;
    acc4_4 = acc4_4 * inv4;
    acc5_4 = acc5_4 * inv4;
    acc6_4 = acc6_4 * inv4;
    acc7_4 = acc7_4 * inv4;
    acc8_4 = acc8_4 * inv4;
    acc9_4 = acc9_4 * inv4;
    acc10_4 = acc10_4 * inv4;
    acc11_4 = acc11_4 * inv4;
    acc12_4 = acc12_4 * inv4;
    acc13_4 = acc13_4 * inv4;
    acc14_4 = acc14_4 * inv4;
    acc15_4 = acc15_4 * inv4;
    let inv5 = inverseSqrt(ss5 / f32(p.K) + p.eps);
    acc0_5 = acc0_5 * inv5;
    acc1_5 = acc1_5 * inv5;
    acc2_5 = acc2_5 * inv5;
    acc3_5 = acc3_5 * inv5;
    acc4_5 = acc4_5 * inv5;
    acc5_5 = acc5_5 * inv5;
    acc6_5 = acc6_5 * inv5;
    acc7_5 = acc7_5 * inv5;
    acc8_5 = acc8_5 * inv5;
    acc9_5 = acc9_5 * inv5;
    acc10_5 = acc10_5 * inv5;
    acc11_5 = acc11_5 * inv5;
    acc12_5 = acc12_5 * inv5;
    acc13_5 = acc13_5 * inv5;
    acc14_5 = acc14_5 * inv5;
    acc15_5 = acc15_5 * inv5;
    let inv6 = inverseSqrt(ss6 / f32(p.K) + p.eps);
    acc0_6 = acc0_6 * inv6;
    acc1_6 = acc1_6 * inv6;
    acc2_6 = acc2_6 * inv6;
    acc3_6 = acc3_6 * inv6;
    acc4_6 = acc4_6 * inv6;
    acc5_6 = acc5_6 * inv6;
    acc6_6 = acc6_6 * inv6;
    acc7_6 = acc7_6 * inv6;
    acc8_6 = acc8_6 * inv6;
    acc9_6 = acc9_6 * inv6;
    acc10_6 = acc10_6 * inv6;
    acc11_6 = acc11_6 * inv6;
    acc12_6 = acc12_6 * inv6;
    acc13_6 = acc13_6 * inv6;
    acc14_6 = acc14_6 * inv6;
    acc15_6 = acc15_6 * inv6;
    let inv7 = inverseSqrt(ss7 / f32(p.K) + p.eps);
    acc0_7 = acc0_7 * inv7;
    acc1_7 = acc1_7 * inv7;
    acc2_7 = acc2_7 * inv7;
    acc3_7 = acc3_7 * inv7;
    acc4_7 = acc4_7 * inv7;
    acc5_7 = acc5_7 * inv7;
    acc6_7 = acc6_7 * inv7;
    acc7_7 = acc7_7 * inv7;
    acc8_7 = acc8_7 * inv7;
    acc9_7 = acc9_7 * inv7;
    acc10_7 = acc10_7 * inv7;
    acc11_7 = acc11_7 * inv7;
    acc12_7 = acc12_7 * inv7;
    acc13_7 = acc13_7 * inv7;
    acc14_7 = acc14_7 * inv7;
    acc15_7 = acc15_7 * inv7;
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
