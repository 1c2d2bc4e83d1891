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
@group(0) @binding(2) var<storage, read> part: array<f32>;  // [splits, cols, V] the K slices' sums
@group(0) @binding(3) var<storage, read> bias: array<f32>;  // [rows] (dummy when has_bias == 0)
@group(0) @binding(4) var<storage, read_write> y: array<f32>;  // plain: [M, ldy]; gate_up: [M, N]

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
    let g = min(col * 1u + r % 1u, p.N - 1u);
    return select(g, g + p.N, r >= 1u);
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
    let slice = (p.N + 0u) / 1u * 16u;  // one K slice's sums: cols x V
    let at0 = wid.y * p.splits * slice + col * 16u;
    for (var s = 0u; s < p.splits; s = s + 1u) {
        acc0_0 = acc0_0 + part[s * slice + at0 + 0u];
        acc0_1 = acc0_1 + part[s * slice + at0 + 1u];
        acc0_2 = acc0_2 + part[s * slice + at0 + 2u];
        acc0_3 = acc0_3 + part[s * slice + at0 + 3u];
        acc0_4 = acc0_4 + part[s * slice + at0 + 4u];
        acc0_5 = acc0_5 + part[s * slice + at0 + 5u];
        acc0_6 = acc0_6 + part[s * slice + at0 + 6u];
        acc0_7 = acc0_7 + part[s * slice + at0 + 7u];
        acc1_0 = acc1_0 + part[s * slice + at0 + 8u];
        acc1_1 = acc1_1 + part[s * slice + at0 + 9u];
        acc1_2 = acc1_2 + part[s * slice + at0 + 10u];
        acc1_3 = acc1_3 + part[s * slice + at0 + 11u];
        acc1_4 = acc1_4 + part[s * slice + at0 + 12u];
        acc1_5 = acc1_5 + part[s * slice + at0 + 13u];
        acc1_6 = acc1_6 + part[s * slice + at0 + 14u];
        acc1_7 = acc1_7 + part[s * slice + at0 + 15u];
    }
    if (nb + 0u < p.N) {
        let bg0 = bias_at(n0);
        let bu0 = bias_at(n1);
        if (m0 + 0u < M) {
            let gate = acc0_0 + bg0;
            y[(m0 + 0u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_0 + bu0);
        }
        if (m0 + 1u < M) {
            let gate = acc0_1 + bg0;
            y[(m0 + 1u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_1 + bu0);
        }
        if (m0 + 2u < M) {
            let gate = acc0_2 + bg0;
            y[(m0 + 2u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_2 + bu0);
        }
        if (m0 + 3u < M) {
            let gate = acc0_3 + bg0;
            y[(m0 + 3u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_3 + bu0);
        }
        if (m0 + 4u < M) {
            let gate = acc0_4 + bg0;
            y[(m0 + 4u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_4 + bu0);
        }
        if (m0 + 5u < M) {
            let gate = acc0_5 + bg0;
            y[(m0 + 5u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_5 + bu0);
        }
        if (m0 + 6u < M) {
            let gate = acc0_6 + bg0;
            y[(m0 + 6u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_6 + bu0);
        }
        if (m0 + 7u < M) {
            let gate = acc0_7 + bg0;
            y[(m0 + 7u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc1_7 + bu0);
        }
    }
}
