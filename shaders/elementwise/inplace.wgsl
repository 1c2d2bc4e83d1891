// a[i] = OP(a[i], b[i]) in place over the live rows (seq_len * row_len elements):
// the residual add and the SwiGLU gate of the transformer block.
{% import "_lib/common.wgsli" as lib %}
{{ lib.step_struct() }}
struct Params { row_len: u32, _p0: u32, _p1: u32, _p2: u32 }

const WG: u32 = {{ WG }}u;

{{ lib.uniforms() }}
@group(0) @binding(2) var<storage, read_write> a: array<f32>;      // [S, row_len]
@group(0) @binding(3) var<storage, read> b: array<f32>;            // [S, row_len]

fn op(x: f32, y: f32) -> f32 {
    return {{ EXPR }};
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let i = gid.x + gid.y * nwg.x * WG;  // 2-D grid when 1-D would pass the 65535 limit
    if (i >= step.seq_len * p.row_len) {
        return;
    }
    a[i] = op(a[i], b[i]);
}
