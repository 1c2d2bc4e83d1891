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
const TM: u32 = 16u;
const RN: u32 = 4u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> x: array<vec4<f32>>;  // [M, K/4]
@group(0) @binding(3) var<storage, read> w: array<vec4<f32>>;  // [rows, K/4]
@group(0) @binding(4) var<storage, read> bias: array<f32>;  // [rows] (dummy when has_bias == 0)
@group(0) @binding(5) var<storage, read> gain: array<vec4<f32>>;  // [K/4] the RMSNorm weight
@group(0) @binding(6) var<storage, read> table: array<vec2<f32>>;  // [positions, D/2] (cos, sin)
@group(0) @binding(7) var<storage, read_write> yq: array<f32>;  // [M, Hq * D]
@group(0) @binding(8) var<storage, read_write> k_cache: array<u32>;  // [Hk, max_ctx, D/2] fp16 pairs
@group(0) @binding(9) var<storage, read_write> v_cache: array<u32>;  // [Hk, max_ctx, D/2] fp16 pairs

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
    let x8 = min(m0 + 8u, M - 1u) * K4;
    let x9 = min(m0 + 9u, M - 1u) * K4;
    let x10 = min(m0 + 10u, M - 1u) * K4;
    let x11 = min(m0 + 11u, M - 1u) * K4;
    let x12 = min(m0 + 12u, M - 1u) * K4;
    let x13 = min(m0 + 13u, M - 1u) * K4;
    let x14 = min(m0 + 14u, M - 1u) * K4;
    let x15 = min(m0 + 15u, M - 1u) * K4;
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
    var acc0_8 = 0.0;
    var acc0_9 = 0.0;
    var acc0_10 = 0.0;
    var acc0_11 = 0.0;
    var acc0_12 = 0.0;
    var acc0_13 = 0.0;
    var acc0_14 = 0.0;
    var acc0_15 = 0.0;
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
    var acc1_8 = 0.0;
    var acc1_9 = 0.0;
    var acc1_10 = 0.0;
    var acc1_11 = 0.0;
    var acc1_12 = 0.0;
    var acc1_13 = 0.0;
    var acc1_14 = 0.0;
    var acc1_15 = 0.0;
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
    var acc2_8 = 0.0;
    var acc2_9 = 0.0;
    var acc2_10 = 0.0;
    var acc2_11 = 0.0;
    var acc2_12 = 0.0;
    var acc2_13 = 0.0;
    var acc2_14 = 0.0;
    var acc2_15 = 0.0;
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
    var acc3_8 = 0.0;
    var acc3_9 = 0.0;
    var acc3_10 = 0.0;
    var acc3_11 = 0.0;
    var acc3_12 = 0.0;
    var acc3_13 = 0.0;
    var acc3_14 = 0.0;
    var acc3_15 = 0.0;
    var ss0 = 0.0;
    var ss1 = 0.0;
    var ss2 = 0.0;
    var ss3 = 0.0;
    var ss4 = 0.0;
    var ss5 = 0.0;
    var ss6 = 0.0;
    var ss7 = 0.0;
    var ss8 = 0.0;
    var ss9 = 0.0;
    var ss10 = 0.0;
    var ss11 = 0.0;
    var ss12 = 0.0;
    var ss13 = 0.0;
    var ss14 = 0.0;
    var ss15 = 0.0;
    for (var k4 = 0u; k4 < K4; k4 = k4 + 1u) {
        let g = gain[k4];
        let a0_raw = x[x0 + k4];
        ss0 = ss0 + dot(a0_raw, a0_raw);
        let a0 = a0_raw * g;
        let a1_raw = x[x1 + k4];
        ss1 = ss1 + dot(a1_raw, a1_raw);
        let a1 = a1_raw * g;
        let a2_raw = x[x2 + k4];
        ss2 = ss2 + dot(a2_raw, a2_raw);
        let a2 = a2_raw * g;
        let a3_raw = x[x3 + k4];
        ss3 = ss3 + dot(a3_raw, a3_raw);
        let a3 = a3_raw * g;
        let a4_raw = x[x4 + k4];
        ss4 = ss4 + dot(a4_raw, a4_raw);
        let a4 = a4_raw * g;
        let a5_raw = x[x5 + k4];
        ss5 = ss5 + dot(a5_raw, a5_raw);
        let a5 = a5_raw * g;
        let a6_raw = x[x6 + k4];
        ss6 = ss6 + dot(a6_raw, a6_raw);
        let a6 = a6_raw * g;
        let a7_raw = x[x7 + k4];
        ss7 = ss7 + dot(a7_raw, a7_raw);
        let a7 = a7_raw * g;
        let a8_raw = x[x8 + k4];
        ss8 = ss8 + dot(a8_raw, a8_raw);
        let a8 = a8_raw * g;
        let a9_raw = x[x9 + k4];
        ss9 = ss9 + dot(a9_raw, a9_raw);
        let a9 = a9_raw * g;
        let a10_raw = x[x10 + k4];
        ss10 = ss10 + dot(a10_raw, a10_raw);
        let a10 = a10_raw * g;
        let a11_raw = x[x11 + k4];
        ss11 = ss11 + dot(a11_raw, a11_raw);
        let a11 = a11_raw * g;
        let a12_raw = x[x12 + k4];
        ss12 = ss12 + dot(a12_raw, a12_raw);
        let a12 = a12_raw * g;
        let a13_raw = x[x13 + k4];
        ss13 = ss13 + dot(a13_raw, a13_raw);
        let a13 = a13_raw * g;
        let a14_raw = x[x14 + k4];
        ss14 = ss14 + dot(a14_raw, a14_raw);
        let a14 = a14_raw * g;
        let a15_raw = x[x15 + k4];
        ss15 = ss15 + dot(a15_raw, a15_raw);
        let a15 = a15_raw * g;
        let wv0 = w[w0 * K4 + k4];
        acc0_0 = acc0_0 + dot(wv0, a0);
        acc0_1 = acc0_1 + dot(wv0, a1);
        acc0_2 = acc0_2 + dot(wv0, a2);
        acc0_3 = acc0_3 + dot(wv0, a3);
        acc0_4 = acc0_4 + dot(wv0, a4);
        acc0_5 = acc0_5 + dot(wv0, a5);
        acc0_6 = acc0_6 + dot(wv0, a6);
        acc0_7 = acc0_7 + dot(wv0, a7);
        acc0_8 = acc0_8 + dot(wv0, a8);
        acc0_9 = acc0_9 + dot(wv0, a9);
        acc0_10 = acc0_10 + dot(wv0, a10);
        acc0_11 = acc0_11 + dot(wv0, a11);
        acc0_12 = acc0_12 + dot(wv0, a12);
        acc0_13 = acc0_13 + dot(wv0, a13);
        acc0_14 = acc0_14 + dot(wv0, a14);
        acc0_15 = acc0_15 + dot(wv0, a15);
        let wv1 = w[w1 * K4 + k4];
        acc1_0 = acc1_0 + dot(wv1, a0);
        acc1_1 = acc1_1 + dot(wv1, a1);
        acc1_2 = acc1_2 + dot(wv1, a2);
        acc1_3 = acc1_3 + dot(wv1, a3);
        acc1_4 = acc1_4 + dot(wv1, a4);
        acc1_5 = acc1_5 + dot(wv1, a5);
        acc1_6 = acc1_6 + dot(wv1, a6);
        acc1_7 = acc1_7 + dot(wv1, a7);
        acc1_8 = acc1_8 + dot(wv1, a8);
        acc1_9 = acc1_9 + dot(wv1, a9);
        acc1_10 = acc1_10 + dot(wv1, a10);
        acc1_11 = acc1_11 + dot(wv1, a11);
        acc1_12 = acc1_12 + dot(wv1, a12);
        acc1_13 = acc1_13 + dot(wv1, a13);
        acc1_14 = acc1_14 + dot(wv1, a14);
        acc1_15 = acc1_15 + dot(wv1, a15);
        let wv2 = w[w2 * K4 + k4];
        acc2_0 = acc2_0 + dot(wv2, a0);
        acc2_1 = acc2_1 + dot(wv2, a1);
        acc2_2 = acc2_2 + dot(wv2, a2);
        acc2_3 = acc2_3 + dot(wv2, a3);
        acc2_4 = acc2_4 + dot(wv2, a4);
        acc2_5 = acc2_5 + dot(wv2, a5);
        acc2_6 = acc2_6 + dot(wv2, a6);
        acc2_7 = acc2_7 + dot(wv2, a7);
        acc2_8 = acc2_8 + dot(wv2, a8);
        acc2_9 = acc2_9 + dot(wv2, a9);
        acc2_10 = acc2_10 + dot(wv2, a10);
        acc2_11 = acc2_11 + dot(wv2, a11);
        acc2_12 = acc2_12 + dot(wv2, a12);
        acc2_13 = acc2_13 + dot(wv2, a13);
        acc2_14 = acc2_14 + dot(wv2, a14);
        acc2_15 = acc2_15 + dot(wv2, a15);
        let wv3 = w[w3 * K4 + k4];
        acc3_0 = acc3_0 + dot(wv3, a0);
        acc3_1 = acc3_1 + dot(wv3, a1);
        acc3_2 = acc3_2 + dot(wv3, a2);
        acc3_3 = acc3_3 + dot(wv3, a3);
        acc3_4 = acc3_4 + dot(wv3, a4);
        acc3_5 = acc3_5 + dot(wv3, a5);
        acc3_6 = acc3_6 + dot(wv3, a6);
        acc3_7 = acc3_7 + dot(wv3, a7);
        acc3_8 = acc3_8 + dot(wv3, a8);
        acc3_9 = acc3_9 + dot(wv3, a9);
        acc3_10 = acc3_10 + dot(wv3, a10);
        acc3_11 = acc3_11 + dot(wv3, a11);
        acc3_12 = acc3_12 + dot(wv3, a12);
        acc3_13 = acc3_13 + dot(wv3, a13);
        acc3_14 = acc3_14 + dot(wv3, a14);
        acc3_15 = acc3_15 + dot(wv3, a15);
    }
    let inv0 = inverseSqrt(ss0 / f32(p.K) + p.eps);
    acc0_0 = acc0_0 * inv0;
    acc1_0 = acc1_0 * inv0;
    acc2_0 = acc2_0 * inv0;
    acc3_0 = acc3_0 * inv0;
    let inv1 = inverseSqrt(ss1 / f32(p.K) + p.eps);
    acc0_1 = acc0_1 * inv1;
    acc1_1 = acc1_1 * inv1;
    acc2_1 = acc2_1 * inv1;
    acc3_1 = acc3_1 * inv1;
    let inv2 = inverseSqrt(ss2 / f32(p.K) + p.eps);
    acc0_2 = acc0_2 * inv2;
    acc1_2 = acc1_2 * inv2;
    acc2_2 = acc2_2 * inv2;
    acc3_2 = acc3_2 * inv2;
    let inv3 = inverseSqrt(ss3 / f32(p.K) + p.eps);
    acc0_3 = acc0_3 * inv3;
    acc1_3 = acc1_3 * inv3;
    acc2_3 = acc2_3 * inv3;
    acc3_3 = acc3_3 * inv3;
    let inv4 = inverseSqrt(ss4 / f32(p.K) + p.eps);
    acc0_4 = acc0_4 * inv4;
    acc1_4 = acc1_4 * inv4;
    acc2_4 = acc2_4 * inv4;
    acc3_4 = acc3_4 * inv4;
    let inv5 = inverseSqrt(ss5 / f32(p.K) + p.eps);
    acc0_5 = acc0_5 * inv5;
    acc1_5 = acc1_5 * inv5;
    acc2_5 = acc2_5 * inv5;
    acc3_5 = acc3_5 * inv5;
    let inv6 = inverseSqrt(ss6 / f32(p.K) + p.eps);
    acc0_6 = acc0_6 * inv6;
    acc1_6 = acc1_6 * inv6;
    acc2_6 = acc2_6 * inv6;
    acc3_6 = acc3_6 * inv6;
    let inv7 = inverseSqrt(ss7 / f32(p.K) + p.eps);
    acc0_7 = acc0_7 * inv7;
    acc1_7 = acc1_7 * inv7;
    acc2_7 = acc2_7 * inv7;
    acc3_7 = acc3_7 * inv7;
    let inv8 = inverseSqrt(ss8 / f32(p.K) + p.eps);
    acc0_8 = acc0_8 * inv8;
    acc1_8 = acc1_8 * inv8;
    acc2_8 = acc2_8 * inv8;
    acc3_8 = acc3_8 * inv8;
    let inv9 = inverseSqrt(ss9 / f32(p.K) + p.eps);
    acc0_9 = acc0_9 * inv9;
    acc1_9 = acc1_9 * inv9;
    acc2_9 = acc2_9 * inv9;
    acc3_9 = acc3_9 * inv9;
    let inv10 = inverseSqrt(ss10 / f32(p.K) + p.eps);
    acc0_10 = acc0_10 * inv10;
    acc1_10 = acc1_10 * inv10;
    acc2_10 = acc2_10 * inv10;
    acc3_10 = acc3_10 * inv10;
    let inv11 = inverseSqrt(ss11 / f32(p.K) + p.eps);
    acc0_11 = acc0_11 * inv11;
    acc1_11 = acc1_11 * inv11;
    acc2_11 = acc2_11 * inv11;
    acc3_11 = acc3_11 * inv11;
    let inv12 = inverseSqrt(ss12 / f32(p.K) + p.eps);
    acc0_12 = acc0_12 * inv12;
    acc1_12 = acc1_12 * inv12;
    acc2_12 = acc2_12 * inv12;
    acc3_12 = acc3_12 * inv12;
    let inv13 = inverseSqrt(ss13 / f32(p.K) + p.eps);
    acc0_13 = acc0_13 * inv13;
    acc1_13 = acc1_13 * inv13;
    acc2_13 = acc2_13 * inv13;
    acc3_13 = acc3_13 * inv13;
    let inv14 = inverseSqrt(ss14 / f32(p.K) + p.eps);
    acc0_14 = acc0_14 * inv14;
    acc1_14 = acc1_14 * inv14;
    acc2_14 = acc2_14 * inv14;
    acc3_14 = acc3_14 * inv14;
    let inv15 = inverseSqrt(ss15 / f32(p.K) + p.eps);
    acc0_15 = acc0_15 * inv15;
    acc1_15 = acc1_15 * inv15;
    acc2_15 = acc2_15 * inv15;
    acc3_15 = acc3_15 * inv15;
    // The epilogue runs once per tile, so it loops over a private copy of the sums (index r * TM + t):
    // one copy of its stores instead of RN x TM, whose branches were most of SwiftShader's compile time.
    var sums = array<f32, 64>(
        acc0_0, acc0_1, acc0_2, acc0_3, acc0_4, acc0_5, acc0_6, acc0_7, acc0_8, acc0_9, acc0_10, acc0_11, acc0_12, acc0_13, acc0_14, acc0_15,
        acc1_0, acc1_1, acc1_2, acc1_3, acc1_4, acc1_5, acc1_6, acc1_7, acc1_8, acc1_9, acc1_10, acc1_11, acc1_12, acc1_13, acc1_14, acc1_15,
        acc2_0, acc2_1, acc2_2, acc2_3, acc2_4, acc2_5, acc2_6, acc2_7, acc2_8, acc2_9, acc2_10, acc2_11, acc2_12, acc2_13, acc2_14, acc2_15,
        acc3_0, acc3_1, acc3_2, acc3_3, acc3_4, acc3_5, acc3_6, acc3_7, acc3_8, acc3_9, acc3_10, acc3_11, acc3_12, acc3_13, acc3_14, acc3_15
    );
    for (var i = 0u; i < 16u; i = i + 1u) {
        let g = i / TM;
        let t = i % TM;
        if (nb + 4u * g < p.N && m0 + t < M) {
            var v = vec4<f32>(0.0);
            for (var j = 0u; j < 4u; j = j + 1u) {
                let r = 4u * g + j;
                v[j] = sums[r * TM + t] + bias_at(tile_row(col, r));
            }
            rope_store(m0 + t, col * 1u + g, v);
        }
    }
}
