// generated from shaders/kv_cache/kv_cache.wgsl -- do not edit
// Append the live tokens' K and V to the fp16 cache (packed two per u32):
// cache[h, pos + s, i] = pack2x16float(src[s, h, 2i], src[s, h, 2i + 1])
struct Step { seq_len: u32, pos: u32, kv_len: u32, index: u32 }
struct Params { H: u32, D: u32, max_ctx: u32, _p0: u32 }

const WG: u32 = 64u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> k: array<vec2<f32>>;           // [S, H, D/2]
@group(0) @binding(3) var<storage, read> v: array<vec2<f32>>;           // [S, H, D/2]
@group(0) @binding(4) var<storage, read_write> k_cache: array<u32>;     // [H, max_ctx, D/2] fp16 pairs
@group(0) @binding(5) var<storage, read_write> v_cache: array<u32>;     // [H, max_ctx, D/2] fp16 pairs

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let half = p.D / 2u;
    let idx = gid.x + gid.y * nwg.x * WG;  // 2-D grid when 1-D would pass the 65535 limit
    if (idx >= step.seq_len * p.H * half) {
        return;
    }
    let i = idx % half;
    let h = (idx / half) % p.H;
    let s = idx / (half * p.H);
    let dst = (h * p.max_ctx + step.pos + s) * half + i;
    k_cache[dst] = pack2x16float(k[idx]);
    v_cache[dst] = pack2x16float(v[idx]);
}
