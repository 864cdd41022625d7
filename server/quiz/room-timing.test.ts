import { expect, test } from "vitest";
import { READING, questionSeconds, readingSeconds } from "./room-timing";

const consoleQuestion = (lines: number) => ({
  title: "What does this log?",
  content: {
    promptHtml: "<p>Read the code, then pick the output.</p>",
    statementHtml: null,
    code: { lang: "js", html: "", source: Array.from({ length: lines }, (_, i) => `console.log(${i});`).join("\n") },
    options: ["0 1 2", "2 1 0", "undefined", "It throws"],
  },
});

test("a 23-line console question gets close to a minute, whatever short time the host chose", () => {
  // 23 lines × 2 s + 20 words / 5 = 50 s → 50 s.
  expect(readingSeconds(consoleQuestion(23).title, consoleQuestion(23).content)).toBe(50);
  expect(questionSeconds(10, consoleQuestion(23))).toBe(50);
  expect(questionSeconds(20, consoleQuestion(23))).toBe(50);
  // A host who gives more keeps it.
  expect(questionSeconds(60, consoleQuestion(23))).toBe(60);
});

test("a short question keeps the host's time", () => {
  const short = { title: "Is null an object?", content: { promptHtml: null, statementHtml: null, code: null, options: ["Yes", "No"] } };
  expect(questionSeconds(10, short)).toBe(10);
});

test("blank code lines and HTML tags do not count, and no question gets more than two minutes", () => {
  const spaced = consoleQuestion(3);
  spaced.content.code.source = "a();\n\n\nb();\n   \nc();";
  expect(readingSeconds(spaced.title, spaced.content)).toBe(readingSeconds(consoleQuestion(3).title, consoleQuestion(3).content));
  expect(readingSeconds("x", consoleQuestion(200).content)).toBe(READING.maxSeconds);
});

test("without its question the room keeps the host's time", () => {
  expect(questionSeconds(20, null)).toBe(20);
});
