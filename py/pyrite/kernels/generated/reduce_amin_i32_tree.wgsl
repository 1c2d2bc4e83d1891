// generated from shaders/reduce/reduce.wgsl -- do not edit
// amax / amin over any set of dims, argmax / argmin (row-major index within the reduced dims) of
// x [n_out runs of red_len elements]. Ties: the first index wins; NaN beats every number and the
// first NaN wins (numpy's amax and argmax propagate NaN).
//   serial: one invocation per output, a plain loop (short runs, many outputs)
//   tree:   one workgroup per output, strided loads and a shared-memory tree (long runs)
// An output index walks the kept dims, a reduction index the reduced dims (coalesced, innermost
// first), each to an element offset of x.
struct Params {
    n_out: u32,
    red_len: u32,
    kept_rank: u32,
    red_rank: u32,
    dims: array<vec4<u32>, 4>,      // kept dims at [0..1], reduced dims at [2..3]
    strides: array<vec4<u32>, 4>,   // x's element strides, the same places
}

const WG: u32 = 64u;
const NONE: u32 = 0xffffffffu;     // index of the starting sentinel: any element beats it
// +inf read at run time: a constant expression that evaluates to inf is a shader-creation error
// in WGSL (Tint in Chromium 156 enforces it; naga accepts it).
var<private> INF_BITS: u32 = 0x7f800000u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> x: array<i32>;
@group(0) @binding(2) var<storage, read_write> out: array<i32>;   // [n_out]

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
fn better(a: i32, ia: u32, b: i32, ib: u32) -> bool {
    return a < b || (a == b && ia < ib);
}

fn store(o: u32, v: i32, i: u32) {
    out[o] = v;
}

var<workgroup> best_v: array<i32, WG>;
var<workgroup> best_i: array<u32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid3: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(num_workgroups) nwg: vec3<u32>) {
    let lid = lid3.x;
    let o = wid.x + wid.y * nwg.x;  // uniform per workgroup, so the early return keeps barriers uniform
    if (o >= p.n_out) {
        return;
    }
    let base = offset(o, 0u, p.kept_rank);
    var best = 2147483647;
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
