import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { CONTACT_RATE_MESSAGE, listContactMessages, submitContactForm } from "./contact-service";

const form = (fields: Record<string, string | Blob>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
const valid = { name: "Ada Lovelace", email: "ada@example.com", message: "Sent from the page, without scripts" };
let clientCounter = 0;
const client = () => `page-client-${++clientCounter}`;

describe.each(testDialects())("the contact form posted to /contactus on %s", (dialect: Dialect) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await createTestServices(dialect);
  });
  afterAll(() => t.close());

  test("a valid form is stored, trimmed as the API stores it", async () => {
    const result = await submitContactForm(t.services, form({ ...valid, name: "  Grace Hopper " }), client());
    expect(result).toEqual({ ok: true });
    const stored = (await listContactMessages(t.services)).find((m) => m.message === valid.message);
    expect(stored).toMatchObject({ name: "Grace Hopper", email: valid.email });
  });

  test.each([
    [
      "blank name and a too long message",
      { ...valid, name: "  ", message: "x".repeat(5001) },
      "Please enter your name. Your message can be at most 5,000 characters.",
    ],
    ["bad email", { ...valid, email: "ada@example" }, "Please enter a valid email address."],
    ["missing message", { name: valid.name, email: valid.email }, "Please enter a message."],
    ["file for a name", { ...valid, name: new Blob(["Ada"]) }, "Please enter your name."],
    ["NUL character", { ...valid, message: "Hello\u0000world" }, "The request contains a NUL character, which no field accepts."],
  ])("a %s is refused with the API's message and what was typed, and nothing is stored", async (_, fields, error) => {
    const before = (await listContactMessages(t.services, 1000)).length;
    const result = await submitContactForm(t.services, form(fields), client());
    expect(result).toMatchObject({ ok: false, status: 400, error });
    if (!result.ok) expect(result.fields.email).toBe(typeof fields.email === "string" ? fields.email : "");
    expect((await listContactMessages(t.services, 1000)).length).toBe(before);
  });

  test("the sixth message from one client in ten minutes is refused as the API refuses it", async () => {
    const me = client();
    for (let i = 0; i < 5; i++) expect((await submitContactForm(t.services, form(valid), me)).ok).toBe(true);
    const refused = await submitContactForm(t.services, form({ ...valid, message: "one more" }), me);
    expect(refused).toMatchObject({ ok: false, status: 429, error: CONTACT_RATE_MESSAGE, fields: { message: "one more" } });
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
  });
});
