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
const TM: u32 = 8u;
const RN: u32 = 4u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> x: array<vec4<f32>>;  // [M, K/4]
@group(0) @binding(3) var<storage, read> w: array<vec4<u32>>;  // q4: [rows, K/8] nibbles; q8: [rows, K/4] bytes (vec4 chunks)
@group(0) @binding(4) var<storage, read> qh: array<u32>;  // [rows, K * hbits / 32] high bits
@group(0) @binding(5) var<storage, read> scale: array<u32>;  // [K/GS, ldw] fp16 pairs
@group(0) @binding(6) var<storage, read> bias: array<f32>;  // [rows] (dummy when has_bias == 0)
@group(0) @binding(7) var<storage, read> table: array<vec2<f32>>;  // [positions, D/2] (cos, sin)
@group(0) @binding(8) var<storage, read_write> yq: array<f32>;  // [M, Hq * D]
@group(0) @binding(9) var<storage, read_write> k_cache: array<u32>;  // [Hk, max_ctx, D/2] fp16 pairs
@group(0) @binding(10) var<storage, read_write> v_cache: array<u32>;  // [Hk, max_ctx, D/2] fp16 pairs
@group(0) @binding(11) var<storage, read_write> trace: array<u32>;  // [cols * WG, TRACE_STEPS, RN] W word indices

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

const TRACE_STEPS: u32 = 4u;

var<workgroup> red: array<array<f32, 32>, WG>;  // per lane: the rows x tokens sums (and sum x^2)

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(subgroup_invocation_id) sid: u32) {
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
    let chunks_per_row = p.K / 32u;
    let group_shift = countTrailingZeros(p.GS / 32u);  // chunks per group: a power of two
    for (var c = lid; c < chunks_per_row; c = c + WG) {
        if (c / WG < TRACE_STEPS) {
            trace[((col * WG + lid) * TRACE_STEPS + c / WG) * RN + 0u] = w0 * chunks_per_row + c;
            trace[((col * WG + lid) * TRACE_STEPS + c / WG) * RN + 1u] = w1 * chunks_per_row + c;
            trace[((col * WG + lid) * TRACE_STEPS + c / WG) * RN + 2u] = w2 * chunks_per_row + c;
            trace[((col * WG + lid) * TRACE_STEPS + c / WG) * RN + 3u] = w3 * chunks_per_row + c;
        }
        let g = c >> group_shift;
        let si0 = g * p.ldw + w0;  // a row of its own (gate_up's rows are N apart)
        let sr0 = half_at(si0, scale[si0 >> 1u]);
        let si1 = g * p.ldw + w1;  // a row of its own (gate_up's rows are N apart)
        let sr1 = half_at(si1, scale[si1 >> 1u]);
        let si2 = g * p.ldw + w2;  // a row of its own (gate_up's rows are N apart)
        let sr2 = half_at(si2, scale[si2 >> 1u]);
        let si3 = g * p.ldw + w3;  // a row of its own (gate_up's rows are N apart)
        let sr3 = half_at(si3, scale[si3 >> 1u]);
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
    }
    let leader = sid == 0u;  // one lane per subgroup keeps its subgroup's sum, the others write 0
    red[lid][0] = select(0.0, subgroupAdd(acc0_0), leader);
    red[lid][1] = select(0.0, subgroupAdd(acc0_1), leader);
    red[lid][2] = select(0.0, subgroupAdd(acc0_2), leader);
    red[lid][3] = select(0.0, subgroupAdd(acc0_3), leader);
    red[lid][4] = select(0.0, subgroupAdd(acc0_4), leader);
    red[lid][5] = select(0.0, subgroupAdd(acc0_5), leader);
    red[lid][6] = select(0.0, subgroupAdd(acc0_6), leader);
    red[lid][7] = select(0.0, subgroupAdd(acc0_7), leader);
    red[lid][8] = select(0.0, subgroupAdd(acc1_0), leader);
    red[lid][9] = select(0.0, subgroupAdd(acc1_1), leader);
    red[lid][10] = select(0.0, subgroupAdd(acc1_2), leader);
    red[lid][11] = select(0.0, subgroupAdd(acc1_3), leader);
    red[lid][12] = select(0.0, subgroupAdd(acc1_4), leader);
    red[lid][13] = select(0.0, subgroupAdd(acc1_5), leader);
    red[lid][14] = select(0.0, subgroupAdd(acc1_6), leader);
    red[lid][15] = select(0.0, subgroupAdd(acc1_7), leader);
    red[lid][16] = select(0.0, subgroupAdd(acc2_0), leader);
    red[lid][17] = select(0.0, subgroupAdd(acc2_1), leader);
    red[lid][18] = select(0.0, subgroupAdd(acc2_2), leader);
    red[lid][19] = select(0.0, subgroupAdd(acc2_3), leader);
    red[lid][20] = select(0.0, subgroupAdd(acc2_4), leader);
    red[lid][21] = select(0.0, subgroupAdd(acc2_5), leader);
    red[lid][22] = select(0.0, subgroupAdd(acc2_6), leader);
    red[lid][23] = select(0.0, subgroupAdd(acc2_7), leader);
    red[lid][24] = select(0.0, subgroupAdd(acc3_0), leader);
    red[lid][25] = select(0.0, subgroupAdd(acc3_1), leader);
    red[lid][26] = select(0.0, subgroupAdd(acc3_2), leader);
    red[lid][27] = select(0.0, subgroupAdd(acc3_3), leader);
    red[lid][28] = select(0.0, subgroupAdd(acc3_4), leader);
    red[lid][29] = select(0.0, subgroupAdd(acc3_5), leader);
    red[lid][30] = select(0.0, subgroupAdd(acc3_6), leader);
    red[lid][31] = select(0.0, subgroupAdd(acc3_7), leader);
    workgroupBarrier();
    if (lid != 0u) {
        return;
    }
    acc0_0 = 0.0;
    acc0_1 = 0.0;
    acc0_2 = 0.0;
    acc0_3 = 0.0;
    acc0_4 = 0.0;
    acc0_5 = 0.0;
    acc0_6 = 0.0;
    acc0_7 = 0.0;
    acc1_0 = 0.0;
    acc1_1 = 0.0;
    acc1_2 = 0.0;
    acc1_3 = 0.0;
    acc1_4 = 0.0;
    acc1_5 = 0.0;
    acc1_6 = 0.0;
    acc1_7 = 0.0;
    acc2_0 = 0.0;
    acc2_1 = 0.0;
    acc2_2 = 0.0;
    acc2_3 = 0.0;
    acc2_4 = 0.0;
    acc2_5 = 0.0;
    acc2_6 = 0.0;
    acc2_7 = 0.0;
    acc3_0 = 0.0;
    acc3_1 = 0.0;
    acc3_2 = 0.0;
    acc3_3 = 0.0;
    acc3_4 = 0.0;
    acc3_5 = 0.0;
    acc3_6 = 0.0;
    acc3_7 = 0.0;
    for (var i = 0u; i < WG; i = i + 1u) {
        acc0_0 = acc0_0 + red[i][0];
        acc0_1 = acc0_1 + red[i][1];
        acc0_2 = acc0_2 + red[i][2];
        acc0_3 = acc0_3 + red[i][3];
        acc0_4 = acc0_4 + red[i][4];
        acc0_5 = acc0_5 + red[i][5];
        acc0_6 = acc0_6 + red[i][6];
        acc0_7 = acc0_7 + red[i][7];
        acc1_0 = acc1_0 + red[i][8];
        acc1_1 = acc1_1 + red[i][9];
        acc1_2 = acc1_2 + red[i][10];
        acc1_3 = acc1_3 + red[i][11];
        acc1_4 = acc1_4 + red[i][12];
        acc1_5 = acc1_5 + red[i][13];
        acc1_6 = acc1_6 + red[i][14];
        acc1_7 = acc1_7 + red[i][15];
        acc2_0 = acc2_0 + red[i][16];
        acc2_1 = acc2_1 + red[i][17];
        acc2_2 = acc2_2 + red[i][18];
        acc2_3 = acc2_3 + red[i][19];
        acc2_4 = acc2_4 + red[i][20];
        acc2_5 = acc2_5 + red[i][21];
        acc2_6 = acc2_6 + red[i][22];
        acc2_7 = acc2_7 + red[i][23];
        acc3_0 = acc3_0 + red[i][24];
        acc3_1 = acc3_1 + red[i][25];
        acc3_2 = acc3_2 + red[i][26];
        acc3_3 = acc3_3 + red[i][27];
        acc3_4 = acc3_4 + red[i][28];
        acc3_5 = acc3_5 + red[i][29];
        acc3_6 = acc3_6 + red[i][30];
        acc3_7 = acc3_7 + red[i][31];
    }

    let b0 = bias_at(n0);
    let b1 = bias_at(n1);
    let b2 = bias_at(n2);
    let b3 = bias_at(n3);
    if (nb + 0u < p.N && m0 + 0u < M) {
        rope_store(m0 + 0u, col * 1u + 0u, vec4<f32>(acc0_0 + b0, acc1_0 + b1, acc2_0 + b2, acc3_0 + b3));
    }
    if (nb + 0u < p.N && m0 + 1u < M) {
        rope_store(m0 + 1u, col * 1u + 0u, vec4<f32>(acc0_1 + b0, acc1_1 + b1, acc2_1 + b2, acc3_1 + b3));
    }
    if (nb + 0u < p.N && m0 + 2u < M) {
        rope_store(m0 + 2u, col * 1u + 0u, vec4<f32>(acc0_2 + b0, acc1_2 + b1, acc2_2 + b2, acc3_2 + b3));
    }
    if (nb + 0u < p.N && m0 + 3u < M) {
        rope_store(m0 + 3u, col * 1u + 0u, vec4<f32>(acc0_3 + b0, acc1_3 + b1, acc2_3 + b2, acc3_3 + b3));
    }
    if (nb + 0u < p.N && m0 + 4u < M) {
        rope_store(m0 + 4u, col * 1u + 0u, vec4<f32>(acc0_4 + b0, acc1_4 + b1, acc2_4 + b2, acc3_4 + b3));
    }
    if (nb + 0u < p.N && m0 + 5u < M) {
        rope_store(m0 + 5u, col * 1u + 0u, vec4<f32>(acc0_5 + b0, acc1_5 + b1, acc2_5 + b2, acc3_5 + b3));
    }
    if (nb + 0u < p.N && m0 + 6u < M) {
        rope_store(m0 + 6u, col * 1u + 0u, vec4<f32>(acc0_6 + b0, acc1_6 + b1, acc2_6 + b2, acc3_6 + b3));
    }
    if (nb + 0u < p.N && m0 + 7u < M) {
        rope_store(m0 + 7u, col * 1u + 0u, vec4<f32>(acc0_7 + b0, acc1_7 + b1, acc2_7 + b2, acc3_7 + b3));
    }
}
