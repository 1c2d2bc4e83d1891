// generated from shaders/attention/attention.wgsl -- do not edit
// General attention (encoder / vision): q [B, H, Sq, D], k and v [B, H, Skv, D] f32, an optional
// additive mask [Sq, Skv], not causal. Scores [B * H * Sq, Skv] go to a scratch buffer; routes differ
// only in how QK is spread over invocations (PHASE qk_row / qk_entry); softmax and av are shared.
// qk_row: one invocation per (b, h, s) row, looping over the keys with vec4 loads (D % 4 == 0).
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
@group(0) @binding(1) var<storage, read> q: array<vec4<f32>>;          // [B, H, Sq, D / 4]
@group(0) @binding(2) var<storage, read> k: array<vec4<f32>>;          // [B, H, Skv, D / 4]
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
