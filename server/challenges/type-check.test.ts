import { afterAll, describe, expect, onTestFinished, test } from "vitest";
import { hugeStringProgram, slowProgram } from "../../tests/support/costly-types";
import { TYPE_CHECK_LIMITS, type TypeCheckResult, TypeCheckUnavailable, createTypeChecker, typeCheckPassed } from "./type-check";

const checker = createTypeChecker({ timeoutMs: 3_000 });
afterAll(() => checker.close());

const deepReadonly = `type DeepReadonly<T> = { readonly [K in keyof T]: T[K] extends object ? DeepReadonly<T[K]> : T[K] };`;
const shallowReadonly = `type DeepReadonly<T> = { readonly [K in keyof T]: T[K] };`;
const tests = `
test("flat object", () => {
  type check = Expect<Equal<DeepReadonly<{ a: number }>, { readonly a: number }>>;
});
test("nested object", () => {
  type check = Expect<Equal<DeepReadonly<{ a: { b: string } }>, { readonly a: { readonly b: string } }>>;
});
test("cannot assign", () => {
  const value: DeepReadonly<{ a: number }> = { a: 1 };
  // @ts-expect-error a readonly property
  value.a = 2;
});
`;

describe("type-checking a challenge", () => {
  test("a correct type-level solution compiles with its tests", async () => {
    const result = await checker.check(deepReadonly, tests, "client");
    expect(result).toEqual({ codeErrors: [], testErrors: [], otherErrors: [] });
    expect(typeCheckPassed(result)).toBe(true);
  });

  test("a wrong solution's errors are attributed to the test they fall in", async () => {
    const result = await checker.check(shallowReadonly, tests, "client");
    expect(result.testErrors.map((e) => e.test)).toEqual(["nested object"]);
    expect(result.testErrors[0]?.message).toContain("does not satisfy the constraint 'true'");
    expect(result.codeErrors).toEqual([]);
  });

  test("errors in the candidate's code name its line, and strict mode is on", async () => {
    const result = await checker.check(`${deepReadonly}\nfunction twice(x) {\n  return x * 2;\n}`, tests, "client");
    expect(result.codeErrors).toEqual([
      expect.objectContaining({ line: 2, column: 16, message: expect.stringContaining("implicitly has an 'any' type") }),
    ]);
    expect(typeCheckPassed(result)).toBe(false);
  });

  test("an unused @ts-expect-error fails its test", async () => {
    const result = await checker.check(`type DeepReadonly<T> = T;`, tests, "client");
    expect(result.testErrors.map((e) => e.test)).toEqual(["flat object", "nested object", "cannot assign"]);
    expect(result.testErrors[2]?.message).toContain("Unused '@ts-expect-error' directive");
  });

  test("candidate code cannot read files: imports and references are not resolved", async () => {
    const code = `/// <reference path="/etc/passwd" />\nimport secrets from "/etc/hostname";\n${deepReadonly}`;
    const result = await checker.check(code, tests, "client");
    expect(result.codeErrors.map((e) => e.message).join(" ")).toContain("Cannot find module '/etc/hostname'");
    expect(JSON.stringify(result)).not.toContain("root:");
  });

  test("a type that keeps the checker busy is stopped at the time limit, and the next check still works", async () => {
    const heavy = `type D = 0|1|2|3|4|5|6|7|8|9; type A = \`\${D}\${D}\${D}\${D}\`;
type Obj = { [K in A as \`k\${K}\`]: K };
type R = { [K in keyof Obj]: Obj[K] extends \`\${infer F}\${infer Rest}\` ? [F, Rest] : never };
declare const r: R; const q: { [K in keyof Obj]: [string, string] } = r;`;
    const started = Date.now();
    await expect(checker.check(heavy, "", "client")).rejects.toEqual(new TypeCheckUnavailable("timeout"));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(typeCheckPassed(await checker.check(deepReadonly, tests, "client"))).toBe(true);
  }, 30_000);
});

describe("sharing the checker between clients (issue #31)", () => {
  /** A check's outcome and when it came (Date.now()). */
  const settle = (check: Promise<TypeCheckResult>) =>
    check.then(
      (result) => ({ result, reason: undefined, at: Date.now() }),
      (error: TypeCheckUnavailable) => ({ result: undefined, reason: error.reason, at: Date.now() }),
    );
  const ready = async (limits?: Parameters<typeof createTypeChecker>[0]) => {
    const checker = createTypeChecker(limits);
    onTestFinished(() => checker.close());
    // A new checker process takes seconds to start; a busy server's checker is already running.
    expect(typeCheckPassed(await checker.check(deepReadonly, tests, "warm-up"))).toBe(true);
    return checker;
  };

  test("a client flooding the checker with slow programs gets its share, and another client is answered within 10 s", async () => {
    const checker = await ready();
    const flood = Array.from({ length: 30 }, (_, n) => settle(checker.check(slowProgram(n), "", "flooder")));
    const asked = Date.now();
    const other = await settle(checker.check(deepReadonly, tests, "other"));

    expect(other.result && typeCheckPassed(other.result)).toBe(true);
    expect(other.at - asked).toBeLessThan(10_000);
    const outcomes = await Promise.all(flood);
    expect(outcomes.filter((o) => o.reason === "busy")).toHaveLength(30 - TYPE_CHECK_LIMITS.perClient);
    // Its share ran to the time limit (the programs are that slow), and not before the other client's check.
    const accepted = outcomes.filter((o) => o.reason !== "busy");
    expect(accepted.map((o) => o.reason)).toEqual(["timeout", "timeout", "timeout"]);
    expect(other.at).toBeLessThan(accepted[1]!.at);
  }, 90_000);

  test("all clients together can queue only so many checks", async () => {
    const checker = await ready({ queue: 2, timeoutMs: 2_000 });
    const running = settle(checker.check(slowProgram(0), "", "a"));
    const waiting = [checker.check(deepReadonly, tests, "b"), checker.check(deepReadonly, tests, "c")];
    await expect(checker.check(deepReadonly, tests, "d")).rejects.toEqual(new TypeCheckUnavailable("busy"));

    for (const result of await Promise.all(waiting)) expect(typeCheckPassed(result)).toBe(true);
    expect((await running).reason).toBe("timeout");
    expect(typeCheckPassed(await checker.check(deepReadonly, tests, "d"))).toBe(true);
  }, 60_000);

  test("a check that exhausts the checker's memory fails alone, and the checker is replaced", async () => {
    // A long time limit, so that only the memory limit can stop the check.
    const checker = await ready({ timeoutMs: 60_000 });
    const huge = checker.check(hugeStringProgram, "", "a");
    const next = checker.check(deepReadonly, tests, "b");

    await expect(huge).rejects.toEqual(new TypeCheckUnavailable("failed"));
    expect(typeCheckPassed(await next)).toBe(true);
  }, 90_000);

  test("a checker left idle stops its processes and starts them again for the next check", async () => {
    const checker = await ready({ idleMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(typeCheckPassed(await checker.check(deepReadonly, tests, "a"))).toBe(true);
  }, 60_000);
});
