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
@group(0) @binding(4) var<storage, read> sb: array<u32>;  // [rows, K/256, words] superblock headers
@group(0) @binding(5) var<storage, read> bias: array<f32>;  // [rows] (dummy when has_bias == 0)
@group(0) @binding(6) var<storage, read> table: array<vec2<f32>>;  // [positions, D/2] (cos, sin)
@group(0) @binding(7) var<storage, read_write> yq: array<f32>;  // [M, Hq * D]
@group(0) @binding(8) var<storage, read_write> k_cache: array<u32>;  // [Hk, max_ctx, D/2] fp16 pairs
@group(0) @binding(9) var<storage, read_write> v_cache: array<u32>;  // [Hk, max_ctx, D/2] fp16 pairs

const BYTES = vec4<u32>(0xFFu, 0xFF00u, 0xFF0000u, 0xFF000000u);
const BYTE_SCALE = vec4<f32>(1.0, 0.00390625, 1.52587890625e-05, 5.9604644775390625e-08);           // 2^-0, -8, -16, -24
const EVEN_NIBBLES = vec4<u32>(0xFu, 0xF00u, 0xF0000u, 0xF000000u);
const ODD_NIBBLES = vec4<u32>(0xF0u, 0xF000u, 0xF00000u, 0xF0000000u);
const EVEN_SCALE = vec4<f32>(1.0, 0.00390625, 1.52587890625e-05, 5.9604644775390625e-08);            // 2^-0, -8, -16, -24
const ODD_SCALE = vec4<f32>(0.0625, 0.000244140625, 9.5367431640625e-07, 3.725290298461914e-09);   // 2^-4, -12, -20, -28

fn half_at(buf_index: u32, packed: u32) -> f32 {
    return unpack2x16float(packed)[buf_index & 1u];
}

// (d * sc_j, dmin * m_j) of 32-value sub-block j = k / 32 of row `row`: its superblock's header is
// d|dmin, then 12 bytes of 6-bit scales and mins (ggml's get_scale_min_k4)
fn sub_scales(row: u32, k: u32) -> vec2<f32> {
    let at = (row * (p.K / 256u) + k / 256u) * 4u;
    let j = (k / 32u) % 8u;
    let sh = 8u * (j % 4u);
    let lo = sb[at + 1u] >> sh;   // bytes j % 4 of the three scale words
    let mid = sb[at + 2u] >> sh;
    let hi = sb[at + 3u] >> sh;
    let sc = select((hi & 15u) | (((lo >> 6u) & 3u) << 4u), lo & 63u, j < 4u);
    let m = select(((hi >> 4u) & 15u) | (((mid >> 6u) & 3u) << 4u), mid & 63u, j < 4u);
    let dm = unpack2x16float(sb[at]);
    return vec2<f32>(dm.x * f32(sc), dm.y * f32(m));
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
    let chunks_per_row = p.K / 32u;
    let group_shift = countTrailingZeros(p.GS / 32u);  // chunks per group: a power of two
    for (var c = 0u; c < chunks_per_row; c = c + 1u) {
        let dm0 = sub_scales(w0, c * 32u);
        let dm1 = sub_scales(w1, c * 32u);
        let dm2 = sub_scales(w2, c * 32u);
        let dm3 = sub_scales(w3, c * 32u);
        let dm4 = sub_scales(w4, c * 32u);
        let dm5 = sub_scales(w5, c * 32u);
        let dm6 = sub_scales(w6, c * 32u);
        let dm7 = sub_scales(w7, c * 32u);
        let dm8 = sub_scales(w8, c * 32u);
        let dm9 = sub_scales(w9, c * 32u);
        let dm10 = sub_scales(w10, c * 32u);
        let dm11 = sub_scales(w11, c * 32u);
        let dm12 = sub_scales(w12, c * 32u);
        let dm13 = sub_scales(w13, c * 32u);
        let dm14 = sub_scales(w14, c * 32u);
        let dm15 = sub_scales(w15, c * 32u);
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
        acc0_0 = acc0_0 + dm0.x * (word_dot(wv0.x, ev0_0, od0_0) + word_dot(wv0.y, ev0_1, od0_1) + word_dot(wv0.z, ev0_2, od0_2) + word_dot(wv0.w, ev0_3, od0_3)) - dm0.y * xs0;
        acc1_0 = acc1_0 + dm1.x * (word_dot(wv1.x, ev0_0, od0_0) + word_dot(wv1.y, ev0_1, od0_1) + word_dot(wv1.z, ev0_2, od0_2) + word_dot(wv1.w, ev0_3, od0_3)) - dm1.y * xs0;
        acc2_0 = acc2_0 + dm2.x * (word_dot(wv2.x, ev0_0, od0_0) + word_dot(wv2.y, ev0_1, od0_1) + word_dot(wv2.z, ev0_2, od0_2) + word_dot(wv2.w, ev0_3, od0_3)) - dm2.y * xs0;
        acc3_0 = acc3_0 + dm3.x * (word_dot(wv3.x, ev0_0, od0_0) + word_dot(wv3.y, ev0_1, od0_1) + word_dot(wv3.z, ev0_2, od0_2) + word_dot(wv3.w, ev0_3, od0_3)) - dm3.y * xs0;
        acc4_0 = acc4_0 + dm4.x * (word_dot(wv4.x, ev0_0, od0_0) + word_dot(wv4.y, ev0_1, od0_1) + word_dot(wv4.z, ev0_2, od0_2) + word_dot(wv4.w, ev0_3, od0_3)) - dm4.y * xs0;
        acc5_0 = acc5_0 + dm5.x * (word_dot(wv5.x, ev0_0, od0_0) + word_dot(wv5.y, ev0_1, od0_1) + word_dot(wv5.z, ev0_2, od0_2) + word_dot(wv5.w, ev0_3, od0_3)) - dm5.y * xs0;
        acc6_0 = acc6_0 + dm6.x * (word_dot(wv6.x, ev0_0, od0_0) + word_dot(wv6.y, ev0_1, od0_1) + word_dot(wv6.z, ev0_2, od0_2) + word_dot(wv6.w, ev0_3, od0_3)) - dm6.y * xs0;
        acc7_0 = acc7_0 + dm7.x * (word_dot(wv7.x, ev0_0, od0_0) + word_dot(wv7.y, ev0_1, od0_1) + word_dot(wv7.z, ev0_2, od0_2) + word_dot(wv7.w, ev0_3, od0_3)) - dm7.y * xs0;
        acc8_0 = acc8_0 + dm8.x * (word_dot(wv8.x, ev0_0, od0_0) + word_dot(wv8.y, ev0_1, od0_1) + word_dot(wv8.z, ev0_2, od0_2) + word_dot(wv8.w, ev0_3, od0_3)) - dm8.y * xs0;
        acc9_0 = acc9_0 + dm9.x * (word_dot(wv9.x, ev0_0, od0_0) + word_dot(wv9.y, ev0_1, od0_1) + word_dot(wv9.z, ev0_2, od0_2) + word_dot(wv9.w, ev0_3, od0_3)) - dm9.y * xs0;
        acc10_0 = acc10_0 + dm10.x * (word_dot(wv10.x, ev0_0, od0_0) + word_dot(wv10.y, ev0_1, od0_1) + word_dot(wv10.z, ev0_2, od0_2) + word_dot(wv10.w, ev0_3, od0_3)) - dm10.y * xs0;
        acc11_0 = acc11_0 + dm11.x * (word_dot(wv11.x, ev0_0, od0_0) + word_dot(wv11.y, ev0_1, od0_1) + word_dot(wv11.z, ev0_2, od0_2) + word_dot(wv11.w, ev0_3, od0_3)) - dm11.y * xs0;
        acc12_0 = acc12_0 + dm12.x * (word_dot(wv12.x, ev0_0, od0_0) + word_dot(wv12.y, ev0_1, od0_1) + word_dot(wv12.z, ev0_2, od0_2) + word_dot(wv12.w, ev0_3, od0_3)) - dm12.y * xs0;
        acc13_0 = acc13_0 + dm13.x * (word_dot(wv13.x, ev0_0, od0_0) + word_dot(wv13.y, ev0_1, od0_1) + word_dot(wv13.z, ev0_2, od0_2) + word_dot(wv13.w, ev0_3, od0_3)) - dm13.y * xs0;
        acc14_0 = acc14_0 + dm14.x * (word_dot(wv14.x, ev0_0, od0_0) + word_dot(wv14.y, ev0_1, od0_1) + word_dot(wv14.z, ev0_2, od0_2) + word_dot(wv14.w, ev0_3, od0_3)) - dm14.y * xs0;
        acc15_0 = acc15_0 + dm15.x * (word_dot(wv15.x, ev0_0, od0_0) + word_dot(wv15.y, ev0_1, od0_1) + word_dot(wv15.z, ev0_2, od0_2) + word_dot(wv15.w, ev0_3, od0_3)) - dm15.y * xs0;
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
        acc0_1 = acc0_1 + dm0.x * (word_dot(wv0.x, ev1_0, od1_0) + word_dot(wv0.y, ev1_1, od1_1) + word_dot(wv0.z, ev1_2, od1_2) + word_dot(wv0.w, ev1_3, od1_3)) - dm0.y * xs1;
        acc1_1 = acc1_1 + dm1.x * (word_dot(wv1.x, ev1_0, od1_0) + word_dot(wv1.y, ev1_1, od1_1) + word_dot(wv1.z, ev1_2, od1_2) + word_dot(wv1.w, ev1_3, od1_3)) - dm1.y * xs1;
        acc2_1 = acc2_1 + dm2.x * (word_dot(wv2.x, ev1_0, od1_0) + word_dot(wv2.y, ev1_1, od1_1) + word_dot(wv2.z, ev1_2, od1_2) + word_dot(wv2.w, ev1_3, od1_3)) - dm2.y * xs1;
        acc3_1 = acc3_1 + dm3.x * (word_dot(wv3.x, ev1_0, od1_0) + word_dot(wv3.y, ev1_1, od1_1) + word_dot(wv3.z, ev1_2, od1_2) + word_dot(wv3.w, ev1_3, od1_3)) - dm3.y * xs1;
        acc4_1 = acc4_1 + dm4.x * (word_dot(wv4.x, ev1_0, od1_0) + word_dot(wv4.y, ev1_1, od1_1) + word_dot(wv4.z, ev1_2, od1_2) + word_dot(wv4.w, ev1_3, od1_3)) - dm4.y * xs1;
        acc5_1 = acc5_1 + dm5.x * (word_dot(wv5.x, ev1_0, od1_0) + word_dot(wv5.y, ev1_1, od1_1) + word_dot(wv5.z, ev1_2, od1_2) + word_dot(wv5.w, ev1_3, od1_3)) - dm5.y * xs1;
        acc6_1 = acc6_1 + dm6.x * (word_dot(wv6.x, ev1_0, od1_0) + word_dot(wv6.y, ev1_1, od1_1) + word_dot(wv6.z, ev1_2, od1_2) + word_dot(wv6.w, ev1_3, od1_3)) - dm6.y * xs1;
        acc7_1 = acc7_1 + dm7.x * (word_dot(wv7.x, ev1_0, od1_0) + word_dot(wv7.y, ev1_1, od1_1) + word_dot(wv7.z, ev1_2, od1_2) + word_dot(wv7.w, ev1_3, od1_3)) - dm7.y * xs1;
        acc8_1 = acc8_1 + dm8.x * (word_dot(wv8.x, ev1_0, od1_0) + word_dot(wv8.y, ev1_1, od1_1) + word_dot(wv8.z, ev1_2, od1_2) + word_dot(wv8.w, ev1_3, od1_3)) - dm8.y * xs1;
        acc9_1 = acc9_1 + dm9.x * (word_dot(wv9.x, ev1_0, od1_0) + word_dot(wv9.y, ev1_1, od1_1) + word_dot(wv9.z, ev1_2, od1_2) + word_dot(wv9.w, ev1_3, od1_3)) - dm9.y * xs1;
        acc10_1 = acc10_1 + dm10.x * (word_dot(wv10.x, ev1_0, od1_0) + word_dot(wv10.y, ev1_1, od1_1) + word_dot(wv10.z, ev1_2, od1_2) + word_dot(wv10.w, ev1_3, od1_3)) - dm10.y * xs1;
        acc11_1 = acc11_1 + dm11.x * (word_dot(wv11.x, ev1_0, od1_0) + word_dot(wv11.y, ev1_1, od1_1) + word_dot(wv11.z, ev1_2, od1_2) + word_dot(wv11.w, ev1_3, od1_3)) - dm11.y * xs1;
        acc12_1 = acc12_1 + dm12.x * (word_dot(wv12.x, ev1_0, od1_0) + word_dot(wv12.y, ev1_1, od1_1) + word_dot(wv12.z, ev1_2, od1_2) + word_dot(wv12.w, ev1_3, od1_3)) - dm12.y * xs1;
        acc13_1 = acc13_1 + dm13.x * (word_dot(wv13.x, ev1_0, od1_0) + word_dot(wv13.y, ev1_1, od1_1) + word_dot(wv13.z, ev1_2, od1_2) + word_dot(wv13.w, ev1_3, od1_3)) - dm13.y * xs1;
        acc14_1 = acc14_1 + dm14.x * (word_dot(wv14.x, ev1_0, od1_0) + word_dot(wv14.y, ev1_1, od1_1) + word_dot(wv14.z, ev1_2, od1_2) + word_dot(wv14.w, ev1_3, od1_3)) - dm14.y * xs1;
        acc15_1 = acc15_1 + dm15.x * (word_dot(wv15.x, ev1_0, od1_0) + word_dot(wv15.y, ev1_1, od1_1) + word_dot(wv15.z, ev1_2, od1_2) + word_dot(wv15.w, ev1_3, od1_3)) - dm15.y * xs1;
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
        acc0_2 = acc0_2 + dm0.x * (word_dot(wv0.x, ev2_0, od2_0) + word_dot(wv0.y, ev2_1, od2_1) + word_dot(wv0.z, ev2_2, od2_2) + word_dot(wv0.w, ev2_3, od2_3)) - dm0.y * xs2;
        acc1_2 = acc1_2 + dm1.x * (word_dot(wv1.x, ev2_0, od2_0) + word_dot(wv1.y, ev2_1, od2_1) + word_dot(wv1.z, ev2_2, od2_2) + word_dot(wv1.w, ev2_3, od2_3)) - dm1.y * xs2;
        acc2_2 = acc2_2 + dm2.x * (word_dot(wv2.x, ev2_0, od2_0) + word_dot(wv2.y, ev2_1, od2_1) + word_dot(wv2.z, ev2_2, od2_2) + word_dot(wv2.w, ev2_3, od2_3)) - dm2.y * xs2;
        acc3_2 = acc3_2 + dm3.x * (word_dot(wv3.x, ev2_0, od2_0) + word_dot(wv3.y, ev2_1, od2_1) + word_dot(wv3.z, ev2_2, od2_2) + word_dot(wv3.w, ev2_3, od2_3)) - dm3.y * xs2;
        acc4_2 = acc4_2 + dm4.x * (word_dot(wv4.x, ev2_0, od2_0) + word_dot(wv4.y, ev2_1, od2_1) + word_dot(wv4.z, ev2_2, od2_2) + word_dot(wv4.w, ev2_3, od2_3)) - dm4.y * xs2;
        acc5_2 = acc5_2 + dm5.x * (word_dot(wv5.x, ev2_0, od2_0) + word_dot(wv5.y, ev2_1, od2_1) + word_dot(wv5.z, ev2_2, od2_2) + word_dot(wv5.w, ev2_3, od2_3)) - dm5.y * xs2;
        acc6_2 = acc6_2 + dm6.x * (word_dot(wv6.x, ev2_0, od2_0) + word_dot(wv6.y, ev2_1, od2_1) + word_dot(wv6.z, ev2_2, od2_2) + word_dot(wv6.w, ev2_3, od2_3)) - dm6.y * xs2;
        acc7_2 = acc7_2 + dm7.x * (word_dot(wv7.x, ev2_0, od2_0) + word_dot(wv7.y, ev2_1, od2_1) + word_dot(wv7.z, ev2_2, od2_2) + word_dot(wv7.w, ev2_3, od2_3)) - dm7.y * xs2;
        acc8_2 = acc8_2 + dm8.x * (word_dot(wv8.x, ev2_0, od2_0) + word_dot(wv8.y, ev2_1, od2_1) + word_dot(wv8.z, ev2_2, od2_2) + word_dot(wv8.w, ev2_3, od2_3)) - dm8.y * xs2;
        acc9_2 = acc9_2 + dm9.x * (word_dot(wv9.x, ev2_0, od2_0) + word_dot(wv9.y, ev2_1, od2_1) + word_dot(wv9.z, ev2_2, od2_2) + word_dot(wv9.w, ev2_3, od2_3)) - dm9.y * xs2;
        acc10_2 = acc10_2 + dm10.x * (word_dot(wv10.x, ev2_0, od2_0) + word_dot(wv10.y, ev2_1, od2_1) + word_dot(wv10.z, ev2_2, od2_2) + word_dot(wv10.w, ev2_3, od2_3)) - dm10.y * xs2;
        acc11_2 = acc11_2 + dm11.x * (word_dot(wv11.x, ev2_0, od2_0) + word_dot(wv11.y, ev2_1, od2_1) + word_dot(wv11.z, ev2_2, od2_2) + word_dot(wv11.w, ev2_3, od2_3)) - dm11.y * xs2;
        acc12_2 = acc12_2 + dm12.x * (word_dot(wv12.x, ev2_0, od2_0) + word_dot(wv12.y, ev2_1, od2_1) + word_dot(wv12.z, ev2_2, od2_2) + word_dot(wv12.w, ev2_3, od2_3)) - dm12.y * xs2;
        acc13_2 = acc13_2 + dm13.x * (word_dot(wv13.x, ev2_0, od2_0) + word_dot(wv13.y, ev2_1, od2_1) + word_dot(wv13.z, ev2_2, od2_2) + word_dot(wv13.w, ev2_3, od2_3)) - dm13.y * xs2;
        acc14_2 = acc14_2 + dm14.x * (word_dot(wv14.x, ev2_0, od2_0) + word_dot(wv14.y, ev2_1, od2_1) + word_dot(wv14.z, ev2_2, od2_2) + word_dot(wv14.w, ev2_3, od2_3)) - dm14.y * xs2;
        acc15_2 = acc15_2 + dm15.x * (word_dot(wv15.x, ev2_0, od2_0) + word_dot(wv15.y, ev2_1, od2_1) + word_dot(wv15.z, ev2_2, od2_2) + word_dot(wv15.w, ev2_3, od2_3)) - dm15.y * xs2;
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
        acc0_3 = acc0_3 + dm0.x * (word_dot(wv0.x, ev3_0, od3_0) + word_dot(wv0.y, ev3_1, od3_1) + word_dot(wv0.z, ev3_2, od3_2) + word_dot(wv0.w, ev3_3, od3_3)) - dm0.y * xs3;
        acc1_3 = acc1_3 + dm1.x * (word_dot(wv1.x, ev3_0, od3_0) + word_dot(wv1.y, ev3_1, od3_1) + word_dot(wv1.z, ev3_2, od3_2) + word_dot(wv1.w, ev3_3, od3_3)) - dm1.y * xs3;
        acc2_3 = acc2_3 + dm2.x * (word_dot(wv2.x, ev3_0, od3_0) + word_dot(wv2.y, ev3_1, od3_1) + word_dot(wv2.z, ev3_2, od3_2) + word_dot(wv2.w, ev3_3, od3_3)) - dm2.y * xs3;
        acc3_3 = acc3_3 + dm3.x * (word_dot(wv3.x, ev3_0, od3_0) + word_dot(wv3.y, ev3_1, od3_1) + word_dot(wv3.z, ev3_2, od3_2) + word_dot(wv3.w, ev3_3, od3_3)) - dm3.y * xs3;
        acc4_3 = acc4_3 + dm4.x * (word_dot(wv4.x, ev3_0, od3_0) + word_dot(wv4.y, ev3_1, od3_1) + word_dot(wv4.z, ev3_2, od3_2) + word_dot(wv4.w, ev3_3, od3_3)) - dm4.y * xs3;
        acc5_3 = acc5_3 + dm5.x * (word_dot(wv5.x, ev3_0, od3_0) + word_dot(wv5.y, ev3_1, od3_1) + word_dot(wv5.z, ev3_2, od3_2) + word_dot(wv5.w, ev3_3, od3_3)) - dm5.y * xs3;
        acc6_3 = acc6_3 + dm6.x * (word_dot(wv6.x, ev3_0, od3_0) + word_dot(wv6.y, ev3_1, od3_1) + word_dot(wv6.z, ev3_2, od3_2) + word_dot(wv6.w, ev3_3, od3_3)) - dm6.y * xs3;
        acc7_3 = acc7_3 + dm7.x * (word_dot(wv7.x, ev3_0, od3_0) + word_dot(wv7.y, ev3_1, od3_1) + word_dot(wv7.z, ev3_2, od3_2) + word_dot(wv7.w, ev3_3, od3_3)) - dm7.y * xs3;
        acc8_3 = acc8_3 + dm8.x * (word_dot(wv8.x, ev3_0, od3_0) + word_dot(wv8.y, ev3_1, od3_1) + word_dot(wv8.z, ev3_2, od3_2) + word_dot(wv8.w, ev3_3, od3_3)) - dm8.y * xs3;
        acc9_3 = acc9_3 + dm9.x * (word_dot(wv9.x, ev3_0, od3_0) + word_dot(wv9.y, ev3_1, od3_1) + word_dot(wv9.z, ev3_2, od3_2) + word_dot(wv9.w, ev3_3, od3_3)) - dm9.y * xs3;
        acc10_3 = acc10_3 + dm10.x * (word_dot(wv10.x, ev3_0, od3_0) + word_dot(wv10.y, ev3_1, od3_1) + word_dot(wv10.z, ev3_2, od3_2) + word_dot(wv10.w, ev3_3, od3_3)) - dm10.y * xs3;
        acc11_3 = acc11_3 + dm11.x * (word_dot(wv11.x, ev3_0, od3_0) + word_dot(wv11.y, ev3_1, od3_1) + word_dot(wv11.z, ev3_2, od3_2) + word_dot(wv11.w, ev3_3, od3_3)) - dm11.y * xs3;
        acc12_3 = acc12_3 + dm12.x * (word_dot(wv12.x, ev3_0, od3_0) + word_dot(wv12.y, ev3_1, od3_1) + word_dot(wv12.z, ev3_2, od3_2) + word_dot(wv12.w, ev3_3, od3_3)) - dm12.y * xs3;
        acc13_3 = acc13_3 + dm13.x * (word_dot(wv13.x, ev3_0, od3_0) + word_dot(wv13.y, ev3_1, od3_1) + word_dot(wv13.z, ev3_2, od3_2) + word_dot(wv13.w, ev3_3, od3_3)) - dm13.y * xs3;
        acc14_3 = acc14_3 + dm14.x * (word_dot(wv14.x, ev3_0, od3_0) + word_dot(wv14.y, ev3_1, od3_1) + word_dot(wv14.z, ev3_2, od3_2) + word_dot(wv14.w, ev3_3, od3_3)) - dm14.y * xs3;
        acc15_3 = acc15_3 + dm15.x * (word_dot(wv15.x, ev3_0, od3_0) + word_dot(wv15.y, ev3_1, od3_1) + word_dot(wv15.z, ev3_2, od3_2) + word_dot(wv15.w, ev3_3, od3_3)) - dm15.y * xs3;
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
        acc0_4 = acc0_4 + dm0.x * (word_dot(wv0.x, ev4_0, od4_0) + word_dot(wv0.y, ev4_1, od4_1) + word_dot(wv0.z, ev4_2, od4_2) + word_dot(wv0.w, ev4_3, od4_3)) - dm0.y * xs4;
        acc1_4 = acc1_4 + dm1.x * (word_dot(wv1.x, ev4_0, od4_0) + word_dot(wv1.y, ev4_1, od4_1) + word_dot(wv1.z, ev4_2, od4_2) + word_dot(wv1.w, ev4_3, od4_3)) - dm1.y * xs4;
        acc2_4 = acc2_4 + dm2.x * (word_dot(wv2.x, ev4_0, od4_0) + word_dot(wv2.y, ev4_1, od4_1) + word_dot(wv2.z, ev4_2, od4_2) + word_dot(wv2.w, ev4_3, od4_3)) - dm2.y * xs4;
        acc3_4 = acc3_4 + dm3.x * (word_dot(wv3.x, ev4_0, od4_0) + word_dot(wv3.y, ev4_1, od4_1) + word_dot(wv3.z, ev4_2, od4_2) + word_dot(wv3.w, ev4_3, od4_3)) - dm3.y * xs4;
        acc4_4 = acc4_4 + dm4.x * (word_dot(wv4.x, ev4_0, od4_0) + word_dot(wv4.y, ev4_1, od4_1) + word_dot(wv4.z, ev4_2, od4_2) + word_dot(wv4.w, ev4_3, od4_3)) - dm4.y * xs4;
        acc5_4 = acc5_4 + dm5.x * (word_dot(wv5.x, ev4_0, od4_0) + word_dot(wv5.y, ev4_1, od4_1) + word_dot(wv5.z, ev4_2, od4_2) + word_dot(wv5.w, ev4_3, od4_3)) - dm5.y * xs4;
        acc6_4 = acc6_4 + dm6.x * (word_dot(wv6.x, ev4_0, od4_0) + word_dot(wv6.y, ev4_1, od4_1) + word_dot(wv6.z, ev4_2, od4_2) + word_dot(wv6.w, ev4_3, od4_3)) - dm6.y * xs4;
        acc7_4 = acc7_4 + dm7.x * (word_dot(wv7.x, ev4_0, od4_0) + word_dot(wv7.y, ev4_1, od4_1) + word_dot(wv7.z, ev4_2, od4_2) + word_dot(wv7.w, ev4_3, od4_3)) - dm7.y * xs4;
        acc8_4 = acc8_4 + dm8.x * (word_dot(wv8.x, ev4_0, od4_0) + word_dot(wv8.y, ev4_1, od4_1) + word_dot(wv8.z, ev4_2, od4_2) + word_dot(wv8.w, ev4_3, od4_3)) - dm8.y * xs4;
        acc9_4 = acc9_4 + dm9.x * (word_dot(wv9.x, ev4_0, od4_0) + word_dot(wv9.y, ev4_1, od4_1) + word_dot(wv9.z, ev4_2, od4_2) + word_dot(wv9.w, ev4_3, od4_3)) - dm9.y * xs4;
        acc10_4 = acc10_4 + dm10.x * (word_dot(wv10.x, ev4_0, od4_0) + word_dot(wv10.y, ev4_1, od4_1) + word_dot(wv10.z, ev4_2, od4_2) + word_dot(wv10.w, ev4_3, od4_3)) - dm10.y * xs4;
        acc11_4 = acc11_4 + dm11.x * (word_dot(wv11.x, ev4_0, od4_0) + word_dot(wv11.y, ev4_1, od4_1) + word_dot(wv11.z, ev4_2, od4_2) + word_dot(wv11.w, ev4_3, od4_3)) - dm11.y * xs4;
        acc12_4 = acc12_4 + dm12.x * (word_dot(wv12.x, ev4_0, od4_0) + word_dot(wv12.y, ev4_1, od4_1) + word_dot(wv12.z, ev4_2, od4_2) + word_dot(wv12.w, ev4_3, od4_3)) - dm12.y * xs4;
        acc13_4 = acc13_4 + dm13.x * (word_dot(wv13.x, ev4_0, od4_0) + word_dot(wv13.y, ev4_1, od4_1) + word_dot(wv13.z, ev4_2, od4_2) + word_dot(wv13.w, ev4_3, od4_3)) - dm13.y * xs4;
        acc14_4 = acc14_4 + dm14.x * (word_dot(wv14.x, ev4_0, od4_0) + word_dot(wv14.y, ev4_1, od4_1) + word_dot(wv14.z, ev4_2, od4_2) + word_dot(wv14.w, ev4_3, od4_3)) - dm14.y * xs4;
        acc15_4 = acc15_4 + dm15.x * (word_dot(wv15.x, ev4_0, od4_0) + word_dot(wv15.y, ev4_1, od4_1) + word_dot(wv15.z, ev4_2, od4_2) + word_dot(wv15.w, ev4_3, od4_3)) - dm15.y * xs4;
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
        acc0_5 = acc0_5 + dm0.x * (word_dot(wv0.x, ev5_0, od5_0) + word_dot(wv0.y, ev5_1, od5_1) + word_dot(wv0.z, ev5_2, od5_2) + word_dot(wv0.w, ev5_3, od5_3)) - dm0.y * xs5;
        acc1_5 = acc1_5 + dm1.x * (word_dot(wv1.x, ev5_0, od5_0) + word_dot(wv1.y, ev5_1, od5_1) + word_dot(wv1.z, ev5_2, od5_2) + word_dot(wv1.w, ev5_3, od5_3)) - dm1.y * xs5;
        acc2_5 = acc2_5 + dm2.x * (word_dot(wv2.x, ev5_0, od5_0) + word_dot(wv2.y, ev5_1, od5_1) + word_dot(wv2.z, ev5_2, od5_2) + word_dot(wv2.w, ev5_3, od5_3)) - dm2.y * xs5;
        acc3_5 = acc3_5 + dm3.x * (word_dot(wv3.x, ev5_0, od5_0) + word_dot(wv3.y, ev5_1, od5_1) + word_dot(wv3.z, ev5_2, od5_2) + word_dot(wv3.w, ev5_3, od5_3)) - dm3.y * xs5;
        acc4_5 = acc4_5 + dm4.x * (word_dot(wv4.x, ev5_0, od5_0) + word_dot(wv4.y, ev5_1, od5_1) + word_dot(wv4.z, ev5_2, od5_2) + word_dot(wv4.w, ev5_3, od5_3)) - dm4.y * xs5;
        acc5_5 = acc5_5 + dm5.x * (word_dot(wv5.x, ev5_0, od5_0) + word_dot(wv5.y, ev5_1, od5_1) + word_dot(wv5.z, ev5_2, od5_2) + word_dot(wv5.w, ev5_3, od5_3)) - dm5.y * xs5;
        acc6_5 = acc6_5 + dm6.x * (word_dot(wv6.x, ev5_0, od5_0) + word_dot(wv6.y, ev5_1, od5_1) + word_dot(wv6.z, ev5_2, od5_2) + word_dot(wv6.w, ev5_3, od5_3)) - dm6.y * xs5;
        acc7_5 = acc7_5 + dm7.x * (word_dot(wv7.x, ev5_0, od5_0) + word_dot(wv7.y, ev5_1, od5_1) + word_dot(wv7.z, ev5_2, od5_2) + word_dot(wv7.w, ev5_3, od5_3)) - dm7.y * xs5;
        acc8_5 = acc8_5 + dm8.x * (word_dot(wv8.x, ev5_0, od5_0) + word_dot(wv8.y, ev5_1, od5_1) + word_dot(wv8.z, ev5_2, od5_2) + word_dot(wv8.w, ev5_3, od5_3)) - dm8.y * xs5;
        acc9_5 = acc9_5 + dm9.x * (word_dot(wv9.x, ev5_0, od5_0) + word_dot(wv9.y, ev5_1, od5_1) + word_dot(wv9.z, ev5_2, od5_2) + word_dot(wv9.w, ev5_3, od5_3)) - dm9.y * xs5;
        acc10_5 = acc10_5 + dm10.x * (word_dot(wv10.x, ev5_0, od5_0) + word_dot(wv10.y, ev5_1, od5_1) + word_dot(wv10.z, ev5_2, od5_2) + word_dot(wv10.w, ev5_3, od5_3)) - dm10.y * xs5;
        acc11_5 = acc11_5 + dm11.x * (word_dot(wv11.x, ev5_0, od5_0) + word_dot(wv11.y, ev5_1, od5_1) + word_dot(wv11.z, ev5_2, od5_2) + word_dot(wv11.w, ev5_3, od5_3)) - dm11.y * xs5;
        acc12_5 = acc12_5 + dm12.x * (word_dot(wv12.x, ev5_0, od5_0) + word_dot(wv12.y, ev5_1, od5_1) + word_dot(wv12.z, ev5_2, od5_2) + word_dot(wv12.w, ev5_3, od5_3)) - dm12.y * xs5;
        acc13_5 = acc13_5 + dm13.x * (word_dot(wv13.x, ev5_0, od5_0) + word_dot(wv13.y, ev5_1, od5_1) + word_dot(wv13.z, ev5_2, od5_2) + word_dot(wv13.w, ev5_3, od5_3)) - dm13.y * xs5;
        acc14_5 = acc14_5 + dm14.x * (word_dot(wv14.x, ev5_0, od5_0) + word_dot(wv14.y, ev5_1, od5_1) + word_dot(wv14.z, ev5_2, od5_2) + word_dot(wv14.w, ev5_3, od5_3)) - dm14.y * xs5;
        acc15_5 = acc15_5 + dm15.x * (word_dot(wv15.x, ev5_0, od5_0) + word_dot(wv15.y, ev5_1, od5_1) + word_dot(wv15.z, ev5_2, od5_2) + word_dot(wv15.w, ev5_3, od5_3)) - dm15.y * xs5;
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
        acc0_6 = acc0_6 + dm0.x * (word_dot(wv0.x, ev6_0, od6_0) + word_dot(wv0.y, ev6_1, od6_1) + word_dot(wv0.z, ev6_2, od6_2) + word_dot(wv0.w, ev6_3, od6_3)) - dm0.y * xs6;
        acc1_6 = acc1_6 + dm1.x * (word_dot(wv1.x, ev6_0, od6_0) + word_dot(wv1.y, ev6_1, od6_1) + word_dot(wv1.z, ev6_2, od6_2) + word_dot(wv1.w, ev6_3, od6_3)) - dm1.y * xs6;
        acc2_6 = acc2_6 + dm2.x * (word_dot(wv2.x, ev6_0, od6_0) + word_dot(wv2.y, ev6_1, od6_1) + word_dot(wv2.z, ev6_2, od6_2) + word_dot(wv2.w, ev6_3, od6_3)) - dm2.y * xs6;
        acc3_6 = acc3_6 + dm3.x * (word_dot(wv3.x, ev6_0, od6_0) + word_dot(wv3.y, ev6_1, od6_1) + word_dot(wv3.z, ev6_2, od6_2) + word_dot(wv3.w, ev6_3, od6_3)) - dm3.y * xs6;
        acc4_6 = acc4_6 + dm4.x * (word_dot(wv4.x, ev6_0, od6_0) + word_dot(wv4.y, ev6_1, od6_1) + word_dot(wv4.z, ev6_2, od6_2) + word_dot(wv4.w, ev6_3, od6_3)) - dm4.y * xs6;
        acc5_6 = acc5_6 + dm5.x * (word_dot(wv5.x, ev6_0, od6_0) + word_dot(wv5.y, ev6_1, od6_1) + word_dot(wv5.z, ev6_2, od6_2) + word_dot(wv5.w, ev6_3, od6_3)) - dm5.y * xs6;
        acc6_6 = acc6_6 + dm6.x * (word_dot(wv6.x, ev6_0, od6_0) + word_dot(wv6.y, ev6_1, od6_1) + word_dot(wv6.z, ev6_2, od6_2) + word_dot(wv6.w, ev6_3, od6_3)) - dm6.y * xs6;
        acc7_6 = acc7_6 + dm7.x * (word_dot(wv7.x, ev6_0, od6_0) + word_dot(wv7.y, ev6_1, od6_1) + word_dot(wv7.z, ev6_2, od6_2) + word_dot(wv7.w, ev6_3, od6_3)) - dm7.y * xs6;
        acc8_6 = acc8_6 + dm8.x * (word_dot(wv8.x, ev6_0, od6_0) + word_dot(wv8.y, ev6_1, od6_1) + word_dot(wv8.z, ev6_2, od6_2) + word_dot(wv8.w, ev6_3, od6_3)) - dm8.y * xs6;
        acc9_6 = acc9_6 + dm9.x * (word_dot(wv9.x, ev6_0, od6_0) + word_dot(wv9.y, ev6_1, od6_1) + word_dot(wv9.z, ev6_2, od6_2) + word_dot(wv9.w, ev6_3, od6_3)) - dm9.y * xs6;
        acc10_6 = acc10_6 + dm10.x * (word_dot(wv10.x, ev6_0, od6_0) + word_dot(wv10.y, ev6_1, od6_1) + word_dot(wv10.z, ev6_2, od6_2) + word_dot(wv10.w, ev6_3, od6_3)) - dm10.y * xs6;
        acc11_6 = acc11_6 + dm11.x * (word_dot(wv11.x, ev6_0, od6_0) + word_dot(wv11.y, ev6_1, od6_1) + word_dot(wv11.z, ev6_2, od6_2) + word_dot(wv11.w, ev6_3, od6_3)) - dm11.y * xs6;
        acc12_6 = acc12_6 + dm12.x * (word_dot(wv12.x, ev6_0, od6_0) + word_dot(wv12.y, ev6_1, od6_1) + word_dot(wv12.z, ev6_2, od6_2) + word_dot(wv12.w, ev6_3, od6_3)) - dm12.y * xs6;
        acc13_6 = acc13_6 + dm13.x * (word_dot(wv13.x, ev6_0, od6_0) + word_dot(wv13.y, ev6_1, od6_1) + word_dot(wv13.z, ev6_2, od6_2) + word_dot(wv13.w, ev6_3, od6_3)) - dm13.y * xs6;
        acc14_6 = acc14_6 + dm14.x * (word_dot(wv14.x, ev6_0, od6_0) + word_dot(wv14.y, ev6_1, od6_1) + word_dot(wv14.z, ev6_2, od6_2) + word_dot(wv14.w, ev6_3, od6_3)) - dm14.y * xs6;
        acc15_6 = acc15_6 + dm15.x * (word_dot(wv15.x, ev6_0, od6_0) + word_dot(wv15.y, ev6_1, od6_1) + word_dot(wv15.z, ev6_2, od6_2) + word_dot(wv15.w, ev6_3, od6_3)) - dm15.y * xs6;
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
        acc0_7 = acc0_7 + dm0.x * (word_dot(wv0.x, ev7_0, od7_0) + word_dot(wv0.y, ev7_1, od7_1) + word_dot(wv0.z, ev7_2, od7_2) + word_dot(wv0.w, ev7_3, od7_3)) - dm0.y * xs7;
        acc1_7 = acc1_7 + dm1.x * (word_dot(wv1.x, ev7_0, od7_0) + word_dot(wv1.y, ev7_1, od7_1) + word_dot(wv1.z, ev7_2, od7_2) + word_dot(wv1.w, ev7_3, od7_3)) - dm1.y * xs7;
        acc2_7 = acc2_7 + dm2.x * (word_dot(wv2.x, ev7_0, od7_0) + word_dot(wv2.y, ev7_1, od7_1) + word_dot(wv2.z, ev7_2, od7_2) + word_dot(wv2.w, ev7_3, od7_3)) - dm2.y * xs7;
        acc3_7 = acc3_7 + dm3.x * (word_dot(wv3.x, ev7_0, od7_0) + word_dot(wv3.y, ev7_1, od7_1) + word_dot(wv3.z, ev7_2, od7_2) + word_dot(wv3.w, ev7_3, od7_3)) - dm3.y * xs7;
        acc4_7 = acc4_7 + dm4.x * (word_dot(wv4.x, ev7_0, od7_0) + word_dot(wv4.y, ev7_1, od7_1) + word_dot(wv4.z, ev7_2, od7_2) + word_dot(wv4.w, ev7_3, od7_3)) - dm4.y * xs7;
        acc5_7 = acc5_7 + dm5.x * (word_dot(wv5.x, ev7_0, od7_0) + word_dot(wv5.y, ev7_1, od7_1) + word_dot(wv5.z, ev7_2, od7_2) + word_dot(wv5.w, ev7_3, od7_3)) - dm5.y * xs7;
        acc6_7 = acc6_7 + dm6.x * (word_dot(wv6.x, ev7_0, od7_0) + word_dot(wv6.y, ev7_1, od7_1) + word_dot(wv6.z, ev7_2, od7_2) + word_dot(wv6.w, ev7_3, od7_3)) - dm6.y * xs7;
        acc7_7 = acc7_7 + dm7.x * (word_dot(wv7.x, ev7_0, od7_0) + word_dot(wv7.y, ev7_1, od7_1) + word_dot(wv7.z, ev7_2, od7_2) + word_dot(wv7.w, ev7_3, od7_3)) - dm7.y * xs7;
        acc8_7 = acc8_7 + dm8.x * (word_dot(wv8.x, ev7_0, od7_0) + word_dot(wv8.y, ev7_1, od7_1) + word_dot(wv8.z, ev7_2, od7_2) + word_dot(wv8.w, ev7_3, od7_3)) - dm8.y * xs7;
        acc9_7 = acc9_7 + dm9.x * (word_dot(wv9.x, ev7_0, od7_0) + word_dot(wv9.y, ev7_1, od7_1) + word_dot(wv9.z, ev7_2, od7_2) + word_dot(wv9.w, ev7_3, od7_3)) - dm9.y * xs7;
        acc10_7 = acc10_7 + dm10.x * (word_dot(wv10.x, ev7_0, od7_0) + word_dot(wv10.y, ev7_1, od7_1) + word_dot(wv10.z, ev7_2, od7_2) + word_dot(wv10.w, ev7_3, od7_3)) - dm10.y * xs7;
        acc11_7 = acc11_7 + dm11.x * (word_dot(wv11.x, ev7_0, od7_0) + word_dot(wv11.y, ev7_1, od7_1) + word_dot(wv11.z, ev7_2, od7_2) + word_dot(wv11.w, ev7_3, od7_3)) - dm11.y * xs7;
        acc12_7 = acc12_7 + dm12.x * (word_dot(wv12.x, ev7_0, od7_0) + word_dot(wv12.y, ev7_1, od7_1) + word_dot(wv12.z, ev7_2, od7_2) + word_dot(wv12.w, ev7_3, od7_3)) - dm12.y * xs7;
        acc13_7 = acc13_7 + dm13.x * (word_dot(wv13.x, ev7_0, od7_0) + word_dot(wv13.y, ev7_1, od7_1) + word_dot(wv13.z, ev7_2, od7_2) + word_dot(wv13.w, ev7_3, od7_3)) - dm13.y * xs7;
        acc14_7 = acc14_7 + dm14.x * (word_dot(wv14.x, ev7_0, od7_0) + word_dot(wv14.y, ev7_1, od7_1) + word_dot(wv14.z, ev7_2, od7_2) + word_dot(wv14.w, ev7_3, od7_3)) - dm14.y * xs7;
        acc15_7 = acc15_7 + dm15.x * (word_dot(wv15.x, ev7_0, od7_0) + word_dot(wv15.y, ev7_1, od7_1) + word_dot(wv15.z, ev7_2, od7_2) + word_dot(wv15.w, ev7_3, od7_3)) - dm15.y * xs7;
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
