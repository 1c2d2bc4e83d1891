// softmax / log_softmax over one dim of x [outer, K, inner] (inner = 1: the last dim), max-subtracted so
// exp never overflows:
//   softmax = exp(x - max) / sum(exp(x - max)),  log_softmax = (x - max) - log(sum(exp(x - max))).
// A NaN anywhere in a row makes the row NaN (the max propagates it), as the numpy formula does.
//   serial: one invocation per row, three passes (short rows, many of them)
//   tree:   one workgroup per row, strided passes and shared-memory trees (long rows)
{% import "_lib/common.wgsli" as lib %}
struct Params { rows: u32, K: u32, inner: u32, _p1: u32 }  // rows = outer * inner

const WG: u32 = {{ WG }}u;
// +inf read at run time: a constant expression that evaluates to inf is a shader-creation error
// in WGSL (Tint in Chromium 156 enforces it; naga accepts it).
var<private> INF_BITS: u32 = 0x7f800000u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> x: array<{{ T }}>;            // [outer, K, inner]
@group(0) @binding(2) var<storage, read_write> out: array<{{ T }}>;    // [outer, K, inner]

// NaN tested on the bits: llvmpipe's fast math folds x != x to false.
fn isnan_(v: f32) -> bool {
    return (bitcast<u32>(v) & 0x7fffffffu) > 0x7f800000u;
}

// max, exp and log that keep NaN: WGSL's max may drop it, and SwiftShader's exp(NaN) is inf and its
// log(NaN) is not NaN (Chromium 156).
fn max_(a: f32, b: f32) -> f32 {
    return select(max(a, b), a + b, isnan_(a) || isnan_(b));
}

fn exp_(v: f32) -> f32 {
    return select(exp(v), v, isnan_(v));
}

fn log_(v: f32) -> f32 {
    return select(log(v), v, isnan_(v));
}

// Where row r starts: element k of it sits at start + k * inner.
fn row_start(row: u32) -> u32 {
    return (row / p.inner) * p.K * p.inner + row % p.inner;
}

fn result(v: f32, m: f32, s: f32) -> f32 {
{% if LOG %}
    return (v - m) - log_(s);
{% else %}
    return exp_(v - m) / s;
{% endif %}
}
{% if MODE == "serial" %}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let row = gid.x + gid.y * nwg.x * WG;
    if (row >= p.rows) {
        return;
    }
    let base = row_start(row);
    var m = -bitcast<f32>(INF_BITS);
    for (var k = 0u; k < p.K; k = k + 1u) {
        m = max_(m, x[base + k * p.inner]);
    }
    var s = 0.0;
    for (var k = 0u; k < p.K; k = k + 1u) {
        s = s + exp_(x[base + k * p.inner] - m);
    }
    for (var k = 0u; k < p.K; k = k + 1u) {
        out[base + k * p.inner] = result(x[base + k * p.inner], m, s);
    }
}
{% else %}

var<workgroup> partial: array<f32, WG>;

// Combine every invocation's v (max_ or sum) and hand the total to all of them.
fn combine(lid: u32, v: f32, is_max: bool) -> f32 {
    partial[lid] = v;
    workgroupBarrier();
    for (var stride = WG / 2u; stride > 0u; stride = stride / 2u) {
        if (lid < stride) {
            let a = partial[lid];
            let b = partial[lid + stride];
            partial[lid] = select(a + b, max_(a, b), is_max);
        }
        workgroupBarrier();
    }
    let total = partial[0];
    workgroupBarrier();  // everyone has read the total before partial is reused
    return total;
}

{{ lib.row_prologue("row", "rows") }}
    let base = row_start(row);
    var m = -bitcast<f32>(INF_BITS);
    for (var k = lid; k < p.K; k = k + WG) {
        m = max_(m, x[base + k * p.inner]);
    }
    m = combine(lid, m, true);
    var s = 0.0;
    for (var k = lid; k < p.K; k = k + WG) {
        s = s + exp_(x[base + k * p.inner] - m);
    }
    s = combine(lid, s, false);
    for (var k = lid; k < p.K; k = k + WG) {
        out[base + k * p.inner] = result(x[base + k * p.inner], m, s);
    }
}
{% endif %}
