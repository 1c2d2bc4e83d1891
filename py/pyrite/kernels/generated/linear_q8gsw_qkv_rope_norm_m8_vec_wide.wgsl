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
@group(0) @binding(4) var<storage, read> scale: array<u32>;  // [K/GS, ldw] fp16 pairs
@group(0) @binding(5) var<storage, read> bias: array<f32>;  // [rows] (dummy when has_bias == 0)
@group(0) @binding(6) var<storage, read> gain: array<vec4<f32>>;  // [K/4] the RMSNorm weight
@group(0) @binding(7) var<storage, read> table: array<vec2<f32>>;  // [positions, D/2] (cos, sin)
@group(0) @binding(8) var<storage, read_write> yq: array<f32>;  // [M, Hq * D]
@group(0) @binding(9) var<storage, read_write> k_cache: array<u32>;  // [Hk, max_ctx, D/2] fp16 pairs
@group(0) @binding(10) var<storage, read_write> v_cache: array<u32>;  // [Hk, max_ctx, D/2] fp16 pairs

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

// Element offsets in its head of a quad's rows 0, 1 (adjacent) and 2, 3 (adjacent).
fn quad_offsets(j: u32) -> vec2<u32> {
    if (p.interleaved != 0u) {
        return vec2<u32>(4u * j, 4u * j + 2u);
    }
    return vec2<u32>(2u * j, 2u * j + p.D / 2u);
}

// The output row (of W's N, or 2N for gate_up) that register row r of tile column col computes; a tail
// column re-reads the last row instead of branching (its store is skipped).
fn tile_row(col: u32, r: u32) -> u32 {
    let quads = p.D / 4u;  // p.N is a multiple of 4; the tile is RN / 4 whole quads
    let q = min(col * 4u + r / 4u, p.N / 4u - 1u);
    let o = quad_offsets(q % quads);
    return q / quads * p.D + select(o.x, o.y, r % 4u >= 2u) + r % 2u;
}

fn rotate(x1: f32, x2: f32, cs: vec2<f32>) -> vec2<f32> {
    return vec2<f32>(x1 * cs.x - x2 * cs.y, x2 * cs.x + x1 * cs.y);
}

// Token m's values v of quad `quad` (rows in quad_offsets order): rotate Q and K, store Q, cache K and V.
fn rope_store(m: u32, quad: u32, v: vec4<f32>) {
    let quarter = p.D / 4u;
    let half = p.D / 2u;
    let head = quad / quarter;
    let j = quad % quarter;
    let pos = step.pos + m;
    if (pos >= p.positions) {  // never read past the table (the host refuses such steps first)
        return;
    }
    var e = v;
    if (head < p.Hq + p.Hk) {
        let cs0 = table[pos * half + 2u * j];
        let cs1 = table[pos * half + 2u * j + 1u];
        if (p.interleaved != 0u) {
            let a = rotate(v.x, v.y, cs0);
            let b = rotate(v.z, v.w, cs1);
            e = vec4<f32>(a.x, a.y, b.x, b.y);
        } else {
            let a = rotate(v.x, v.z, cs0);
            let b = rotate(v.y, v.w, cs1);
            e = vec4<f32>(a.x, b.x, a.y, b.y);
        }
    }
    let o = quad_offsets(j);
    if (head < p.Hq) {
        let at = (m * p.Hq + head) * p.D;
        yq[at + o.x] = e.x;
        yq[at + o.x + 1u] = e.y;
        yq[at + o.y] = e.z;
        yq[at + o.y + 1u] = e.w;
        return;
    }
    let kv = head - p.Hq;
    let row = ((kv % p.Hk) * p.max_ctx + pos) * half;
    let w0 = pack2x16float(e.xy);
    let w1 = pack2x16float(e.zw);
    if (kv < p.Hk) {
        k_cache[row + o.x / 2u] = w0;
        k_cache[row + o.y / 2u] = w1;
    } else {
        v_cache[row + o.x / 2u] = w0;
        v_cache[row + o.y / 2u] = w1;
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
    var ss0 = 0.0;
    var ss1 = 0.0;
    var ss2 = 0.0;
    var ss3 = 0.0;
    var ss4 = 0.0;
    var ss5 = 0.0;
    var ss6 = 0.0;
    var ss7 = 0.0;
    let chunks_per_row = p.K / 16u;
    let group_shift = countTrailingZeros(p.GS / 16u);  // chunks per group: a power of two
    for (var c = 0u; c < chunks_per_row; c = c + 1u) {
        let gn0 = gain[c * 4u + 0u];
        let gn1 = gain[c * 4u + 1u];
        let gn2 = gain[c * 4u + 2u];
        let gn3 = gain[c * 4u + 3u];
        let g = c >> group_shift;
        let sp0 = unpack2x16float(scale[(g * p.ldw + w0) >> 1u]);  // rows 0 and 1
        let sp2 = unpack2x16float(scale[(g * p.ldw + w2) >> 1u]);  // rows 2 and 3
        let sp4 = unpack2x16float(scale[(g * p.ldw + w4) >> 1u]);  // rows 4 and 5
        let sp6 = unpack2x16float(scale[(g * p.ldw + w6) >> 1u]);  // rows 6 and 7
        let sp8 = unpack2x16float(scale[(g * p.ldw + w8) >> 1u]);  // rows 8 and 9
        let sp10 = unpack2x16float(scale[(g * p.ldw + w10) >> 1u]);  // rows 10 and 11
        let sp12 = unpack2x16float(scale[(g * p.ldw + w12) >> 1u]);  // rows 12 and 13
        let sp14 = unpack2x16float(scale[(g * p.ldw + w14) >> 1u]);  // rows 14 and 15
        let wv0 = w[w0 * chunks_per_row + c];
        let wv1 = w[w1 * chunks_per_row + c];
        let wv2 = w[w2 * chunks_per_row + c];
        let wv3 = w[w3 * chunks_per_row + c];
        let wv4 = w[w4 * chunks_per_row + c];
        let wv5 = w[w5 * chunks_per_row + c];
        let wv6 = w[w6 * chunks_per_row + c];
        let wv7 = w[w7 * chunks_per_row + c];
        let wv8 = w[w8 * chunks_per_row + c];
        let wv9 = w[w9 * chunks_per_row + c];
        let wv10 = w[w10 * chunks_per_row + c];
        let wv11 = w[w11 * chunks_per_row + c];
        let wv12 = w[w12 * chunks_per_row + c];
        let wv13 = w[w13 * chunks_per_row + c];
        let wv14 = w[w14 * chunks_per_row + c];
        let wv15 = w[w15 * chunks_per_row + c];
        let r0_0 = x[x0 + c * 4u + 0u];
        let a0_0 = r0_0 * gn0;
        let r0_1 = x[x0 + c * 4u + 1u];
        let a0_1 = r0_1 * gn1;
        let r0_2 = x[x0 + c * 4u + 2u];
        let a0_2 = r0_2 * gn2;
        let r0_3 = x[x0 + c * 4u + 3u];
        let a0_3 = r0_3 * gn3;
        ss0 = ss0 + dot(r0_0, r0_0) + dot(r0_1, r0_1) + dot(r0_2, r0_2) + dot(r0_3, r0_3);
        let xs0 = dot(a0_0 + a0_1 + a0_2 + a0_3, vec4<f32>(1.0));
        let sx0_0 = a0_0 * BYTE_SCALE_TOP;
        let sx0_1 = a0_1 * BYTE_SCALE_TOP;
        let sx0_2 = a0_2 * BYTE_SCALE_TOP;
        let sx0_3 = a0_3 * BYTE_SCALE_TOP;
        acc0_0 = acc0_0 + sp0.x * (word_dot(wv0.x, sx0_0) + word_dot(wv0.y, sx0_1) + word_dot(wv0.z, sx0_2) + word_dot(wv0.w, sx0_3) - 128.0 * xs0);
        acc1_0 = acc1_0 + sp0.y * (word_dot(wv1.x, sx0_0) + word_dot(wv1.y, sx0_1) + word_dot(wv1.z, sx0_2) + word_dot(wv1.w, sx0_3) - 128.0 * xs0);
        acc2_0 = acc2_0 + sp2.x * (word_dot(wv2.x, sx0_0) + word_dot(wv2.y, sx0_1) + word_dot(wv2.z, sx0_2) + word_dot(wv2.w, sx0_3) - 128.0 * xs0);
        acc3_0 = acc3_0 + sp2.y * (word_dot(wv3.x, sx0_0) + word_dot(wv3.y, sx0_1) + word_dot(wv3.z, sx0_2) + word_dot(wv3.w, sx0_3) - 128.0 * xs0);
        acc4_0 = acc4_0 + sp4.x * (word_dot(wv4.x, sx0_0) + word_dot(wv4.y, sx0_1) + word_dot(wv4.z, sx0_2) + word_dot(wv4.w, sx0_3) - 128.0 * xs0);
        acc5_0 = acc5_0 + sp4.y * (word_dot(wv5.x, sx0_0) + word_dot(wv5.y, sx0_1) + word_dot(wv5.z, sx0_2) + word_dot(wv5.w, sx0_3) - 128.0 * xs0);
        acc6_0 = acc6_0 + sp6.x * (word_dot(wv6.x, sx0_0) + word_dot(wv6.y, sx0_1) + word_dot(wv6.z, sx0_2) + word_dot(wv6.w, sx0_3) - 128.0 * xs0);
        acc7_0 = acc7_0 + sp6.y * (word_dot(wv7.x, sx0_0) + word_dot(wv7.y, sx0_1) + word_dot(wv7.z, sx0_2) + word_dot(wv7.w, sx0_3) - 128.0 * xs0);
        acc8_0 = acc8_0 + sp8.x * (word_dot(wv8.x, sx0_0) + word_dot(wv8.y, sx0_1) + word_dot(wv8.z, sx0_2) + word_dot(wv8.w, sx0_3) - 128.0 * xs0);
        acc9_0 = acc9_0 + sp8.y * (word_dot(wv9.x, sx0_0) + word_dot(wv9.y, sx0_1) + word_dot(wv9.z, sx0_2) + word_dot(wv9.w, sx0_3) - 128.0 * xs0);
        acc10_0 = acc10_0 + sp10.x * (word_dot(wv10.x, sx0_0) + word_dot(wv10.y, sx0_1) + word_dot(wv10.z, sx0_2) + word_dot(wv10.w, sx0_3) - 128.0 * xs0);
        acc11_0 = acc11_0 + sp10.y * (word_dot(wv11.x, sx0_0) + word_dot(wv11.y, sx0_1) + word_dot(wv11.z, sx0_2) + word_dot(wv11.w, sx0_3) - 128.0 * xs0);
        acc12_0 = acc12_0 + sp12.x * (word_dot(wv12.x, sx0_0) + word_dot(wv12.y, sx0_1) + word_dot(wv12.z, sx0_2) + word_dot(wv12.w, sx0_3) - 128.0 * xs0);
        acc13_0 = acc13_0 + sp12.y * (word_dot(wv13.x, sx0_0) + word_dot(wv13.y, sx0_1) + word_dot(wv13.z, sx0_2) + word_dot(wv13.w, sx0_3) - 128.0 * xs0);
        acc14_0 = acc14_0 + sp14.x * (word_dot(wv14.x, sx0_0) + word_dot(wv14.y, sx0_1) + word_dot(wv14.z, sx0_2) + word_dot(wv14.w, sx0_3) - 128.0 * xs0);
        acc15_0 = acc15_0 + sp14.y * (word_dot(wv15.x, sx0_0) + word_dot(wv15.y, sx0_1) + word_dot(wv15.z, sx0_2) + word_dot(wv15.w, sx0_3) - 128.0 * xs0);
        let r1_0 = x[x1 + c * 4u + 0u];
        let a1_0 = r1_0 * gn0;
        let r1_1 = x[x1 + c * 4u + 1u];
        let a1_1 = r1_1 * gn1;
        let r1_2 = x[x1 + c * 4u + 2u];
        let a1_2 = r1_2 * gn2;
        let r1_3 = x[x1 + c * 4u + 3u];
        let a1_3 = r1_3 * gn3;
        ss1 = ss1 + dot(r1_0, r1_0) + dot(r1_1, r1_1) + dot(r1_2, r1_2) + dot(r1_3, r1_3);
        let xs1 = dot(a1_0 + a1_1 + a1_2 + a1_3, vec4<f32>(1.0));
        let sx1_0 = a1_0 * BYTE_SCALE_TOP;
        let sx1_1 = a1_1 * BYTE_SCALE_TOP;
        let sx1_2 = a1_2 * BYTE_SCALE_TOP;
        let sx1_3 = a1_3 * BYTE_SCALE_TOP;
        acc0_1 = acc0_1 + sp0.x * (word_dot(wv0.x, sx1_0) + word_dot(wv0.y, sx1_1) + word_dot(wv0.z, sx1_2) + word_dot(wv0.w, sx1_3) - 128.0 * xs1);
        acc1_1 = acc1_1 + sp0.y * (word_dot(wv1.x, sx1_0) + word_dot(wv1.y, sx1_1) + word_dot(wv1.z, sx1_2) + word_dot(wv1.w, sx1_3) - 128.0 * xs1);
        acc2_1 = acc2_1 + sp2.x * (word_dot(wv2.x, sx1_0) + word_dot(wv2.y, sx1_1) + word_dot(wv2.z, sx1_2) + word_dot(wv2.w, sx1_3) - 128.0 * xs1);
        acc3_1 = acc3_1 + sp2.y * (word_dot(wv3.x, sx1_0) + word_dot(wv3.y, sx1_1) + word_dot(wv3.z, sx1_2) + word_dot(wv3.w, sx1_3) - 128.0 * xs1);
        acc4_1 = acc4_1 + sp4.x * (word_dot(wv4.x, sx1_0) + word_dot(wv4.y, sx1_1) + word_dot(wv4.z, sx1_2) + word_dot(wv4.w, sx1_3) - 128.0 * xs1);
        acc5_1 = acc5_1 + sp4.y * (word_dot(wv5.x, sx1_0) + word_dot(wv5.y, sx1_1) + word_dot(wv5.z, sx1_2) + word_dot(wv5.w, sx1_3) - 128.0 * xs1);
        acc6_1 = acc6_1 + sp6.x * (word_dot(wv6.x, sx1_0) + word_dot(wv6.y, sx1_1) + word_dot(wv6.z, sx1_2) + word_dot(wv6.w, sx1_3) - 128.0 * xs1);
        acc7_1 = acc7_1 + sp6.y * (word_dot(wv7.x, sx1_0) + word_dot(wv7.y, sx1_1) + word_dot(wv7.z, sx1_2) + word_dot(wv7.w, sx1_3) - 128.0 * xs1);
        acc8_1 = acc8_1 + sp8.x * (word_dot(wv8.x, sx1_0) + word_dot(wv8.y, sx1_1) + word_dot(wv8.z, sx1_2) + word_dot(wv8.w, sx1_3) - 128.0 * xs1);
        acc9_1 = acc9_1 + sp8.y * (word_dot(wv9.x, sx1_0) + word_dot(wv9.y, sx1_1) + word_dot(wv9.z, sx1_2) + word_dot(wv9.w, sx1_3) - 128.0 * xs1);
        acc10_1 = acc10_1 + sp10.x * (word_dot(wv10.x, sx1_0) + word_dot(wv10.y, sx1_1) + word_dot(wv10.z, sx1_2) + word_dot(wv10.w, sx1_3) - 128.0 * xs1);
        acc11_1 = acc11_1 + sp10.y * (word_dot(wv11.x, sx1_0) + word_dot(wv11.y, sx1_1) + word_dot(wv11.z, sx1_2) + word_dot(wv11.w, sx1_3) - 128.0 * xs1);
        acc12_1 = acc12_1 + sp12.x * (word_dot(wv12.x, sx1_0) + word_dot(wv12.y, sx1_1) + word_dot(wv12.z, sx1_2) + word_dot(wv12.w, sx1_3) - 128.0 * xs1);
        acc13_1 = acc13_1 + sp12.y * (word_dot(wv13.x, sx1_0) + word_dot(wv13.y, sx1_1) + word_dot(wv13.z, sx1_2) + word_dot(wv13.w, sx1_3) - 128.0 * xs1);
        acc14_1 = acc14_1 + sp14.x * (word_dot(wv14.x, sx1_0) + word_dot(wv14.y, sx1_1) + word_dot(wv14.z, sx1_2) + word_dot(wv14.w, sx1_3) - 128.0 * xs1);
        acc15_1 = acc15_1 + sp14.y * (word_dot(wv15.x, sx1_0) + word_dot(wv15.y, sx1_1) + word_dot(wv15.z, sx1_2) + word_dot(wv15.w, sx1_3) - 128.0 * xs1);
        let r2_0 = x[x2 + c * 4u + 0u];
        let a2_0 = r2_0 * gn0;
        let r2_1 = x[x2 + c * 4u + 1u];
        let a2_1 = r2_1 * gn1;
        let r2_2 = x[x2 + c * 4u + 2u];
        let a2_2 = r2_2 * gn2;
        let r2_3 = x[x2 + c * 4u + 3u];
        let a2_3 = r2_3 * gn3;
        ss2 = ss2 + dot(r2_0, r2_0) + dot(r2_1, r2_1) + dot(r2_2, r2_2) + dot(r2_3, r2_3);
        let xs2 = dot(a2_0 + a2_1 + a2_2 + a2_3, vec4<f32>(1.0));
        let sx2_0 = a2_0 * BYTE_SCALE_TOP;
        let sx2_1 = a2_1 * BYTE_SCALE_TOP;
        let sx2_2 = a2_2 * BYTE_SCALE_TOP;
        let sx2_3 = a2_3 * BYTE_SCALE_TOP;
        acc0_2 = acc0_2 + sp0.x * (word_dot(wv0.x, sx2_0) + word_dot(wv0.y, sx2_1) + word_dot(wv0.z, sx2_2) + word_dot(wv0.w, sx2_3) - 128.0 * xs2);
        acc1_2 = acc1_2 + sp0.y * (word_dot(wv1.x, sx2_0) + word_dot(wv1.y, sx2_1) + word_dot(wv1.z, sx2_2) + word_dot(wv1.w, sx2_3) - 128.0 * xs2);
        acc2_2 = acc2_2 + sp2.x * (word_dot(wv2.x, sx2_0) + word_dot(wv2.y, sx2_1) + word_dot(wv2.z, sx2_2) + word_dot(wv2.w, sx2_3) - 128.0 * xs2);
        acc3_2 = acc3_2 + sp2.y * (word_dot(wv3.x, sx2_0) + word_dot(wv3.y, sx2_1) + word_dot(wv3.z, sx2_2) + word_dot(wv3.w, sx2_3) - 128.0 * xs2);
        acc4_2 = acc4_2 + sp4.x * (word_dot(wv4.x, sx2_0) + word_dot(wv4.y, sx2_1) + word_dot(wv4.z, sx2_2) + word_dot(wv4.w, sx2_3) - 128.0 * xs2);
        acc5_2 = acc5_2 + sp4.y * (word_dot(wv5.x, sx2_0) + word_dot(wv5.y, sx2_1) + word_dot(wv5.z, sx2_2) + word_dot(wv5.w, sx2_3) - 128.0 * xs2);
        acc6_2 = acc6_2 + sp6.x * (word_dot(wv6.x, sx2_0) + word_dot(wv6.y, sx2_1) + word_dot(wv6.z, sx2_2) + word_dot(wv6.w, sx2_3) - 128.0 * xs2);
        acc7_2 = acc7_2 + sp6.y * (word_dot(wv7.x, sx2_0) + word_dot(wv7.y, sx2_1) + word_dot(wv7.z, sx2_2) + word_dot(wv7.w, sx2_3) - 128.0 * xs2);
        acc8_2 = acc8_2 + sp8.x * (word_dot(wv8.x, sx2_0) + word_dot(wv8.y, sx2_1) + word_dot(wv8.z, sx2_2) + word_dot(wv8.w, sx2_3) - 128.0 * xs2);
        acc9_2 = acc9_2 + sp8.y * (word_dot(wv9.x, sx2_0) + word_dot(wv9.y, sx2_1) + word_dot(wv9.z, sx2_2) + word_dot(wv9.w, sx2_3) - 128.0 * xs2);
        acc10_2 = acc10_2 + sp10.x * (word_dot(wv10.x, sx2_0) + word_dot(wv10.y, sx2_1) + word_dot(wv10.z, sx2_2) + word_dot(wv10.w, sx2_3) - 128.0 * xs2);
        acc11_2 = acc11_2 + sp10.y * (word_dot(wv11.x, sx2_0) + word_dot(wv11.y, sx2_1) + word_dot(wv11.z, sx2_2) + word_dot(wv11.w, sx2_3) - 128.0 * xs2);
        acc12_2 = acc12_2 + sp12.x * (word_dot(wv12.x, sx2_0) + word_dot(wv12.y, sx2_1) + word_dot(wv12.z, sx2_2) + word_dot(wv12.w, sx2_3) - 128.0 * xs2);
        acc13_2 = acc13_2 + sp12.y * (word_dot(wv13.x, sx2_0) + word_dot(wv13.y, sx2_1) + word_dot(wv13.z, sx2_2) + word_dot(wv13.w, sx2_3) - 128.0 * xs2);
        acc14_2 = acc14_2 + sp14.x * (word_dot(wv14.x, sx2_0) + word_dot(wv14.y, sx2_1) + word_dot(wv14.z, sx2_2) + word_dot(wv14.w, sx2_3) - 128.0 * xs2);
        acc15_2 = acc15_2 + sp14.y * (word_dot(wv15.x, sx2_0) + word_dot(wv15.y, sx2_1) + word_dot(wv15.z, sx2_2) + word_dot(wv15.w, sx2_3) - 128.0 * xs2);
        let r3_0 = x[x3 + c * 4u + 0u];
        let a3_0 = r3_0 * gn0;
        let r3_1 = x[x3 + c * 4u + 1u];
        let a3_1 = r3_1 * gn1;
        let r3_2 = x[x3 + c * 4u + 2u];
        let a3_2 = r3_2 * gn2;
        let r3_3 = x[x3 + c * 4u + 3u];
        let a3_3 = r3_3 * gn3;
        ss3 = ss3 + dot(r3_0, r3_0) + dot(r3_1, r3_1) + dot(r3_2, r3_2) + dot(r3_3, r3_3);
        let xs3 = dot(a3_0 + a3_1 + a3_2 + a3_3, vec4<f32>(1.0));
        let sx3_0 = a3_0 * BYTE_SCALE_TOP;
        let sx3_1 = a3_1 * BYTE_SCALE_TOP;
        let sx3_2 = a3_2 * BYTE_SCALE_TOP;
        let sx3_3 = a3_3 * BYTE_SCALE_TOP;
        acc0_3 = acc0_3 + sp0.x * (word_dot(wv0.x, sx3_0) + word_dot(wv0.y, sx3_1) + word_dot(wv0.z, sx3_2) + word_dot(wv0.w, sx3_3) - 128.0 * xs3);
        acc1_3 = acc1_3 + sp0.y * (word_dot(wv1.x, sx3_0) + word_dot(wv1.y, sx3_1) + word_dot(wv1.z, sx3_2) + word_dot(wv1.w, sx3_3) - 128.0 * xs3);
        acc2_3 = acc2_3 + sp2.x * (word_dot(wv2.x, sx3_0) + word_dot(wv2.y, sx3_1) + word_dot(wv2.z, sx3_2) + word_dot(wv2.w, sx3_3) - 128.0 * xs3);
        acc3_3 = acc3_3 + sp2.y * (word_dot(wv3.x, sx3_0) + word_dot(wv3.y, sx3_1) + word_dot(wv3.z, sx3_2) + word_dot(wv3.w, sx3_3) - 128.0 * xs3);
        acc4_3 = acc4_3 + sp4.x * (word_dot(wv4.x, sx3_0) + word_dot(wv4.y, sx3_1) + word_dot(wv4.z, sx3_2) + word_dot(wv4.w, sx3_3) - 128.0 * xs3);
        acc5_3 = acc5_3 + sp4.y * (word_dot(wv5.x, sx3_0) + word_dot(wv5.y, sx3_1) + word_dot(wv5.z, sx3_2) + word_dot(wv5.w, sx3_3) - 128.0 * xs3);
        acc6_3 = acc6_3 + sp6.x * (word_dot(wv6.x, sx3_0) + word_dot(wv6.y, sx3_1) + word_dot(wv6.z, sx3_2) + word_dot(wv6.w, sx3_3) - 128.0 * xs3);
        acc7_3 = acc7_3 + sp6.y * (word_dot(wv7.x, sx3_0) + word_dot(wv7.y, sx3_1) + word_dot(wv7.z, sx3_2) + word_dot(wv7.w, sx3_3) - 128.0 * xs3);
        acc8_3 = acc8_3 + sp8.x * (word_dot(wv8.x, sx3_0) + word_dot(wv8.y, sx3_1) + word_dot(wv8.z, sx3_2) + word_dot(wv8.w, sx3_3) - 128.0 * xs3);
        acc9_3 = acc9_3 + sp8.y * (word_dot(wv9.x, sx3_0) + word_dot(wv9.y, sx3_1) + word_dot(wv9.z, sx3_2) + word_dot(wv9.w, sx3_3) - 128.0 * xs3);
        acc10_3 = acc10_3 + sp10.x * (word_dot(wv10.x, sx3_0) + word_dot(wv10.y, sx3_1) + word_dot(wv10.z, sx3_2) + word_dot(wv10.w, sx3_3) - 128.0 * xs3);
        acc11_3 = acc11_3 + sp10.y * (word_dot(wv11.x, sx3_0) + word_dot(wv11.y, sx3_1) + word_dot(wv11.z, sx3_2) + word_dot(wv11.w, sx3_3) - 128.0 * xs3);
        acc12_3 = acc12_3 + sp12.x * (word_dot(wv12.x, sx3_0) + word_dot(wv12.y, sx3_1) + word_dot(wv12.z, sx3_2) + word_dot(wv12.w, sx3_3) - 128.0 * xs3);
        acc13_3 = acc13_3 + sp12.y * (word_dot(wv13.x, sx3_0) + word_dot(wv13.y, sx3_1) + word_dot(wv13.z, sx3_2) + word_dot(wv13.w, sx3_3) - 128.0 * xs3);
        acc14_3 = acc14_3 + sp14.x * (word_dot(wv14.x, sx3_0) + word_dot(wv14.y, sx3_1) + word_dot(wv14.z, sx3_2) + word_dot(wv14.w, sx3_3) - 128.0 * xs3);
        acc15_3 = acc15_3 + sp14.y * (word_dot(wv15.x, sx3_0) + word_dot(wv15.y, sx3_1) + word_dot(wv15.z, sx3_2) + word_dot(wv15.w, sx3_3) - 128.0 * xs3);
        let r4_0 = x[x4 + c * 4u + 0u];
        let a4_0 = r4_0 * gn0;
        let r4_1 = x[x4 + c * 4u + 1u];
        let a4_1 = r4_1 * gn1;
        let r4_2 = x[x4 + c * 4u + 2u];
        let a4_2 = r4_2 * gn2;
        let r4_3 = x[x4 + c * 4u + 3u];
        let a4_3 = r4_3 * gn3;
        ss4 = ss4 + dot(r4_0, r4_0) + dot(r4_1, r4_1) + dot(r4_2, r4_2) + dot(r4_3, r4_3);
        let xs4 = dot(a4_0 + a4_1 + a4_2 + a4_3, vec4<f32>(1.0));
        let sx4_0 = a4_0 * BYTE_SCALE_TOP;
        let sx4_1 = a4_1 * BYTE_SCALE_TOP;
        let sx4_2 = a4_2 * BYTE_SCALE_TOP;
        let sx4_3 = a4_3 * BYTE_SCALE_TOP;
        acc0_4 = acc0_4 + sp0.x * (word_dot(wv0.x, sx4_0) + word_dot(wv0.y, sx4_1) + word_dot(wv0.z, sx4_2) + word_dot(wv0.w, sx4_3) - 128.0 * xs4);
        acc1_4 = acc1_4 + sp0.y * (word_dot(wv1.x, sx4_0) + word_dot(wv1.y, sx4_1) + word_dot(wv1.z, sx4_2) + word_dot(wv1.w, sx4_3) - 128.0 * xs4);
        acc2_4 = acc2_4 + sp2.x * (word_dot(wv2.x, sx4_0) + word_dot(wv2.y, sx4_1) + word_dot(wv2.z, sx4_2) + word_dot(wv2.w, sx4_3) - 128.0 * xs4);
        acc3_4 = acc3_4 + sp2.y * (word_dot(wv3.x, sx4_0) + word_dot(wv3.y, sx4_1) + word_dot(wv3.z, sx4_2) + word_dot(wv3.w, sx4_3) - 128.0 * xs4);
        acc4_4 = acc4_4 + sp4.x * (word_dot(wv4.x, sx4_0) + word_dot(wv4.y, sx4_1) + word_dot(wv4.z, sx4_2) + word_dot(wv4.w, sx4_3) - 128.0 * xs4);
        acc5_4 = acc5_4 + sp4.y * (word_dot(wv5.x, sx4_0) + word_dot(wv5.y, sx4_1) + word_dot(wv5.z, sx4_2) + word_dot(wv5.w, sx4_3) - 128.0 * xs4);
        acc6_4 = acc6_4 + sp6.x * (word_dot(wv6.x, sx4_0) + word_dot(wv6.y, sx4_1) + word_dot(wv6.z, sx4_2) + word_dot(wv6.w, sx4_3) - 128.0 * xs4);
        acc7_4 = acc7_4 + sp6.y * (word_dot(wv7.x, sx4_0) + word_dot(wv7.y, sx4_1) + word_dot(wv7.z, sx4_2) + word_dot(wv7.w, sx4_3) - 128.0 * xs4);
        acc8_4 = acc8_4 + sp8.x * (word_dot(wv8.x, sx4_0) + word_dot(wv8.y, sx4_1) + word_dot(wv8.z, sx4_2) + word_dot(wv8.w, sx4_3) - 128.0 * xs4);
        acc9_4 = acc9_4 + sp8.y * (word_dot(wv9.x, sx4_0) + word_dot(wv9.y, sx4_1) + word_dot(wv9.z, sx4_2) + word_dot(wv9.w, sx4_3) - 128.0 * xs4);
        acc10_4 = acc10_4 + sp10.x * (word_dot(wv10.x, sx4_0) + word_dot(wv10.y, sx4_1) + word_dot(wv10.z, sx4_2) + word_dot(wv10.w, sx4_3) - 128.0 * xs4);
        acc11_4 = acc11_4 + sp10.y * (word_dot(wv11.x, sx4_0) + word_dot(wv11.y, sx4_1) + word_dot(wv11.z, sx4_2) + word_dot(wv11.w, sx4_3) - 128.0 * xs4);
        acc12_4 = acc12_4 + sp12.x * (word_dot(wv12.x, sx4_0) + word_dot(wv12.y, sx4_1) + word_dot(wv12.z, sx4_2) + word_dot(wv12.w, sx4_3) - 128.0 * xs4);
        acc13_4 = acc13_4 + sp12.y * (word_dot(wv13.x, sx4_0) + word_dot(wv13.y, sx4_1) + word_dot(wv13.z, sx4_2) + word_dot(wv13.w, sx4_3) - 128.0 * xs4);
        acc14_4 = acc14_4 + sp14.x * (word_dot(wv14.x, sx4_0) + word_dot(wv14.y, sx4_1) + word_dot(wv14.z, sx4_2) + word_dot(wv14.w, sx4_3) - 128.0 * xs4);
        acc15_4 = acc15_4 + sp14.y * (word_dot(wv15.x, sx4_0) + word_dot(wv15.y, sx4_1) + word_dot(wv15.z, sx4_2) + word_dot(wv15.w, sx4_3) - 128.0 * xs4);
        let r5_0 = x[x5 + c * 4u + 0u];
        let a5_0 = r5_0 * gn0;
        let r5_1 = x[x5 + c * 4u + 1u];
        let a5_1 = r5_1 * gn1;
        let r5_2 = x[x5 + c * 4u + 2u];
        let a5_2 = r5_2 * gn2;
        let r5_3 = x[x5 + c * 4u + 3u];
        let a5_3 = r5_3 * gn3;
        ss5 = ss5 + dot(r5_0, r5_0) + dot(r5_1, r5_1) + dot(r5_2, r5_2) + dot(r5_3, r5_3);
        let xs5 = dot(a5_0 + a5_1 + a5_2 + a5_3, vec4<f32>(1.0));
        let sx5_0 = a5_0 * BYTE_SCALE_TOP;
        let sx5_1 = a5_1 * BYTE_SCALE_TOP;
        let sx5_2 = a5_2 * BYTE_SCALE_TOP;
        let sx5_3 = a5_3 * BYTE_SCALE_TOP;
        acc0_5 = acc0_5 + sp0.x * (word_dot(wv0.x, sx5_0) + word_dot(wv0.y, sx5_1) + word_dot(wv0.z, sx5_2) + word_dot(wv0.w, sx5_3) - 128.0 * xs5);
        acc1_5 = acc1_5 + sp0.y * (word_dot(wv1.x, sx5_0) + word_dot(wv1.y, sx5_1) + word_dot(wv1.z, sx5_2) + word_dot(wv1.w, sx5_3) - 128.0 * xs5);
        acc2_5 = acc2_5 + sp2.x * (word_dot(wv2.x, sx5_0) + word_dot(wv2.y, sx5_1) + word_dot(wv2.z, sx5_2) + word_dot(wv2.w, sx5_3) - 128.0 * xs5);
        acc3_5 = acc3_5 + sp2.y * (word_dot(wv3.x, sx5_0) + word_dot(wv3.y, sx5_1) + word_dot(wv3.z, sx5_2) + word_dot(wv3.w, sx5_3) - 128.0 * xs5);
        acc4_5 = acc4_5 + sp4.x * (word_dot(wv4.x, sx5_0) + word_dot(wv4.y, sx5_1) + word_dot(wv4.z, sx5_2) + word_dot(wv4.w, sx5_3) - 128.0 * xs5);
        acc5_5 = acc5_5 + sp4.y * (word_dot(wv5.x, sx5_0) + word_dot(wv5.y, sx5_1) + word_dot(wv5.z, sx5_2) + word_dot(wv5.w, sx5_3) - 128.0 * xs5);
        acc6_5 = acc6_5 + sp6.x * (word_dot(wv6.x, sx5_0) + word_dot(wv6.y, sx5_1) + word_dot(wv6.z, sx5_2) + word_dot(wv6.w, sx5_3) - 128.0 * xs5);
        acc7_5 = acc7_5 + sp6.y * (word_dot(wv7.x, sx5_0) + word_dot(wv7.y, sx5_1) + word_dot(wv7.z, sx5_2) + word_dot(wv7.w, sx5_3) - 128.0 * xs5);
        acc8_5 = acc8_5 + sp8.x * (word_dot(wv8.x, sx5_0) + word_dot(wv8.y, sx5_1) + word_dot(wv8.z, sx5_2) + word_dot(wv8.w, sx5_3) - 128.0 * xs5);
        acc9_5 = acc9_5 + sp8.y * (word_dot(wv9.x, sx5_0) + word_dot(wv9.y, sx5_1) + word_dot(wv9.z, sx5_2) + word_dot(wv9.w, sx5_3) - 128.0 * xs5);
        acc10_5 = acc10_5 + sp10.x * (word_dot(wv10.x, sx5_0) + word_dot(wv10.y, sx5_1) + word_dot(wv10.z, sx5_2) + word_dot(wv10.w, sx5_3) - 128.0 * xs5);
        acc11_5 = acc11_5 + sp10.y * (word_dot(wv11.x, sx5_0) + word_dot(wv11.y, sx5_1) + word_dot(wv11.z, sx5_2) + word_dot(wv11.w, sx5_3) - 128.0 * xs5);
        acc12_5 = acc12_5 + sp12.x * (word_dot(wv12.x, sx5_0) + word_dot(wv12.y, sx5_1) + word_dot(wv12.z, sx5_2) + word_dot(wv12.w, sx5_3) - 128.0 * xs5);
        acc13_5 = acc13_5 + sp12.y * (word_dot(wv13.x, sx5_0) + word_dot(wv13.y, sx5_1) + word_dot(wv13.z, sx5_2) + word_dot(wv13.w, sx5_3) - 128.0 * xs5);
        acc14_5 = acc14_5 + sp14.x * (word_dot(wv14.x, sx5_0) + word_dot(wv14.y, sx5_1) + word_dot(wv14.z, sx5_2) + word_dot(wv14.w, sx5_3) - 128.0 * xs5);
        acc15_5 = acc15_5 + sp14.y * (word_dot(wv15.x, sx5_0) + word_dot(wv15.y, sx5_1) + word_dot(wv15.z, sx5_2) + word_dot(wv15.w, sx5_3) - 128.0 * xs5);
        let r6_0 = x[x6 + c * 4u + 0u];
        let a6_0 = r6_0 * gn0;
        let r6_1 = x[x6 + c * 4u + 1u];
        let a6_1 = r6_1 * gn1;
        let r6_2 = x[x6 + c * 4u + 2u];
        let a6_2 = r6_2 * gn2;
        let r6_3 = x[x6 + c * 4u + 3u];
        let a6_3 = r6_3 * gn3;
        ss6 = ss6 + dot(r6_0, r6_0) + dot(r6_1, r6_1) + dot(r6_2, r6_2) + dot(r6_3, r6_3);
        let xs6 = dot(a6_0 + a6_1 + a6_2 + a6_3, vec4<f32>(1.0));
        let sx6_0 = a6_0 * BYTE_SCALE_TOP;
        let sx6_1 = a6_1 * BYTE_SCALE_TOP;
        let sx6_2 = a6_2 * BYTE_SCALE_TOP;
        let sx6_3 = a6_3 * BYTE_SCALE_TOP;
        acc0_6 = acc0_6 + sp0.x * (word_dot(wv0.x, sx6_0) + word_dot(wv0.y, sx6_1) + word_dot(wv0.z, sx6_2) + word_dot(wv0.w, sx6_3) - 128.0 * xs6);
        acc1_6 = acc1_6 + sp0.y * (word_dot(wv1.x, sx6_0) + word_dot(wv1.y, sx6_1) + word_dot(wv1.z, sx6_2) + word_dot(wv1.w, sx6_3) - 128.0 * xs6);
        acc2_6 = acc2_6 + sp2.x * (word_dot(wv2.x, sx6_0) + word_dot(wv2.y, sx6_1) + word_dot(wv2.z, sx6_2) + word_dot(wv2.w, sx6_3) - 128.0 * xs6);
        acc3_6 = acc3_6 + sp2.y * (word_dot(wv3.x, sx6_0) + word_dot(wv3.y, sx6_1) + word_dot(wv3.z, sx6_2) + word_dot(wv3.w, sx6_3) - 128.0 * xs6);
        acc4_6 = acc4_6 + sp4.x * (word_dot(wv4.x, sx6_0) + word_dot(wv4.y, sx6_1) + word_dot(wv4.z, sx6_2) + word_dot(wv4.w, sx6_3) - 128.0 * xs6);
        acc5_6 = acc5_6 + sp4.y * (word_dot(wv5.x, sx6_0) + word_dot(wv5.y, sx6_1) + word_dot(wv5.z, sx6_2) + word_dot(wv5.w, sx6_3) - 128.0 * xs6);
        acc6_6 = acc6_6 + sp6.x * (word_dot(wv6.x, sx6_0) + word_dot(wv6.y, sx6_1) + word_dot(wv6.z, sx6_2) + word_dot(wv6.w, sx6_3) - 128.0 * xs6);
        acc7_6 = acc7_6 + sp6.y * (word_dot(wv7.x, sx6_0) + word_dot(wv7.y, sx6_1) + word_dot(wv7.z, sx6_2) + word_dot(wv7.w, sx6_3) - 128.0 * xs6);
        acc8_6 = acc8_6 + sp8.x * (word_dot(wv8.x, sx6_0) + word_dot(wv8.y, sx6_1) + word_dot(wv8.z, sx6_2) + word_dot(wv8.w, sx6_3) - 128.0 * xs6);
        acc9_6 = acc9_6 + sp8.y * (word_dot(wv9.x, sx6_0) + word_dot(wv9.y, sx6_1) + word_dot(wv9.z, sx6_2) + word_dot(wv9.w, sx6_3) - 128.0 * xs6);
        acc10_6 = acc10_6 + sp10.x * (word_dot(wv10.x, sx6_0) + word_dot(wv10.y, sx6_1) + word_dot(wv10.z, sx6_2) + word_dot(wv10.w, sx6_3) - 128.0 * xs6);
        acc11_6 = acc11_6 + sp10.y * (word_dot(wv11.x, sx6_0) + word_dot(wv11.y, sx6_1) + word_dot(wv11.z, sx6_2) + word_dot(wv11.w, sx6_3) - 128.0 * xs6);
        acc12_6 = acc12_6 + sp12.x * (word_dot(wv12.x, sx6_0) + word_dot(wv12.y, sx6_1) + word_dot(wv12.z, sx6_2) + word_dot(wv12.w, sx6_3) - 128.0 * xs6);
        acc13_6 = acc13_6 + sp12.y * (word_dot(wv13.x, sx6_0) + word_dot(wv13.y, sx6_1) + word_dot(wv13.z, sx6_2) + word_dot(wv13.w, sx6_3) - 128.0 * xs6);
        acc14_6 = acc14_6 + sp14.x * (word_dot(wv14.x, sx6_0) + word_dot(wv14.y, sx6_1) + word_dot(wv14.z, sx6_2) + word_dot(wv14.w, sx6_3) - 128.0 * xs6);
        acc15_6 = acc15_6 + sp14.y * (word_dot(wv15.x, sx6_0) + word_dot(wv15.y, sx6_1) + word_dot(wv15.z, sx6_2) + word_dot(wv15.w, sx6_3) - 128.0 * xs6);
        let r7_0 = x[x7 + c * 4u + 0u];
        let a7_0 = r7_0 * gn0;
        let r7_1 = x[x7 + c * 4u + 1u];
        let a7_1 = r7_1 * gn1;
        let r7_2 = x[x7 + c * 4u + 2u];
        let a7_2 = r7_2 * gn2;
        let r7_3 = x[x7 + c * 4u + 3u];
        let a7_3 = r7_3 * gn3;
        ss7 = ss7 + dot(r7_0, r7_0) + dot(r7_1, r7_1) + dot(r7_2, r7_2) + dot(r7_3, r7_3);
        let xs7 = dot(a7_0 + a7_1 + a7_2 + a7_3, vec4<f32>(1.0));
        let sx7_0 = a7_0 * BYTE_SCALE_TOP;
        let sx7_1 = a7_1 * BYTE_SCALE_TOP;
        let sx7_2 = a7_2 * BYTE_SCALE_TOP;
        let sx7_3 = a7_3 * BYTE_SCALE_TOP;
        acc0_7 = acc0_7 + sp0.x * (word_dot(wv0.x, sx7_0) + word_dot(wv0.y, sx7_1) + word_dot(wv0.z, sx7_2) + word_dot(wv0.w, sx7_3) - 128.0 * xs7);
        acc1_7 = acc1_7 + sp0.y * (word_dot(wv1.x, sx7_0) + word_dot(wv1.y, sx7_1) + word_dot(wv1.z, sx7_2) + word_dot(wv1.w, sx7_3) - 128.0 * xs7);
        acc2_7 = acc2_7 + sp2.x * (word_dot(wv2.x, sx7_0) + word_dot(wv2.y, sx7_1) + word_dot(wv2.z, sx7_2) + word_dot(wv2.w, sx7_3) - 128.0 * xs7);
        acc3_7 = acc3_7 + sp2.y * (word_dot(wv3.x, sx7_0) + word_dot(wv3.y, sx7_1) + word_dot(wv3.z, sx7_2) + word_dot(wv3.w, sx7_3) - 128.0 * xs7);
        acc4_7 = acc4_7 + sp4.x * (word_dot(wv4.x, sx7_0) + word_dot(wv4.y, sx7_1) + word_dot(wv4.z, sx7_2) + word_dot(wv4.w, sx7_3) - 128.0 * xs7);
        acc5_7 = acc5_7 + sp4.y * (word_dot(wv5.x, sx7_0) + word_dot(wv5.y, sx7_1) + word_dot(wv5.z, sx7_2) + word_dot(wv5.w, sx7_3) - 128.0 * xs7);
        acc6_7 = acc6_7 + sp6.x * (word_dot(wv6.x, sx7_0) + word_dot(wv6.y, sx7_1) + word_dot(wv6.z, sx7_2) + word_dot(wv6.w, sx7_3) - 128.0 * xs7);
        acc7_7 = acc7_7 + sp6.y * (word_dot(wv7.x, sx7_0) + word_dot(wv7.y, sx7_1) + word_dot(wv7.z, sx7_2) + word_dot(wv7.w, sx7_3) - 128.0 * xs7);
        acc8_7 = acc8_7 + sp8.x * (word_dot(wv8.x, sx7_0) + word_dot(wv8.y, sx7_1) + word_dot(wv8.z, sx7_2) + word_dot(wv8.w, sx7_3) - 128.0 * xs7);
        acc9_7 = acc9_7 + sp8.y * (word_dot(wv9.x, sx7_0) + word_dot(wv9.y, sx7_1) + word_dot(wv9.z, sx7_2) + word_dot(wv9.w, sx7_3) - 128.0 * xs7);
        acc10_7 = acc10_7 + sp10.x * (word_dot(wv10.x, sx7_0) + word_dot(wv10.y, sx7_1) + word_dot(wv10.z, sx7_2) + word_dot(wv10.w, sx7_3) - 128.0 * xs7);
        acc11_7 = acc11_7 + sp10.y * (word_dot(wv11.x, sx7_0) + word_dot(wv11.y, sx7_1) + word_dot(wv11.z, sx7_2) + word_dot(wv11.w, sx7_3) - 128.0 * xs7);
        acc12_7 = acc12_7 + sp12.x * (word_dot(wv12.x, sx7_0) + word_dot(wv12.y, sx7_1) + word_dot(wv12.z, sx7_2) + word_dot(wv12.w, sx7_3) - 128.0 * xs7);
        acc13_7 = acc13_7 + sp12.y * (word_dot(wv13.x, sx7_0) + word_dot(wv13.y, sx7_1) + word_dot(wv13.z, sx7_2) + word_dot(wv13.w, sx7_3) - 128.0 * xs7);
        acc14_7 = acc14_7 + sp14.x * (word_dot(wv14.x, sx7_0) + word_dot(wv14.y, sx7_1) + word_dot(wv14.z, sx7_2) + word_dot(wv14.w, sx7_3) - 128.0 * xs7);
        acc15_7 = acc15_7 + sp14.y * (word_dot(wv15.x, sx7_0) + word_dot(wv15.y, sx7_1) + word_dot(wv15.z, sx7_2) + word_dot(wv15.w, sx7_3) - 128.0 * xs7);
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
    for (var i = 0u; i < 32u; i = i + 1u) {
        let g = i / TM;
        let t = i % TM;
        if (nb + 4u * g < p.N && m0 + t < M) {
            var v = vec4<f32>(0.0);
            for (var j = 0u; j < 4u; j = j + 1u) {
                let r = 4u * g + j;
                v[j] = sums[r * TM + t] + bias_at(tile_row(col, r));
            }
            rope_store(m0 + t, col * 4u + g, v);
        }
    }
}
