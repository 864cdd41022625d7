import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { optionBalance, optionBalanceProblems } from "../../server/questions/option-balance";
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

// Issue #33: multiple choice tests knowledge, not test-taking (CONTENT.md, "Fair multiple choice").
// `npm run content:options` prints the table.
test("no technology's multiple choice gives the answer away by the options' length", () => {
  const rows = optionBalance(parsed.map((p) => p.question));
  expect(rows.length).toBeGreaterThan(0);
  expect(optionBalanceProblems(rows)).toEqual([]);
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
