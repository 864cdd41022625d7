import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { TYPE_CHECK_RULES, typeCheckMessages } from "./questions";

// The live compiler's type check (issue #33) only uses the database for its rate limit: SQLite is enough.
describe("type-checking a live compiler program over the API", () => {
  let t: TestServices;
  beforeAll(async () => {
    t = await createTestServices("sqlite", { TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await t.close();
  });

  const check = async (body: unknown, address = "203.0.113.21") => {
    const response = await createApp(t.services, () => Promise.reject(new Error("no pages"))).request("/api/compiler/typecheck", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
      body: JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read by tests
    return { status: response.status, body: (await response.json()) as any };
  };

  test("a type error is reported on its line of the program, under strict rules", async () => {
    const code =
      'interface User {\n  name: string;\n}\nconst ada: User = { name: "Ada" };\nconst age: number = ada.name;\nconsole.log(age);';
    const { status, body } = await check({ code });
    expect(status).toBe(200);
    expect(body.codeErrors).toEqual([{ line: 5, column: 7, message: "Type 'string' is not assignable to type 'number'." }]);
    const strict = await check({ code: "function twice(n) {\n  return n * 2;\n}" });
    expect(strict.body.codeErrors).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringContaining("implicitly has an 'any' type") }),
    ]);
  }, 30_000);

  test("a correct program has no errors, and names the challenges' test helpers declare are free to use", async () => {
    const { status, body } = await check({
      code: 'function test(name: string): string {\n  return name;\n}\nconst assert = 1;\nconsole.log(test("x"), assert);',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ codeErrors: [], testErrors: [], otherErrors: [] });
  }, 30_000);

  test("code over the size limit, or no code, is refused with a clear message", async () => {
    const long = await check({ code: "x".repeat(TYPE_CHECK_RULES.codeLength + 1) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain(typeCheckMessages.tooLong);
    expect((await check({})).status).toBe(400);
  });
});
