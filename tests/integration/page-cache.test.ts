import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBank } from "../../scripts/bench-questions.js";
import { type AppProcess as Server, cookieFrom, startAppProcesses } from "../support/app-processes";
import { type TestDatabase, createTestDatabase, testDialects } from "../support/databases";

/**
 * The anonymous page cache (issue #14) in the production build, with two app processes on
 * one database, as a site runs behind a load balancer. `npm test` builds before Vitest runs.
 */
const secret = crypto.randomBytes(24).toString("hex");
const password = "correct-horse-battery";

async function get(server: Server, pathname: string, cookie?: string) {
  const response = await fetch(server.base + pathname, {
    headers: { "Accept-Encoding": "br, gzip", ...(cookie ? { Cookie: cookie } : {}) },
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

async function post(server: Server, pathname: string, body: unknown, cookie?: string) {
  const response = await fetch(server.base + pathname, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.base, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.status, `${pathname}: ${await response.clone().text()}`).toBeLessThan(300);
  return {
    json: (await response.json()) as Record<string, unknown>,
    cookie: cookieFrom(response),
  };
}

async function signUp(server: Server, name: string, email: string) {
  return (await post(server, "/api/auth/sign-up/email", { name, email, password })).cookie;
}

/** Milliseconds until `pathname` on `server`, asked every 20 ms, shows `text`; fails after 5 s. */
async function timeUntilShown(server: Server, pathname: string, text: string) {
  const started = performance.now();
  for (;;) {
    const page = await get(server, pathname);
    if (page.body.includes(text)) return { ms: performance.now() - started, page };
    if (performance.now() - started > 5_000) throw new Error(`${pathname} never showed "${text}"`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs one statement on the shared database, as another program (a migration, an editor) would. */
async function execute(database: TestDatabase, statement: string) {
  const { target } = database;
  if (target.dialect === "sqlite") {
    const db = new Database(target.filename);
    db.pragma("busy_timeout = 5000");
    db.exec(statement);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: target.connectionString });
  await client.connect();
  await client.query(statement);
  await client.end();
}

describe.each(testDialects())("the page cache on %s with two app processes", (dialect) => {
  let database: TestDatabase;
  let contentDir: string;
  let processes: Awaited<ReturnType<typeof startAppProcesses>> | undefined;
  let servers: Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-cache-content-"));
    writeBank(contentDir, 30);
    processes = await startAppProcesses(2, database, {
      CONTENT_DIR: contentDir,
      AUTH_SECRET: secret,
      PAGE_CACHE_MB: "16",
    });
    servers = processes.processes;
  });

  afterAll(async () => {
    await processes?.stop();
    await database?.drop();
    if (contentDir) fs.rmSync(contentDir, { recursive: true, force: true });
  });

  it("never gives a visitor a signed-in reader's page, nor a reader the visitors' copy", async () => {
    const [a] = servers as [Server, Server];
    const name = `Reader ${crypto.randomBytes(3).toString("hex")}`;
    const email = `${name.replace(" ", ".").toLowerCase()}@example.com`;
    const cookie = await signUp(a, name, email);

    const signedIn = await get(a, "/javascript-questions", cookie);
    expect(signedIn.body).toContain(name);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
    expect(signedIn.headers.get("x-cache")).toBeNull();

    const first = await get(a, "/javascript-questions");
    const second = await get(a, "/javascript-questions");
    expect(second.headers.get("x-cache")).toBe("hit");
    for (const page of [first, second]) {
      expect(page.body).not.toContain(name);
      expect(page.body).not.toContain(email);
      expect(page.headers.get("cache-control")).toMatch(/^public, .*s-maxage=\d+/);
    }

    // Once the visitors' copy exists, the reader still gets their own page.
    const again = await get(a, "/javascript-questions", cookie);
    expect(again.body).toContain(name);
    expect(again.headers.get("x-cache")).toBeNull();
    // A bearer token (the mobile app) is a session too.
    const bearer = await fetch(a.base + "/javascript-questions", { headers: { Authorization: "Bearer x" } });
    expect(bearer.headers.get("x-cache")).toBeNull();
    expect(bearer.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("a cached page's policy lists exactly the hashes of its inline scripts, and revalidation answers 304", async () => {
    const [a] = servers as [Server, Server];
    await get(a, "/aboutus");
    const page = await get(a, "/aboutus");
    expect(page.headers.get("x-cache")).toBe("hit");
    expect(page.body).not.toMatch(/\snonce=/);
    const scripts = [...page.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => !(m[1] ?? "").includes("application/ld+json"),
    );
    expect(scripts.length).toBeGreaterThan(1);
    const expected = new Set(
      scripts.map(
        (m) =>
          `'sha256-${crypto
            .createHash("sha256")
            .update(m[2] ?? "")
            .digest("base64")}'`,
      ),
    );
    const scriptSrc = /script-src ([^;]+)/.exec(page.headers.get("content-security-policy") ?? "")?.[1] ?? "";
    expect(new Set(scriptSrc.split(" ").filter((s) => s.startsWith("'sha256-")))).toEqual(expected);
    expect(scriptSrc).not.toContain("unsafe-inline");

    const etag = page.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await fetch(a.base + "/aboutus", { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    // A client that takes no compression gets the same page, decompressed.
    const plain = await fetch(a.base + "/aboutus", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(page.body);
  });

  it("an approval on one process shows on the other's cached pages within a second, and at once on its own", async () => {
    const [a, b] = servers as [Server, Server];
    const author = await signUp(a, "Author", `author-${crypto.randomBytes(3).toString("hex")}@example.com`);
    const moderator = await signUp(a, "Moderator", "moderator@example.com");
    // A moderator by hand (npm run user:role): ADMIN_EMAILS would first want the address verified.
    await execute(database, `update "user" set role = 'admin' where email = 'moderator@example.com'`);
    const title = `Cache check ${crypto.randomBytes(4).toString("hex")}`;
    const { json } = await post(a, "/api/blog/posts", { title, markdown: "A post about **caches**, long enough to read." }, author);

    for (const server of [a, b]) {
      await get(server, "/devinsights");
      const cached = await get(server, "/devinsights");
      expect(cached.headers.get("x-cache")).toBe("hit");
      expect(cached.body).not.toContain(title);
    }
    await post(a, `/api/admin/blog/posts/${String(json.id)}/approve`, {}, moderator);

    const own = await get(a, "/devinsights");
    expect(own.body).toContain(title);
    const other = await timeUntilShown(b, "/devinsights", title);
    expect(other.ms).toBeLessThan(1_000);
    // The other process caches the new page again.
    expect((await get(b, "/devinsights")).headers.get("x-cache")).toBe("hit");
  });

  it("an edit made in the database by another program reaches both processes' question pages and API within a second", async () => {
    const [a, b] = servers as [Server, Server];
    const addresses = ["/javascript-questions/bench-00001", "/api/questions/javascript/bench-00001"];
    for (const server of [a, b]) {
      for (const pathname of addresses) {
        await get(server, pathname);
        expect((await get(server, pathname)).headers.get("x-cache")).toBe("hit");
      }
    }
    const title = `Edited ${crypto.randomBytes(4).toString("hex")}`;
    await execute(database, `update question set title = '${title}' where id = 'bench-00001'`);
    const times = await Promise.all([a, b].flatMap((server) => addresses.map((pathname) => timeUntilShown(server, pathname, title))));
    for (const { ms } of times) expect(ms).toBeLessThan(1_000);
  });
});
