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
enable subgroups;
struct Step { seq_len: u32, pos: u32, kv_len: u32, index: u32 }
struct Params { N: u32, K: u32, GS: u32, rows: u32, has_bias: u32, b0: u32, wr0: u32, ldw: u32,
                n0: u32, ldy: u32, accumulate: u32, nq: u32, nk: u32, Hq: u32, Hk: u32,
                D: u32, positions: u32, max_ctx: u32, interleaved: u32, eps: f32, splits: u32 }

const WG: u32 = 32u;
const TM: u32 = 1u;
const RN: u32 = 4u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> x: array<vec4<f32>>;  // [M, K/4]
@group(0) @binding(3) var<storage, read> w: array<vec4<u32>>;  // q4: [rows, K/8] nibbles; q8: [rows, K/4] bytes (vec4 chunks)
@group(0) @binding(4) var<storage, read> qh: array<u32>;  // [rows, K * hbits / 32] high bits
@group(0) @binding(5) var<storage, read> sb: array<u32>;  // [rows, K/256, words] superblock headers
@group(0) @binding(6) var<storage, read> gain: array<vec4<f32>>;  // [K/4] the RMSNorm weight
@group(0) @binding(7) var<storage, read_write> part: array<f32>;  // [splits, cols, V] the K slices' sums

const BYTES = vec4<u32>(0xFFu, 0xFF00u, 0xFF0000u, 0xFF000000u);
const BYTE_SCALE = vec4<f32>(1.0, 0.00390625, 1.52587890625e-05, 5.9604644775390625e-08);           // 2^-0, -8, -16, -24
const EVEN_NIBBLES = vec4<u32>(0xFu, 0xF00u, 0xF0000u, 0xF000000u);
const ODD_NIBBLES = vec4<u32>(0xF0u, 0xF000u, 0xF00000u, 0xF0000000u);
const EVEN_SCALE = vec4<f32>(1.0, 0.00390625, 1.52587890625e-05, 5.9604644775390625e-08);            // 2^-0, -8, -16, -24
const ODD_SCALE = vec4<f32>(0.0625, 0.000244140625, 9.5367431640625e-07, 3.725290298461914e-09);   // 2^-4, -12, -20, -28

fn half_at(buf_index: u32, packed: u32) -> f32 {
    return unpack2x16float(packed)[buf_index & 1u];
}

// 8 2-bit fields (the low 16 bits of b), field i moved to bits 4i, 4i + 1
fn spread_bits(b: u32) -> u32 {
    var v = b & 0xFFFFu;
    v = (v | (v << 8u)) & 0x00FF00FFu;
    v = (v | (v << 4u)) & 0x0F0F0F0Fu;
    return (v | (v << 2u)) & 0x33333333u;
}

// value k of row `row` (K values): its top 2 bits
fn high_at(row: u32, k: u32) -> u32 {
    return (qh[row * (p.K / 16u) + k / 16u] >> (2u * (k % 16u))) & 3u;
}

// d * sc of 16-value sub-blocks k / 16 and k / 16 + 1 of row `row` (k a multiple of 32): its
// superblock's header is 16 int8 scales, then d
fn sub_scales(row: u32, k: u32) -> vec2<f32> {
    let at = (row * (p.K / 256u) + k / 256u) * 5u;
    let j = (k / 16u) % 16u;
    let word = sb[at + j / 4u];
    let sh = 8u * (j % 4u);
    let d = unpack2x16float(sb[at + 4u]).x;
    return d * vec2<f32>(f32(bitcast<i32>(word << (24u - sh)) >> 24u),
                         f32(bitcast<i32>(word << (16u - sh)) >> 24u));
}

// the high bits of the 8 values k .. k + 7 of row `row` (k a multiple of 8), in nibble positions
fn high_word(row: u32, k: u32) -> u32 {
    return spread_bits(qh[row * (p.K / 16u) + k / 16u] >> (2u * (k % 16u)));
}

// the high bits of chunk c (values 32c .. 32c + 31) of row `row`, one nibble-positioned word per W word
fn chunk_high(row: u32, c: u32) -> vec4<u32> {
    let h0 = qh[row * (p.K / 16u) + 2u * c];
    let h1 = qh[row * (p.K / 16u) + 2u * c + 1u];
    return vec4<u32>(spread_bits(h0), spread_bits(h0 >> 16u), spread_bits(h1), spread_bits(h1 >> 16u));
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
    let q = min(col * 1u + r / 4u, p.N / 4u - 1u);
    let o = quad_offsets(q % quads);
    return q / quads * p.D + select(o.x, o.y, r % 4u >= 2u) + r % 2u;
}

var<workgroup> red: array<array<f32, 5>, WG>;  // per lane: the rows x tokens sums (and sum x^2)

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(subgroup_invocation_id) sid: u32) {
    let M = live_rows();
    let K4 = p.K / 4u;
    let col = wid.x;  // one column (RN rows) per workgroup, its K slice wid.y, its token tile wid.z
    let m0 = wid.z * TM;
    // The tile is unrolled into scalars (dynamic indexing of private arrays spills to memory on CPU
    // adapters); a tail tile re-reads the last live row / output row instead of branching, and skips
    // its store.
    let x0 = min(m0 + 0u, M - 1u) * K4;
    if (col * 4u >= p.N || m0 >= M) {
        return;
    }
    let nb = col * 4u;  // first output row of the tile
    let n0 = tile_row(col, 0u);
    let w0 = p.wr0 + n0;  // its row in the part buffers
    var acc0_0 = 0.0;
    let n1 = tile_row(col, 1u);
    let w1 = p.wr0 + n1;  // its row in the part buffers
    var acc1_0 = 0.0;
    let n2 = tile_row(col, 2u);
    let w2 = p.wr0 + n2;  // its row in the part buffers
    var acc2_0 = 0.0;
    let n3 = tile_row(col, 3u);
    let w3 = p.wr0 + n3;  // its row in the part buffers
    var acc3_0 = 0.0;
    var ss0 = 0.0;
    let chunks_per_row = p.K / 32u;
    let group_shift = countTrailingZeros(p.GS / 32u);  // chunks per group: a power of two
    let k_lo = wid.y * chunks_per_row / p.splits;
    let k_hi = (wid.y + 1u) * chunks_per_row / p.splits;
    for (var c = k_lo + lid; c < k_hi; c = c + WG) {
        let r0_0 = x[x0 + c * 8u + 0u];
        let a0_0 = r0_0 * gain[c * 8u + 0u];
        let r0_1 = x[x0 + c * 8u + 1u];
        let a0_1 = r0_1 * gain[c * 8u + 1u];
        let r0_2 = x[x0 + c * 8u + 2u];
        let a0_2 = r0_2 * gain[c * 8u + 2u];
        let r0_3 = x[x0 + c * 8u + 3u];
        let a0_3 = r0_3 * gain[c * 8u + 3u];
        let r0_4 = x[x0 + c * 8u + 4u];
        let a0_4 = r0_4 * gain[c * 8u + 4u];
        let r0_5 = x[x0 + c * 8u + 5u];
        let a0_5 = r0_5 * gain[c * 8u + 5u];
        let r0_6 = x[x0 + c * 8u + 6u];
        let a0_6 = r0_6 * gain[c * 8u + 6u];
        let r0_7 = x[x0 + c * 8u + 7u];
        let a0_7 = r0_7 * gain[c * 8u + 7u];
        ss0 = ss0 + dot(r0_0, r0_0) + dot(r0_1, r0_1) + dot(r0_2, r0_2) + dot(r0_3, r0_3) + dot(r0_4, r0_4) + dot(r0_5, r0_5) + dot(r0_6, r0_6) + dot(r0_7, r0_7);
        let xa0 = dot(a0_0 + a0_1 + a0_2 + a0_3, vec4<f32>(1.0));  // per 16-value sub-block
        let xb0 = dot(a0_4 + a0_5 + a0_6 + a0_7, vec4<f32>(1.0));
        let ev0_0 = vec4<f32>(a0_0.x, a0_0.z, a0_1.x, a0_1.z) * EVEN_SCALE;
        let od0_0 = vec4<f32>(a0_0.y, a0_0.w, a0_1.y, a0_1.w) * EVEN_SCALE;
        let ev0_1 = vec4<f32>(a0_2.x, a0_2.z, a0_3.x, a0_3.z) * EVEN_SCALE;
        let od0_1 = vec4<f32>(a0_2.y, a0_2.w, a0_3.y, a0_3.w) * EVEN_SCALE;
        let ev0_2 = vec4<f32>(a0_4.x, a0_4.z, a0_5.x, a0_5.z) * EVEN_SCALE;
        let od0_2 = vec4<f32>(a0_4.y, a0_4.w, a0_5.y, a0_5.w) * EVEN_SCALE;
        let ev0_3 = vec4<f32>(a0_6.x, a0_6.z, a0_7.x, a0_7.z) * EVEN_SCALE;
        let od0_3 = vec4<f32>(a0_6.y, a0_6.w, a0_7.y, a0_7.w) * EVEN_SCALE;
        let dm0 = sub_scales(w0, c * 32u);
        let dm1 = sub_scales(w1, c * 32u);
        let dm2 = sub_scales(w2, c * 32u);
        let dm3 = sub_scales(w3, c * 32u);
        let wv0 = w[w0 * chunks_per_row + c];
        let hv0 = chunk_high(w0, c);
        let eb0 = (wv0 & vec4<u32>(0x0F0F0F0Fu)) | ((hv0 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob0 = ((wv0 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv0 & vec4<u32>(0xF0F0F0F0u));
        acc0_0 = acc0_0 + dm0.x * (byte_dot(eb0.x, ob0.x, ev0_0, od0_0) + byte_dot(eb0.y, ob0.y, ev0_1, od0_1) - 32.0 * xa0)
                         + dm0.y * (byte_dot(eb0.z, ob0.z, ev0_2, od0_2) + byte_dot(eb0.w, ob0.w, ev0_3, od0_3) - 32.0 * xb0);
        let wv1 = w[w1 * chunks_per_row + c];
        let hv1 = chunk_high(w1, c);
        let eb1 = (wv1 & vec4<u32>(0x0F0F0F0Fu)) | ((hv1 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob1 = ((wv1 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv1 & vec4<u32>(0xF0F0F0F0u));
        acc1_0 = acc1_0 + dm1.x * (byte_dot(eb1.x, ob1.x, ev0_0, od0_0) + byte_dot(eb1.y, ob1.y, ev0_1, od0_1) - 32.0 * xa0)
                         + dm1.y * (byte_dot(eb1.z, ob1.z, ev0_2, od0_2) + byte_dot(eb1.w, ob1.w, ev0_3, od0_3) - 32.0 * xb0);
        let wv2 = w[w2 * chunks_per_row + c];
        let hv2 = chunk_high(w2, c);
        let eb2 = (wv2 & vec4<u32>(0x0F0F0F0Fu)) | ((hv2 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob2 = ((wv2 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv2 & vec4<u32>(0xF0F0F0F0u));
        acc2_0 = acc2_0 + dm2.x * (byte_dot(eb2.x, ob2.x, ev0_0, od0_0) + byte_dot(eb2.y, ob2.y, ev0_1, od0_1) - 32.0 * xa0)
                         + dm2.y * (byte_dot(eb2.z, ob2.z, ev0_2, od0_2) + byte_dot(eb2.w, ob2.w, ev0_3, od0_3) - 32.0 * xb0);
        let wv3 = w[w3 * chunks_per_row + c];
        let hv3 = chunk_high(w3, c);
        let eb3 = (wv3 & vec4<u32>(0x0F0F0F0Fu)) | ((hv3 & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob3 = ((wv3 >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv3 & vec4<u32>(0xF0F0F0F0u));
        acc3_0 = acc3_0 + dm3.x * (byte_dot(eb3.x, ob3.x, ev0_0, od0_0) + byte_dot(eb3.y, ob3.y, ev0_1, od0_1) - 32.0 * xa0)
                         + dm3.y * (byte_dot(eb3.z, ob3.z, ev0_2, od0_2) + byte_dot(eb3.w, ob3.w, ev0_3, od0_3) - 32.0 * xb0);
    }
    let leader = sid == 0u;  // one lane per subgroup keeps its subgroup's sum, the others write 0
    red[lid][0] = select(0.0, subgroupAdd(acc0_0), leader);
    red[lid][1] = select(0.0, subgroupAdd(acc1_0), leader);
    red[lid][2] = select(0.0, subgroupAdd(acc2_0), leader);
    red[lid][3] = select(0.0, subgroupAdd(acc3_0), leader);
    red[lid][4] = select(0.0, subgroupAdd(ss0), leader);
    workgroupBarrier();
    if (lid != 0u) {
        return;
    }
    acc0_0 = 0.0;
    acc1_0 = 0.0;
    acc2_0 = 0.0;
    acc3_0 = 0.0;
    ss0 = 0.0;
    for (var i = 0u; i < WG; i = i + 1u) {
        acc0_0 = acc0_0 + red[i][0];
        acc1_0 = acc1_0 + red[i][1];
        acc2_0 = acc2_0 + red[i][2];
        acc3_0 = acc3_0 + red[i][3];
        ss0 = ss0 + red[i][4];
    }

    let at = ((wid.z * nwg.y + wid.y) * nwg.x + col) * 5u;
    part[at + 0u] = acc0_0;
    part[at + 1u] = acc1_0;
    part[at + 2u] = acc2_0;
    part[at + 3u] = acc3_0;
    part[at + 4u] = ss0;
}
