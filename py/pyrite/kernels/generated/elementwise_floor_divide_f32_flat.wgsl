// generated from shaders/elementwise/map.wgsl -- do not edit
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
struct Params {
    n: u32,                          // output elements
    rank: u32,                       // coalesced dims, 1..8
    alpha: u32,                      // bits of sub's alpha in the compute type
    _pad: u32,
    dims: array<vec4<u32>, 2>,       // coalesced output dims, innermost first
    strides: array<vec4<u32>, 6>,    // input k's element strides at [2k], [2k+1]; 0 on broadcast dims
}

const WG: u32 = 64u;

@group(0) @binding(0) var<uniform> p: Params;
// input 0: its own contiguous shape, read broadcast into out's through its strides
@group(0) @binding(1) var<storage, read> in0: array<f32>;
// input 1: its own contiguous shape, read broadcast into out's through its strides
@group(0) @binding(2) var<storage, read> in1: array<f32>;
// [n] f32
@group(0) @binding(3) var<storage, read_write> out: array<f32>;

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

fn load0(e: u32) -> f32 {
    return in0[e];
}

fn load1(e: u32) -> f32 {
    return in1[e];
}

// Element offsets of inputs 0..2 for output element e.
fn offsets(e: u32) -> vec3<u32> {
    // one coalesced dim: every stride is 1 (same shape) or 0 (a broadcast scalar)
    return e * vec3<u32>(p.strides[0].x, p.strides[2].x, p.strides[4].x);
}

fn value(e: u32) -> f32 {
    let o = offsets(e);
    let x = load0(o[0]);
    let y = load1(o[1]);
    return floor_div_f32_(x, y);
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let w = gid.x + gid.y * nwg.x * WG;  // one output word; 2-D grid past 65535 workgroups
    if (w >= p.n) {
        return;
    }
    out[w] = value(w);
}
