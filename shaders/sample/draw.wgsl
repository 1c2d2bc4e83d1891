// One token drawn from one row of logits [V] by one workgroup, as the last dispatch of a decode step
// (graph/tape.py): the same outputs as argmax's NEXT variant (logits.wgsl), plus the token into the
// history ring the repetition penalty reads. In the order of HF's logits processors:
//   1. repetition penalty: each distinct token of the last s.window positions is divided by s.penalty
//      (multiplied where its logit is negative), in place;
//   2. candidates: the top_k largest (at most TOP_K; 0: TOP_K), found without a sort of V: a histogram
//      of (max - logit) over RANGE logits, refined once inside its boundary bin where that bin would
//      overflow the CAP slots; the candidates are gathered, then bitonic-sorted by (logit desc, id asc),
//      so their order does not depend on the order the gather ran in;
//   3. softmax at s.temperature over the candidates, top_p (the shortest prefix of mass >= top_p), then
//      min_p (probability >= min_p times the largest);
//   4. a draw from what is left with u = hash(seed, position of the token) in [0, 1): the same seed
//      gives the same tokens however the steps are batched.
// Logits more than RANGE below the largest are never drawn (e^-RANGE of its weight at temperature 1).
// ROWS (speculative decoding's verify, graph/speculative.py): one workgroup per live row r of logits
// [seq_len, V], the draw at position step.pos + r + 1 as a decode step there would make it, into
// out[2r..]; the host keeps the history ring (the draft's tokens go in before the forward) and picks
// what stands, so nothing else is written.
{% import "_lib/common.wgsli" as lib %}
{{ lib.step_struct() }}
struct Params { V: u32, slots: u32, ring: u32, _p0: u32 }
struct Sampling { temperature: f32, top_k: u32, top_p: f32, min_p: f32, penalty: f32, window: u32,
                  seed_lo: u32, seed_hi: u32 }

const WG: u32 = {{ WG }}u;
const CAP: u32 = {{ CAP }}u;
const BINS: u32 = {{ BINS }}u;
const TOP_K: u32 = {{ TOP_K }}u;
const RANGE: f32 = 32.0;
const NEG: f32 = -3.0e38;

{{ lib.uniforms() }}
@group(0) @binding(2) var<storage, read_write> logits: array<f32>;     // [V] (the penalty edits it)
@group(0) @binding(3) var<storage, read_write> out: array<u32>;        // [2] per row: token, bitcast f32 logit
{% if ROWS %}
@group(0) @binding(4) var<storage, read> history: array<u32>;          // [p.ring] token at position q % ring
@group(0) @binding(5) var<uniform> s: Sampling;
{% else %}
@group(0) @binding(4) var<storage, read_write> ids: array<u32>;        // [max_seq] the embedding's input
@group(0) @binding(5) var<storage, read_write> tokens: array<u32>;     // [p.slots] a ring of the steps' tokens
@group(0) @binding(6) var<storage, read_write> step_next: array<u32>;  // [4] a Step
@group(0) @binding(7) var<storage, read_write> history: array<u32>;    // [p.ring] token at position q % ring
@group(0) @binding(8) var<uniform> s: Sampling;
{% endif %}

var<workgroup> red: array<f32, WG>;
var<workgroup> hist: array<atomic<u32>, BINS>;
var<workgroup> n_gathered: atomic<u32>;
var<workgroup> cand_v: array<f32, CAP>;
var<workgroup> cand_i: array<u32, CAP>;
var<workgroup> found_bin: u32;    // lane 0's findings, read back uniformly
var<workgroup> found_count: u32;

fn max_of(lid: u32, value: f32) -> f32 {
    red[lid] = value;
    workgroupBarrier();
    for (var stride = WG / 2u; stride > 0u; stride = stride / 2u) {
        if (lid < stride) {
            red[lid] = max(red[lid], red[lid + stride]);
        }
        workgroupBarrier();
    }
    let r = red[0];
    workgroupBarrier();
    return r;
}

// lowbias32 (Chris Wellons): a counter-based hash, so a draw depends on (seed, position) alone.
fn mix(x: u32) -> u32 {
    var h = x;
    h = (h ^ (h >> 16u)) * 0x7feb352du;
    h = (h ^ (h >> 15u)) * 0x846ca68bu;
    return h ^ (h >> 16u);
}

// Candidate a goes before b: larger logit first, then smaller id.
fn before(a: u32, b: u32) -> bool {
    return cand_v[a] > cand_v[b] || (cand_v[a] == cand_v[b] && cand_i[a] < cand_i[b]);
}

@compute @workgroup_size(WG)
{% if ROWS %}
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    let position = step.pos + wid.x + 1u;  // of the token drawn here
    let base = wid.x * p.V;
{% else %}
fn main(@builtin(local_invocation_index) lid: u32) {
    let position = step.kv_len;  // of the token drawn here
    let base = 0u;
{% endif %}
    // 1. repetition penalty, once per distinct token of the window
    let window = min(min(s.window, p.ring), position);
    if (s.penalty != 1.0 && lid < window) {
        let t = history[(position - 1u - lid) % p.ring];
        var first = t < p.V;
        for (var j = 0u; j < lid; j = j + 1u) {
            if (history[(position - 1u - j) % p.ring] == t) {
                first = false;
            }
        }
        if (first) {
            let l = logits[base + t];
            logits[base + t] = select(l * s.penalty, l / s.penalty, l > 0.0);
        }
    }
    storageBarrier();
    workgroupBarrier();

    var mx = NEG;
    for (var i = lid; i < p.V; i = i + WG) {
        mx = max(mx, logits[base + i]);
    }
    mx = max_of(lid, mx);

    // 2. the boundary of the top k: bins of width w below `top`; a second pass refines the boundary bin
    let k = min(select(TOP_K, min(s.top_k, TOP_K), s.top_k > 0u), p.V);
    var top = mx;
    var w = RANGE / f32(BINS);
    var above = 0u;           // tokens above the current bins' range (all candidates)
    var theta = mx - RANGE;   // candidates: logit >= theta
    for (var level = 0u; level < 2u; level = level + 1u) {
        for (var b = lid; b < BINS; b = b + WG) {
            atomicStore(&hist[b], 0u);
        }
        workgroupBarrier();
        for (var i = lid; i < p.V; i = i + WG) {
            let d = top - logits[base + i];
            if (d >= 0.0 && d < w * f32(BINS)) {
                atomicAdd(&hist[min(u32(d / w), BINS - 1u)], 1u);
            }
        }
        workgroupBarrier();
        if (lid == 0u) {
            var cum = above;
            var b = 0u;
            for (; b < BINS - 1u; b = b + 1u) {
                cum = cum + atomicLoad(&hist[b]);
                if (cum >= k) {
                    break;
                }
            }
            if (b == BINS - 1u) {
                cum = cum + atomicLoad(&hist[b]);
            }
            found_bin = b;
            found_count = cum;
        }
        let b = workgroupUniformLoad(&found_bin);
        let cum = workgroupUniformLoad(&found_count);
        theta = top - f32(b + 1u) * w;
        if (cum <= CAP) {
            break;
        }
        above = cum - atomicLoad(&hist[b]);
        top = top - f32(b) * w;
        w = w / f32(BINS);
        workgroupBarrier();  // every lane has read hist[b] before the next level clears it
    }

    // gather the candidates, pad the slots, sort them
    if (lid == 0u) {
        atomicStore(&n_gathered, 0u);
    }
    workgroupBarrier();
    for (var i = lid; i < p.V; i = i + WG) {
        let l = logits[base + i];
        if (l >= theta) {
            let slot = atomicAdd(&n_gathered, 1u);
            if (slot < CAP) {  // past CAP only under exact ties wider than a refined bin
                cand_v[slot] = l;
                cand_i[slot] = i;
            }
        }
    }
    workgroupBarrier();
    let n = min(atomicLoad(&n_gathered), CAP);
    for (var j = lid; j < CAP; j = j + WG) {
        if (j >= n) {
            cand_v[j] = NEG;
            cand_i[j] = 0xFFFFFFFFu;
        }
    }
    workgroupBarrier();
    for (var size = 2u; size <= CAP; size = size * 2u) {
        for (var half = size / 2u; half > 0u; half = half / 2u) {
            for (var a = lid; a < CAP; a = a + WG) {
                let b = a ^ half;
                if (b > a) {
                    let up = (a & size) == 0u;
                    if (select(before(a, b), before(b, a), up)) {
                        let v = cand_v[a];
                        let i = cand_i[a];
                        cand_v[a] = cand_v[b];
                        cand_i[a] = cand_i[b];
                        cand_v[b] = v;
                        cand_i[b] = i;
                    }
                }
            }
            workgroupBarrier();
        }
    }

    // 3 and 4, on one lane over at most TOP_K sorted candidates
    if (lid == 0u) {
        let kept = min(k, n);
        let inv_t = 1.0 / s.temperature;
        var z = 0.0;
        for (var j = 0u; j < kept; j = j + 1u) {
            z = z + exp((cand_v[j] - cand_v[0]) * inv_t);
        }
        var keep = 0u;
        var mass = 0.0;
        for (; keep < kept; keep = keep + 1u) {
            let q = exp((cand_v[keep] - cand_v[0]) * inv_t);
            if ((keep > 0u && q < s.min_p) || (mass >= s.top_p * z)) {
                break;
            }
            mass = mass + q;
        }
        let u = f32(mix(mix(s.seed_lo ^ mix(position)) ^ s.seed_hi) >> 8u) * (1.0 / 16777216.0);
        let aim = u * mass;
        var acc = 0.0;
        var pick = keep - 1u;
        for (var j = 0u; j < keep; j = j + 1u) {
            acc = acc + exp((cand_v[j] - cand_v[0]) * inv_t);
            if (aim < acc) {
                pick = j;
                break;
            }
        }
        let token = cand_i[pick];
{% if ROWS %}
        out[2u * wid.x] = token;
        out[2u * wid.x + 1u] = bitcast<u32>(cand_v[pick]);
{% else %}
        out[0] = token;
        out[1] = bitcast<u32>(cand_v[pick]);
        ids[0] = token;
        tokens[step.index % p.slots] = token;
        history[position % p.ring] = token;
        step_next[0] = 1u;
        step_next[1] = position;
        step_next[2] = position + 1u;
        step_next[3] = step.index + 1u;
{% endif %}
    }
}
