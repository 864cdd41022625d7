import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { importQuestions, parseQuestionBank, titleSimilarity } from "./question-import";
import { parseQuestionFile } from "./question-file";

const theory = (id: string, title = "What is a closure in JavaScript?", extra = "") => `---
id: ${id}
technology: javascript
kind: theory
level: beginner
title: ${title}
tags: [closures]
---

## Answer

A function with the variables of the scope it was made in.

## Explanation

It keeps them alive after the outer function returns.

## Key points

- Lexical scope
- Captured by reference
- Private state
${extra}`;

const problemsOf = (text: string, id = "q-one") => {
  const result = parseQuestionFile("q/javascript/q-one.md", text, { id, technology: "javascript" });
  return result.ok ? [] : result.problems;
};

test("a valid theory file parses into its parts", () => {
  const result = parseQuestionFile("q.md", theory("q-one"), { id: "q-one", technology: "javascript" });
  expect(result.ok && result.question).toMatchObject({
    id: "q-one",
    kind: "theory",
    level: "beginner",
    tags: ["closures"],
    keyPoints: ["Lexical scope", "Captured by reference", "Private state"],
  });
});

test.each([
  ["no front matter", "## Answer\n\nx", "q/javascript/q-one.md:1: the file must start with front matter (---)"],
  ["front matter not closed", "---\nid: q-one\n", "q/javascript/q-one.md:1: the front matter is not closed with ---"],
  [
    "a bad level",
    theory("q-one").replace("level: beginner", "level: senior"),
    "q/javascript/q-one.md:5: level: must be one of: beginner, advance, expert",
  ],
  [
    "an unknown technology",
    theory("q-one").replace("technology: javascript", "technology: cobol"),
    "q/javascript/q-one.md:3: technology: must be one of:",
  ],
  ["an id that is not the file name", theory("q-two"), "q/javascript/q-one.md:2: id: must equal the file name (q-one)"],
  ["a short title", theory("q-one", "Scope?"), "q/javascript/q-one.md:6: title: must be at least 8 characters"],
  ["no tags", theory("q-one").replace("tags: [closures]", "tags: []"), "q/javascript/q-one.md:7: tags: needs at least one tag"],
  [
    "a tag twice",
    theory("q-one").replace("tags: [closures]", "tags: [closures, scope, closures]"),
    "q/javascript/q-one.md:7: tags: a tag appears twice",
  ],
  ["a missing section", theory("q-one").replace("## Answer", "## Notes"), 'q/javascript/q-one.md:10: unknown section "Notes"'],
  ["a required section left out", theory("q-one").replace(/## Answer\n\n.*\n/, ""), 'q/javascript/q-one.md:8: missing section "## Answer"'],
  [
    "a section the kind does not have",
    theory("q-one", undefined, "\n## Starter\n\n```js\nx\n```\n"),
    'a theory question has no "Starter" section',
  ],
  [
    "text before the first section",
    theory("q-one").replace("\n## Answer", "Hello\n\n## Answer"),
    "q/javascript/q-one.md:9: text before the first section",
  ],
  ["two key points", theory("q-one").replace("- Private state\n", ""), '"Key points" needs 3 to 6 list items (found 2)'],
  ["a long answer", theory("q-one").replace("A function with", "x".repeat(700)), "keep it to 600"],
  ["an unclosed code block", theory("q-one", undefined, "\n```js\nlet a = 1;\n"), "a code block is not closed"],
  [
    "options with two checked",
    theory("q-one", undefined, "\n## Options\n\n- [x] a\n- [x] b\n- [ ] c\n- [ ] d\n"),
    "exactly one option must be checked with [x] (found 2)",
  ],
  [
    "three options",
    theory("q-one", undefined, "\n## Options\n\n- [x] a\n- [ ] b\n- [ ] c\n"),
    '"Options" needs exactly 4 options (found 3)',
  ],
])("%s is reported with its file and line", (_name, text, message) => {
  expect(problemsOf(text).join("\n")).toContain(message);
});

test("console code over 25 lines and programs with fewer than 5 tests are refused", () => {
  const longCode = Array.from({ length: 26 }, (_, i) => `console.log(${i});`).join("\n");
  const consoleFile = `---\nid: q-one\ntechnology: javascript\nkind: console\nlevel: beginner\ntitle: A very long snippet\ntags: [x]\n---\n\n## Code\n\n\`\`\`js\n${longCode}\n\`\`\`\n\n## Options\n\n- [x] \`0\`\n- [ ] \`1\`\n- [ ] \`2\`\n- [ ] \`3\`\n\n## Output\n\n\`\`\`text\n0\n\`\`\`\n\n## Explanation\n\nx\n`;
  expect(problemsOf(consoleFile)).toContain("q/javascript/q-one.md:12: the code has 26 lines; keep it to 25");
  const program = `---\nid: q-one\ntechnology: javascript\nkind: program\nlevel: beginner\ntitle: Add two numbers\ntags: [x]\n---\n\n## Statement\n\nAdd.\n\n## Starter\n\n\`\`\`js\nfunction add(a, b) {}\n\`\`\`\n\n## Solution\n\n\`\`\`js\nfunction add(a, b) { return a + b; }\n\`\`\`\n\n## Wrong solution\n\n\`\`\`js\nfunction add(a, b) { return a - b; }\n\`\`\`\n\n## Tests\n\n\`\`\`js\ntest("one", () => assert.equal(add(1, 2), 3));\n\`\`\`\n`;
  expect(problemsOf(program)).toContain("q/javascript/q-one.md:34: needs at least 5 tests (found 1)");
});

test("ids are unique across the bank and titles in a technology must not be nearly the same", () => {
  const file = (p: string, text: string, id: string) => ({ path: p, text, id, technology: "javascript" });
  const { problems } = parseQuestionBank([
    file("a/q-one.md", theory("q-one"), "q-one"),
    file("b/q-one.md", theory("q-one", "Explain closures and scope"), "q-one"),
    file("a/q-three.md", theory("q-three", "What is a closure in JavaScript"), "q-three"),
  ]);
  expect(problems).toEqual([
    'b/q-one.md:2: the id "q-one" is already used by a/q-one.md',
    "a/q-three.md:1: the title is nearly the same as the title of a/q-one.md; make them distinct",
  ]);
  expect(titleSimilarity("What is a closure?", "What is a closure")).toBe(1);
  expect(titleSimilarity("What is a closure?", "How does the event loop work?")).toBeLessThan(0.5);
});

describe.each(testDialects())("importing the bank on %s", (dialect: Dialect) => {
  let t: TestServices;
  let folder: string;
  const write = (id: string, text: string) => fs.writeFileSync(path.join(folder, "javascript", `${id}.md`), text);
  beforeAll(async () => {
    t = await createTestServices(dialect);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-questions-"));
    fs.mkdirSync(path.join(folder, "javascript"));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });
  const rows = () => t.services.database.db.selectFrom("question").select(["id", "title", "status", "updated_at"]).orderBy("id").execute();

  test("adds, then writes nothing for unchanged files, updates a changed one and unpublishes a removed one", async () => {
    write("q-one", theory("q-one"));
    write("q-two", theory("q-two", "What does the event loop do?"));
    expect(await importQuestions(t.services, folder)).toMatchObject({ added: 2, updated: 0, unchanged: 0, unpublished: 0 });
    const first = await rows();

    expect(await importQuestions(t.services, folder)).toMatchObject({ added: 0, updated: 0, unchanged: 2, unpublished: 0 });
    expect(await rows()).toEqual(first);
    expect(await importQuestions(t.services, folder, { onlyIfChanged: true })).toMatchObject({ skipped: true });

    write("q-two", theory("q-two", "How does the event loop order work?"));
    fs.rmSync(path.join(folder, "javascript", "q-one.md"));
    expect(await importQuestions(t.services, folder, { onlyIfChanged: true })).toMatchObject({
      added: 0,
      updated: 1,
      unpublished: 1,
      skipped: false,
    });
    expect((await rows()).map((r) => [r.id, r.title, r.status])).toEqual([
      ["q-one", "What is a closure in JavaScript?", "unpublished"],
      ["q-two", "How does the event loop order work?", "published"],
    ]);
    const tags = await t.services.database.db.selectFrom("question_tag").selectAll().where("question_id", "=", "q-two").execute();
    expect(tags).toEqual([{ question_id: "q-two", tag: "closures" }]);

    write("q-one", theory("q-one"));
    expect(await importQuestions(t.services, folder)).toMatchObject({ updated: 1, unchanged: 1 });
    expect((await rows()).every((r) => r.status === "published")).toBe(true);
  });

  test("a bad file stops the import and nothing is written", async () => {
    const before = await rows();
    write("q-bad", theory("q-bad").replace("level: beginner", "level: guru"));
    write("q-three", theory("q-three", "What is hoisting in JavaScript?"));
    await expect(importQuestions(t.services, folder)).rejects.toThrow(/q-bad\.md:5: level: must be one of/);
    expect(await rows()).toEqual(before);
    fs.rmSync(path.join(folder, "javascript", "q-bad.md"));
  });
});
