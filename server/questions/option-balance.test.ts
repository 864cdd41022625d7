import { describe, expect, test } from "vitest";
import { optionBalance, optionBalanceProblems } from "./option-balance";

const question = (technology: string, right: string, ...wrong: string[]) => ({
  technology,
  kind: "theory" as const,
  options: [{ text: right, correct: true, line: 1 }, ...wrong.map((text) => ({ text, correct: false, line: 1 }))],
});

describe("the options' length check", () => {
  test("a technology whose right option is mostly the longest is named, with its share", () => {
    const bank = [
      question("css", "the right and longest one", "short", "brief", "tiny"),
      question("css", "the right and longest one", "short", "brief", "tiny"),
      question("css", "short", "a much longer wrong one", "brief", "tiny"),
    ];
    expect(optionBalanceProblems(optionBalance(bank))).toEqual([
      "css: the right option is the longest in 2 of 3 (67%); at most 35%",
      "the bank: the right option is the longest in 2 of 3 (67%); at most 30%",
    ]);
  });

  test("the shortest being right too often is caught as well, and ties count as neither", () => {
    const bank = [
      question("html", "a", "bb", "cc", "dd"),
      question("html", "aa", "bb", "cc", "d"),
      question("html", "aaa", "bbb", "cc", "ddd"),
    ];
    const [row] = optionBalance(bank);
    expect(row).toEqual({ technology: "html", questions: 3, rightIsUniqueLongest: 0, rightIsUniqueShortest: 1 });
    expect(optionBalanceProblems([row!])).toEqual([]);
  });

  test("console questions and theory without options are not counted", () => {
    const bank = [
      { technology: "javascript", kind: "console" as const, options: question("x", "long right one", "a", "b", "c").options },
      { technology: "javascript", kind: "theory" as const, options: null },
    ];
    expect(optionBalance(bank)).toEqual([]);
  });
});
