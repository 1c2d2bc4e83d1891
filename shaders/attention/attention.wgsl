// General attention (encoder / vision): q [B, H, Sq, D], k and v [B, H, Skv, D] f32, an optional
// additive mask [Sq, Skv], not causal. Scores [B * H * Sq, Skv] go to a scratch buffer; routes differ
// only in how QK is spread over invocations (PHASE qk_row / qk_entry); softmax and av are shared.
{% if PHASE == "qk_row" %}
// qk_row: one invocation per (b, h, s) row, looping over the keys with vec4 loads (D % 4 == 0).
{% elif PHASE == "qk_entry" %}
// qk_entry: one invocation per score (b, h, s, c) on a 2-D folded grid: many invocations even when
// there are few rows (channel attention: Sq = D = 32, Skv in the thousands).
{% elif PHASE == "softmax" %}
// softmax: one workgroup per row, in place.
{% else %}
// av: one invocation per output (row, d): out = sum_c P[c] v[c, d].
{% endif %}
{% import "_lib/common.wgsli" as lib %}
struct Params {
    rows: u32,          // B * H * Sq
    Sq: u32,
    Skv: u32,
    D: u32,
    scale: f32,         // 1 / sqrt(D)
    has_mask: u32,
    _p0: u32,
    _p1: u32,
}

const WG: u32 = {{ WG }}u;

@group(0) @binding(0) var<uniform> p: Params;
{% if PHASE in ("qk_row", "qk_entry") %}
{% if PHASE == "qk_row" %}
@group(0) @binding(1) var<storage, read> q: array<vec4<f32>>;          // [B, H, Sq, D / 4]
@group(0) @binding(2) var<storage, read> k: array<vec4<f32>>;          // [B, H, Skv, D / 4]
{% else %}
@group(0) @binding(1) var<storage, read> q: array<f32>;                // [B, H, Sq, D]
@group(0) @binding(2) var<storage, read> k: array<f32>;                // [B, H, Skv, D]
{% endif %}
@group(0) @binding(3) var<storage, read> mask: array<f32>;             // [Sq, Skv] additive, or a dummy
@group(0) @binding(4) var<storage, read_write> scores: array<f32>;    // [rows, Skv]

fn masked(row: u32, c: u32, score: f32) -> f32 {
    if (p.has_mask == 0u) {
        return score;
    }
    return score + mask[(row % p.Sq) * p.Skv + c];
}
{% if PHASE == "qk_row" %}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let row = gid.x + gid.y * nwg.x * WG;
    if (row >= p.rows) {
        return;
    }
    let d4 = p.D / 4u;
    let bh = row / p.Sq;                          // (b, h): its keys start at bh * Skv
    let qb = row * d4;
    for (var c = 0u; c < p.Skv; c = c + 1u) {
        let kb = (bh * p.Skv + c) * d4;
        var acc = 0.0;
        for (var i = 0u; i < d4; i = i + 1u) {
            acc = acc + dot(q[qb + i], k[kb + i]);
        }
        scores[row * p.Skv + c] = masked(row, c, acc * p.scale);
    }
}
{% else %}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let e = gid.x + gid.y * nwg.x * WG;
    if (e >= p.rows * p.Skv) {
        return;
    }
    let row = e / p.Skv;
    let c = e % p.Skv;
    let qb = row * p.D;
    let kb = ((row / p.Sq) * p.Skv + c) * p.D;
    var acc = 0.0;
    for (var i = 0u; i < p.D; i = i + 1u) {
        acc = acc + q[qb + i] * k[kb + i];
    }
    scores[e] = masked(row, c, acc * p.scale);
}
{% endif %}
{% elif PHASE == "softmax" %}
@group(0) @binding(1) var<storage, read_write> scores: array<f32>;    // [rows, Skv]

{{ lib.softmax_in_place() }}

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid3: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(num_workgroups) nwg: vec3<u32>) {
    let lid = lid3.x;
    let row = wid.x + wid.y * nwg.x;              // uniform per workgroup: the early return keeps barriers uniform
    if (row >= p.rows) {
        return;
    }
    let base = row * p.Skv;
    softmax_in_place(lid, base, p.Skv);
}
{% else %}
@group(0) @binding(1) var<storage, read> scores: array<f32>;          // [rows, Skv] probabilities
@group(0) @binding(2) var<storage, read> v: array<f32>;               // [B, H, Skv, D]
@group(0) @binding(3) var<storage, read_write> out: array<f32>;       // [B, H, Sq, D]

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let e = gid.x + gid.y * nwg.x * WG;
    if (e >= p.rows * p.D) {
        return;
    }
    let row = e / p.D;
    let d = e % p.D;
    let vb = (row / p.Sq) * p.Skv * p.D + d;
    let base = row * p.Skv;
    var acc = 0.0;
    for (var c = 0u; c < p.Skv; c = c + 1u) {
        acc = acc + scores[base + c] * v[vb + c * p.D];
    }
    out[e] = acc;
}
{% endif %}
