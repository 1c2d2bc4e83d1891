// generated from shaders/rope/rope.wgsl -- do not edit
// RoPE in place on x [S, H, D] for positions pos .. pos+S-1, rotating pairs (x1, x2):
//   x1' = x1 cos - x2 sin,  x2' = x2 cos + x1 sin
// rotate_half (HF): pair i is (x[i], x[i + D/2]). interleaved: pair i is (x[2i], x[2i + 1]), the
// layout of GGUF llama-arch q/k weights, which llama.cpp's converter permutes; the scores are the same.
// cos/sin come from a host-built table [max_ctx, D/2] of (cos, sin) pairs, so the angles match the
// reference's fp32 table and not the GPU's sin() of large arguments.
struct Step { seq_len: u32, pos: u32, kv_len: u32, index: u32 }
struct Params { H: u32, D: u32, positions: u32, _p1: u32 }

const WG: u32 = 64u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> table: array<vec2<f32>>;  // [max_ctx, D/2] (cos, sin)
@group(0) @binding(3) var<storage, read_write> x: array<f32>;      // [S, H, D]

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let half = p.D / 2u;
    let idx = gid.x + gid.y * nwg.x * WG;  // 2-D grid when 1-D would pass the 65535 limit
    if (idx >= step.seq_len * p.H * half) {
        return;
    }
    let i = idx % half;
    let row = idx / half;              // s * H + h
    let s = row / p.H;
    if (step.pos + s >= p.positions) {  // never read past the table (the host refuses such steps first)
        return;
    }
    let cs = table[(step.pos + s) * half + i];
    let a = row * p.D + i;
    let b = a + half;
    let x1 = x[a];
    let x2 = x[b];
    x[a] = x1 * cs.x - x2 * cs.y;
    x[b] = x2 * cs.x + x1 * cs.y;
}
