#!/usr/bin/env node
// `npm run bench`: starts the production server on a free port with a fresh database and
// measures requests/s and latency with autocannon on this machine (the load generator
// shares the two cores with the server, as in ARCHITECTURE.md's figures).
// Options: --duration <s> (default 10), --connections <n> (default 32), --no-throughput,
// --no-blog, --no-questions, --no-runner (skip those parts); --cached-pages: only the cached
// content page, with Brotli and without Accept-Encoding, against nginx serving the same bytes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { benchBlog } from "./bench-blog.js";
import { benchQuestions } from "./bench-questions.js";
import { benchRunner } from "./bench-runner.js";
import { benchThroughput } from "./bench-throughput.js";
import { ensureBuild, startFreshServer } from "./bench-server.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const duration = option("duration", 10);
const connections = option("connections", 32);

if (args.includes("--cached-pages")) {
  ensureBuild(root);
  await benchThroughput({ root, duration, connections, cachedPagesOnly: true });
  process.exit(0);
}

ensureBuild(root);
const server = await startFreshServer(root, "bench");
const { base, port, dataDir } = server;

function run(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

try {
  const html = await (await fetch(`${base}/`)).text();
  const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  const targets = [
    ["SSR page (/)", "/"],
    ["API /api/health", "/api/health"],
    [`static asset (${asset})`, asset],
  ];
  console.log(`autocannon: ${connections} connections, ${duration} s per target, ${os.cpus().length} cores shared with the server\n`);
  console.log("target".padEnd(48), "req/s".padStart(10), "p50 ms".padStart(8), "p99 ms".padStart(8), "errors".padStart(7));
  for (const [name, target] of targets) {
    await run(`${base}${target}`, 3); // warm-up (JIT, caches), not counted
    const result = await run(`${base}${target}`, duration);
    const errors = result.errors + result.timeouts + result.non2xx;
    console.log(
      name.padEnd(48),
      result.requests.average.toFixed(0).padStart(10),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      String(errors).padStart(7),
    );
  }
  // One password hash at the cost server/auth/password.ts uses (OWASP: N=2^17, r=8, p=1).
  const { scryptSync, randomBytes } = await import("node:crypto");
  const times = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    scryptSync("correct horse battery staple", randomBytes(16), 64, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 2 ** 17 * 8 + 1024 * 1024 });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`\npassword hash (scrypt N=2^17, r=8, p=1): median ${times[2].toFixed(0)} ms of 5`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (!args.includes("--no-throughput")) await benchThroughput({ root, duration, connections });
if (!args.includes("--no-blog")) await benchBlog({ root, port, duration: Math.min(duration, 5), connections });
if (!args.includes("--no-questions")) await benchQuestions({ root, port, duration: Math.min(duration, 5), connections });
if (!args.includes("--no-runner")) await benchRunner({ root, port });
