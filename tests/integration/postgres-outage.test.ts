import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogTexts } from "../../app/lib/texts";
import { writeBank } from "../../scripts/bench-questions.js";
import { type AppProcess, startAppProcess } from "../support/app-processes";
import { testDialects } from "../support/databases";
import { type Cluster, findPostgresBin, startCluster } from "../support/postgres-cluster";

/**
 * Issue #15: PostgreSQL goes away under a running server and comes back. Pages show their
 * error states, health says 503, the API answers in its error shape, nothing crashes, and
 * everything works again once the database is back. Its own cluster, since this one is stopped.
 */
const root = path.resolve(import.meta.dirname, "../..");

describe.each(testDialects().filter((d) => d === "postgres"))("the database going away (%s)", () => {
  let cluster: Cluster;
  let server: AppProcess;
  const dirs: string[] = [];

  beforeAll(async () => {
    const bin = findPostgresBin();
    if (!bin) throw new Error("PostgreSQL's programs are not installed");
    cluster = await startCluster(bin);
    const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-outage-content-"));
    dirs.push(contentDir);
    writeBank(contentDir, 10);
    fs.cpSync(path.join(root, "content/blog"), path.join(contentDir, "blog"), { recursive: true });
    // No page cache: the point is what a page does when it must ask the database.
    server = await startAppProcess({
      DATABASE_URL: cluster.url,
      CONTENT_DIR: contentDir,
      PAGE_CACHE_MB: "0",
      AUTH_SECRET: crypto.randomBytes(24).toString("hex"),
      LOG_LEVEL: "fatal",
    });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    cluster?.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = async (pathname: string) => {
    const response = await fetch(server.base + pathname);
    return { status: response.status, body: await response.text() };
  };

  it("pages say so, health says 503, nothing crashes; all is well again when PostgreSQL returns", { timeout: 60_000 }, async () => {
    const before = await page("/devinsights");
    expect(before.status).toBe(200);
    expect(before.body).toContain("Big O Without the Fear");

    cluster.halt();
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "error", db: "unreachable" });
    const blog = await page("/devinsights");
    expect(blog.body).toContain(blogTexts.loadFailed);
    const api = await fetch(`${server.base}/api/questions?technology=javascript`);
    expect(api.status).toBeGreaterThanOrEqual(500);
    const apiBody = await api.text();
    expect(JSON.parse(apiBody)).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(apiBody).not.toMatch(/ECONNREFUSED|postgres|\\n\\s+at /i);
    for (const pathname of ["/", "/javascript-questions", "/aboutus"]) {
      const { status, body } = await page(pathname);
      expect(status, pathname).toBeLessThan(600);
      expect(body, pathname).not.toMatch(/ECONNREFUSED|\\n\\s+at /);
    }

    cluster.resume();
    let healthy = false;
    for (let i = 0; i < 100 && !healthy; i++) {
      healthy = (await fetch(`${server.base}/api/health`)).status === 200;
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(healthy, "health answers 200 within 10 s of PostgreSQL's return").toBe(true);
    const after = await page("/devinsights");
    expect(after.status).toBe(200);
    expect(after.body).toContain("Big O Without the Fear");
    expect((await fetch(`${server.base}/api/questions?technology=javascript`)).status).toBe(200);
    // The same process served all of it: it never exited.
    expect(await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve("running"), 100))])).toBe("running");
  });
});
