// The one line of config pyrite-webgpu needs: its worker imports modules, so Vite bundles it as an ES module.
export default { worker: { format: "es" } };
