// generated from shaders/norm/rmsnorm.wgsl -- do not edit
// out[r, :] = x[r, :] * inverseSqrt(mean(x[r, :]^2) + eps) * weight, one workgroup per row.
// rows = seq_len * rows_per_token (rows_per_token = n_heads for per-head q/k norm). With last_only,
// only the last token's rows are normalized, into output rows 0.. (the lm_head needs only them).
struct Step { seq_len: u32, pos: u32, kv_len: u32, index: u32 }
struct Params { K: u32, rows_per_token: u32, last_only: u32, _p0: u32, eps: f32, _p1: f32, _p2: f32, _p3: f32 }

const WG: u32 = 16u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> x: array<f32>;            // [rows, K]
@group(0) @binding(3) var<storage, read> weight: array<f32>;       // [K]
@group(0) @binding(4) var<storage, read_write> out: array<f32>;    // [rows, K]

var<workgroup> partial: array<f32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let rows = select(step.seq_len * p.rows_per_token, p.rows_per_token, p.last_only != 0u);
    let out_row = wid.x;
    var src_row = out_row;
    if (p.last_only != 0u) {
        src_row = (step.seq_len - 1u) * p.rows_per_token + out_row;
    }
    let live = out_row < rows;
    var ss = 0.0;
    if (live) {
        for (var k = lid.x; k < p.K; k = k + WG) {
            let v = x[src_row * p.K + k];
            ss = ss + v * v;
        }
    }
    partial[lid.x] = ss;
    workgroupBarrier();
    for (var stride = WG / 2u; stride > 0u; stride = stride / 2u) {
        if (lid.x < stride) {
            partial[lid.x] = partial[lid.x] + partial[lid.x + stride];
        }
        workgroupBarrier();
    }
    if (live) {
        let inv = inverseSqrt(partial[0] / f32(p.K) + p.eps);
        for (var k = lid.x; k < p.K; k = k + WG) {
            out[out_row * p.K + k] = x[src_row * p.K + k] * inv * weight[k];
        }
    }
}
