import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type ApiOperation, apiOperations } from "../../tests/support/openapi";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { setUserRole } from "../users/user-service";

/**
 * Issue #15's authorisation matrix. Every operation in the OpenAPI document is called by each
 * kind of caller, and what the document promises (its `security`) must be what the server
 * does; then the resources people own are read and changed by their owner, another user, a
 * visitor and an admin. An operation added later is in the first part without anyone listing it.
 */
type Caller = "visitor" | "user" | "admin";

describe.each(testDialects())("who may do what, on %s", (dialect: Dialect) => {
  let t: TestServices;
  let ops: ApiOperation[] = [];
  const cookies: Record<string, string> = {};
  let client = 0;
  const app = () => createApp(t.services, () => Promise.reject(new Error("no pages in API tests")));

  async function call(caller: Caller | "owner" | "other", method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { "X-Forwarded-For": `192.0.2.${(client++ % 250) + 1}`, Origin: t.services.config.baseUrl };
    if (caller !== "visitor") headers.Cookie = cookies[caller]!;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await app().request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (response.headers.get("content-type")?.startsWith("text/event-stream")) await response.body?.cancel();
    return response;
  }

  beforeAll(async () => {
    t = await createTestServices(dialect, { TRUST_PROXY: "true" });
    for (const name of ["user", "admin", "owner", "other"]) {
      const response = await app().request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${++client}` },
        body: JSON.stringify({ name, email: `${name}@example.com`, password: "analytical-engine" }),
      });
      cookies[name] = response.headers.get("set-cookie")!.split(";")[0]!;
    }
    await setUserRole(t.services, "admin@example.com", "admin");
    ops = apiOperations(await (await app().request("/api/openapi.json")).json());
  });
  afterAll(() => t.close());

  test("every operation does what the document promises to visitors, users and admins", async () => {
    expect(ops.length).toBeGreaterThan(40);
    const rows: string[] = [];
    for (const op of ops) {
      const path = op.path.replace(/\{\w+\}/g, "zzzzzz");
      const body = op.method === "GET" ? undefined : {};
      const admin = path.startsWith("/api/admin/");
      const statuses = Object.fromEntries(
        await Promise.all(
          (["visitor", "user", "admin"] as Caller[]).map(async (caller) => [caller, (await call(caller, op.method, path, body)).status]),
        ),
      ) as Record<Caller, number>;
      rows.push(`${op.method} ${op.path} ${op.access}: ${JSON.stringify(statuses)}`);
      const where = rows.at(-1);
      for (const status of Object.values(statuses)) expect(status, where).toBeLessThan(500);
      if (op.access === "signed-in") expect(statuses.visitor, where).toBe(401);
      else expect(statuses.visitor, where).not.toBe(401);
      // Signed in, no one is asked to sign in; only admins get past the admin endpoints.
      expect(statuses.user, where).not.toBe(401);
      expect(statuses.admin, where).not.toBe(401);
      if (admin) expect(statuses.user, where).toBe(403);
      else expect(statuses.user, where).not.toBe(403);
      expect(statuses.admin, where).not.toBe(403);
    }
  });

  test("a pending post is its author's and the moderators' alone until it is approved", async () => {
    const submitted = await call("owner", "POST", "/api/blog/posts", {
      title: "Owner's draft",
      markdown: "Not approved yet: only its author and moderators may read it.",
    });
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: string };
    const post = `/api/blog/posts/${id}`;
    const reads = { owner: 200, admin: 200, other: 404, user: 404, visitor: 404 };
    for (const [caller, status] of Object.entries(reads)) expect((await call(caller as Caller, "GET", post)).status, caller).toBe(status);
    const edit = { title: "Changed by someone else", markdown: "This must not be saved." };
    expect((await call("visitor", "PUT", post, edit)).status).toBe(401);
    expect([403, 404]).toContain((await call("other", "PUT", post, edit)).status);
    expect((await call("owner", "PUT", post, { title: "Owner's draft, revised", markdown: "Still pending." })).status).toBe(200);
    // Nobody else's list shows it, and only a moderator may approve it.
    const mine = async (caller: "owner" | "other") => JSON.stringify(await (await call(caller, "GET", "/api/blog/my-posts")).json());
    expect(await mine("owner")).toContain(id);
    expect(await mine("other")).not.toContain(id);
    expect((await call("other", "POST", `/api/admin/blog/posts/${id}/approve`, {})).status).toBe(403);
    expect((await call("admin", "POST", `/api/admin/blog/posts/${id}/approve`, {})).status).toBe(200);
    expect((await call("visitor", "GET", post)).status).toBe(200);
  });

  test("what people keep for themselves (their snippet list, their preferences) is theirs alone", async () => {
    const shared = await call("owner", "POST", "/api/snippets", { language: "javascript", code: "console.log('owner');" });
    expect(shared.status).toBe(201);
    const { id } = (await shared.json()) as { id: string };
    const text = async (caller: "owner" | "other", path: string) => JSON.stringify(await (await call(caller, "GET", path)).json());
    expect(await text("owner", "/api/snippets/mine")).toContain(id);
    expect(await text("other", "/api/snippets/mine")).not.toContain(id);
    expect((await call("owner", "PUT", "/api/account/preferences", { showOnLeaderboards: false })).status).toBe(200);
    expect(await text("owner", "/api/account/preferences")).toContain('"showOnLeaderboards":false');
    expect(await text("other", "/api/account/preferences")).toContain('"showOnLeaderboards":true');
  });
});
