import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { parseQuestionBank, readQuestionFolder } from "../../server/questions/question-import";
import { closeVerifierBrowser, verifyQuestion } from "../support/question-verifier";

/**
 * The whole bank under content/questions, checked on every `npm test` (issue #6): every
 * file valid, and everything a question claims (output, options, tests) true when run.
 */
const folder = path.resolve(import.meta.dirname, "../../content/questions");
const { files, problems } = readQuestionFolder(folder);
const { parsed } = parseQuestionBank(files, problems);

test("every question file is valid", () => {
  expect(problems).toEqual([]);
  expect(parsed.length).toBeGreaterThan(0);
});

afterAll(closeVerifierBrowser);

describe.concurrent("what each question claims is what happens", () => {
  test.each(parsed.map((p) => [path.relative(folder, p.source.path), p] as const))(
    "%s",
    async (_name, { source, question }) => {
      const found = await verifyQuestion(question, path.relative(process.cwd(), source.path), source.text, inject("postgresUrl") || null);
      expect(found, found.join("\n\n")).toEqual([]);
      // A question may run several processes (a challenge: solution and wrong solution, type checks).
    },
    150_000,
  );
});
