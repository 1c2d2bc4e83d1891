// generated from shaders/attention/attention.wgsl -- do not edit
// General attention (encoder / vision): q [B, H, Sq, D], k and v [B, H, Skv, D] f32, an optional
// additive mask [Sq, Skv], not causal. Scores [B * H * Sq, Skv] go to a scratch buffer; routes differ
// only in how QK is spread over invocations (PHASE qk_row / qk_entry); softmax and av are shared.
// qk_entry: one invocation per score (b, h, s, c) on a 2-D folded grid: many invocations even when
// there are few rows (channel attention: Sq = D = 32, Skv in the thousands).
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

const WG: u32 = 64u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> q: array<f32>;                // [B, H, Sq, D]
@group(0) @binding(2) var<storage, read> k: array<f32>;                // [B, H, Skv, D]
@group(0) @binding(3) var<storage, read> mask: array<f32>;             // [Sq, Skv] additive, or a dummy
@group(0) @binding(4) var<storage, read_write> scores: array<f32>;    // [rows, Skv]

fn masked(row: u32, c: u32, score: f32) -> f32 {
    if (p.has_mask == 0u) {
        return score;
    }
    return score + mask[(row % p.Sq) * p.Skv + c];
}

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
