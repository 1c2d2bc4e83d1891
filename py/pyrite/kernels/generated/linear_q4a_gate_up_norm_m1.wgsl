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
const TM: u32 = 1u;
const RN: u32 = 4u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> x: array<vec4<f32>>;  // [M, K/4]
@group(0) @binding(3) var<storage, read> w: array<u32>;  // q4: [rows, K/8] nibbles; q8: [rows, K/4] bytes
@group(0) @binding(4) var<storage, read> scale: array<u32>;  // [K/GS, ldw] fp16 pairs
@group(0) @binding(5) var<storage, read> mins: array<u32>;  // [K/GS, ldw] fp16 pairs
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
    if (col * 2u >= p.N || m0 >= M) {
        return;
    }
    let nb = col * 2u;  // first output row of the tile
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
    let words_per_group = p.GS / 8u;
    let words_per_row = p.K / 8u;
    let n_groups = p.K / p.GS;
    for (var g = 0u; g < n_groups; g = g + 1u) {
        var xs0 = 0.0;
        var qx0_0 = 0.0;
        var qx1_0 = 0.0;
        var qx2_0 = 0.0;
        var qx3_0 = 0.0;
        for (var i = 0u; i < words_per_group; i = i + 1u) {
            let word = g * words_per_group + i;
            // x at the word's even positions (0,2,4,6) and odd positions (1,3,5,7)
            let ga = gain[word * 2u];
            let gb = gain[word * 2u + 1u];
            let a0_raw = x[x0 + word * 2u];
            ss0 = ss0 + dot(a0_raw, a0_raw);
            let a0 = a0_raw * ga;
            let b0_raw = x[x0 + word * 2u + 1u];
            ss0 = ss0 + dot(b0_raw, b0_raw);
            let b0 = b0_raw * gb;
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev0 = vec4<f32>(a0.x, a0.z, b0.x, b0.z) * EVEN_SCALE;
            let od0 = vec4<f32>(a0.y, a0.w, b0.y, b0.w) * ODD_SCALE;
            xs0 = xs0 + dot(a0 + b0, vec4<f32>(1.0));
            let q0 = vec4<u32>(w[w0 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo0 = vec4<f32>(q0 & EVEN_NIBBLES);
            let hi0 = vec4<f32>(q0 & ODD_NIBBLES);
            qx0_0 = qx0_0 + dot(lo0, ev0) + dot(hi0, od0);
            let q1 = vec4<u32>(w[w1 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo1 = vec4<f32>(q1 & EVEN_NIBBLES);
            let hi1 = vec4<f32>(q1 & ODD_NIBBLES);
            qx1_0 = qx1_0 + dot(lo1, ev0) + dot(hi1, od0);
            let q2 = vec4<u32>(w[w2 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo2 = vec4<f32>(q2 & EVEN_NIBBLES);
            let hi2 = vec4<f32>(q2 & ODD_NIBBLES);
            qx2_0 = qx2_0 + dot(lo2, ev0) + dot(hi2, od0);
            let q3 = vec4<u32>(w[w3 * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo3 = vec4<f32>(q3 & EVEN_NIBBLES);
            let hi3 = vec4<f32>(q3 & ODD_NIBBLES);
            qx3_0 = qx3_0 + dot(lo3, ev0) + dot(hi3, od0);
        }
        let si0 = g * p.ldw + w0;
        let s0 = half_at(si0, scale[si0 >> 1u]);
        let mn0 = half_at(si0, mins[si0 >> 1u]);
        acc0_0 = acc0_0 + s0 * qx0_0 + mn0 * xs0;
        let si1 = g * p.ldw + w1;
        let s1 = half_at(si1, scale[si1 >> 1u]);
        let mn1 = half_at(si1, mins[si1 >> 1u]);
        acc1_0 = acc1_0 + s1 * qx1_0 + mn1 * xs0;
        let si2 = g * p.ldw + w2;
        let s2 = half_at(si2, scale[si2 >> 1u]);
        let mn2 = half_at(si2, mins[si2 >> 1u]);
        acc2_0 = acc2_0 + s2 * qx2_0 + mn2 * xs0;
        let si3 = g * p.ldw + w3;
        let s3 = half_at(si3, scale[si3 >> 1u]);
        let mn3 = half_at(si3, mins[si3 >> 1u]);
        acc3_0 = acc3_0 + s3 * qx3_0 + mn3 * xs0;
    }
    let inv0 = inverseSqrt(ss0 / f32(p.K) + p.eps);
    acc0_0 = acc0_0 * inv0;
    acc1_0 = acc1_0 * inv0;
    acc2_0 = acc2_0 * inv0;
    acc3_0 = acc3_0 * inv0;
    // The epilogue runs once per tile, so it loops over a private copy of the sums (index r * TM + t):
    // one copy of its stores instead of RN x TM, whose branches were most of SwiftShader's compile time.
    var sums = array<f32, 4>(
        acc0_0,
        acc1_0,
        acc2_0,
        acc3_0
    );
    for (var i = 0u; i < 2u; i = i + 1u) {
        let r = i / TM;
        let t = i % TM;
        if (nb + r < p.N && m0 + t < M) {
            let n = tile_row(col, r);
            let gate = sums[i] + bias_at(n);
            let up = sums[i + 2u] + bias_at(tile_row(col, r + 2u));
            y[(m0 + t) * p.N + n] = gate / (1.0 + exp(-gate)) * up;
        }
    }
}
