// FlashDecoding's combine pass (flash.wgsl is the split pass): one invocation per (token, query head,
// output pair) merges the splits' partials, weighting each by exp(m_j - M).
{% import "_lib/common.wgsli" as lib %}
{% import "_lib/sdpa.wgsli" as sdpa %}
{{ lib.step_struct() }}
{{ sdpa.params_struct() }}

const WG: u32 = {{ WG }}u;
const NEG: f32 = -3.0e38;              // "no score yet" (a finite -inf: Tint rejects inf constants)

{{ lib.uniforms() }}
{{ sdpa.splits_fn() }}
@group(0) @binding(2) var<storage, read> part_ml: array<vec2<f32>>;   // [S, Hq, max_splits] (max, sum)
@group(0) @binding(3) var<storage, read> part_o: array<vec2<f32>>;    // [S, Hq, max_splits, D/2]
@group(0) @binding(4) var<storage, read_write> out: array<f32>;       // [S, Hq, D]

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let half = p.D / 2u;
    let idx = gid.x;
    let s = gid.y;
    if (idx >= p.Hq * half || s >= step.seq_len) {
        return;
    }
    let h = idx / half;
    let i = idx % half;
    let splits = flash_splits(step.pos + s + 1u);
    let base = (s * p.Hq + h) * p.max_splits;
    var M = NEG;
    for (var j = 0u; j < splits; j = j + 1u) {
        M = max(M, part_ml[base + j].x);
    }
    var L = 0.0;
    var o = vec2<f32>(0.0);
    for (var j = 0u; j < splits; j = j + 1u) {
        let ml = part_ml[base + j];
        let w = exp(ml.x - M);                                        // an empty split has max NEG: weight 0
        L = L + ml.y * w;
        o = o + part_o[(base + j) * half + i] * w;
    }
    let ob = (s * p.Hq + h) * p.D + 2u * i;
    out[ob] = o.x / L;
    out[ob + 1u] = o.y / L;
}
