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
const TM: u32 = 1u;
const RN: u32 = 8u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> x: array<vec4<f32>>;  // [M, K/4]
@group(0) @binding(3) var<storage, read> w: array<vec4<u32>>;  // q4: [rows, K/8] nibbles; q8: [rows, K/4] bytes (vec4 chunks)
@group(0) @binding(4) var<storage, read> scale: array<u32>;  // [K/GS, ldw] fp16 pairs
@group(0) @binding(5) var<storage, read> bias: array<f32>;  // [rows] (dummy when has_bias == 0)
@group(0) @binding(6) var<storage, read_write> yq: array<f32>;  // [M, nq]
@group(0) @binding(7) var<storage, read_write> yk: array<f32>;  // [M, nk]
@group(0) @binding(8) var<storage, read_write> yv: array<f32>;  // [M, N - nq - nk]

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
    let kv = p.nq + p.nk;
    if (n < p.nq) {
        yq[m * p.nq + n] = v;
    } else if (n < kv) {
        yk[m * p.nk + n - p.nq] = v;
    } else {
        yv[m * (p.N - kv) + n - kv] = v;
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
    if (col * 8u >= p.N || m0 >= M) {
        return;
    }
    let nb = col * 8u;  // first output row of the tile
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
    let n4 = tile_row(col, 4u);
    let w4 = p.wr0 + n4;  // its row in the part buffers
    var acc4_0 = 0.0;
    let n5 = tile_row(col, 5u);
    let w5 = p.wr0 + n5;  // its row in the part buffers
    var acc5_0 = 0.0;
    let n6 = tile_row(col, 6u);
    let w6 = p.wr0 + n6;  // its row in the part buffers
    var acc6_0 = 0.0;
    let n7 = tile_row(col, 7u);
    let w7 = p.wr0 + n7;  // its row in the part buffers
    var acc7_0 = 0.0;
    let chunks_per_row = p.K / 32u;
    let group_shift = countTrailingZeros(p.GS / 32u);  // chunks per group: a power of two
    for (var c = 0u; c < chunks_per_row; c = c + 1u) {
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
        let g = c >> group_shift;
        let sp0 = unpack2x16float(scale[(g * p.ldw + w0) >> 1u]);  // rows 0 and 1
        let sp2 = unpack2x16float(scale[(g * p.ldw + w2) >> 1u]);  // rows 2 and 3
        let sp4 = unpack2x16float(scale[(g * p.ldw + w4) >> 1u]);  // rows 4 and 5
        let sp6 = unpack2x16float(scale[(g * p.ldw + w6) >> 1u]);  // rows 6 and 7
        let wv0 = w[w0 * chunks_per_row + c];
        acc0_0 = acc0_0 + sp0.x * (word_dot(wv0.x, ev0_0, od0_0) + word_dot(wv0.y, ev0_1, od0_1) + word_dot(wv0.z, ev0_2, od0_2) + word_dot(wv0.w, ev0_3, od0_3) - 8.0 * xs0);
        let wv1 = w[w1 * chunks_per_row + c];
        acc1_0 = acc1_0 + sp0.y * (word_dot(wv1.x, ev0_0, od0_0) + word_dot(wv1.y, ev0_1, od0_1) + word_dot(wv1.z, ev0_2, od0_2) + word_dot(wv1.w, ev0_3, od0_3) - 8.0 * xs0);
        let wv2 = w[w2 * chunks_per_row + c];
        acc2_0 = acc2_0 + sp2.x * (word_dot(wv2.x, ev0_0, od0_0) + word_dot(wv2.y, ev0_1, od0_1) + word_dot(wv2.z, ev0_2, od0_2) + word_dot(wv2.w, ev0_3, od0_3) - 8.0 * xs0);
        let wv3 = w[w3 * chunks_per_row + c];
        acc3_0 = acc3_0 + sp2.y * (word_dot(wv3.x, ev0_0, od0_0) + word_dot(wv3.y, ev0_1, od0_1) + word_dot(wv3.z, ev0_2, od0_2) + word_dot(wv3.w, ev0_3, od0_3) - 8.0 * xs0);
        let wv4 = w[w4 * chunks_per_row + c];
        acc4_0 = acc4_0 + sp4.x * (word_dot(wv4.x, ev0_0, od0_0) + word_dot(wv4.y, ev0_1, od0_1) + word_dot(wv4.z, ev0_2, od0_2) + word_dot(wv4.w, ev0_3, od0_3) - 8.0 * xs0);
        let wv5 = w[w5 * chunks_per_row + c];
        acc5_0 = acc5_0 + sp4.y * (word_dot(wv5.x, ev0_0, od0_0) + word_dot(wv5.y, ev0_1, od0_1) + word_dot(wv5.z, ev0_2, od0_2) + word_dot(wv5.w, ev0_3, od0_3) - 8.0 * xs0);
        let wv6 = w[w6 * chunks_per_row + c];
        acc6_0 = acc6_0 + sp6.x * (word_dot(wv6.x, ev0_0, od0_0) + word_dot(wv6.y, ev0_1, od0_1) + word_dot(wv6.z, ev0_2, od0_2) + word_dot(wv6.w, ev0_3, od0_3) - 8.0 * xs0);
        let wv7 = w[w7 * chunks_per_row + c];
        acc7_0 = acc7_0 + sp6.y * (word_dot(wv7.x, ev0_0, od0_0) + word_dot(wv7.y, ev0_1, od0_1) + word_dot(wv7.z, ev0_2, od0_2) + word_dot(wv7.w, ev0_3, od0_3) - 8.0 * xs0);
    }
    // The epilogue runs once per tile, so it loops over a private copy of the sums (index r * TM + t):
    // one copy of its stores instead of RN x TM, whose branches were most of SwiftShader's compile time.
    var sums = array<f32, 8>(
        acc0_0,
        acc1_0,
        acc2_0,
        acc3_0,
        acc4_0,
        acc5_0,
        acc6_0,
        acc7_0
    );
    for (var i = 0u; i < 8u; i = i + 1u) {
        let r = i / TM;
        let t = i % TM;
        if (nb + r < p.N && m0 + t < M) {
            let n = tile_row(col, r);
            store(m0 + t, n, sums[i] + bias_at(n));
        }
    }
}
