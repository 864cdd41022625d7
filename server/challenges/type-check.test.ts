import { afterAll, describe, expect, test } from "vitest";
import { TypeCheckUnavailable, createTypeChecker, typeCheckPassed } from "./type-check";

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
    const result = await checker.check(deepReadonly, tests);
    expect(result).toEqual({ codeErrors: [], testErrors: [], otherErrors: [] });
    expect(typeCheckPassed(result)).toBe(true);
  });

  test("a wrong solution's errors are attributed to the test they fall in", async () => {
    const result = await checker.check(shallowReadonly, tests);
    expect(result.testErrors.map((e) => e.test)).toEqual(["nested object"]);
    expect(result.testErrors[0]?.message).toContain("does not satisfy the constraint 'true'");
    expect(result.codeErrors).toEqual([]);
  });

  test("errors in the candidate's code name its line, and strict mode is on", async () => {
    const result = await checker.check(`${deepReadonly}\nfunction twice(x) {\n  return x * 2;\n}`, tests);
    expect(result.codeErrors).toEqual([
      expect.objectContaining({ line: 2, column: 16, message: expect.stringContaining("implicitly has an 'any' type") }),
    ]);
    expect(typeCheckPassed(result)).toBe(false);
  });

  test("an unused @ts-expect-error fails its test", async () => {
    const result = await checker.check(`type DeepReadonly<T> = T;`, tests);
    expect(result.testErrors.map((e) => e.test)).toEqual(["flat object", "nested object", "cannot assign"]);
    expect(result.testErrors[2]?.message).toContain("Unused '@ts-expect-error' directive");
  });

  test("candidate code cannot read files: imports and references are not resolved", async () => {
    const code = `/// <reference path="/etc/passwd" />\nimport secrets from "/etc/hostname";\n${deepReadonly}`;
    const result = await checker.check(code, tests);
    expect(result.codeErrors.map((e) => e.message).join(" ")).toContain("Cannot find module '/etc/hostname'");
    expect(JSON.stringify(result)).not.toContain("root:");
  });

  test("a type that keeps the checker busy is stopped at the time limit, and the next check still works", async () => {
    const heavy = `type D = 0|1|2|3|4|5|6|7|8|9; type A = \`\${D}\${D}\${D}\${D}\`;
type Obj = { [K in A as \`k\${K}\`]: K };
type R = { [K in keyof Obj]: Obj[K] extends \`\${infer F}\${infer Rest}\` ? [F, Rest] : never };
declare const r: R; const q: { [K in keyof Obj]: [string, string] } = r;`;
    const started = Date.now();
    await expect(checker.check(heavy, "")).rejects.toEqual(new TypeCheckUnavailable("timeout"));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(typeCheckPassed(await checker.check(deepReadonly, tests))).toBe(true);
  }, 30_000);
});
