#!/usr/bin/env node
// `npm run soak -- --minutes 30` (issue #15; run with vite-node, for the shared test support): the
// production server with the seeded content under a steady mix of anonymous reading, signed-in
// practice, quiz play and posting. Prints, minute by minute, requests, errors (5xx and failed
// connections), unexpected 4xx, p50 and p99 in ms and the server's resident memory; then the
// totals and the memory growth after warm-up (the first fifth of the run). Targets: 0 errors,
// growth ≤ 10 %; the exit code is 1 when either is missed.
// Options: --minutes <n> (default 30); --users <n> people at once (default 16); --think-ms <n>,
// the longest pause between one person's requests (default 100).
import path from "node:path";
import { soak } from "../tests/support/soak";
import { ensureBuild } from "./bench-server.js";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const minutes = option("minutes", 30);
const users = option("users", 16);
const thinkMs = option("think-ms", 100);
if (!(minutes > 0) || !Number.isInteger(users) || users < 1 || !(thinkMs >= 0)) {
  console.error("Usage: npm run soak -- [--minutes 30] [--users 16] [--think-ms 100]");
  process.exit(2);
}

ensureBuild(path.resolve(import.meta.dirname, ".."));
console.log(`Soak: ${minutes} min, ${users} people at once (half signed in), up to ${thinkMs} ms between requests\n`);
console.log(
  `${"minute".padStart(6)}${"requests".padStart(10)}${"errors".padStart(8)}${"4xx".padStart(6)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"RSS MB".padStart(8)}`,
);
const report = await soak({
  durationMs: minutes * 60_000,
  users,
  thinkMs,
  onMinute: (m) =>
    console.log(
      `${String(m.minute).padStart(6)}${String(m.requests).padStart(10)}${String(m.errors).padStart(8)}${String(m.unexpected).padStart(6)}` +
        `${m.p50.toFixed(1).padStart(9)}${m.p99.toFixed(1).padStart(9)}${String(m.rssMb).padStart(8)}`,
    ),
});
console.log(
  `\n${report.requests} requests, ${report.errors} errors (5xx or failed connections), ${report.unexpected} unexpected 4xx; ` +
    `resident memory ${report.rssAfterWarmUp} MB after warm-up → ${report.rssAtEnd} MB at the end (${report.growthPercent >= 0 ? "+" : ""}${report.growthPercent} %)`,
);
for (const sample of report.samples) console.log(`  ${sample}`);
process.exit(report.errors > 0 || report.growthPercent > 10 ? 1 : 0);
