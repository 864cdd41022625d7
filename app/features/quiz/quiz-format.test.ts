import { expect, test } from "vitest";
import {
  formatCountdown,
  formatDuration,
  formatPerQuestion,
  quizLevelName,
  quizTechnologyName,
  quizTimeName,
  tallyOutcomes,
} from "./quiz-format";

test("the countdown rounds up, so it reads 0:00 only when the time is over", () => {
  expect(formatCountdown(30_000)).toBe("0:30");
  expect(formatCountdown(29_001)).toBe("0:30");
  expect(formatCountdown(29_000)).toBe("0:29");
  expect(formatCountdown(1)).toBe("0:01");
  expect(formatCountdown(0)).toBe("0:00");
  expect(formatCountdown(-500)).toBe("0:00");
  expect(formatCountdown(60_000)).toBe("1:00");
  expect(formatCountdown(65_000)).toBe("1:05");
});

test("durations read in seconds, then minutes and seconds, then hours and minutes", () => {
  expect(formatDuration(0)).toBe("0 s");
  expect(formatDuration(44_600)).toBe("45 s");
  expect(formatDuration(59_400)).toBe("59 s");
  expect(formatDuration(60_000)).toBe("1 min 00 s");
  expect(formatDuration(185_000)).toBe("3 min 05 s");
  expect(formatDuration(3_725_000)).toBe("1 h 02 min");
});

test("time per question has one decimal and survives an empty quiz", () => {
  expect(formatPerQuestion(123_000, 10)).toBe("12.3 s");
  expect(formatPerQuestion(600_000, 20)).toBe("30.0 s");
  expect(formatPerQuestion(5_000, 0)).toBe("0.0 s");
});

test("quiz settings are named as the site names technologies and levels", () => {
  expect(quizTechnologyName("dbms")).toBe("DBMS & SQL");
  expect(quizTechnologyName("mixed")).toBe("Mixed");
  expect(quizLevelName("all")).toBe("All levels");
  expect(quizLevelName("advance")).toBe("Advance (List 2)");
  expect(quizTimeName(30)).toBe("30 s a question");
  expect(quizTimeName(null)).toBe("Untimed");
});

test("late and timed-out answers are tallied as not answered", () => {
  expect(tallyOutcomes(["correct", "wrong", "skipped", "late", "correct"])).toEqual({ correct: 2, wrong: 1, unanswered: 2 });
  expect(tallyOutcomes([])).toEqual({ correct: 0, wrong: 0, unanswered: 0 });
});
