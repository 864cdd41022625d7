import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type ApiOperation, apiOperations } from "../../tests/support/openapi";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";

/**
 * Issue #15: every operation in the OpenAPI document, called with hostile input — malformed,
 * oversized and wrongly typed JSON, unicode, path and query tricks — by a visitor and by a
 * signed-in user. Whatever comes in: never a 5xx, errors always `{ error: { code, message } }`,
 * and no stack trace or SQL in any answer. FUZZ_RUNS (default 200 per operation) sets the depth:
 * `FUZZ_RUNS=10000 npx vitest run server/api/fuzz.test.ts` is the long mode.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

/** What must never reach a client: stack frames, file paths, SQL and database errors. */
const LEAK =
  /\n\s+at |node_modules|\/server\/|\bSQLITE_|\bsyntax error\b|\bselect\b[^"]{0,80}\bfrom\b|\binsert into\b|\bviolates\b.*\bconstraint\b|\bKysely\b/i;

const tricky = fc.constantFrom(
  "",
  " ",
  "..",
  "../../etc/passwd",
  "%2e%2e%2f",
  "%",
  "%E0%A4%A",
  "\u0000",
  "null",
  "-1",
  "0",
  "1e309",
  "NaN",
  "'; drop table user; --",
  "<script>alert(1)</script>",
  "\u202e\ud83d\ude80\u0301",
  "\ud800",
  "__proto__",
  "a".repeat(5_000),
);
/** As a client would send it: lone surrogates become U+FFFD; values that start with % go raw (malformed escapes included). */
const inUrl = (value: string) => (value.startsWith("%") ? value : encodeURIComponent(Buffer.from(value, "utf8").toString("utf8")));

const text = fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), tricky, fc.integer().map(String));
const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), text);

function requestFor(op: ApiOperation) {
  const params = Object.fromEntries(op.parameters.map((p) => [`${p.in}:${p.name}`, fc.option(text, { nil: undefined })]));
  const body =
    op.bodyKeys === null
      ? fc.constant(undefined)
      : fc.oneof(
          // Objects with the operation's own fields (and others), holding values of any type.
          {
            weight: 5,
            arbitrary: fc
              .dictionary(fc.oneof(fc.constantFrom(...op.bodyKeys, "__proto__"), fc.string()), value)
              .map((o) => JSON.stringify(o)),
          },
          // Wrong types at the top: arrays, numbers, strings, null.
          { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)) },
          // Not JSON at all.
          { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
          // Far too large.
          { weight: 1, arbitrary: fc.constant(JSON.stringify(Object.fromEntries(op.bodyKeys.map((k) => [k, "x".repeat(2_000_000)])))) },
        );
  return fc.record({
    params: fc.record(params),
    extraQuery: fc.option(fc.tuple(text, text), { nil: undefined }),
    body,
    contentType: fc.constantFrom("application/json", "application/json", "text/plain", "multipart/form-data; boundary=x", null),
    signedIn: fc.boolean(),
  });
}

describe.each(testDialects())("the API under hostile input, on %s", (dialect: Dialect) => {
  let t: TestServices;
  let app: ReturnType<typeof createApp>;
  let cookie = "";
  let ops: ApiOperation[] = [];
  let client = 0;

  beforeAll(async () => {
    t = await createTestServices(dialect, { TRUST_PROXY: "true" });
    app = createApp(t.services, () => Promise.reject(new Error("no pages in API tests")));
    const signUp = await app.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.1" },
      body: JSON.stringify({ name: "Fuzzy Reader", email: "fuzz@example.com", password: "analytical-engine" }),
    });
    cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
    ops = apiOperations(await (await app.request("/api/openapi.json")).json());
  });
  afterAll(() => t?.close());

  // The long mode (10,000 per operation) took 400–500 s per database here: its time grows with RUNS.
  test("every operation: no 5xx, the error shape, nothing leaked", { timeout: Math.max(600_000, RUNS * 150) }, async () => {
    expect(ops.length).toBeGreaterThan(40);
    for (const op of ops) {
      await fc.assert(
        fc.asyncProperty(requestFor(op), async (input) => {
          let path = op.path;
          const query = new URLSearchParams();
          const headers = new Headers({ "X-Forwarded-For": `203.0.113.${(client++ % 250) + 1}`, Origin: t.services.config.baseUrl });
          for (const p of op.parameters) {
            const given = input.params[`${p.in}:${p.name}`];
            if (p.in === "path") path = path.replace(`{${p.name}}`, inUrl(given ?? "x"));
            else if (given === undefined) continue;
            else if (p.in === "query") query.append(p.name, given);
            else if (p.in === "header") headers.set(p.name, inUrl(given));
          }
          if (input.extraQuery) query.append(...input.extraQuery);
          if (input.contentType) headers.set("Content-Type", input.contentType);
          if (input.signedIn) headers.set("Cookie", cookie);
          const search = query.size ? `?${query}` : "";
          // ".." segments can climb out of /api (clients resolve them before sending): those are pages.
          fc.pre(new URL(path, "http://localhost").pathname.startsWith("/api/"));
          const response = await app.request(`${path}${search}`, {
            method: op.method,
            headers,
            body: op.method === "GET" ? undefined : input.body,
          });
          const streaming = response.headers.get("content-type")?.startsWith("text/event-stream");
          const body = streaming ? "" : await response.text();
          if (streaming) await response.body?.cancel();
          const where = `${op.method} ${op.path}: ${op.method} ${path}${search} → ${response.status} ${body.slice(0, 300)}`;
          expect(response.status, where).toBeLessThan(500);
          expect(body, where).not.toMatch(LEAK);
          if (response.status >= 400) {
            const error = (JSON.parse(body) as { error?: { code?: unknown; message?: unknown } }).error;
            expect(typeof error?.code, where).toBe("string");
            expect(typeof error?.message, where).toBe("string");
          }
        }),
        { numRuns: RUNS },
      );
    }
  });
});
