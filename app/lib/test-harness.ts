/**
 * The test helpers of programming challenges (docs/content-format.md, "program"), as
 * JavaScript source placed before the candidate's code and the tests in one script.
 * The same text runs in the content verifier (a Node process) and in the browser's
 * sandboxed runner, so a challenge behaves the same in both.
 *
 * `__runTests(timeoutMs, limit)` resolves to one result per test, in order (the first
 * `limit` tests only: a challenge's "Run" tries its examples, "Submit" all tests). A test
 * fails when it takes longer than `timeoutMs`, whether it is asynchronous or not.
 */
export const TEST_HARNESS_SOURCE = String.raw`
const __tests = [];
function test(name, fn) {
  __tests.push({ name: String(name), fn });
}
class AssertionError extends Error {
  constructor(message, details) {
    super(message);
    this.name = "AssertionError";
    this.details = details;
  }
}
function __show(value) {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "bigint") return value + "n";
  if (typeof value === "function") return "[Function " + (value.name || "anonymous") + "]";
  if (value instanceof Map) return "Map(" + __show([...value]) + ")";
  if (value instanceof Set) return "Set(" + __show([...value]) + ")";
  if (Object.is(value, -0)) return "-0";
  if (value === undefined) return "undefined";
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  try {
    const seen = new WeakSet();
    const text = JSON.stringify(value, (key, v) => {
      if (v === undefined) return "__undefined__";
      if (typeof v === "object" && v !== null) {
        if (seen.has(v)) return "[Circular]";
        seen.add(v);
      }
      return v;
    });
    return text === undefined ? String(value) : text.replace(/"__undefined__"/g, "undefined");
  } catch {
    return String(value);
  }
}
function __deepEqual(a, b, seen = new Map()) {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof RegExp) return String(a) === String(b);
  if (a instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [key, value] of a) if (!b.has(key) || !__deepEqual(value, b.get(key), seen)) return false;
    return true;
  }
  if (a instanceof Set) {
    if (a.size !== b.size) return false;
    for (const value of a) if (!b.has(value)) return false;
    return true;
  }
  const keysA = Reflect.ownKeys(a);
  const keysB = Reflect.ownKeys(b);
  if (keysA.length !== keysB.length) return false;
  for (const key of keysA) {
    if (!Object.prototype.hasOwnProperty.call(b, key) || !__deepEqual(a[key], b[key], seen)) return false;
  }
  return true;
}
const assert = {
  equal(actual, expected, message) {
    if (!Object.is(actual, expected))
      throw new AssertionError(message || "Expected " + __show(expected) + " but got " + __show(actual), {
        expected: __show(expected),
        actual: __show(actual),
      });
  },
  deepEqual(actual, expected, message) {
    if (!__deepEqual(actual, expected))
      throw new AssertionError(message || "Expected " + __show(expected) + " but got " + __show(actual), {
        expected: __show(expected),
        actual: __show(actual),
      });
  },
  ok(value, message) {
    if (!value) throw new AssertionError(message || "Expected a truthy value but got " + __show(value));
  },
  throws(fn, message) {
    try {
      fn();
    } catch {
      return;
    }
    throw new AssertionError(message || "Expected the function to throw, but it returned");
  },
  async rejects(promiseOrFn, message) {
    try {
      await (typeof promiseOrFn === "function" ? promiseOrFn() : promiseOrFn);
    } catch {
      return;
    }
    throw new AssertionError(message || "Expected a rejection, but the promise resolved");
  },
};
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
async function __runTests(timeoutMs = 2000, limit = Infinity) {
  const results = [];
  for (const { name, fn } of __tests.slice(0, limit)) {
    let timer;
    const started = performance.now();
    try {
      await Promise.race([
        Promise.resolve().then(fn),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new AssertionError("Timed out after " + timeoutMs + " ms")), timeoutMs);
        }),
      ]);
      // A synchronous test cannot be interrupted, but one that ran past the limit still fails
      // (an O(n²) answer to a large input), so a slow solution never passes by finishing late.
      const took = Math.round(performance.now() - started);
      if (took > timeoutMs) throw new AssertionError("Took " + took + " ms; the limit is " + timeoutMs + " ms");
      results.push({ name, passed: true, ms: took });
    } catch (error) {
      const details = error && error.details ? error.details : {};
      results.push({
        name,
        passed: false,
        message: error && error.name && error.name !== "AssertionError" ? error.name + ": " + error.message : String(error && error.message),
        expected: details.expected,
        actual: details.actual,
      });
    } finally {
      clearTimeout(timer);
    }
  }
  return results;
}
`;

export interface TestResult {
  name: string;
  passed: boolean;
  /** How long a passed test took (the browser's runner drops it; scripts/challenge-timings.ts reads it). */
  ms?: number;
  message?: string;
  expected?: string;
  actual?: string;
}

/**
 * Whether a failed test's message says more than its expected and actual values: the
 * harness's own "Expected X but got Y" does not, a custom assertion message or an SQL
 * challenge's "The rows differ (expected 2 rows, got 3)" does.
 */
export function messageAddsToValues(result: Pick<TestResult, "message" | "expected" | "actual">): boolean {
  return Boolean(result.message) && result.message !== `Expected ${result.expected} but got ${result.actual}`;
}
