// generated from shaders/rope/rope_kv.wgsl -- do not edit
// RoPE of the live tokens' Q (in place) and K, with K and V appended to the fp16 cache, in one dispatch
// (rope.wgsl + kv_cache.wgsl fused: the rotated K goes straight to the cache).
// One invocation per (token s, head of Q then of K, quad j < D/4): it rotates rotary pairs 2j and 2j+1.
//   rotate_half: pair i is (x[i], x[i + D/2]), so the quad is elements 2j, 2j+1, 2j+D/2, 2j+1+D/2
//   interleaved: pair i is (x[2i], x[2i + 1]), so the quad is elements 4j .. 4j+3
// and writes exactly the cache words (fp16 pairs of adjacent elements) those elements make.
struct Step { seq_len: u32, pos: u32, kv_len: u32, index: u32 }
struct Params { Hq: u32, Hk: u32, D: u32, positions: u32, max_ctx: u32, _p0: u32, _p1: u32, _p2: u32 }

const WG: u32 = 64u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> table: array<vec2<f32>>;       // [max_ctx, D/2] (cos, sin)
@group(0) @binding(3) var<storage, read_write> q: array<f32>;           // [S, Hq, D]
@group(0) @binding(4) var<storage, read> k: array<f32>;                 // [S, Hk, D]
@group(0) @binding(5) var<storage, read> v: array<f32>;                 // [S, Hk, D]
@group(0) @binding(6) var<storage, read_write> k_cache: array<u32>;     // [Hk, max_ctx, D/2] fp16 pairs
@group(0) @binding(7) var<storage, read_write> v_cache: array<u32>;     // [Hk, max_ctx, D/2] fp16 pairs

fn rotate(x1: f32, x2: f32, cs: vec2<f32>) -> vec2<f32> {
    return vec2<f32>(x1 * cs.x - x2 * cs.y, x2 * cs.x + x1 * cs.y);
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let quarter = p.D / 4u;
    let half = p.D / 2u;
    let heads = p.Hq + p.Hk;
    let idx = gid.x + gid.y * nwg.x * WG;  // 2-D grid when 1-D would pass the 65535 limit
    if (idx >= step.seq_len * heads * quarter) {
        return;
    }
    let j = idx % quarter;
    let head = (idx / quarter) % heads;
    let s = idx / (quarter * heads);
    if (step.pos + s >= p.positions) {  // never read past the table (the host refuses such steps first)
        return;
    }
    let t = (step.pos + s) * half;
    let cs0 = table[t + 2u * j];
    let cs1 = table[t + 2u * j + 1u];
    // rotary pairs (4j, 4j+1) and (4j+2, 4j+3); cache words 2j and 2j+1
    let pa = vec2<u32>(4u * j, 4u * j + 1u);
    let pb = vec2<u32>(4u * j + 2u, 4u * j + 3u);
    let words = vec2<u32>(2u * j, 2u * j + 1u);
    if (head < p.Hq) {
        let base = (s * p.Hq + head) * p.D;
        let r0 = rotate(q[base + pa.x], q[base + pa.y], cs0);
        let r1 = rotate(q[base + pb.x], q[base + pb.y], cs1);
        q[base + pa.x] = r0.x;
        q[base + pa.y] = r0.y;
        q[base + pb.x] = r1.x;
        q[base + pb.y] = r1.y;
        return;
    }
    let h = head - p.Hq;
    let base = (s * p.Hk + h) * p.D;
    let row = (h * p.max_ctx + step.pos + s) * half;
    let r0 = rotate(k[base + pa.x], k[base + pa.y], cs0);
    let r1 = rotate(k[base + pb.x], k[base + pb.y], cs1);
    k_cache[row + words.x] = pack2x16float(r0);
    k_cache[row + words.y] = pack2x16float(r1);
    v_cache[row + words.x] = pack2x16float(vec2<f32>(v[base + pa.x], v[base + pa.y]));
    v_cache[row + words.y] = pack2x16float(vec2<f32>(v[base + pb.x], v[base + pb.y]));
}
