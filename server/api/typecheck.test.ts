import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { slowProgram } from "../../tests/support/costly-types";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { TYPE_CHECK_LIMITS } from "../challenges/type-check";
import { importQuestions, parseQuestionBank, readQuestionFolder } from "../questions/question-import";
import { TYPE_CHECK_RULES, typeCheckMessages } from "./questions";

const bank = path.resolve(import.meta.dirname, "../../content/questions");
const challengeId = "ts-program-deep-readonly";

describe.each(testDialects())("type-checking a TypeScript challenge over the API on %s", (dialect: Dialect) => {
  let t: TestServices;
  let folder: string;
  let solution: string;
  let wrong: string;
  beforeAll(async () => {
    t = await createTestServices(dialect, { TRUST_PROXY: "true" });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-api-typecheck-"));
    for (const tech of ["typescript", "javascript"]) fs.mkdirSync(path.join(folder, tech));
    const all = parseQuestionBank(readQuestionFolder(bank).files).parsed;
    const challenge = all.find((p) => p.question.id === challengeId)!;
    const jsChallenge = all.find((p) => p.question.technology === "javascript" && p.question.kind === "program")!;
    fs.copyFileSync(challenge.source.path, path.join(folder, "typescript", `${challengeId}.md`));
    fs.copyFileSync(jsChallenge.source.path, path.join(folder, "javascript", path.basename(jsChallenge.source.path)));
    await importQuestions(t.services, folder);
    solution = challenge.question.solution!.code;
    wrong = challenge.question.wrongSolution!.code;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const check = async (url: string, body: unknown, address = "203.0.113.7") => {
    const response = await createApp(t.services, () => Promise.reject(new Error("no pages"))).request(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
      body: JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read by tests
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };
  const url = `/api/questions/typescript/${challengeId}/typecheck`;

  test("the reference solution type-checks with every test", async () => {
    const { status, body } = await check(url, { code: solution });
    expect(status).toBe(200);
    expect(body).toEqual({ codeErrors: [], testErrors: [], otherErrors: [] });
  });

  test("the shallow solution fails the nested test, named, and a type error in the code is placed on its line", async () => {
    const { body } = await check(url, { code: wrong });
    expect(body.testErrors.map((e: { test: string }) => e.test)).toContain("nested objects are readonly at every depth");
    const broken = await check(url, { code: `${solution}\nconst port: number = "80";` });
    expect(broken.body.codeErrors).toEqual([
      expect.objectContaining({ line: solution.split("\n").length + 1, message: "Type 'string' is not assignable to type 'number'." }),
    ]);
  });

  test("only TypeScript challenges can be checked, and the code has a size limit", async () => {
    const js = await check(`/api/questions/javascript/not-a-question/typecheck`, { code: "" });
    expect(js.status).toBe(404);
    expect(js.body.error.message).toBe(typeCheckMessages.notTypeScript);
    const long = await check(url, { code: "x".repeat(TYPE_CHECK_RULES.codeLength + 1) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain(typeCheckMessages.tooLong);
    const missing = await check(url, {});
    expect(missing.status).toBe(400);
  });

  test("a client that checks too often is told to wait", async () => {
    // The limit counts in fixed windows of the clock: if one ends during the loop, the count starts
    // again, so the client may need up to twice the allowance before it is refused.
    let last = await check(url, { code: "" }, "198.51.100.9");
    let answered = 0;
    for (let i = 0; i < 2 * TYPE_CHECK_RULES.perWindow + 1 && last.status === 200; i++) {
      answered++;
      last = await check(url, { code: "" }, "198.51.100.9");
    }
    expect(last.status).toBe(429);
    expect(answered).toBeGreaterThanOrEqual(TYPE_CHECK_RULES.perWindow);
    expect(last.body.error.message).toBe(typeCheckMessages.rateLimited);
    expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
  }, 60_000);

  test("an address flooding the checker is told it is busy beyond its share, and another address is answered within 10 s", async () => {
    // The server's checker is running already (a new one takes seconds to start).
    expect((await check(url, { code: solution }, "192.0.2.10")).status).toBe(200);
    const answered: string[] = [];
    const flood = Array.from({ length: 10 }, (_, n) =>
      check(url, { code: slowProgram(n) }, "192.0.2.66").then((answer) => {
        answered.push(answer.body.error?.message);
        return answer;
      }),
    );
    // Its share is taken, and the rest refused, before the other address asks.
    await vi.waitFor(() => expect(answered).toHaveLength(10 - TYPE_CHECK_LIMITS.perClient), { timeout: 20_000, interval: 50 });
    expect(new Set(answered)).toEqual(new Set([typeCheckMessages.busy]));

    const asked = Date.now();
    const other = await check(url, { code: solution }, "192.0.2.77");
    expect(Date.now() - asked).toBeLessThan(10_000);
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ codeErrors: [], testErrors: [], otherErrors: [] });
    const share = (await Promise.all(flood)).filter((answer) => answer.body.error?.message !== typeCheckMessages.busy);
    expect(share.map((answer) => [answer.status, answer.body.error.message])).toEqual(
      Array.from({ length: TYPE_CHECK_LIMITS.perClient }, () => [503, typeCheckMessages.timeout]),
    );
  }, 90_000);
});
