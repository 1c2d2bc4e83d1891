// out[e] = EXPR(x, y, z): one elementwise map over up to three inputs broadcast into the output,
// the kernel behind the unary, binary, compare, logical, where and to_copy ops (py/pyrite/ops).
// Values x, y, z are inputs 0, 1, 2 read at the element's broadcast offsets.
//
// Storage: f32 / i32 / u32 one element per word; bool one byte per element (0 or 1, numpy's
// layout) four to a word; f16 two to a word (numpy's float16 bits). A packed output is written
// a whole word per invocation, so no two invocations share a word.
//
// Device quirks worked around here: llvmpipe (Mesa 22.3, naga's GLSL) runs fast math, so `x != x`
// folds to false and min/max/clamp drop NaN: NaN is tested on the bits (isnan_) and NaN-propagating
// ops say so. SwiftShader (Chromium 156) returns inf for exp(NaN) and flushes subnormals.
{% set VALUE = {"f32": "f32", "i32": "i32", "u32": "u32", "bool": "bool", "f16": "f32"} %}
{% set PER_WORD = {"f32": 1, "i32": 1, "u32": 1, "bool": 4, "f16": 2} %}
{% set NAMES = ["x", "y", "z"] %}
{% set EPW = PER_WORD[OUT] %}
struct Params {
    n: u32,                          // output elements
    rank: u32,                       // coalesced dims, 1..8
    alpha: u32,                      // bits of sub's alpha in the compute type
    _pad: u32,
    dims: array<vec4<u32>, 2>,       // coalesced output dims, innermost first
    strides: array<vec4<u32>, 6>,    // input k's element strides at [2k], [2k+1]; 0 on broadcast dims
}

const WG: u32 = {{ WG }}u;

@group(0) @binding(0) var<uniform> p: Params;
{% for t in IN %}
// input {{ loop.index0 }}: its own contiguous shape, read broadcast into out's through its strides
@group(0) @binding({{ loop.index }}) var<storage, read> in{{ loop.index0 }}: array<{{ VALUE[t] if PER_WORD[t] == 1 else "u32" }}>;
{% endfor %}
// [n] {{ OUT }}{{ ", %d to a word" % EPW if EPW > 1 else "" }}
@group(0) @binding({{ IN | length + 1 }}) var<storage, read_write> out: array<{{ VALUE[OUT] if EPW == 1 else "u32" }}>;

// +inf and a quiet NaN read at run time: WGSL makes a constant expression that evaluates to inf or
// NaN a shader-creation error (Tint in Chromium 156 enforces it, silently skipping the dispatch;
// naga accepts it).
var<private> INF_BITS: u32 = 0x7f800000u;
var<private> NAN_BITS: u32 = 0x7fc00000u;

fn isnan_(v: f32) -> bool {
    return (bitcast<u32>(v) & 0x7fffffffu) > 0x7f800000u;
}

fn copysign_(v: f32, s: f32) -> f32 {
    return bitcast<f32>((bitcast<u32>(v) & 0x7fffffffu) | (bitcast<u32>(s) & 0x80000000u));
}
{% if "sigmoid_(" in EXPR %}

// exp of -|x| only: never overflows, and keeps precision for large negative x.
fn sigmoid_(x: f32) -> f32 {
    let t = exp(-abs(x));
    return select(t, 1.0, x >= 0.0) / (1.0 + t);
}
{% endif %}
{% if "tanh_(" in EXPR %}

// Stable for large |x| (exp(-2|x|) underflows to 0 instead of exp(2|x|) overflowing to a NaN
// quotient); the odd polynomial (Cephes tanhf) keeps relative precision for |x| < 0.625.
fn tanh_(x: f32) -> f32 {
    let a = abs(x);
    let t = exp(-2.0 * a);
    let big = copysign_((1.0 - t) / (1.0 + t), x);
    let z = x * x;
    let small = ((((-5.70498872745e-3 * z + 2.06390887954e-2) * z - 5.37397155531e-2) * z + 1.33314422036e-1) * z
                 - 3.33332819422e-1) * z * x + x;
    return select(big, small, a < 0.625);
}
{% endif %}
{% if "erf_(" in EXPR %}

// erf to ~2e-7 absolute: Abramowitz & Stegun 7.1.26 (max error 1.5e-7) for |x| >= 0.5, and
// its Maclaurin series through x^11 below, where 7.1.26 would lose relative precision.
fn erf_(x: f32) -> f32 {
    let a = abs(x);
    let t = 1.0 / (1.0 + 0.3275911 * a);
    let tail = 1.0 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592)
                     * t * exp(-a * a);
    let z = a * a;
    let series = a * (1.1283791671 + z * (-0.3761263890 + z * (0.1128379167 + z * (-0.0268661707
                      + z * (0.0052239776 + z * -0.0008548327)))));
    return copysign_(select(tail, series, a < 0.5), x);
}
{% endif %}
{% if "trig_(" in EXPR %}

// sin (quarter 0) or cos (quarter 1). WGSL bounds sin/cos error only on [-pi, pi], so reduce by
// hand: k = nearest multiple of pi/2, pi/2 split in four parts whose first three hold 8 bits each,
// so k * part is exact for k < 2^16 (|x| < ~1e5); then Cephes' sinf/cosf polynomials on
// |r| <= pi/4 and the quadrant's sign.
fn trig_(x: f32, quarter: u32) -> f32 {
    let a = abs(x);
    let k = floor(a * 0.63661977236 + 0.5);
    let r = (((a - k * 1.5703125) - k * 4.825592041015625e-4) - k * 1.2665987014770508e-6) - k * 9.92093629470503e-10;
    let z = r * r;
    let s = ((-1.9515295891e-4 * z + 8.3321608736e-3) * z - 1.6666654611e-1) * z * r + r;
    let c = ((2.443315711809948e-5 * z - 1.388731625493765e-3) * z + 4.166664568298827e-2) * z * z - 0.5 * z + 1.0;
    let q = (u32(k) + quarter) & 3u;
    let v = select(s, c, (q & 1u) == 1u);
    let signed = select(v, -v, q >= 2u);
    // sin is odd (takes x's sign bit, so sin(-0.0) = -0.0), cos is even
    let odd = bitcast<f32>(bitcast<u32>(signed) ^ (bitcast<u32>(x) & 0x80000000u));
    return select(odd, signed, quarter == 1u);
}
{% endif %}
{% if "pow_f32_(" in EXPR %}

// numpy's (C's) pow for f32: |x|^y by exp2/log2, then the sign and the special cases. Zero, NaN and
// inf bases are spelled out: Mesa fuses exp2(y * log2(x)) into a pow that is undefined there.
fn pow_f32_(x: f32, y: f32) -> f32 {
    let inf = bitcast<f32>(INF_BITS);
    let ax = abs(x);
    let whole = floor(y) == y;                       // +-inf counts as even, as in C
    let odd = whole && abs(y) < 16777216.0 && floor(y * 0.5) != y * 0.5;
    var r = exp2(y * log2(ax));
    r = select(r, select(0.0, inf, y < 0.0), ax == 0.0);
    r = select(r, select(0.0, inf, y > 0.0), ax == inf);
    r = select(r, -r, odd && (bitcast<u32>(x) >> 31u) == 1u);  // negative base (and -0.0), odd y
    r = select(r, bitcast<f32>(NAN_BITS), x < 0.0 && !whole && ax < inf);  // finite x < 0, fractional y
    r = select(r, x + y, isnan_(x) || isnan_(y));
    return select(r, 1.0, y == 0.0 || x == 1.0 || (x == -1.0 && abs(y) == inf));
}
{% endif %}
{% if "pow_i32_(" in EXPR %}

// Square and multiply over all 32 bits of |y| (fixed trip count, no per-element branch); wraps on
// overflow as numpy. A negative y truncates 1 / x^|y| toward zero, so only |x| == 1 survives.
fn pow_i32_(x: i32, y: i32) -> i32 {
    var base = x;
    var e = u32(abs(y));
    var r = 1;
    for (var i = 0u; i < 32u; i = i + 1u) {
        r = select(r, r * base, (e & 1u) == 1u);
        base = base * base;
        e = e >> 1u;
    }
    let inv = select(0, select(1, r, x == -1), x == 1 || x == -1);
    return select(r, inv, y < 0);
}
{% endif %}
{% if "floor_div_f32_(" in EXPR %}

// |a| mod |b| as C's fmodf, exactly and on the bits (musl's long division of the mantissas, one
// step per exponent of difference). No float rounding to get wrong: llvmpipe does not fuse fma, so
// a - b * trunc(a / b) could not be made exact. For finite a and nonzero finite b.
fn fmod_(a: f32, b: f32) -> f32 {
    let ua = bitcast<u32>(a) & 0x7fffffffu;
    let ub = bitcast<u32>(b) & 0x7fffffffu;
    let sign = bitcast<u32>(a) & 0x80000000u;
    // mantissas with the implicit bit at bit 23 (subnormals normalized), unbiased-ish exponents
    var ma = select(ua & 0x7fffffu, (ua & 0x7fffffu) | 0x800000u, ua >= 0x800000u);
    var mb = select(ub & 0x7fffffu, (ub & 0x7fffffu) | 0x800000u, ub >= 0x800000u);
    let sa = countLeadingZeros(ma) - 8u;
    let sb = countLeadingZeros(mb) - 8u;
    ma = ma << sa;
    mb = mb << sb;
    let ea = max(i32(ua >> 23u), 1) - i32(sa);
    let eb = max(i32(ub >> 23u), 1) - i32(sb);
    for (var e = ea; e > eb; e = e - 1) {
        ma = select(ma, ma - mb, ma >= mb) << 1u;
    }
    ma = select(ma, ma - mb, ma >= mb);
    let s = countLeadingZeros(ma) - 8u;
    let e = eb - i32(s);
    let m = ma << s;
    let bits = select(m >> u32(clamp(1 - e, 0, 31)), (m & 0x7fffffu) | (u32(max(e, 1)) << 23u), e > 0);
    return select(select(bitcast<f32>(sign | bits), bitcast<f32>(sign), ma == 0u), a, ua < ub);
}

// numpy's npy_divmod: the exact remainder decides the floor (5 // 0.1 == 49, as numpy).
// A finite a % +-inf is a itself, +-inf % b is NaN; x // 0 is x / 0.
fn floor_div_f32_(a: f32, b: f32) -> f32 {
    let inf = bitcast<f32>(INF_BITS);
    var m = select(fmod_(a, b), a, abs(b) == inf && abs(a) < inf);
    m = select(m, bitcast<f32>(NAN_BITS), abs(a) == inf);
    let div = (a - m) / b - select(0.0, 1.0, m != 0.0 && (b < 0.0) != (m < 0.0));
    let fl = floor(div);
    let q = fl + select(0.0, 1.0, div - fl > 0.5);
    return select(select(q, copysign_(0.0, a / b), div == 0.0), a / b, b == 0.0);
}
{% endif %}
{% if "floor_div_i32_(" in EXPR %}

// Toward -inf as numpy; x // 0 is 0 (numpy warns and gives 0). WGSL's i32 division already gives
// INT_MIN / -1 = INT_MIN, as numpy does.
fn floor_div_i32_(a: i32, b: i32) -> i32 {
    let d = select(b, 1, b == 0);
    let q = a / d;
    let r = a - q * d;
    return select(q - select(0, 1, r != 0 && (r < 0) != (d < 0)), 0, b == 0);
}
{% endif %}
{% if "to_i32_(" in EXPR %}

// Toward zero; NaN, +-inf and anything outside i32 give INT_MIN, as numpy's astype on x86
// (WGSL would clamp instead, to 2147483520 on llvmpipe).
fn to_i32_(x: f32) -> i32 {
    return select(i32(x), i32(-2147483648), isnan_(x) || abs(x) >= 2147483648.0);
}
{% endif %}
{% if "f16" in IN %}

// IEEE half bits -> f32, exactly (subnormals included, which unpack2x16float may flush).
fn f16_value_(h: u32) -> f32 {
    let e = (h >> 10u) & 0x1fu;
    let m = h & 0x3ffu;
    let sign = (h & 0x8000u) << 16u;
    let normal = bitcast<f32>(sign | ((e + 112u) << 23u) | (m << 13u));
    let special = bitcast<f32>(sign | 0x7f800000u | (m << 13u));
    let tiny = copysign_(f32(m) * 5.9604644775390625e-8, bitcast<f32>(sign));   // m * 2^-24
    return select(select(normal, special, e == 31u), tiny, e == 0u);
}
{% endif %}
{% if OUT == "f16" %}

// f32 -> IEEE half bits, rounded to nearest even as numpy (WGSL leaves pack2x16float's rounding
// to the implementation). Overflow gives inf; NaN keeps its sign and top payload bits, as numpy.
fn f16_bits_(v: f32) -> u32 {
    let b = bitcast<u32>(v);
    let sign = (b >> 16u) & 0x8000u;
    let a = b & 0x7fffffffu;
    let normal = ((a + 0xfffu + ((a >> 13u) & 1u)) >> 13u) - (112u << 10u);
    let shift = clamp(126u - min(a >> 23u, 126u), 1u, 31u);  // subnormal: mantissa in units of 2^-24
    let mant = (a & 0x7fffffu) | 0x800000u;
    let q = mant >> shift;
    let rest = mant - (q << shift);
    let half = 1u << (shift - 1u);
    let sub = q + select(0u, 1u, rest > half || (rest == half && (q & 1u) == 1u));
    var h = select(select(normal, 0x7c00u, a >= 0x477ff000u), sub, a < 0x38800000u);
    let payload = (a & 0x7fffffu) >> 13u;  // a NaN keeps its top payload bits, and stays a NaN
    h = select(h, 0x7c00u | select(payload, 0x200u, payload == 0u), a > 0x7f800000u);
    return sign | h;
}
{% endif %}
{% for t in IN %}

fn load{{ loop.index0 }}(e: u32) -> {{ VALUE[t] }} {
{% if t == "bool" %}
    return ((in{{ loop.index0 }}[e / 4u] >> (8u * (e % 4u))) & 0xffu) != 0u;
{% elif t == "f16" %}
    return f16_value_((in{{ loop.index0 }}[e / 2u] >> (16u * (e % 2u))) & 0xffffu);
{% else %}
    return in{{ loop.index0 }}[e];
{% endif %}
}
{% endfor %}

// Element offsets of inputs 0..2 for output element e.
fn offsets(e: u32) -> vec3<u32> {
{% if LAYOUT == "flat" %}
    // one coalesced dim: every stride is 1 (same shape) or 0 (a broadcast scalar)
    return e * vec3<u32>(p.strides[0].x, p.strides[2].x, p.strides[4].x);
{% else %}
    var rem = e;
    var off = vec3<u32>(0u);
    for (var d = 0u; d < p.rank; d = d + 1u) {
        let v = d / 4u;
        let c = d % 4u;
        let dim = p.dims[v][c];
        off = off + (rem % dim) * vec3<u32>(p.strides[v][c], p.strides[2u + v][c], p.strides[4u + v][c]);
        rem = rem / dim;
    }
    return off;
{% endif %}
}

fn value(e: u32) -> {{ VALUE[OUT] }} {
    let o = offsets(e);
{% for t in IN %}
    let {{ NAMES[loop.index0] }} = load{{ loop.index0 }}(o[{{ loop.index0 }}]);
{% endfor %}
    return {{ EXPR }};
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let w = gid.x + gid.y * nwg.x * WG;  // one output word; 2-D grid past 65535 workgroups
{% if EPW == 1 %}
    if (w >= p.n) {
        return;
    }
    out[w] = value(w);
{% else %}
    let first = w * {{ EPW }}u;
    if (first >= p.n) {
        return;
    }
    var word = 0u;
    for (var j = 0u; j < {{ EPW }}u; j = j + 1u) {
        // past the end: read the last element again and mask it out, no branch per element
        let v = value(min(first + j, p.n - 1u));
{% if OUT == "bool" %}
        let bits = select(0u, 1u, v);
{% else %}
        let bits = f16_bits_(v);
{% endif %}
        word = word | (select(0u, bits, first + j < p.n) << ({{ 32 // EPW }}u * j));
    }
    out[w] = word;
{% endif %}
}
