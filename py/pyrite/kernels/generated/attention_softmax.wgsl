// generated from shaders/attention/attention.wgsl -- do not edit
// General attention (encoder / vision): q [B, H, Sq, D], k and v [B, H, Skv, D] f32, an optional
// additive mask [Sq, Skv], not causal. Scores [B * H * Sq, Skv] go to a scratch buffer; routes differ
// only in how QK is spread over invocations (PHASE qk_row / qk_entry); softmax and av are shared.
// softmax: one workgroup per row, in place.
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

const WG: u32 = 16u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read_write> scores: array<f32>;    // [rows, Skv]

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

fn softmax_in_place(lid: u32, base: u32, n: u32) {
    var mx = -3.0e38;
    for (var j = lid; j < n; j = j + WG) {
        mx = max(mx, scores[base + j]);
    }
    mx = reduce(lid, mx, true);
    var sum = 0.0;
    for (var j = lid; j < n; j = j + WG) {
        let e = exp(scores[base + j] - mx);
        scores[base + j] = e;
        sum = sum + e;
    }
    let inv = 1.0 / reduce(lid, sum, false);
    for (var j = lid; j < n; j = j + WG) {
        scores[base + j] = scores[base + j] * inv;
    }
}

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
