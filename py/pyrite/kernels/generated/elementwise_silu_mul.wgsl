// generated from shaders/elementwise/inplace.wgsl -- do not edit
// a[i] = OP(a[i], b[i]) in place over the live rows (seq_len * row_len elements):
// the residual add and the SwiGLU gate of the transformer block.
struct Step { seq_len: u32, pos: u32, kv_len: u32, index: u32 }
struct Params { row_len: u32, _p0: u32, _p1: u32, _p2: u32 }

const WG: u32 = 64u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read_write> a: array<f32>;      // [S, row_len]
@group(0) @binding(3) var<storage, read> b: array<f32>;            // [S, row_len]

fn op(x: f32, y: f32) -> f32 {
    return x / (1.0 + exp(-x)) * y;
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let i = gid.x + gid.y * nwg.x * WG;  // 2-D grid when 1-D would pass the 65535 limit
    if (i >= step.seq_len * p.row_len) {
        return;
    }
    a[i] = op(a[i], b[i]);
}
