// Runs the client's unit tests: every src/**/*.test.ts, bundled by esbuild for node into a
// temporary folder and imported; each exports `tests`, a record of named functions that
// throw on failure. Exits 1 if any fails. Part of `npm run check`.
import { build } from "esbuild";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const files = readdirSync("src", { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".test.ts") || f.endsWith(".test.tsx"))
  .map((f) => join("src", f))
  .sort();
const out = mkdtempSync(join(tmpdir(), "hustings-web-test-"));
let failed = 0;
let passed = 0;
try {
  await build({
    entryPoints: files,
    bundle: true,
    format: "esm",
    platform: "node",
    outdir: out,
    outbase: "src",
    outExtension: { ".js": ".mjs" },
    jsx: "automatic",
    jsxImportSource: "preact",
    logLevel: "warning",
  });
  for (const f of files) {
    const built = join(out, f.replace(/^src[/\\]/, "").replace(/\.tsx?$/, ".mjs"));
    const { tests } = await import(pathToFileURL(built).href);
    for (const [name, run] of Object.entries(tests)) {
      try {
        await run();
        passed++;
      } catch (e) {
        failed++;
        console.log(`FAIL ${f}: ${name}\n  ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
console.log(`unit tests: ${passed} passed, ${failed} failed (${files.length} files)`);
if (failed > 0 || passed === 0) process.exit(1);
