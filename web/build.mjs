// Builds the web client into dist/: one script and one stylesheet, named by their content
// hash (so the server lets browsers keep them for a year), and an index.html that names
// them. The output depends only on the source and the pinned toolchain, so `.ci/run` can
// rebuild it and compare it with the committed copy byte for byte.
import { build } from "esbuild";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { basename } from "node:path";

const dist = "dist";
rmSync(dist, { recursive: true, force: true });
mkdirSync(`${dist}/assets`, { recursive: true });

const result = await build({
  entryPoints: { app: "src/main.tsx" },
  bundle: true,
  minify: true,
  format: "esm",
  target: ["es2022"],
  outdir: `${dist}/assets`,
  entryNames: "[name]-[hash]",
  assetNames: "[name]-[hash]",
  metafile: true,
  legalComments: "none",
  sourcemap: false,
  charset: "utf8",
  jsx: "automatic",
  jsxImportSource: "preact",
  logLevel: "warning",
});

const outputs = Object.keys(result.metafile.outputs).map((p) => basename(p));
const js = outputs.find((f) => f.endsWith(".js"));
const css = outputs.find((f) => f.endsWith(".css"));
if (!js || !css) {
  throw new Error(`expected one .js and one .css output, got ${outputs.join(", ")}`);
}
const html = readFileSync("src/index.html", "utf8")
  .replace("%SCRIPT%", `assets/${js}`)
  .replace("%STYLE%", `assets/${css}`);
writeFileSync(`${dist}/index.html`, html);

// What a browser downloads for the first page, raw and gzipped (reported in BENCHMARKS.md, "Web client").
let raw = 0;
let gz = 0;
for (const f of [`${dist}/index.html`, `${dist}/assets/${js}`, `${dist}/assets/${css}`]) {
  const bytes = readFileSync(f);
  raw += bytes.length;
  gz += gzipSync(bytes, { level: 9 }).length;
}
console.log(`dist/: ${js}, ${css}; ${(raw / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzipped`);
