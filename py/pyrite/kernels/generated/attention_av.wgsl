// generated from shaders/attention/attention.wgsl -- do not edit
// General attention (encoder / vision): q [B, H, Sq, D], k and v [B, H, Skv, D] f32, an optional
// additive mask [Sq, Skv], not causal. Scores [B * H * Sq, Skv] go to a scratch buffer; routes differ
// only in how QK is spread over invocations (PHASE qk_row / qk_entry); softmax and av are shared.
// av: one invocation per output (row, d): out = sum_c P[c] v[c, d].
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
