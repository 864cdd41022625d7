import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { runnerTexts } from "../../app/lib/texts/runner";

// Plain source text sent to the browser, joined with the worker's and the runner's: load it the same way.
type Size = { lines: number; chars: number };
interface OutputLimit {
  readonly over: boolean;
  admit(size: Size): boolean;
  end(): void;
}
const source = fs.readFileSync(path.join(import.meta.dirname, "output-limit.js"), "utf8");
const { OUTPUT_LIMITS, createOutputLimit, outputSize } = new Function(
  `${source}\nreturn { OUTPUT_LIMITS, createOutputLimit, outputSize };`,
)() as {
  OUTPUT_LIMITS: { lines: number; chars: number };
  createOutputLimit: (limits?: { lines: number; chars: number }) => OutputLimit;
  outputSize: (message: unknown) => Size;
};

/** What a run of these messages shows: the messages kept, then "truncated" once if it was cut. */
function shown(messages: unknown[], limit = createOutputLimit()) {
  const out: unknown[] = [];
  for (const message of messages) {
    if (limit.over) continue;
    if (limit.admit(outputSize(message))) out.push(message);
    else out.push("truncated");
  }
  return out;
}
const line = (text: string) => ({ type: "console", level: "log", text });

test("a run shows 1,000 lines, then one note instead of the rest", () => {
  const printed = Array.from({ length: 100_000 }, (_, i) => line(String(i)));
  const out = shown(printed);
  expect(out).toHaveLength(OUTPUT_LIMITS.lines + 1);
  expect(out.at(-2)).toEqual(line("999"));
  expect(out.at(-1)).toBe("truncated");
});

test("a run that prints little shows all of it, and no note", () => {
  const printed = Array.from({ length: OUTPUT_LIMITS.lines }, (_, i) => line(String(i)));
  expect(shown(printed)).toEqual(printed);
});

test("long lines are cut by characters: 200,000 in all", () => {
  const out = shown(Array.from({ length: 10 }, () => line("x".repeat(60_000))));
  expect(out).toEqual([line("x".repeat(60_000)), line("x".repeat(60_000)), line("x".repeat(60_000)), "truncated"]);
  // One line alone larger than the whole budget is not shown either.
  expect(shown([line("y".repeat(OUTPUT_LIMITS.chars + 1)), line("after")])).toEqual(["truncated"]);
});

test("tables count a line per row and their cells' characters; errors count like lines", () => {
  expect(
    outputSize({
      type: "console",
      level: "table",
      table: {
        header: ["id", "name"],
        rows: [
          ["1", "Ada"],
          ["2", "Grace"],
        ],
      },
    }),
  ).toEqual({
    lines: 3,
    chars: 6 + 4 + 6,
  });
  expect(outputSize({ type: "error", message: "TypeError: boom", line: 3 })).toEqual({ lines: 1, chars: 15 });
  const rows = Array.from({ length: 2_000 }, (_, i) => [String(i)]);
  expect(shown([{ type: "console", level: "table", table: { header: ["n"], rows } }])).toEqual(["truncated"]);
});

test("ending the output early (the worker ran out first) stops everything after it", () => {
  const limit = createOutputLimit();
  expect(limit.admit({ lines: 1, chars: 1 })).toBe(true);
  limit.end();
  expect(limit.over).toBe(true);
  expect(limit.admit({ lines: 1, chars: 1 })).toBe(false);
});

test("the note states the limits the sandbox applies", () => {
  expect(runnerTexts.outputTruncated).toContain(OUTPUT_LIMITS.lines.toLocaleString("en"));
  expect(runnerTexts.outputTruncated).toContain(OUTPUT_LIMITS.chars.toLocaleString("en"));
});
