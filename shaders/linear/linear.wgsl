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
{% if SG > 0 and COOP > 0 %}
enable subgroups;
{% endif %}
{% import "_lib/common.wgsli" as lib %}
{% import "_lib/quant.wgsli" as quant %}
{{ lib.step_struct() }}
struct Params { N: u32, K: u32, GS: u32, rows: u32, has_bias: u32, b0: u32, wr0: u32, ldw: u32,
                n0: u32, ldy: u32, accumulate: u32, nq: u32, nk: u32, Hq: u32, Hk: u32,
                D: u32, positions: u32, max_ctx: u32, interleaved: u32, eps: f32, splits: u32 }

const WG: u32 = {{ WG }}u;
const TM: u32 = {{ TM }}u;
const RN: u32 = {{ RN }}u;
{% set GEMM = BK > 0 %}
{% set NORM = NORM > 0 and not GEMM %}
{% set WGN = WG // WGM %}
{% set EPW = 4 if QUANT in ("q8gsw", "f32") else 8 %}
{% set EXACT = QUANT in ("q5", "q5a", "q4k", "q5k", "q6k") %}{# the GGUF types kept as they are #}
{% set HIGH = QUANT in ("q5", "q5a", "q5k", "q6k") %}{# a "qh" part #}
{% set KQ = QUANT in ("q4k", "q5k", "q6k") %}{# an "sb" part in place of "scale" #}
{% set AFFINE = QUANT in ("q4a", "q5a") %}{# a "min" part #}
{% set SUM = SPLIT == 2 %}
{% set COOP = COOP > 0 and not GEMM and not SUM %}
{% set PART = SPLIT == 1 and COOP %}
{% set V = RN * TM + (TM if NORM else 0) %}{# values a coop lane reduces: the rows x tokens sums, then sum x^2 #}
{% set SG = SG > 0 and COOP %}
{% set VEC = (VEC > 0 or COOP or EXACT) and QUANT != "f32" and not GEMM %}
{% set EPC = 4 * EPW %}{# W values per vec4<u32> chunk #}
{% if GEMM %}
const WGN: u32 = {{ WGN }}u;
const BN: u32 = {{ WGN * RN }}u;
const BM: u32 = {{ WGM * TM }}u;
const BK: u32 = {{ BK }}u;
const EPW: u32 = {{ EPW }}u;  // W values per loaded word (a vec4 for f32)
{% endif %}
{% set ROPE = KIND == "qkv_rope" %}
{% set TILE = RN // 2 if KIND == "gate_up" else RN %}
{% set buffers = [("x", "read", "array<vec4<f32>>", "[M, K/4]")] %}
{% if SUM %}
{% set buffers = [("part", "read", "array<f32>", "[splits, cols, V] the K slices' sums")] %}
{% elif QUANT == "f32" %}
{% set buffers = buffers + [("w", "read", "array<vec4<f32>>", "[rows, K/4]")] %}
{% else %}
{% set buffers = buffers + [("w", "read", "array<vec4<u32>>" if VEC else "array<u32>",
                              "q4: [rows, K/8] nibbles; q8: [rows, K/4] bytes" + (" (vec4 chunks)" if VEC else ""))] %}
{% if HIGH %}
{% set buffers = buffers + [("qh", "read", "array<u32>", "[rows, K * hbits / 32] high bits")] %}
{% endif %}
{% if KQ %}
{% set buffers = buffers + [("sb", "read", "array<u32>", "[rows, K/256, words] superblock headers")] %}
{% else %}
{% set buffers = buffers + [("scale", "read", "array<u32>", "[K/GS, ldw] fp16 pairs")] %}
{% endif %}
{% if AFFINE %}
{% set buffers = buffers + [("mins", "read", "array<u32>", "[K/GS, ldw] fp16 pairs")] %}
{% endif %}
{% endif %}
{% if not PART %}
{% set buffers = buffers + [("bias", "read", "array<f32>", "[rows] (dummy when has_bias == 0)")] %}
{% endif %}
{% if NORM and not SUM %}
{% set buffers = buffers + [("gain", "read", "array<vec4<f32>>", "[K/4] the RMSNorm weight")] %}
{% endif %}
{% if PART %}
{% set buffers = buffers + [("part", "read_write", "array<f32>", "[splits, cols, V] the K slices' sums")] %}
{% elif KIND == "qkv" %}
{% set buffers = buffers + [("yq", "read_write", "array<f32>", "[M, nq]"), ("yk", "read_write", "array<f32>", "[M, nk]"),
                            ("yv", "read_write", "array<f32>", "[M, N - nq - nk]")] %}
{% elif ROPE %}
{% set buffers = buffers + [("table", "read", "array<vec2<f32>>", "[positions, D/2] (cos, sin)"),
                            ("yq", "read_write", "array<f32>", "[M, Hq * D]"),
                            ("k_cache", "read_write", "array<u32>", "[Hk, max_ctx, D/2] fp16 pairs"),
                            ("v_cache", "read_write", "array<u32>", "[Hk, max_ctx, D/2] fp16 pairs")] %}
{% else %}
{% set buffers = buffers + [("y", "read_write", "array<f32>", "plain: [M, ldy]; gate_up: [M, N]")] %}
{% endif %}
{% set TRACE = TRACE > 0 and COOP %}
{% if TRACE %}
{% set buffers = buffers + [("trace", "read_write", "array<u32>", "[cols * WG, TRACE_STEPS, RN] W word indices")] %}
{% endif %}

{{ lib.uniforms() }}
{% for name, access, type, note in buffers %}
@group(0) @binding({{ loop.index0 + 2 }}) var<storage, {{ access }}> {{ name }}: {{ type }};  // {{ note }}
{% endfor %}
{% if QUANT != "f32" %}

const BYTES = vec4<u32>(0xFFu, 0xFF00u, 0xFF0000u, 0xFF000000u);
const BYTE_SCALE = vec4<f32>(1.0, 0.00390625, 1.52587890625e-05, 5.9604644775390625e-08);           // 2^-0, -8, -16, -24
const EVEN_NIBBLES = vec4<u32>(0xFu, 0xF00u, 0xF0000u, 0xF000000u);
const ODD_NIBBLES = vec4<u32>(0xF0u, 0xF000u, 0xF00000u, 0xF0000000u);
const EVEN_SCALE = vec4<f32>(1.0, 0.00390625, 1.52587890625e-05, 5.9604644775390625e-08);            // 2^-0, -8, -16, -24
const ODD_SCALE = vec4<f32>(0.0625, 0.000244140625, 9.5367431640625e-07, 3.725290298461914e-09);   // 2^-4, -12, -20, -28

fn half_at(buf_index: u32, packed: u32) -> f32 {
    return unpack2x16float(packed)[buf_index & 1u];
}
{% if not SUM %}
{{ quant.fns(QUANT) }}{{ quant.chunk_fns(QUANT) }}
{% endif %}
{% endif %}
{% if VEC %}

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
{% if HIGH %}

// sum of the 8 values q + 16 qh of one W word times x: e and o hold them whole in byte lanes (at most 63, so
// the top lane stays below 2^31), the even values in e and the odd in o (chunk_w), one multiply-add per value;
// ev and ob: x's even and odd values pre-scaled by 2^-(8 * lane)
fn byte_dot(e: u32, o: u32, ev: vec4<f32>, ob: vec4<f32>) -> f32 {
    return masked(e, 0xFFu) * ev.x + masked(o, 0xFFu) * ob.x + masked(e, 0xFF00u) * ev.y + masked(o, 0xFF00u) * ob.y
         + masked(e, 0xFF0000u) * ev.z + masked(o, 0xFF0000u) * ob.z + masked(e, 0xFF000000u) * ev.w
         + masked(o, 0xFF000000u) * ob.w;
}
{% elif EPW == 8 %}

// sum of word v's 8 nibbles (masked in place) times x: ev = x0,2,4,6 and od = x1,3,5,7, pre-scaled by
// 2^-(4 * position) (the top nibble shifted down 4 first)
fn word_dot(v: u32, ev: vec4<f32>, od: vec4<f32>) -> f32 {
    let top = v >> 4u;
    return masked(v, 0xFu) * ev.x + masked(v, 0xF0u) * od.x + masked(v, 0xF00u) * ev.y + masked(v, 0xF000u) * od.y
         + masked(v, 0xF0000u) * ev.z + masked(v, 0xF00000u) * od.z + masked(v, 0xF000000u) * ev.w
         + masked(top, 0xF000000u) * od.w;
}
{% else %}

// sum of word v's 4 bytes (masked in place; int8 ^ 0x80 = q + 128) times x pre-scaled by
// 2^-(8 * position) (the top byte shifted down 8 first)
fn word_dot(v: u32, sx: vec4<f32>) -> f32 {
    let u = v ^ 0x80808080u;
    return masked(u, 0xFFu) * sx.x + masked(u, 0xFF00u) * sx.y + masked(u, 0xFF0000u) * sx.z
         + masked(u >> 8u, 0xFF0000u) * sx.w;
}
{% endif %}
{% endif %}

fn live_rows() -> u32 {
    return select(step.seq_len, p.rows, p.rows != 0u);
}
{% if not PART %}

fn bias_at(n: u32) -> f32 {
    if (p.has_bias == 0u) {
        return 0.0;
    }
    return bias[p.b0 + n];
}
{% endif %}
{% if ROPE %}

// Element offsets in its head of a quad's rows 0, 1 (adjacent) and 2, 3 (adjacent).
fn quad_offsets(j: u32) -> vec2<u32> {
    if (p.interleaved != 0u) {
        return vec2<u32>(4u * j, 4u * j + 2u);
    }
    return vec2<u32>(2u * j, 2u * j + p.D / 2u);
}
{% endif %}

// The output row (of W's N, or 2N for gate_up) that register row r of tile column col computes; a tail
// column re-reads the last row instead of branching (its store is skipped).
fn tile_row(col: u32, r: u32) -> u32 {
{% if KIND == "gate_up" %}
    let g = min(col * {{ TILE }}u + r % {{ TILE }}u, p.N - 1u);
    return select(g, g + p.N, r >= {{ TILE }}u);
{% elif ROPE %}
    let quads = p.D / 4u;  // p.N is a multiple of 4; the tile is RN / 4 whole quads
    let q = min(col * {{ RN // 4 }}u + r / 4u, p.N / 4u - 1u);
    let o = quad_offsets(q % quads);
    return q / quads * p.D + select(o.x, o.y, r % 4u >= 2u) + r % 2u;
{% else %}
    return min(col * RN + r, p.N - 1u);
{% endif %}
}
{% if GEMM %}

var<workgroup> w_tile: array<vec4<f32>, {{ BK // 4 * WGN * RN }}>;  // [BK/4, BN]: W dequantized, slot r * WGN + c
var<workgroup> x_tile: array<vec4<f32>, {{ BK // 4 * WGM * TM }}>;  // [BK/4, BM]

// Stage word kw (EPW values from k) of W row `row` (in the part buffers) dequantized into slot `slot`.
fn stage_w(row: u32, k: u32, slot: u32, kw: u32) {
{% if QUANT == "f32" %}
    w_tile[kw * BN + slot] = w[row * (p.K / 4u) + k / 4u];
{% elif QUANT == "q8gsw" %}
    let si = k / p.GS * p.ldw + row;
    let s = half_at(si, scale[si >> 1u]);
    let q = (vec4<u32>(w[row * (p.K / 4u) + k / 4u] ^ 0x80808080u) >> vec4<u32>(0u, 8u, 16u, 24u)) & vec4<u32>(0xFFu);
    w_tile[kw * BN + slot] = s * (vec4<f32>(q) - 128.0);
{% else %}
    let word = vec4<u32>(w[row * (p.K / 8u) + k / 8u]);
{% if HIGH %}
    let hw = vec4<u32>(high_word(row, k));
{% endif %}
{% for half, shifts in (("lo", "0u, 4u, 8u, 12u"), ("hi", "16u, 20u, 24u, 28u")) %}
    let {{ half }} = vec4<f32>((word >> vec4<u32>({{ shifts }})) & vec4<u32>(0xFu)){% if HIGH %}
             + 16.0 * vec4<f32>((hw >> vec4<u32>({{ shifts }})) & vec4<u32>(0xFu)){% endif %};
{% endfor %}
{% if KQ %}
{% if QUANT == "q6k" %}
    let ds = sub_scales(row, k - k % 32u);
    let d = select(ds.x, ds.y, k % 32u >= 16u);  // the 8 values' 16-value sub-block
    w_tile[2u * kw * BN + slot] = d * (lo - 32.0);
    w_tile[(2u * kw + 1u) * BN + slot] = d * (hi - 32.0);
{% else %}
    let dm = sub_scales(row, k);
    w_tile[2u * kw * BN + slot] = dm.x * lo - dm.y;
    w_tile[(2u * kw + 1u) * BN + slot] = dm.x * hi - dm.y;
{% endif %}
{% else %}
    let si = k / p.GS * p.ldw + row;
    let s = half_at(si, scale[si >> 1u]);
{% if AFFINE %}
    let mn = half_at(si, mins[si >> 1u]);
    w_tile[2u * kw * BN + slot] = s * lo + mn;
    w_tile[(2u * kw + 1u) * BN + slot] = s * hi + mn;
{% else %}
    w_tile[2u * kw * BN + slot] = s * (lo - {{ 16 if QUANT == "q5" else 8 }}.0);
    w_tile[(2u * kw + 1u) * BN + slot] = s * (hi - {{ 16 if QUANT == "q5" else 8 }}.0);
{% endif %}
{% endif %}
{% endif %}
}
{% endif %}
{% if PART %}
{% elif KIND == "plain" %}

fn store(m: u32, n: u32, v: f32) {
    let at = m * p.ldy + p.n0 + n;
    if (p.accumulate != 0u) {
        y[at] = y[at] + v;
    } else {
        y[at] = v;
    }
}
{% elif KIND == "qkv" %}

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
{% elif ROPE %}

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
{% endif %}
{# token t's x at vec4 index `at`, as {{ name }}{{ t }}: times the gain g where the norm is folded in
   (pad: the call's indent, for the lines after the first) #}
{% macro load_x(name, t, at, g, pad) %}
{% if NORM %}
let {{ name }}{{ t }}_raw = x[x{{ t }} + {{ at }}];
{{ pad }}ss{{ t }} = ss{{ t }} + dot({{ name }}{{ t }}_raw, {{ name }}{{ t }}_raw);
{{ pad }}let {{ name }}{{ t }} = {{ name }}{{ t }}_raw * {{ g }};
{%- else %}
let {{ name }}{{ t }} = x[x{{ t }} + {{ at }}];
{%- endif %}
{% endmacro %}
{% if TRACE %}

const TRACE_STEPS: u32 = 4u;
{% endif %}
{# a part kernel's lanes are traced per (column, K slice), from the slice's first word #}
{% macro trace_words(step, per_row) %}
{% if TRACE %}
{{ trace_rows("(%s - k_lo) / WG" % step if PART else "%s / WG" % step,
              "(col * p.splits + wid.y) * WG + lid" if PART else "col * WG + lid", step, per_row) }}{% endif %}
{% endmacro %}
{% macro trace_rows(n, lane, step, per_row) %}
        if ({{ n }} < TRACE_STEPS) {
{% for r in range(RN) %}
            trace[(({{ lane }}) * TRACE_STEPS + {{ n }}) * RN + {{ r }}u] = w{{ r }} * {{ per_row }} + {{ step }};
{% endfor %}
        }
{% endmacro %}
{# the K slice of this workgroup's split: words [k_lo, k_hi) of `words` per row #}
{% macro k_slice(words) %}
{% if PART %}
    let k_lo = wid.y * {{ words }} / p.splits;
    let k_hi = (wid.y + 1u) * {{ words }} / p.splits;
{% endif %}
{% endmacro %}
{# token t's x for chunk c (EPC values): its sum xs, and the values pre-scaled for in-place nibbles or bytes #}
{% macro chunk_x(t) %}
{% for i in range(EPC // 4) %}
{% if NORM %}
        let r{{ t }}_{{ i }} = x[x{{ t }} + c * {{ EPC // 4 }}u + {{ i }}u];
        let a{{ t }}_{{ i }} = r{{ t }}_{{ i }} * {{ "gn%d" % i if TM > 1 else "gain[c * %du + %du]" % (EPC // 4, i) }};
{% else %}
        let a{{ t }}_{{ i }} = x[x{{ t }} + c * {{ EPC // 4 }}u + {{ i }}u];
{% endif %}
{% endfor %}
{% if NORM %}
        ss{{ t }} = ss{{ t }} + {% for i in range(EPC // 4) %}dot(r{{ t }}_{{ i }}, r{{ t }}_{{ i }}){{ " + " if not loop.last }}{% endfor %};
{% endif %}
{% if QUANT == "q6k" %}
        let xa{{ t }} = dot(a{{ t }}_0 + a{{ t }}_1 + a{{ t }}_2 + a{{ t }}_3, vec4<f32>(1.0));  // per 16-value sub-block
        let xb{{ t }} = dot(a{{ t }}_4 + a{{ t }}_5 + a{{ t }}_6 + a{{ t }}_7, vec4<f32>(1.0));
{% else %}
        let xs{{ t }} = dot({% for i in range(EPC // 4) %}a{{ t }}_{{ i }}{{ " + " if not loop.last }}{% endfor %}, vec4<f32>(1.0));
{% endif %}
{% for i in range(4) %}
{% if EPW == 8 %}
        let ev{{ t }}_{{ i }} = vec4<f32>(a{{ t }}_{{ 2 * i }}.x, a{{ t }}_{{ 2 * i }}.z, a{{ t }}_{{ 2 * i + 1 }}.x, a{{ t }}_{{ 2 * i + 1 }}.z) * EVEN_SCALE;
        let od{{ t }}_{{ i }} = vec4<f32>(a{{ t }}_{{ 2 * i }}.y, a{{ t }}_{{ 2 * i }}.w, a{{ t }}_{{ 2 * i + 1 }}.y, a{{ t }}_{{ 2 * i + 1 }}.w) * {{ "EVEN_SCALE" if HIGH else "ODD_SCALE_TOP" }};
{% else %}
        let sx{{ t }}_{{ i }} = a{{ t }}_{{ i }} * BYTE_SCALE_TOP;
{% endif %}
{% endfor %}
{% endmacro %}
{# the scale (and min) of chunk c's group for each row: per row on a coop tile, per row pair on the vec GEMV #}
{% macro chunk_scales() %}
{% if KQ %}
{% for r in range(RN) %}
        let dm{{ r }} = sub_scales(w{{ r }}, c * 32u);
{% endfor %}
{% elif COOP or EXACT %}
        let g = c >> group_shift;
{% for r in range(RN) %}
        let si{{ r }} = g * p.ldw + w{{ r }};  // a row of its own (gate_up's rows are N apart)
        let sr{{ r }} = half_at(si{{ r }}, scale[si{{ r }} >> 1u]);
{% if AFFINE %}
        let mr{{ r }} = half_at(si{{ r }}, mins[si{{ r }} >> 1u]);
{% endif %}
{% endfor %}
{% else %}
        let g = c >> group_shift;
{% for r in range(0, RN, 2) %}
        let sp{{ r }} = unpack2x16float(scale[(g * p.ldw + w{{ r }}) >> 1u]);  // rows {{ r }} and {{ r + 1 }}
{% if QUANT == "q4a" %}
        let mp{{ r }} = unpack2x16float(mins[(g * p.ldw + w{{ r }}) >> 1u]);
{% endif %}
{% endfor %}
{% endif %}
{% endmacro %}
{# row r's chunk wv{{ r }} against token t's x, folded into its accumulator with the group's scale #}
{# the dot of words `words` of row r's chunk v (its nibbles) with token t's x #}
{% macro words_dot(v, r, t, words) %}{% for i in words %}word_dot({{ v }}{{ r }}.{{ "xyzw"[i] }}, {{ "ev%d_%d, od%d_%d" % (t, i, t, i) if EPW == 8 else "sx%d_%d" % (t, i) }}){{ " + " if not loop.last }}{% endfor %}{% endmacro %}
{# q + 16 qh over words `words` (odd x in byte-lane scale where there is a qh: byte_dot) #}
{% macro exact_dot(r, t, words) %}{% if HIGH %}{% for i in words %}byte_dot(eb{{ r }}.{{ "xyzw"[i] }}, ob{{ r }}.{{ "xyzw"[i] }}, ev{{ t }}_{{ i }}, od{{ t }}_{{ i }}){{ " + " if not loop.last }}{% endfor %}{% else %}{{ words_dot("wv", r, t, words) }}{% endif %}{% endmacro %}
{# row r's W chunk c: wv, and where there is a qh its values q + 16 qh in byte lanes, once for every token #}
{% macro chunk_w(r) %}
        let wv{{ r }} = w[w{{ r }} * chunks_per_row + c];
{% if HIGH %}
        let hv{{ r }} = chunk_high(w{{ r }}, c);
        let eb{{ r }} = (wv{{ r }} & vec4<u32>(0x0F0F0F0Fu)) | ((hv{{ r }} & vec4<u32>(0x0F0F0F0Fu)) << vec4<u32>(4u));
        let ob{{ r }} = ((wv{{ r }} >> vec4<u32>(4u)) & vec4<u32>(0x0F0F0F0Fu)) | (hv{{ r }} & vec4<u32>(0xF0F0F0F0u));
{% endif %}
{% endmacro %}
{% macro chunk_acc(r, t) %}
{% set s = "sr%d" % r if COOP or EXACT else "sp%d.%s" % (r - r % 2, "xy"[r % 2]) %}
{% set mn = "mr%d" % r if COOP or EXACT else "mp%d.%s" % (r - r % 2, "xy"[r % 2]) %}
{% set qx = exact_dot(r, t, range(4)) %}
{% if QUANT == "q6k" %}
        acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + dm{{ r }}.x * ({{ exact_dot(r, t, (0, 1)) }} - 32.0 * xa{{ t }})
                         + dm{{ r }}.y * ({{ exact_dot(r, t, (2, 3)) }} - 32.0 * xb{{ t }});
{% elif KQ %}
        acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + dm{{ r }}.x * ({{ qx }}) - dm{{ r }}.y * xs{{ t }};
{% elif QUANT == "q5" %}
        acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + {{ s }} * ({{ qx }} - 16.0 * xs{{ t }});
{% elif AFFINE %}
        acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + {{ s }} * ({{ qx }}) + {{ mn }} * xs{{ t }};
{% elif QUANT == "q8gsw" %}
        acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + {{ s }} * ({{ qx }} - 128.0 * xs{{ t }});
{% else %}
        acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + {{ s }} * ({{ qx }} - 8.0 * xs{{ t }});
{% endif %}
{% endmacro %}
{% if COOP %}

var<workgroup> red: array<array<f32, {{ V }}>, WG>;  // per lane: the rows x tokens sums (and sum x^2)
{% endif %}
{# value i of a lane's partial sums: row i // TM's accumulator of token i % TM, then each token's sum x^2
   where the norm is folded in #}
{% macro val(i) %}{{ "acc%d_%d" % (i // TM, i % TM) if i < RN * TM else "ss%d" % (i - RN * TM) }}{% endmacro %}
{# the workgroup's sums of each lane's values, into lane 0's; the other lanes return #}
{% macro coop_reduce() %}
{% set n = V %}
{% if SG %}
    let leader = sid == 0u;  // one lane per subgroup keeps its subgroup's sum, the others write 0
{% for i in range(n) %}
    red[lid][{{ i }}] = select(0.0, subgroupAdd({{ val(i) }}), leader);
{% endfor %}
    workgroupBarrier();
    if (lid != 0u) {
        return;
    }
{% for i in range(n) %}
    {{ val(i) }} = 0.0;
{% endfor %}
    for (var i = 0u; i < WG; i = i + 1u) {
{% for i in range(n) %}
        {{ val(i) }} = {{ val(i) }} + red[i][{{ i }}];
{% endfor %}
    }
{% else %}
{% for i in range(n) %}
    red[lid][{{ i }}] = {{ val(i) }};
{% endfor %}
    workgroupBarrier();
{% for h in range(1, 11) if WG // 2 ** h > 0 %}
    if (lid < {{ WG // 2 ** h }}u) {
{% for i in range(n) %}
        red[lid][{{ i }}] = red[lid][{{ i }}] + red[lid + {{ WG // 2 ** h }}u][{{ i }}];
{% endfor %}
    }
    workgroupBarrier();
{% endfor %}
    if (lid != 0u) {
        return;
    }
{% for i in range(n) %}
    {{ val(i) }} = red[0][{{ i }}];
{% endfor %}
{% endif %}
{% endmacro %}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32{% if COOP %}, @builtin(num_workgroups) nwg: vec3<u32>{% endif %}{% if SG %},
        @builtin(subgroup_invocation_id) sid: u32{% endif %}) {
    let M = live_rows();
    let K4 = p.K / 4u;
{% if GEMM %}
    let c = lid % WGN;  // this invocation's column and first token in the workgroup's tile
    let t0 = lid / WGN * TM;
    let col = wid.x * WGN + c;
    let m0 = wid.y * BM + t0;
    if (wid.x * WGN * {{ TILE }}u >= p.N || wid.y * BM >= M) {  // per workgroup: the barriers stay uniform
        return;
    }
{% else %}
{% if PART %}
    let col = wid.x;  // one column (RN rows) per workgroup, its K slice wid.y, its token tile wid.z
    let m0 = wid.z * TM;
{% elif COOP %}
    let col = wid.x + wid.z * nwg.x;  // one column (RN rows) per workgroup; z folds columns past 65535
    let m0 = wid.y * TM;
{% else %}
    let col = gid.x;
    let m0 = wid.y * TM;
{% endif %}
    // The tile is unrolled into scalars (dynamic indexing of private arrays spills to memory on CPU
    // adapters); a tail tile re-reads the last live row / output row instead of branching, and skips
    // its store.
{% for t in range(TM) %}
    let x{{ t }} = min(m0 + {{ t }}u, M - 1u) * K4;
{% endfor %}
    if (col * {{ TILE }}u >= p.N || m0 >= M) {
        return;
    }
{% endif %}
    let nb = col * {{ TILE }}u;  // first output row of the tile
{% for r in range(RN) %}
    let n{{ r }} = tile_row(col, {{ r }}u);
    let w{{ r }} = p.wr0 + n{{ r }};  // its row in the part buffers
{% for t in range(TM) %}
    var acc{{ r }}_{{ t }} = 0.0;
{% endfor %}
{% endfor %}
{% if NORM %}
{% for t in range(TM) %}
    var ss{{ t }} = 0.0;
{% endfor %}
{% endif %}
{% if SUM %}
    let slice = (p.N + {{ TILE - 1 }}u) / {{ TILE }}u * {{ V }}u;  // one K slice's sums: cols x V
    let at0 = wid.y * p.splits * slice + col * {{ V }}u;
    for (var s = 0u; s < p.splits; s = s + 1u) {
{% for i in range(V) %}
        {{ val(i) }} = {{ val(i) }} + part[s * slice + at0 + {{ i }}u];
{% endfor %}
    }
{% elif GEMM %}
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
{% for t in range(TM) %}
            let a{{ t }} = x_tile[k4 * BM + t0 + {{ t }}u];
{% endfor %}
{% for r in range(RN) %}
            let b{{ r }} = w_tile[k4 * BN + {{ r }}u * WGN + c];
{% for t in range(TM) %}
            acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + dot(b{{ r }}, a{{ t }});
{% endfor %}
{% endfor %}
        }
        workgroupBarrier();
    }
{% elif QUANT == "f32" %}
{{ k_slice("K4") }}    for (var k4 = {{ "k_lo + lid" if PART else "lid" if COOP else "0u" }}; k4 < {{ "k_hi" if PART else "K4" }}; k4 = k4 + {{ "WG" if COOP else "1u" }}) {
{{ trace_words("k4", "K4") }}{% if NORM %}
        let g = gain[k4];
{% endif %}
{% for t in range(TM) %}
        {{ load_x("a", t, "k4", "g", "        ") }}
{% endfor %}
{% for r in range(RN) %}
        let wv{{ r }} = w[w{{ r }} * K4 + k4];
{% for t in range(TM) %}
        acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + dot(wv{{ r }}, a{{ t }});
{% endfor %}
{% endfor %}
    }
{% elif VEC %}
    let chunks_per_row = p.K / {{ EPC }}u;
    let group_shift = countTrailingZeros(p.GS / {{ EPC }}u);  // chunks per group: a power of two
{{ k_slice("chunks_per_row") }}    for (var c = {{ "k_lo + lid" if PART else "lid" if COOP else "0u" }}; c < {{ "k_hi" if PART else "chunks_per_row" }}; c = c + {{ "WG" if COOP else "1u" }}) {
{{ trace_words("c", "chunks_per_row") }}{% if TM == 1 %}
{{ chunk_x(0) }}{{ chunk_scales() }}{% for r in range(RN) %}
{{ chunk_w(r) }}{{ chunk_acc(r, 0) }}{% endfor %}
{% else %}
{# several tokens: the chunk's W words and scales first, then each token's x against them #}
{% if NORM %}
{% for i in range(EPC // 4) %}
        let gn{{ i }} = gain[c * {{ EPC // 4 }}u + {{ i }}u];
{% endfor %}
{% endif %}
{{ chunk_scales() }}{% for r in range(RN) %}
{{ chunk_w(r) }}{% endfor %}
{% for t in range(TM) %}
{{ chunk_x(t) }}{% for r in range(RN) %}
{{ chunk_acc(r, t) }}{% endfor %}
{% endfor %}
{% endif %}
    }
{% else %}
{% if QUANT == "q8gsw" %}
    let words_per_group = p.GS / 4u;
    let words_per_row = K4;
{% else %}
    let words_per_group = p.GS / 8u;
    let words_per_row = p.K / 8u;
{% endif %}
    let n_groups = p.K / p.GS;
    for (var g = 0u; g < n_groups; g = g + 1u) {
{% for t in range(TM) %}
        var xs{{ t }} = 0.0;
{% for r in range(RN) %}
        var qx{{ r }}_{{ t }} = 0.0;
{% endfor %}
{% endfor %}
        for (var i = 0u; i < words_per_group; i = i + 1u) {
            let word = g * words_per_group + i;
{% if QUANT == "q8gsw" %}
{% if NORM %}
            let ga = gain[word];
{% endif %}
{% for t in range(TM) %}
            {{ load_x("a", t, "word", "ga", "            ") }}
            xs{{ t }} = xs{{ t }} + dot(a{{ t }}, vec4<f32>(1.0));
            let sa{{ t }} = a{{ t }} * BYTE_SCALE;  // so a byte can be used in place, masked but not shifted
{% endfor %}
{% for r in range(RN) %}
            // int8 bytes ^ 0x80 = q + 128 as unsigned bytes, in place: (q + 128) * 2^(8 * position)
            let q{{ r }} = vec4<u32>(w[w{{ r }} * words_per_row + word] ^ 0x80808080u);
            let qv{{ r }} = vec4<f32>(q{{ r }} & BYTES);
{% for t in range(TM) %}
            qx{{ r }}_{{ t }} = qx{{ r }}_{{ t }} + dot(qv{{ r }}, sa{{ t }});
{% endfor %}
{% endfor %}
{% else %}
            // x at the word's even positions (0,2,4,6) and odd positions (1,3,5,7)
{% if NORM %}
            let ga = gain[word * 2u];
            let gb = gain[word * 2u + 1u];
{% endif %}
{% for t in range(TM) %}
            {{ load_x("a", t, "word * 2u", "ga", "            ") }}
            {{ load_x("b", t, "word * 2u + 1u", "gb", "            ") }}
            // pre-scaled by 2^-(4 * position) so a nibble can be used in place, masked but not shifted
            let ev{{ t }} = vec4<f32>(a{{ t }}.x, a{{ t }}.z, b{{ t }}.x, b{{ t }}.z) * EVEN_SCALE;
            let od{{ t }} = vec4<f32>(a{{ t }}.y, a{{ t }}.w, b{{ t }}.y, b{{ t }}.w) * ODD_SCALE;
            xs{{ t }} = xs{{ t }} + dot(a{{ t }} + b{{ t }}, vec4<f32>(1.0));
{% endfor %}
{% for r in range(RN) %}
            let q{{ r }} = vec4<u32>(w[w{{ r }} * words_per_row + word]);
            // nibbles 0,2,4,6 and 1,3,5,7 of the word, in place: q * 2^(4 * position), exact in f32
            let lo{{ r }} = vec4<f32>(q{{ r }} & EVEN_NIBBLES);
            let hi{{ r }} = vec4<f32>(q{{ r }} & ODD_NIBBLES);
{% for t in range(TM) %}
            qx{{ r }}_{{ t }} = qx{{ r }}_{{ t }} + dot(lo{{ r }}, ev{{ t }}) + dot(hi{{ r }}, od{{ t }});
{% endfor %}
{% endfor %}
{% endif %}
        }
{% for r in range(RN) %}
        let si{{ r }} = g * p.ldw + w{{ r }};
        let s{{ r }} = half_at(si{{ r }}, scale[si{{ r }} >> 1u]);
{% if QUANT == "q4a" %}
        let mn{{ r }} = half_at(si{{ r }}, mins[si{{ r }} >> 1u]);
{% endif %}
{% for t in range(TM) %}
{% if QUANT == "q4a" %}
        acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + s{{ r }} * qx{{ r }}_{{ t }} + mn{{ r }} * xs{{ t }};
{% elif QUANT == "q8gsw" %}
        acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + s{{ r }} * (qx{{ r }}_{{ t }} - 128.0 * xs{{ t }});
{% else %}
        acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} + s{{ r }} * (qx{{ r }}_{{ t }} - 8.0 * xs{{ t }});
{% endif %}
{% endfor %}
{% endfor %}
    }
{% endif %}
{% if COOP %}
{{ coop_reduce() }}
{% endif %}
{% if PART %}
    let at = ((wid.z * nwg.y + wid.y) * nwg.x + col) * {{ V }}u;
{% for i in range(V) %}
    part[at + {{ i }}u] = {{ val(i) }};
{% endfor %}
}
{% else %}
{% if NORM %}
{% for t in range(TM) %}
    let inv{{ t }} = inverseSqrt(ss{{ t }} / f32(p.K) + p.eps);
{% for r in range(RN) %}
    acc{{ r }}_{{ t }} = acc{{ r }}_{{ t }} * inv{{ t }};
{% endfor %}
{% endfor %}
{% endif %}
{% if EPI_LOOP %}
    // The epilogue runs once per tile, so it loops over a private copy of the sums (index r * TM + t):
    // one copy of its stores instead of RN x TM, whose branches were most of SwiftShader's compile time.
    var sums = array<f32, {{ RN * TM }}>(
{% for r in range(RN) %}
        acc{{ r }}_0{% for t in range(1, TM) %}, acc{{ r }}_{{ t }}{% endfor %}{{ "," if not loop.last }}
{% endfor %}
    );
{% if ROPE %}
    for (var i = 0u; i < {{ RN // 4 * TM }}u; i = i + 1u) {
        let g = i / TM;
        let t = i % TM;
        if (nb + 4u * g < p.N && m0 + t < M) {
            var v = vec4<f32>(0.0);
            for (var j = 0u; j < 4u; j = j + 1u) {
                let r = 4u * g + j;
                v[j] = sums[r * TM + t] + bias_at(tile_row(col, r));
            }
            rope_store(m0 + t, col * {{ RN // 4 }}u + g, v);
        }
    }
{% else %}
    for (var i = 0u; i < {{ TILE * TM }}u; i = i + 1u) {
        let r = i / TM;
        let t = i % TM;
        if (nb + r < p.N && m0 + t < M) {
            let n = tile_row(col, r);
{% if KIND == "gate_up" %}
            let gate = sums[i] + bias_at(n);
            let up = sums[i + {{ TILE * TM }}u] + bias_at(tile_row(col, r + {{ TILE }}u));
            y[(m0 + t) * p.N + n] = gate / (1.0 + exp(-gate)) * up;
{% else %}
            store(m0 + t, n, sums[i] + bias_at(n));
{% endif %}
        }
    }
{% endif %}
{% elif ROPE %}
{% for r in range(RN) %}
    let b{{ r }} = bias_at(n{{ r }});
{% endfor %}
{% for g in range(RN // 4) %}
{% for t in range(TM) %}
    if (nb + {{ 4 * g }}u < p.N && m0 + {{ t }}u < M) {
        rope_store(m0 + {{ t }}u, col * {{ RN // 4 }}u + {{ g }}u, vec4<f32>({% for r in range(4 * g, 4 * g + 4) %}acc{{ r }}_{{ t }} + b{{ r }}{{ ", " if not loop.last }}{% endfor %}));
    }
{% endfor %}
{% endfor %}
{% else %}
{% for r in range(TILE) %}
    if (nb + {{ r }}u < p.N) {
{% if KIND == "gate_up" %}
        let bg{{ r }} = bias_at(n{{ r }});
        let bu{{ r }} = bias_at(n{{ r + TILE }});
{% for t in range(TM) %}
        if (m0 + {{ t }}u < M) {
            let gate = acc{{ r }}_{{ t }} + bg{{ r }};
            y[(m0 + {{ t }}u) * p.N + n{{ r }}] = gate / (1.0 + exp(-gate)) * (acc{{ r + TILE }}_{{ t }} + bu{{ r }});
        }
{% endfor %}
{% else %}
        let b{{ r }} = bias_at(n{{ r }});
{% for t in range(TM) %}
        if (m0 + {{ t }}u < M) {
            store(m0 + {{ t }}u, n{{ r }}, acc{{ r }}_{{ t }} + b{{ r }});
        }
{% endfor %}
{% endif %}
    }
{% endfor %}
{% endif %}
}
{% endif %}
