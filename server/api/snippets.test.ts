import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";

describe.each(testDialects())("sharing code on %s", (dialect: Dialect) => {
  let t: TestServices;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestServices(dialect, { TRUST_PROXY: "true" });
    const r = await t.services.auth.api.signUpEmail({
      body: { name: "Ada", email: `sharer-${dialect}@example.com`, password: "analytical-engine" },
      returnHeaders: true,
    });
    cookie = r.headers.get("set-cookie")!.split(";")[0]!;
  });
  afterAll(() => t.close());

  async function call(method: string, url: string, options: { body?: unknown; cookie?: string; client?: string } = {}) {
    const app = createApp(t.services, () => Promise.reject(new Error("no pages")));
    const response = await app.request(url, {
      method,
      headers: {
        "Content-Type": "application/json",
        "X-Forwarded-For": options.client ?? "203.0.113.1",
        // A browser's request: its cookie with the Origin it always sends on a write.
        ...(options.cookie ? { Cookie: options.cookie, Origin: t.services.config.baseUrl } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  }

  test("anyone can share; the link opens the same code", async () => {
    const created = await call("POST", "/api/snippets", {
      body: { language: "typescript", code: "const x: number = 1;\nconsole.log(x);" },
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(created.body.url).toBe(`${t.services.config.baseUrl}/compiler/${created.body.id}`);
    const read = await call("GET", `/api/snippets/${created.body.id}`);
    expect(read.body).toMatchObject({ id: created.body.id, language: "typescript", code: "const x: number = 1;\nconsole.log(x);" });
    expect((await call("GET", "/api/snippets/nothingHere")).status).toBe(404);
  });

  test("every language the compiler offers can be shared, Python and SQL too", async () => {
    const snippets: [string, string][] = [
      ["python", "name = input()\nprint(f'Hello, {name}')"],
      ["sql", "select 1 as one;"],
    ];
    for (const [language, code] of snippets) {
      const created = await call("POST", "/api/snippets", { body: { language, code }, client: `198.51.100.${language.length}` });
      expect(created.status).toBe(201);
      expect((await call("GET", `/api/snippets/${created.body.id}`)).body).toMatchObject({ language, code });
    }
  });

  test("too large, empty or unknown code is refused and nothing is stored", async () => {
    const count = async () =>
      (
        await t.services.database.db
          .selectFrom("snippet")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    const big = await call("POST", "/api/snippets", {
      body: { language: "javascript", code: "x".repeat(100 * 1024 + 1) },
      client: "203.0.113.2",
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: { code: "payload_too_large", message: "The code is larger than 100 KB and cannot be shared." } });
    expect((await call("POST", "/api/snippets", { body: { language: "javascript", code: "" }, client: "203.0.113.2" })).status).toBe(400);
    expect((await call("POST", "/api/snippets", { body: { language: "cobol", code: "x" }, client: "203.0.113.2" })).status).toBe(400);
    expect(Number(await count())).toBe(before);
  });

  test("a client may share 20 times an hour", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await call("POST", "/api/snippets", { body: { language: "javascript", code: `// ${i}` }, client: "203.0.113.3" })).status,
      );
    // (Hourly windows: a boundary inside this one-second loop is a 1-in-3,600 chance.)
    expect(statuses).toEqual([...Array(20).fill(201), 429]);
  });

  test("signed-in authors see their own snippets; visitors have none to list", async () => {
    expect((await call("GET", "/api/snippets/mine")).status).toBe(401);
    const created = await call("POST", "/api/snippets", {
      body: { language: "html", code: "\n<h1>Mine</h1>" },
      cookie,
      client: "203.0.113.4",
    });
    const mine = await call("GET", "/api/snippets/mine", { cookie });
    expect(mine.body.snippets).toEqual([expect.objectContaining({ id: created.body.id, language: "html", firstLine: "<h1>Mine</h1>" })]);
  });
});
