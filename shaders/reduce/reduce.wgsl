// amax / amin over any set of dims, argmax / argmin (row-major index within the reduced dims) of
// x [n_out runs of red_len elements]. Ties: the first index wins; NaN beats every number and the
// first NaN wins (numpy's amax and argmax propagate NaN).
//   serial: one invocation per output, a plain loop (short runs, many outputs)
//   tree:   one workgroup per output, strided loads and a shared-memory tree (long runs)
// An output index walks the kept dims, a reduction index the reduced dims (coalesced, innermost
// first), each to an element offset of x.
{% import "_lib/common.wgsli" as lib %}
struct Params {
    n_out: u32,
    red_len: u32,
    kept_rank: u32,
    red_rank: u32,
    dims: array<vec4<u32>, 4>,      // kept dims at [0..1], reduced dims at [2..3]
    strides: array<vec4<u32>, 4>,   // x's element strides, the same places
}

const WG: u32 = {{ WG }}u;
const NONE: u32 = 0xffffffffu;     // index of the starting sentinel: any element beats it
// +inf read at run time: a constant expression that evaluates to inf is a shader-creation error
// in WGSL (Tint in Chromium 156 enforces it; naga accepts it).
var<private> INF_BITS: u32 = 0x7f800000u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> x: array<{{ T }}>;
@group(0) @binding(2) var<storage, read_write> out: array<{{ "i32" if INDEX else T }}>;   // [n_out]

fn offset(i: u32, group: u32, rank: u32) -> u32 {
    var rem = i;
    var off = 0u;
    for (var d = 0u; d < rank; d = d + 1u) {
        let v = 2u * group + d / 4u;
        let c = d % 4u;
        off = off + (rem % p.dims[v][c]) * p.strides[v][c];
        rem = rem / p.dims[v][c];
    }
    return off;
}

// (a at ia) is preferred over (b at ib). NaN is tested on the bits: comparisons alone would drop
// it under fast math (llvmpipe).
fn better(a: {{ T }}, ia: u32, b: {{ T }}, ib: u32) -> bool {
{% if T == "f32" %}
    let na = (bitcast<u32>(a) & 0x7fffffffu) > 0x7f800000u;
    let nb = (bitcast<u32>(b) & 0x7fffffffu) > 0x7f800000u;
    let same = (na && nb) || (!na && !nb && a == b);
    return (!na && !nb && a {{ CMP }} b) || (na && !nb) || (same && ia < ib);
{% else %}
    return a {{ CMP }} b || (a == b && ia < ib);
{% endif %}
}

fn store(o: u32, v: {{ T }}, i: u32) {
{% if INDEX %}
    out[o] = i32(i);
{% else %}
    out[o] = v;
{% endif %}
}

{% set SENTINEL = {("f32", ">"): "-bitcast<f32>(INF_BITS)", ("f32", "<"): "bitcast<f32>(INF_BITS)",
                   ("i32", ">"): "i32(-2147483648)", ("i32", "<"): "2147483647"}[(T, CMP)] %}
{% if MODE == "serial" %}
@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let o = gid.x + gid.y * nwg.x * WG;
    if (o >= p.n_out) {
        return;
    }
    let base = offset(o, 0u, p.kept_rank);
    var best = {{ SENTINEL }};
    var at = NONE;
    for (var r = 0u; r < p.red_len; r = r + 1u) {
        let v = x[base + offset(r, 1u, p.red_rank)];
        let take = better(v, r, best, at);
        best = select(best, v, take);
        at = select(at, r, take);
    }
    store(o, best, at);
}
{% else %}
var<workgroup> best_v: array<{{ T }}, WG>;
var<workgroup> best_i: array<u32, WG>;

{{ lib.row_prologue("o", "n_out") }}
    let base = offset(o, 0u, p.kept_rank);
    var best = {{ SENTINEL }};
    var at = NONE;
    for (var r = lid; r < p.red_len; r = r + WG) {
        let v = x[base + offset(r, 1u, p.red_rank)];
        let take = better(v, r, best, at);
        best = select(best, v, take);
        at = select(at, r, take);
    }
    best_v[lid] = best;
    best_i[lid] = at;
    workgroupBarrier();
    for (var stride = WG / 2u; stride > 0u; stride = stride / 2u) {
        if (lid < stride && better(best_v[lid + stride], best_i[lid + stride], best_v[lid], best_i[lid])) {
            best_v[lid] = best_v[lid + stride];
            best_i[lid] = best_i[lid + stride];
        }
        workgroupBarrier();
    }
    if (lid == 0u) {
        store(o, best_v[0], best_i[0]);
    }
}
{% endif %}
