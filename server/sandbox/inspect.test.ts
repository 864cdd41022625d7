import fs from "node:fs";
import path from "node:path";
import util from "node:util";
import { expect, test } from "vitest";

// The sandbox formatter is plain source text sent to the browser; load it the same way.
const source = fs.readFileSync(path.join(import.meta.dirname, "inspect.js"), "utf8");
const { formatArgs } = new Function(`${source}\nreturn { formatArgs };`)() as { formatArgs: (args: unknown[]) => string };

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}

const samples: [string, unknown[]][] = [
  ["text and numbers", ["sum:", 1 + 2, -0, 2n, NaN, Infinity]],
  ["booleans, null and undefined", [true, null, undefined]],
  ["a short array", [[1, 2, 3]]],
  ["an array of 10 numbers (grouped in columns)", [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]],
  ["an array of 26 numbers", [Array.from({ length: 26 }, (_, i) => i * 7)]],
  ["an array of words", [["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]]],
  ["nested strings are quoted", [{ name: "Ada", tags: ["x", "it's"] }]],
  ["an empty array and object", [[], {}]],
  // eslint-disable-next-line no-sparse-arrays -- holes are what this case is about
  ["holes", [[1, , 3]]],
  [
    "a Map and a Set",
    [
      new Map<unknown, unknown>([
        ["a", 1],
        [2, { b: true }],
      ]),
      new Set([1, "two"]),
    ],
  ],
  ["empty Map and Set", [new Map(), new Set()]],
  ["a class instance", [new Point(1, 2)]],
  ["depth beyond 2", [{ a: { b: { c: { d: 1 } } } }]],
  ["a long object breaks lines", [{ first: "a fairly long value here", second: "another long value", third: [1, 2, 3], fourth: null }]],
  ["functions and classes", [function named() {}, () => 1, Point]],
  ["symbols and keys that need quotes", [{ "a-b": 1, [Symbol("s")]: 2, ok: Symbol.iterator }]],
  ["printf-style", ["%s is %d years and %i%% sure", "Ada", 36.6, 99.9]],
  ["an object in %o position after text", ["value:", { x: [1, { y: 2 }] }]],
  ["null prototype", [Object.assign(Object.create(null), { a: 1 })]],
  ["a date and a regexp", [new Date(Date.UTC(2024, 0, 2)), /a+b/gi]],
];

test.each(samples)("formats %s exactly as Node's console.log", (_name, args) => {
  expect(formatArgs(args)).toBe(util.format(...args));
});

test("errors print as name and message, as the verified console questions state them", () => {
  expect(formatArgs([new TypeError("x is not a function")])).toBe("TypeError: x is not a function");
  expect(formatArgs([{ error: new RangeError("bad") }])).toBe("{ error: [RangeError: bad] }");
});
