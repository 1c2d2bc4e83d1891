// Append the live tokens' K and V to the fp16 cache (packed two per u32):
// cache[h, pos + s, i] = pack2x16float(src[s, h, 2i], src[s, h, 2i + 1])
{% import "_lib/common.wgsli" as lib %}
{{ lib.step_struct() }}
struct Params { H: u32, D: u32, max_ctx: u32, _p0: u32 }

const WG: u32 = {{ WG }}u;

{{ lib.uniforms() }}
@group(0) @binding(2) var<storage, read> k: array<vec2<f32>>;           // [S, H, D/2]
@group(0) @binding(3) var<storage, read> v: array<vec2<f32>>;           // [S, H, D/2]
@group(0) @binding(4) var<storage, read_write> k_cache: array<u32>;     // [H, max_ctx, D/2] fp16 pairs
@group(0) @binding(5) var<storage, read_write> v_cache: array<u32>;     // [H, max_ctx, D/2] fp16 pairs

{{ lib.pair_prologue() }}
    let h = (idx / half) % p.H;
    let s = idx / (half * p.H);
    let dst = (h * p.max_ctx + step.pos + s) * half + i;
    k_cache[dst] = pack2x16float(k[idx]);
    v_cache[dst] = pack2x16float(v[idx]);
}
