// Per row of logits [rows, V], one workgroup each: the argmax, and (score) the log-probability of
// the next token targets[r] = log_softmax(row)[targets], reduced in two passes (max, then sum exp).
// NEXT (one row, the last dispatch of a decode step): the argmax also becomes the next step's input,
// so batches of steps replay from submits with no host write (graph/tape.py): ids[0] = token,
// tokens[step.index % slots] = token (a ring the host reads a batch's tokens from), and step_next =
// the next step's Step, which the submit copies into the step uniform before the next step runs.
{% import "_lib/common.wgsli" as lib %}
{{ lib.step_struct() }}
struct Params { V: u32, rows: u32, slots: u32, _p1: u32 }

const WG: u32 = {{ WG }}u;

{{ lib.uniforms() }}
@group(0) @binding(2) var<storage, read> logits: array<f32>;       // [rows, V]
{% if SCORE %}
@group(0) @binding(3) var<storage, read> targets: array<u32>;       // [rows] next-token ids
@group(0) @binding(4) var<storage, read_write> out: array<u32>;    // [rows, 2]: argmax, bitcast f32 logprob
var<workgroup> sums: array<f32, WG>;
{% else %}
@group(0) @binding(3) var<storage, read_write> out: array<u32>;    // [rows, 2]: argmax, bitcast f32 max logit
{% endif %}
{% if NEXT %}
@group(0) @binding(4) var<storage, read_write> ids: array<u32>;        // [max_seq] the embedding's input
@group(0) @binding(5) var<storage, read_write> tokens: array<u32>;     // [p.slots] a ring of the steps' tokens
@group(0) @binding(6) var<storage, read_write> step_next: array<u32>;  // [4] a Step
{% endif %}

var<workgroup> best_v: array<f32, WG>;
var<workgroup> best_i: array<u32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid3: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let lid = lid3.x;
    let r = wid.x;
    let rows = select(step.seq_len, p.rows, p.rows != 0u);
    let live = r < rows;
    let base = r * p.V;
    var bv = -3.4e38;
    var bi = 0u;
    if (live) {
        for (var i = lid; i < p.V; i = i + WG) {
            let v = logits[base + i];
            if (v > bv) {  // strict: the first index wins ties, as numpy.argmax
                bv = v;
                bi = i;
            }
        }
    }
    best_v[lid] = bv;
    best_i[lid] = bi;
    workgroupBarrier();
    for (var stride = WG / 2u; stride > 0u; stride = stride / 2u) {
        if (lid < stride) {
            let ov = best_v[lid + stride];
            let oi = best_i[lid + stride];
            if (ov > best_v[lid] || (ov == best_v[lid] && oi < best_i[lid])) {
                best_v[lid] = ov;
                best_i[lid] = oi;
            }
        }
        workgroupBarrier();
    }
    let mx = best_v[0];
{% if SCORE %}
    var se = 0.0;
    if (live) {
        for (var i = lid; i < p.V; i = i + WG) {
            se = se + exp(logits[base + i] - mx);
        }
    }
    sums[lid] = se;
    workgroupBarrier();
    for (var stride = WG / 2u; stride > 0u; stride = stride / 2u) {
        if (lid < stride) {
            sums[lid] = sums[lid] + sums[lid + stride];
        }
        workgroupBarrier();
    }
{% endif %}
    if (live && lid == 0u) {
        out[2u * r] = best_i[0];
{% if SCORE %}
        let t = min(targets[r], p.V - 1u);
        out[2u * r + 1u] = bitcast<u32>(logits[base + t] - mx - log(sums[0]));
{% else %}
        out[2u * r + 1u] = bitcast<u32>(mx);
{% endif %}
{% if NEXT %}
        ids[0] = best_i[0];
        tokens[step.index % p.slots] = best_i[0];
        step_next[0] = 1u;
        step_next[1] = step.kv_len;
        step_next[2] = step.kv_len + 1u;
        step_next[3] = step.index + 1u;
{% endif %}
    }
}
