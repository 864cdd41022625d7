import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { deleteExpiredContactMessages, listContactMessages } from "../contact/contact-service";

const valid = { name: "Ada Lovelace", email: "ada@example.com", message: "Could you add questions on Node streams?" };
let clientCounter = 0;

describe.each(testDialects())("POST /api/contact on %s", (dialect: Dialect) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await createTestServices(dialect, { TRUST_PROXY: "true" });
  });
  afterAll(() => t.close());

  // Each test is its own client (address), so rate limits do not leak between tests.
  function send(body: unknown, client = `203.0.113.${++clientCounter}`) {
    const app = createApp(t.services, () => Promise.reject(new Error("no pages here")));
    return app.request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  }

  async function messageOf(response: Response) {
    const body = (await response.json()) as { error: { code: string; message: string } };
    return body.error;
  }

  test("a NUL character is refused with 400 and stores nothing; the six characters \\u0000 are ordinary text", async () => {
    const before = (await listContactMessages(t.services)).length;
    const refused = await send({ ...valid, message: "Hello\u0000world" });
    expect(refused.status).toBe(400);
    expect((await messageOf(refused)).code).toBe("invalid_request");
    expect((await listContactMessages(t.services)).length).toBe(before);
    const accepted = await send({ ...valid, message: 'In JavaScript, "\\u0000" is the NUL character.' });
    expect(accepted.status).toBe(201);
  });

  test("a valid message is stored and answered with 201 and its id", async () => {
    const response = await send({ ...valid, name: "  Grace Hopper ", message: "Hello from a test" });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const stored = (await listContactMessages(t.services)).find((m) => m.id === id);
    expect(stored).toMatchObject({ name: "Grace Hopper", email: "ada@example.com", message: "Hello from a test", handled_at: null });
    expect(stored?.client_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(stored?.client_hash).not.toContain("203.0.113");
  });

  test.each([
    ["name", { ...valid, name: "   " }, "name: Please enter your name."],
    ["email", { ...valid, email: "ada@example" }, "email: Please enter a valid email address."],
    ["message", { ...valid, message: "" }, "message: Please enter a message."],
    ["missing field", { name: valid.name, email: valid.email }, "message: Please enter a message."],
    ["wrong type", { ...valid, name: 42 }, "name: Please enter your name."],
  ])("an invalid %s is refused with 400 and a message naming the field, and nothing is stored", async (_, body, message) => {
    const before = (await listContactMessages(t.services, 1000)).length;
    const response = await send(body);
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toEqual({ code: "invalid_request", message });
    expect((await listContactMessages(t.services, 1000)).length).toBe(before);
  });

  test("a message over 5,000 characters or a name over 200 is refused", async () => {
    const long = await send({ ...valid, message: "x".repeat(5001) });
    expect(long.status).toBe(400);
    expect((await messageOf(long)).message).toBe("message: Your message can be at most 5,000 characters.");
    expect((await send({ ...valid, message: "x".repeat(5000) })).status).toBe(201);
    const name = await send({ ...valid, name: "n".repeat(201) });
    expect((await messageOf(name)).message).toBe("name: Your name can be at most 200 characters.");
  });

  test("a body over 1 MB is refused with 413 before it is read", async () => {
    const response = await send({ ...valid, message: "x".repeat(1_100_000) });
    expect(response.status).toBe(413);
    expect((await messageOf(response)).code).toBe("payload_too_large");
  });

  test("the sixth message from one client within ten minutes gets 429 with Retry-After; other clients are unaffected", async () => {
    const client = "198.51.100.7";
    for (let i = 0; i < 5; i++) expect((await send(valid, client)).status).toBe(201);
    const refused = await send(valid, client);
    expect(refused.status).toBe(429);
    expect((await messageOf(refused)).code).toBe("rate_limited");
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await send(valid, "198.51.100.8")).status).toBe(201);
  });

  test("messages older than 12 months are deleted, newer ones kept", async () => {
    const db = t.services.database.db;
    const old = new Date(Date.now() - 366 * 24 * 60 * 60 * 1000).toISOString();
    const recent = new Date(Date.now() - 300 * 24 * 60 * 60 * 1000).toISOString();
    await db
      .insertInto("contact_message")
      .values([
        { id: "old-message", name: "A", email: "a@example.com", message: "old", client_hash: "x", created_at: old, handled_at: null },
        {
          id: "recent-message",
          name: "B",
          email: "b@example.com",
          message: "recent",
          client_hash: "x",
          created_at: recent,
          handled_at: null,
        },
      ])
      .execute();
    expect(await deleteExpiredContactMessages(t.services)).toBe(1);
    const ids = (await listContactMessages(t.services, 1000)).map((m) => m.id);
    expect(ids).toContain("recent-message");
    expect(ids).not.toContain("old-message");
  });
});
