// generated from shaders/sample/logits.wgsl -- do not edit
// Per row of logits [rows, V], one workgroup each: the argmax, and (score) the log-probability of
// the next token targets[r] = log_softmax(row)[targets], reduced in two passes (max, then sum exp).
// NEXT (one row, the last dispatch of a decode step): the argmax also becomes the next step's input,
// so batches of steps replay from submits with no host write (graph/tape.py): ids[0] = token,
// tokens[step.index % slots] = token (a ring the host reads a batch's tokens from), and step_next =
// the next step's Step, which the submit copies into the step uniform before the next step runs.
struct Step { seq_len: u32, pos: u32, kv_len: u32, index: u32 }
struct Params { V: u32, rows: u32, slots: u32, _p1: u32 }

const WG: u32 = 256u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> logits: array<f32>;       // [rows, V]
@group(0) @binding(3) var<storage, read> targets: array<u32>;       // [rows] next-token ids
@group(0) @binding(4) var<storage, read_write> out: array<u32>;    // [rows, 2]: argmax, bitcast f32 logprob
var<workgroup> sums: array<f32, WG>;

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
    if (live && lid == 0u) {
        out[2u * r] = best_i[0];
        let t = min(targets[r], p.V - 1u);
        out[2u * r + 1u] = bitcast<u32>(logits[base + t] - mx - log(sums[0]));
    }
}
