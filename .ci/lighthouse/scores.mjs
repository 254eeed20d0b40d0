// Reads run.sh's Lighthouse reports: prints each page's scores as a table, saves each
// page's final screenshot next to its report, and fails (exit 1) when a score is below the
// minimum or a board page was scored before its board was drawn.
// Usage: node scores.mjs MIN DIR PAGE...   (DIR/PAGE.json for each PAGE; "lobby" has no board)
import { readFileSync, writeFileSync } from "node:fs";

const [min, dir, ...pages] = [Number(process.argv[2]), ...process.argv.slice(3)];
const categories = ["accessibility", "best-practices"];
const failures = [];
const rows = [];
for (const page of pages) {
  const lhr = JSON.parse(readFileSync(`${dir}/${page}.json`, "utf8"));
  if (lhr.runtimeError) failures.push(`${page}: Lighthouse failed: ${lhr.runtimeError.message}`);
  for (const w of lhr.runWarnings ?? []) console.log(`${page}: warning: ${w}`);
  const scores = categories.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
  rows.push([page, ...scores]);
  scores.forEach((s, i) => {
    if (s < min) {
      // What cost the points: every scored audit of the category that did not pass.
      const failed = lhr.categories[categories[i]].auditRefs
        .filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1)
        .map((r) => `${r.id} (${lhr.audits[r.id].title})`);
      failures.push(`${page}: ${categories[i]} ${s} < ${min}: ${failed.join("; ")}`);
    }
  });
  const shot = lhr.audits["final-screenshot"]?.details?.data ?? lhr.fullPageScreenshot?.screenshot?.data;
  if (shot) writeFileSync(`${dir}/${page}.jpg`, Buffer.from(shot.split(",")[1], "base64"));
  if (page !== "lobby") {
    const marks = lhr.audits["user-timings"]?.details?.items ?? [];
    if (!marks.some((m) => m.name === "hustings:first-board")) {
      failures.push(`${page}: scored before the board was drawn (no hustings:first-board mark)`);
    }
  }
}

const line = (cells) => cells.map((c, i) => String(c).padEnd(i === 0 ? 17 : 15)).join("");
console.log(line(["page", ...categories]));
for (const r of rows) console.log(line(r));
for (const f of failures) console.error(f);
process.exit(failures.length ? 1 : 0);
