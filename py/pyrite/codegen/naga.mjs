// naga (wgpu's shader compiler, as WebAssembly from npm's naga-wasm) over a batch of kernels, with no GPU.
// stdin: a JSON array of {id, code}; stdout: a JSON array of {id, ok, kind?, error?, wgsl?}, where wgsl is
// naga's own rewrite of a kernel that validated (every constant expression folded: array sizes are
// literals there, which validate.py reads to size workgroup memory). naga validates with every capability
// on; validate.py checks the features each kernel declares.
import { readFileSync } from "node:fs";
import { NagaError, nagaVersion, parseWgsl, validate, writeWgsl } from "naga-wasm";

function check({ id, code }) {
  let module, info;
  try {
    module = parseWgsl(code);
    info = validate(module);
    return { id, ok: true, wgsl: writeWgsl(module, info) };
  } catch (error) {
    if (!(error instanceof NagaError)) throw error;
    return { id, ok: false, kind: error.kind, error: error.formatted };
  } finally {
    info?.free();
    module?.free();
  }
}

if (process.argv[2] === "--version") {
  process.stdout.write(nagaVersion + "\n");
} else {
  const kernels = JSON.parse(readFileSync(0, "utf8"));
  process.stdout.write(JSON.stringify(kernels.map(check)));
}
