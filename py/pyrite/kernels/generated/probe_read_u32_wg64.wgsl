// generated from shaders/probe/read.wgsl -- do not edit
// Streaming-read probe for the kernels bench (bench/kernels.py): the best of these plain reads of one
// large buffer is the read roofline each linear route is measured against. Each invocation folds a
// grid-strided run of words (consecutive invocations read consecutive words) into one xor, stored so
// the loads cannot be optimized away.
struct Params { n: u32, _p0: u32, _p1: u32, _p2: u32 }  // n: elements of src

const WG: u32 = 64u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<u32>;    // [threads]

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let threads = nwg.x * WG;
    var acc = u32();
    for (var i = gid.x; i < p.n; i = i + threads) {
        acc = acc ^ src[i];
    }
    out[gid.x] = acc;
}
