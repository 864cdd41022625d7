import { expect, test } from "vitest";
import { TEST_HARNESS_SOURCE, type TestResult, messageAddsToValues } from "./test-harness";

/** The challenge harness itself, run as the sandbox runs it: one script, tests registered with test(). */
function harness(): {
  test: (name: string, fn: () => unknown) => void;
  assert: { equal: (actual: unknown, expected: unknown, message?: string) => void };
  run: (timeoutMs: number) => Promise<TestResult[]>;
} {
  return new Function(`${TEST_HARNESS_SOURCE}\nreturn { test, assert, run: (ms) => __runTests(ms) };`)();
}

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

test("a synchronous test that runs past the time limit fails, even though it finishes (a slow algorithm never passes late)", async () => {
  const { test: t, run } = harness();
  t("quick", () => busy(1));
  t("slow", () => busy(120));
  const [quick, slow] = await run(60);
  expect(quick).toMatchObject({ name: "quick", passed: true });
  expect(slow!.passed).toBe(false);
  expect(slow!.message).toMatch(/^Took \d+ ms; the limit is 60 ms$/);
});

test("an asynchronous test is stopped at the limit", async () => {
  const { test: t, run } = harness();
  t("never settles", () => new Promise(() => {}));
  const [result] = await run(50);
  expect(result).toMatchObject({ name: "never settles", passed: false, message: "Timed out after 50 ms" });
});

test("a failed assertion's own 'Expected … but got …' adds nothing to its values; a custom message does", async () => {
  const { test: t, assert, run } = harness();
  t("default message", () => assert.equal(1, 2));
  const [result] = await run(1000);
  expect(result!.message).toBe("Expected 2 but got 1");
  expect(messageAddsToValues(result!)).toBe(false);
  expect(messageAddsToValues({ ...result!, message: "the total must include tax" })).toBe(true);
  expect(messageAddsToValues({ message: "The rows differ (expected 2 rows, got 3)", expected: "n\n1\n2", actual: "n\n1\n2\n3" })).toBe(
    true,
  );
});
