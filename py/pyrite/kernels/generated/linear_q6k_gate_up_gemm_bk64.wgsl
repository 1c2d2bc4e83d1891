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

const WG: u32 = 64u;
const TM: u32 = 8u;
const RN: u32 = 4u;
const WGN: u32 = 16u;
const BN: u32 = 64u;
const BM: u32 = 32u;
const BK: u32 = 64u;
const EPW: u32 = 8u;  // W values per loaded word (a vec4 for f32)

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> x: array<vec4<f32>>;  // [M, K/4]
@group(0) @binding(3) var<storage, read> w: array<u32>;  // q4: [rows, K/8] nibbles; q8: [rows, K/4] bytes
@group(0) @binding(4) var<storage, read> qh: array<u32>;  // [rows, K * hbits / 32] high bits
@group(0) @binding(5) var<storage, read> sb: array<u32>;  // [rows, K/256, words] superblock headers
@group(0) @binding(6) var<storage, read> bias: array<f32>;  // [rows] (dummy when has_bias == 0)
@group(0) @binding(7) var<storage, read_write> y: array<f32>;  // plain: [M, ldy]; gate_up: [M, N]

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
    let g = min(col * 2u + r % 2u, p.N - 1u);
    return select(g, g + p.N, r >= 2u);
}

var<workgroup> w_tile: array<vec4<f32>, 1024>;  // [BK/4, BN]: W dequantized, slot r * WGN + c
var<workgroup> x_tile: array<vec4<f32>, 512>;  // [BK/4, BM]

// Stage word kw (EPW values from k) of W row `row` (in the part buffers) dequantized into slot `slot`.
fn stage_w(row: u32, k: u32, slot: u32, kw: u32) {
    let word = vec4<u32>(w[row * (p.K / 8u) + k / 8u]);
    let hw = vec4<u32>(high_word(row, k));
    let lo = vec4<f32>((word >> vec4<u32>(0u, 4u, 8u, 12u)) & vec4<u32>(0xFu))             + 16.0 * vec4<f32>((hw >> vec4<u32>(0u, 4u, 8u, 12u)) & vec4<u32>(0xFu));
    let hi = vec4<f32>((word >> vec4<u32>(16u, 20u, 24u, 28u)) & vec4<u32>(0xFu))             + 16.0 * vec4<f32>((hw >> vec4<u32>(16u, 20u, 24u, 28u)) & vec4<u32>(0xFu));
    let ds = sub_scales(row, k - k % 32u);
    let d = select(ds.x, ds.y, k % 32u >= 16u);  // the 8 values' 16-value sub-block
    w_tile[2u * kw * BN + slot] = d * (lo - 32.0);
    w_tile[(2u * kw + 1u) * BN + slot] = d * (hi - 32.0);
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let M = live_rows();
    let K4 = p.K / 4u;
    let c = lid % WGN;  // this invocation's column and first token in the workgroup's tile
    let t0 = lid / WGN * TM;
    let col = wid.x * WGN + c;
    let m0 = wid.y * BM + t0;
    if (wid.x * WGN * 2u >= p.N || wid.y * BM >= M) {  // per workgroup: the barriers stay uniform
        return;
    }
    let nb = col * 2u;  // first output row of the tile
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
    for (var k0 = 0u; k0 < p.K; k0 = k0 + BK) {
        for (var i = lid; i < BN * (BK / EPW); i = i + WG) {
            let slot = i / (BK / EPW);
            let kw = i % (BK / EPW);
            stage_w(p.wr0 + tile_row(wid.x * WGN + slot % WGN, slot / WGN), k0 + kw * EPW, slot, kw);
        }
        for (var i = lid; i < BM * (BK / 4u); i = i + WG) {
            let m = i / (BK / 4u);
            let k4 = i % (BK / 4u);
            x_tile[k4 * BM + m] = x[min(wid.y * BM + m, M - 1u) * K4 + k0 / 4u + k4];
        }
        workgroupBarrier();
        for (var k4 = 0u; k4 < BK / 4u; k4 = k4 + 1u) {
            let a0 = x_tile[k4 * BM + t0 + 0u];
            let a1 = x_tile[k4 * BM + t0 + 1u];
            let a2 = x_tile[k4 * BM + t0 + 2u];
            let a3 = x_tile[k4 * BM + t0 + 3u];
            let a4 = x_tile[k4 * BM + t0 + 4u];
            let a5 = x_tile[k4 * BM + t0 + 5u];
            let a6 = x_tile[k4 * BM + t0 + 6u];
            let a7 = x_tile[k4 * BM + t0 + 7u];
            let b0 = w_tile[k4 * BN + 0u * WGN + c];
            acc0_0 = acc0_0 + dot(b0, a0);
            acc0_1 = acc0_1 + dot(b0, a1);
            acc0_2 = acc0_2 + dot(b0, a2);
            acc0_3 = acc0_3 + dot(b0, a3);
            acc0_4 = acc0_4 + dot(b0, a4);
            acc0_5 = acc0_5 + dot(b0, a5);
            acc0_6 = acc0_6 + dot(b0, a6);
            acc0_7 = acc0_7 + dot(b0, a7);
            let b1 = w_tile[k4 * BN + 1u * WGN + c];
            acc1_0 = acc1_0 + dot(b1, a0);
            acc1_1 = acc1_1 + dot(b1, a1);
            acc1_2 = acc1_2 + dot(b1, a2);
            acc1_3 = acc1_3 + dot(b1, a3);
            acc1_4 = acc1_4 + dot(b1, a4);
            acc1_5 = acc1_5 + dot(b1, a5);
            acc1_6 = acc1_6 + dot(b1, a6);
            acc1_7 = acc1_7 + dot(b1, a7);
            let b2 = w_tile[k4 * BN + 2u * WGN + c];
            acc2_0 = acc2_0 + dot(b2, a0);
            acc2_1 = acc2_1 + dot(b2, a1);
            acc2_2 = acc2_2 + dot(b2, a2);
            acc2_3 = acc2_3 + dot(b2, a3);
            acc2_4 = acc2_4 + dot(b2, a4);
            acc2_5 = acc2_5 + dot(b2, a5);
            acc2_6 = acc2_6 + dot(b2, a6);
            acc2_7 = acc2_7 + dot(b2, a7);
            let b3 = w_tile[k4 * BN + 3u * WGN + c];
            acc3_0 = acc3_0 + dot(b3, a0);
            acc3_1 = acc3_1 + dot(b3, a1);
            acc3_2 = acc3_2 + dot(b3, a2);
            acc3_3 = acc3_3 + dot(b3, a3);
            acc3_4 = acc3_4 + dot(b3, a4);
            acc3_5 = acc3_5 + dot(b3, a5);
            acc3_6 = acc3_6 + dot(b3, a6);
            acc3_7 = acc3_7 + dot(b3, a7);
        }
        workgroupBarrier();
    }
    if (nb + 0u < p.N) {
        let bg0 = bias_at(n0);
        let bu0 = bias_at(n2);
        if (m0 + 0u < M) {
            let gate = acc0_0 + bg0;
            y[(m0 + 0u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc2_0 + bu0);
        }
        if (m0 + 1u < M) {
            let gate = acc0_1 + bg0;
            y[(m0 + 1u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc2_1 + bu0);
        }
        if (m0 + 2u < M) {
            let gate = acc0_2 + bg0;
            y[(m0 + 2u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc2_2 + bu0);
        }
        if (m0 + 3u < M) {
            let gate = acc0_3 + bg0;
            y[(m0 + 3u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc2_3 + bu0);
        }
        if (m0 + 4u < M) {
            let gate = acc0_4 + bg0;
            y[(m0 + 4u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc2_4 + bu0);
        }
        if (m0 + 5u < M) {
            let gate = acc0_5 + bg0;
            y[(m0 + 5u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc2_5 + bu0);
        }
        if (m0 + 6u < M) {
            let gate = acc0_6 + bg0;
            y[(m0 + 6u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc2_6 + bu0);
        }
        if (m0 + 7u < M) {
            let gate = acc0_7 + bg0;
            y[(m0 + 7u) * p.N + n0] = gate / (1.0 + exp(-gate)) * (acc2_7 + bu0);
        }
    }
    if (nb + 1u < p.N) {
        let bg1 = bias_at(n1);
        let bu1 = bias_at(n3);
        if (m0 + 0u < M) {
            let gate = acc1_0 + bg1;
            y[(m0 + 0u) * p.N + n1] = gate / (1.0 + exp(-gate)) * (acc3_0 + bu1);
        }
        if (m0 + 1u < M) {
            let gate = acc1_1 + bg1;
            y[(m0 + 1u) * p.N + n1] = gate / (1.0 + exp(-gate)) * (acc3_1 + bu1);
        }
        if (m0 + 2u < M) {
            let gate = acc1_2 + bg1;
            y[(m0 + 2u) * p.N + n1] = gate / (1.0 + exp(-gate)) * (acc3_2 + bu1);
        }
        if (m0 + 3u < M) {
            let gate = acc1_3 + bg1;
            y[(m0 + 3u) * p.N + n1] = gate / (1.0 + exp(-gate)) * (acc3_3 + bu1);
        }
        if (m0 + 4u < M) {
            let gate = acc1_4 + bg1;
            y[(m0 + 4u) * p.N + n1] = gate / (1.0 + exp(-gate)) * (acc3_4 + bu1);
        }
        if (m0 + 5u < M) {
            let gate = acc1_5 + bg1;
            y[(m0 + 5u) * p.N + n1] = gate / (1.0 + exp(-gate)) * (acc3_5 + bu1);
        }
        if (m0 + 6u < M) {
            let gate = acc1_6 + bg1;
            y[(m0 + 6u) * p.N + n1] = gate / (1.0 + exp(-gate)) * (acc3_6 + bu1);
        }
        if (m0 + 7u < M) {
            let gate = acc1_7 + bg1;
            y[(m0 + 7u) * p.N + n1] = gate / (1.0 + exp(-gate)) * (acc3_7 + bu1);
        }
    }
}
