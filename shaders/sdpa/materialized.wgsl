// Materialized causal GQA attention, the fallback for any shape: scores into a buffer
// [rows, Hq, row_stride], softmax in place, then P V. Three passes (PHASE) per block of query rows
// q0 .. q0 + rows - 1, so the scores buffer stays within the binding limit at any S.
{% if PHASE == "qk" %}
// qk: one invocation per score (key j, token s, query head h); keys past the causal bound get NEG.
{% elif PHASE == "softmax" %}
// softmax: one workgroup per row (query head h, token s), over the row's pos + s + 1 scores.
{% else %}
// av: one invocation per (token, query head, output dim): out = sum_j P[j] V[j].
{% endif %}
{% import "_lib/common.wgsli" as lib %}
{% import "_lib/sdpa.wgsli" as sdpa %}
{{ lib.step_struct() }}
{{ sdpa.params_struct() }}

const WG: u32 = {{ WG }}u;
const NEG: f32 = -3.0e38;              // a finite -inf: Tint rejects inf constants

{{ lib.uniforms() }}
{% if PHASE == "qk" %}
@group(0) @binding(2) var<storage, read> q: array<f32>;                // [S, Hq, D]
@group(0) @binding(3) var<storage, read> k_cache: array<u32>;          // [Hkv, max_ctx, D/2] fp16 pairs
@group(0) @binding(4) var<storage, read_write> scores: array<f32>;    // [rows, Hq, row_stride]

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let j = gid.x;
    let r = gid.y;                                // row of the block; token s = q0 + r
    let s = p.q0 + r;
    let h = gid.z;
    if (j >= step.kv_len || s >= step.seq_len) {
        return;
    }
    let half = p.D / 2u;
    let kvh = h / (p.Hq / p.Hkv);
    var score = NEG;
    if (j <= step.pos + s) {
        let qb = (s * p.Hq + h) * p.D;
        let row = (kvh * p.max_ctx + j) * half;
        var dotv = 0.0;
        for (var i = 0u; i < half; i = i + 1u) {
            dotv = dotv + dot(vec2<f32>(q[qb + 2u * i], q[qb + 2u * i + 1u]), unpack2x16float(k_cache[row + i]));
        }
        score = dotv * p.scale;
    }
    scores[(r * p.Hq + h) * p.row_stride + j] = score;
}
{% elif PHASE == "softmax" %}
@group(0) @binding(2) var<storage, read_write> scores: array<f32>;    // [rows, Hq, row_stride]

{{ lib.softmax_in_place() }}

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid3: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let lid = lid3.x;
    let h = wid.x;
    let r = wid.y;
    let n = step.pos + p.q0 + r + 1u;
    let base = (r * p.Hq + h) * p.row_stride;
    softmax_in_place(lid, base, n);
}
{% else %}
@group(0) @binding(2) var<storage, read> scores: array<f32>;          // [rows, Hq, row_stride] probabilities
@group(0) @binding(3) var<storage, read> v_cache: array<u32>;         // [Hkv, max_ctx, D/2] fp16 pairs
@group(0) @binding(4) var<storage, read_write> out: array<f32>;       // [S, Hq, D]

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let idx = gid.x;
    let r = gid.y;
    let s = p.q0 + r;
    if (idx >= p.Hq * p.D || s >= step.seq_len) {
        return;
    }
    let h = idx / p.D;
    let d = idx % p.D;
    let half = p.D / 2u;
    let kvh = h / (p.Hq / p.Hkv);
    let n = step.pos + s + 1u;
    let base = (r * p.Hq + h) * p.row_stride;
    let col = kvh * p.max_ctx * half + d / 2u;
    var o = 0.0;
    for (var j = 0u; j < n; j = j + 1u) {
        o = o + scores[base + j] * unpack2x16float(v_cache[col + j * half])[d & 1u];
    }
    out[(s * p.Hq + h) * p.D + d] = o;
}
{% endif %}
