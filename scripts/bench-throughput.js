// Part of `npm run bench` (issue #14): throughput against the machine's limit.
// - a cached anonymous page, answered on the socket and through Hono, against nginx serving the
//   same bytes (Debian's nginx-light, when installed): the physical limit here; asked for with
//   Brotli and without Accept-Encoding (curl, bots, proxies: issue #32), each against nginx
//   sending the bytes that request got;
// - an uncached server-rendered 100-question list against a one-line page (the not-found page:
//   the site's shell around one line) rendered by the same stack;
// - the API's 100-question list against a bare Hono route sending the same JSON;
// - /api/health; the server's resident memory idle and under load; start-up time to the first
//   200 with 1,000 questions to import.
// Load comes from wrk when installed (as in ARCHITECTURE.md's figures), else autocannon, on the
// same two cores as the server. `cachedPagesOnly`: the cached page's rows and nothing else.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { writeBank } from "./bench-questions.js";
import { freePort, startServer } from "./bench-server.js";
import { rssMb } from "./measure.js";

const PAGE = "/javascript-questions/bench-00150";
const LIST = "/javascript-questions?kind=theory&level=beginner";
const ONE_LINE = "/404";
const API_LIST = "/api/questions?technology=javascript&kind=theory&level=beginner&limit=100";
const COMPRESSED = { "Accept-Encoding": "br, gzip" };
/** How the cached page is asked for: as browsers do, and as curl, bots and proxies do. */
const PAGE_REQUESTS = [
  ["Brotli", COMPRESSED],
  ["no Accept-Encoding", {}],
];

const haveWrk = spawnSync("sh", ["-c", "command -v wrk"]).status === 0;
const nginxBinary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));

function parseWrkLatency(value, unit) {
  return Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];
}

/** wrk's report (run without blocking this process, which samples the server's memory meanwhile). */
function wrk(args) {
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.once("error", reject);
    child.once("exit", () => resolve(out));
  });
}

/**
 * requests/s, p50 and p99 in ms, errors; `headers` sent with every request. `status404`: the
 * page answers 404 on purpose, so only socket errors and timeouts count.
 */
async function load(url, { duration, connections, headers = {}, status404 = false }) {
  if (haveWrk) {
    const args = ["-t1", `-c${connections}`, `-d${duration}s`, "--latency"];
    for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
    const out = await wrk([...args, url]);
    const latency = (p) => {
      const m = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
      return m ? parseWrkLatency(m[1], m[2]) : NaN;
    };
    const non2xx = status404 ? 0 : Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
    const errors = non2xx + Number(/Socket errors:.*timeout (\d+)/.exec(out)?.[1] ?? 0);
    return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]), p50: latency(50), p99: latency(99), errors };
  }
  const r = await new Promise((resolve, reject) =>
    autocannon({ url, duration, connections, headers }, (error, result) => (error ? reject(error) : resolve(result))),
  );
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + (status404 ? 0 : r.non2xx) };
}

async function measure(url, options, pid) {
  await load(url, { ...options, duration: 3 }); // warm-up: JIT, the page cache, SQLite's pages
  let peak = 0;
  const sampler = pid ? setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250) : null;
  const result = await load(url, options);
  if (sampler) clearInterval(sampler);
  return { ...result, rss: peak };
}

/**
 * A response's headers and its bytes as sent (fetch would decode them, and add an
 * Accept-Encoding of its own).
 */
function getRaw(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** nginx serving `body` at /page on a free port, labelled with `contentEncoding` if there is one. */
async function startNginx(body, contentEncoding) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-bench-nginx-"));
  fs.writeFileSync(path.join(dir, "page"), body);
  const port = await freePort();
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    location = /page {
      root ${dir};
      default_type "text/html; charset=utf-8";
      ${contentEncoding ? `add_header Content-Encoding ${contentEncoding};` : ""}
    }
  }
}
`,
  );
  const child = spawn(nginxBinary, ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "ignore" });
  return helper(child, dir, `http://127.0.0.1:${port}/page`);
}

/** Waits until a helper process answers `url`; `stop()` ends it and removes its folder. */
async function helper(child, dir, url) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A bare Hono app on @hono/node-server answering /json with `json`, in its own process. */
async function startBareHono(root, json) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-bench-hono-"));
  fs.writeFileSync(path.join(dir, "payload.json"), json);
  const port = await freePort();
  const script = `
    const { Hono } = await import(${JSON.stringify(path.join(root, "node_modules/hono/dist/index.js"))});
    const { serve } = await import(${JSON.stringify(path.join(root, "node_modules/@hono/node-server/dist/index.mjs"))});
    const payload = JSON.parse(require("node:fs").readFileSync(${JSON.stringify(path.join(dir, "payload.json"))}, "utf8"));
    const app = new Hono();
    app.get("/json", (c) => c.json(payload));
    serve({ fetch: app.fetch, port: ${port}, hostname: "127.0.0.1" });
  `;
  const child = spawn(process.execPath, ["--input-type=commonjs", "-e", `(async () => { ${script} })()`], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return helper(child, dir, `http://127.0.0.1:${port}/json`);
}

/** Time from starting the process to the first 200 of the home page, importing `count` questions. */
async function startupTime(root, count) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-bench-startup-"));
  writeBank(path.join(dataDir, "content"), count);
  const port = await freePort();
  const started = performance.now();
  const server = await startServer({ root, port, dataDir, env: { CONTENT_DIR: path.join(dataDir, "content") }, probe: "/", probeMs: 10 });
  const first = performance.now() - started;
  await server.stop();
  // Again, with the bank already imported.
  const restarted = performance.now();
  const again = await startServer({ root, port, dataDir, env: { CONTENT_DIR: path.join(dataDir, "content") }, probe: "/", probeMs: 10 });
  const second = performance.now() - restarted;
  await again.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { first, second };
}

export async function benchThroughput({ root, duration, connections, cachedPagesOnly = false }) {
  const generator = haveWrk ? "wrk -t1" : "autocannon";
  const rows = [];
  const add = (name, r, ratioTo, ratioName) =>
    rows.push({ name, ...r, ratio: ratioTo ? `${(r.rps / ratioTo.rps).toFixed(2)}× ${ratioName}` : "" });
  const options = { duration, connections };

  // One bank for all servers: 1,000 generated questions, 300 of them JavaScript beginner theory.
  const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-bench-bank-"));
  writeBank(contentDir, 1_000);
  const serverWith = async (env) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-bench-throughput-"));
    const server = await startServer({ root, port: await freePort(), dataDir, env: { CONTENT_DIR: contentDir, ...env } });
    return {
      ...server,
      async stop() {
        await server.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  };
  let idleRss = 0;
  let peakRss = 0;
  try {
    // 1. The page cache: on the socket (the default), then through Hono; each way it is asked for
    // against nginx sending the very bytes that request gets.
    const cached = await serverWith({});
    const limits = new Map();
    try {
      idleRss = rssMb(cached.pid);
      for (const [label, headers] of PAGE_REQUESTS) {
        await getRaw(cached.base + PAGE, headers); // stores it, if this is the first request
        const page = await getRaw(cached.base + PAGE, headers);
        if (page.status !== 200 || page.headers["x-cache"] !== "hit")
          throw new Error(`${PAGE} (${label}) was not served from the page cache`);
        if (page.body.length !== Number(page.headers["content-length"]))
          throw new Error(`${PAGE} (${label}): Content-Length is not the body's`);
        const encoding = page.headers["content-encoding"];
        const nginx = nginxBinary ? await startNginx(page.body, encoding) : null;
        const limit = nginx ? await measure(nginx.url, { ...options, headers }) : null;
        await nginx?.stop();
        limits.set(label, limit);
        if (limit) add(`nginx, the same ${(page.body.length / 1024).toFixed(1)} kB (${encoding ?? "uncompressed"})`, limit);
        add(`cached page, ${label}, on the socket`, await measure(cached.base + PAGE, { ...options, headers }, cached.pid), limit, "nginx");
      }
      if (!cachedPagesOnly) {
        add("/api/health", await measure(cached.base + "/api/health", options, cached.pid));
        const api = await measure(cached.base + API_LIST, options, cached.pid);
        const apiGzip = await measure(cached.base + API_LIST, { ...options, headers: { "Accept-Encoding": "gzip" } }, cached.pid);
        const json = await (await fetch(cached.base + API_LIST)).text();
        const bare = await startBareHono(root, json);
        const honoJson = await measure(bare.url, options);
        await bare.stop();
        add(`bare Hono route, the same JSON (${(json.length / 1024).toFixed(1)} kB)`, honoJson);
        add("API list, 100 questions (anonymous, from the cache)", api, honoJson, "bare Hono");
        add("the same, asking for gzip (as apps' HTTP clients do)", apiGzip, honoJson, "bare Hono");
      }
      peakRss = Math.max(...rows.map((r) => r.rss ?? 0));
    } finally {
      await cached.stop();
    }
    const throughHono = await serverWith({ PAGE_CACHE_FAST_PATH: "false" });
    try {
      for (const [label, headers] of PAGE_REQUESTS) {
        const limit = limits.get(label);
        add(
          `cached page, ${label}, through Hono (PAGE_CACHE_FAST_PATH=false)`,
          await measure(throughHono.base + PAGE, { ...options, headers }, throughHono.pid),
          limit,
          "nginx",
        );
      }
    } finally {
      await throughHono.stop();
    }

    // 2. Server rendering without the cache (as signed-in readers get it), gzip per request.
    const uncached = cachedPagesOnly ? null : await serverWith({ PAGE_CACHE_MB: "0" });
    try {
      const gzip = { "Accept-Encoding": "gzip" };
      if (uncached) {
        const oneLine = await measure(uncached.base + ONE_LINE, { ...options, headers: gzip, status404: true }, uncached.pid);
        add("one-line page (not found), rendered per request", oneLine);
        const list = await measure(uncached.base + LIST, { ...options, headers: gzip }, uncached.pid);
        add("100-question list, rendered per request", list, oneLine, "one-line page");
        peakRss = Math.max(peakRss, oneLine.rss, list.rss);
      }
    } finally {
      await uncached?.stop();
    }
  } finally {
    fs.rmSync(contentDir, { recursive: true, force: true });
  }

  console.log(
    `\nThroughput (issue #14): ${generator}, ${connections} connections, ${duration} s per target, ${os.cpus().length} cores shared; cached page: ${PAGE}\n`,
  );
  console.log(
    "target".padEnd(76),
    "req/s".padStart(9),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
    "errors".padStart(7),
    "RSS MB".padStart(7),
    "  ratio",
  );
  for (const r of rows) {
    console.log(
      r.name.padEnd(76),
      r.rps.toFixed(0).padStart(9),
      r.p50.toFixed(2).padStart(8),
      r.p99.toFixed(2).padStart(8),
      String(r.errors).padStart(7),
      (r.rss ? r.rss.toFixed(0) : "").padStart(7),
      ` ${r.ratio}`,
    );
  }
  if (!nginxBinary) console.log("\n(nginx is not installed: apt-get install nginx-light to compare with the machine's limit)");
  console.log(`\nresident memory: ${idleRss.toFixed(0)} MB idle after start, ${peakRss.toFixed(0)} MB at most under load`);
  if (cachedPagesOnly) return;
  const startup = await startupTime(root, 1_000);
  console.log(
    `start-up to the first 200 of /: ${(startup.first / 1000).toFixed(2)} s importing 1,000 questions, ` +
      `${(startup.second / 1000).toFixed(2)} s with them already imported`,
  );
}
