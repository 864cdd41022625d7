import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, inject, test } from "vitest";
import { parseQuestionFile } from "../../server/questions/question-file";
import { closeVerifierBrowser, verifyQuestion } from "../support/question-verifier";

/**
 * The verifiers catch each way a question can lie (issue #6). The fixtures live outside
 * content/ so that the real bank never carries a wrong question.
 */
const folder = path.resolve(import.meta.dirname, "../fixtures/questions");

function load(name: string, technology = "javascript") {
  const file = path.join(folder, `${name}.md`);
  const text = fs.readFileSync(file, "utf8");
  return { file, text, result: parseQuestionFile(file, text, { id: name, technology }) };
}

afterAll(closeVerifierBrowser);

async function verify(name: string, technology?: string) {
  const { file, text, result } = load(name, technology);
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return verifyQuestion(result.question, file, text, inject("postgresUrl") || null);
}

test("a console question whose stated output is wrong fails, showing expected and actual", async () => {
  const problems = await verify("console-wrong-output");
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/console-wrong-output\.md:\d+: the output differs/);
  expect(problems[0]).toContain("--- expected\nsync\ntimeout\nmicrotask\n--- actual\nsync\nmicrotask\ntimeout");
});

test("a console question whose checked option is not the output is refused", () => {
  const { result } = load("console-wrong-option");
  expect(result.ok).toBe(false);
  expect(!result.ok && result.problems).toEqual([
    expect.stringMatching(/console-wrong-option\.md:19: the checked option does not equal the output$/),
  ]);
});

test("a reference solution that fails a test is reported with the test's name", async () => {
  const problems = await verify("program-failing-reference");
  expect(problems).toEqual([
    expect.stringContaining('the solution fails the test "an empty array sums to 0": TypeError: Reduce of empty array'),
  ]);
});

test("a wrong solution that passes every test is reported", async () => {
  const problems = await verify("program-passing-wrong");
  expect(problems).toEqual([expect.stringMatching(/program-passing-wrong\.md:\d+: the wrong solution passes every test/)]);
});

test("C snippets are compiled with gcc and their output compared", async () => {
  expect(await verify("c-console", "c-cpp")).toEqual([]);
  const problems = await verify("c-console-wrong", "c-cpp");
  expect(problems).toEqual([expect.stringContaining("--- expected\n3 2\n--- actual\n3 -1")]);
});

test("SQL snippets run on SQLite and PostgreSQL, and a difference must be declared", async () => {
  expect(await verify("sql-console", "dbms")).toEqual([]);
  expect(await verify("sql-console-differs", "dbms")).toEqual([]);
  if (!inject("postgresUrl")) throw new Error("PostgreSQL is needed to compare SQL results");
  const problems = await verify("sql-console-differs-undeclared", "dbms");
  expect(problems).toEqual([expect.stringContaining("the PostgreSQL result differs\n--- expected\nbigger\n1\n--- actual\nbigger\ntrue")]);
});

test("TypeScript snippets run with their types stripped", async () => {
  expect(await verify("ts-console", "typescript")).toEqual([]);
});

test("a JavaScript example in an explanation that does not parse is reported at its line", async () => {
  const problems = await verify("theory-broken-example");
  expect(problems).toEqual([expect.stringMatching(/theory-broken-example\.md:20: the js block does not parse: ',' expected/)]);
});

test("CSS snippets are rendered in Chromium and #target's computed style compared", async () => {
  expect(await verify("css-console", "css")).toEqual([]);
  const problems = await verify("css-console-wrong", "css");
  expect(problems).toEqual([
    expect.stringContaining(
      "the computed style differs\n--- expected\nwidth: 160px\ncolor: rgb(0, 0, 255)\n--- actual\nwidth: 200px\ncolor: rgb(0, 0, 255)",
    ),
  ]);
});

test("a CSS question needs one #target and 'property: value' output lines", () => {
  const { result } = load("css-console-no-target", "css");
  expect(!result.ok && result.problems).toEqual([
    expect.stringMatching(/css-console-no-target\.md:\d+: the HTML needs exactly one element with id="target" \(found 0\)$/),
    expect.stringMatching(/css-console-no-target\.md:\d+: "colour is blue": each output line is "property: value"/),
  ]);
});

test("SQL challenges: the reference query passes every test on sql.js and PostgreSQL, the wrong one fails one", async () => {
  if (!inject("postgresUrl")) throw new Error("PostgreSQL is needed to check SQL challenges");
  expect(await verify("sql-program", "dbms")).toEqual([]);
});

test("SQL challenge tests need an expectation per test, and at least five tests", () => {
  const { result } = load("sql-program-no-expect", "dbms");
  expect(!result.ok && result.problems).toEqual([
    expect.stringMatching(/sql-program-no-expect\.md:\d+: needs at least 5 tests \(found 3 "-- test:" sections\)$/),
    expect.stringMatching(/the test "forgot the expectation" needs an "-- expect:" block/),
    expect.stringMatching(/the test "a null counts" has statements after its "-- expect:" block/),
  ]);
});
