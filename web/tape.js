// Replays a decode tape from one call (py/pyrite/gpu/browser.py BrowserDevice.replay): the step's
// commands n times, then the tail, into one command encoder and one submit. Python builds the step's
// command array once per tape window; each batch then costs one call across the Pyodide FFI instead
// of three per dispatch.
//
// A command is [pipeline, bindGroup, x, y, z] (a dispatch; runs of them share a compute pass) or
// ["copy", src, srcOffset, dst, dstOffset, size] (copyBufferToBuffer, between passes).
export function replay(device, step, n, tail) {
  const encoder = device.createCommandEncoder();
  let pass = null;
  const encode = (commands) => {
    for (const c of commands) {
      if (c[0] === "copy") {
        if (pass) {
          pass.end();
          pass = null;
        }
        encoder.copyBufferToBuffer(c[1], c[2], c[3], c[4], c[5]);
      } else {
        pass ??= encoder.beginComputePass();
        pass.setPipeline(c[0]);
        pass.setBindGroup(0, c[1]);
        pass.dispatchWorkgroups(c[2], c[3], c[4]);
      }
    }
  };
  for (let i = 0; i < n; i++) encode(step);
  encode(tail);
  if (pass) pass.end();
  device.queue.submit([encoder.finish()]);
}
