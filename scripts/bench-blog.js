// Part of `npm run bench`: the Dev Insights list page and API list, first page and a deep
// page, with 1,000 and with 100,000 approved posts (issue #5: both within 2x).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startServer } from "./bench-server.js";

const cursor = (createdAt, id) => Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");

async function seed(root, dataDir, count) {
  const main = await import(path.join(root, "build/server/index.js"));
  const services = await main.openServices({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "silent",
    CONTENT_DIR: path.join(dataDir, "no-content"),
  });
  const db = services.database.db;
  const start = Date.parse("2020-01-01T00:00:00.000Z");
  const text = "Interview preparation notes about closures, the event loop and indexes. ".repeat(8);
  const body = `<p>${text}</p>`;
  // The card preview the app stores with every post (server/blog/render.ts, postSummary).
  const summary = `${text.split(" ").filter(Boolean).slice(0, 25).join(" ")}…`;
  for (let i = 0; i < count; i += 1000) {
    const rows = [];
    for (let j = i; j < Math.min(count, i + 1000); j++) {
      const created = new Date(start + j * 60_000).toISOString();
      rows.push({
        id: `bench-${String(j).padStart(6, "0")}`,
        title: `Post ${j}`,
        author_name: "Bench",
        body_html: body,
        summary,
        created_at: created,
        updated_at: created,
        status: "approved",
        origin: "user",
      });
    }
    await db.insertInto("blog_post").values(rows).execute();
  }
  await main.closeServices(services);
  // The post 90% of the way down the list (newest first).
  const deep = Math.floor(count * 0.1);
  return cursor(new Date(start + deep * 60_000).toISOString(), `bench-${String(deep).padStart(6, "0")}`);
}

function run(url, duration, connections) {
  return new Promise((resolve, reject) => autocannon({ url, duration, connections }, (e, r) => (e ? reject(e) : resolve(r))));
}

export async function benchBlog({ root, port, duration, connections }) {
  const results = {};
  for (const count of [1_000, 100_000]) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-bench-blog-"));
    const deepCursor = await seed(root, dataDir, count);
    const server = await startServer({ root, port, dataDir, env: { CONTENT_DIR: path.join(dataDir, "no-content") } });
    try {
      const { base } = server;
      const targets = {
        "list page, first": "/devinsights",
        "list page, deep": `/devinsights?after=${deepCursor}`,
        "API list, first": "/api/blog/posts",
        "API list, deep": `/api/blog/posts?after=${deepCursor}`,
      };
      for (const [name, target] of Object.entries(targets)) {
        await run(base + target, 2, connections);
        const r = await run(base + target, duration, connections);
        results[`${name} (${count.toLocaleString("en")} posts)`] = {
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.errors + r.timeouts + r.non2xx,
        };
      }
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`\nDev Insights with 1,000 and 100,000 approved posts (${connections} connections, ${duration} s each)\n`);
  console.log("target".padEnd(44), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8), "errors".padStart(7));
  for (const [name, r] of Object.entries(results)) {
    console.log(
      name.padEnd(44),
      r.rps.toFixed(0).padStart(8),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      String(r.errors).padStart(7),
    );
  }
  for (const name of ["list page, first", "list page, deep", "API list, first", "API list, deep"]) {
    const small = results[`${name} (1,000 posts)`];
    const big = results[`${name} (100,000 posts)`];
    console.log(`${name}: p99 with 100,000 posts is ${(big.p99 / small.p99).toFixed(2)}x that with 1,000`);
  }
}
