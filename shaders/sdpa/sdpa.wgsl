// Causal GQA attention over the fp16 KV cache with a streaming (online) softmax.
// One workgroup per (query head h, live token s); token s sees cache positions 0 .. pos + s.
// Each chunk of WG positions: every invocation scores one position (its own contiguous K row),
// the workgroup reduces max and sum, then each invocation accumulates its output dims d.
{% import "_lib/common.wgsli" as lib %}
{{ lib.step_struct() }}
struct Params { Hq: u32, Hkv: u32, D: u32, max_ctx: u32, scale: f32, _p0: f32, _p1: f32, _p2: f32 }

const WG: u32 = {{ WG }}u;
const MAX_D: u32 = {{ MAX_D }}u;
const DPT: u32 = MAX_D / WG;         // output dims per invocation

{{ lib.uniforms() }}
@group(0) @binding(2) var<storage, read> q: array<f32>;                 // [S, Hq, D]
@group(0) @binding(3) var<storage, read> k_cache: array<u32>;           // [Hkv, max_ctx, D/2] fp16 pairs
@group(0) @binding(4) var<storage, read> v_cache: array<u32>;           // [Hkv, max_ctx, D/2] fp16 pairs
@group(0) @binding(5) var<storage, read_write> out: array<f32>;         // [S, Hq, D]

var<workgroup> q_row: array<f32, MAX_D>;
var<workgroup> probs: array<f32, WG>;
var<workgroup> red: array<f32, WG>;

fn reduce(lid: u32, value: f32, is_max: bool) -> f32 {
    red[lid] = value;
    workgroupBarrier();
    for (var stride = WG / 2u; stride > 0u; stride = stride / 2u) {
        if (lid < stride) {
            let other = red[lid + stride];
            red[lid] = select(red[lid] + other, max(red[lid], other), is_max);
        }
        workgroupBarrier();
    }
    let r = red[0];
    workgroupBarrier();
    return r;
}

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid3: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let lid = lid3.x;
    let h = wid.x;
    let s = wid.y;
    let live = s < step.seq_len;
    let n = select(0u, step.pos + s + 1u, live);     // causal: positions this token sees
    let kvh = h / (p.Hq / p.Hkv);
    let half = p.D / 2u;
    let q_base = (s * p.Hq + h) * p.D;
    for (var d = lid; d < p.D; d = d + WG) {
        q_row[d] = select(0.0, q[q_base + d], live);
    }
    workgroupBarrier();

    let cache_base = kvh * p.max_ctx * half;
    var m = -3.0e38;
    var l = 0.0;
    var acc: array<f32, DPT>;
    for (var c0 = 0u; c0 < n; c0 = c0 + WG) {
        let j = c0 + lid;
        var score = -3.0e38;
        if (j < n) {
            var dotv = 0.0;
            let row = cache_base + j * half;
            for (var i = 0u; i < half; i = i + 1u) {
                let kk = unpack2x16float(k_cache[row + i]);
                dotv = dotv + kk.x * q_row[2u * i] + kk.y * q_row[2u * i + 1u];
            }
            score = dotv * p.scale;
        }
        let m_new = max(m, reduce(lid, score, true));
        let pj = select(0.0, exp(score - m_new), j < n);
        let alpha = exp(m - m_new);
        l = l * alpha + reduce(lid, pj, false);
        probs[lid] = pj;
        workgroupBarrier();
        let count = min(WG, n - c0);
        for (var t = 0u; t < DPT; t = t + 1u) {
            let d = lid + t * WG;
            var a = acc[t] * alpha;
            if (d < p.D) {
                for (var jj = 0u; jj < count; jj = jj + 1u) {
                    let vv = unpack2x16float(v_cache[cache_base + (c0 + jj) * half + d / 2u]);
                    a = a + probs[jj] * vv[d & 1u];
                }
            }
            acc[t] = a;
        }
        m = m_new;
        workgroupBarrier();
    }
    if (live) {
        for (var t = 0u; t < DPT; t = t + 1u) {
            let d = lid + t * WG;
            if (d < p.D) {
                out[q_base + d] = acc[t] / l;
            }
        }
    }
}
