// webpack 5 needs no config for pyrite-webgpu (it follows new Worker(new URL(...)) and new URL(..., import.meta.url)
// itself); this one only names the app's entry, its page, and a relative public path for any sub-path.
import { fileURLToPath } from "node:url";

export default {
  mode: "production",
  entry: "./main.js",
  output: { path: fileURLToPath(new URL("./out", import.meta.url)), filename: "main.js", publicPath: "auto", clean: true },
};
