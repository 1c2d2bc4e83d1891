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
@group(0) @binding(1) var<storage, read> in0: array<u32>;
// input 1: its own contiguous shape, read broadcast into out's through its strides
@group(0) @binding(2) var<storage, read> in1: array<u32>;
// [n] bool, 4 to a word
@group(0) @binding(3) var<storage, read_write> out: array<u32>;

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

fn load0(e: u32) -> bool {
    return ((in0[e / 4u] >> (8u * (e % 4u))) & 0xffu) != 0u;
}

fn load1(e: u32) -> bool {
    return ((in1[e / 4u] >> (8u * (e % 4u))) & 0xffu) != 0u;
}

// Element offsets of inputs 0..2 for output element e.
fn offsets(e: u32) -> vec3<u32> {
    // one coalesced dim: every stride is 1 (same shape) or 0 (a broadcast scalar)
    return e * vec3<u32>(p.strides[0].x, p.strides[2].x, p.strides[4].x);
}

fn value(e: u32) -> bool {
    let o = offsets(e);
    let x = load0(o[0]);
    let y = load1(o[1]);
    return x || y;
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let w = gid.x + gid.y * nwg.x * WG;  // one output word; 2-D grid past 65535 workgroups
    let first = w * 4u;
    if (first >= p.n) {
        return;
    }
    var word = 0u;
    for (var j = 0u; j < 4u; j = j + 1u) {
        // past the end: read the last element again and mask it out, no branch per element
        let v = value(min(first + j, p.n - 1u));
        let bits = select(0u, 1u, v);
        word = word | (select(0u, bits, first + j < p.n) << (8u * j));
    }
    out[w] = word;
}
