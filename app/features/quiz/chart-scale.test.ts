import { expect, test } from "vitest";
import { DAY_MS, X_RANGE, Y_RANGE, chartGeometry, scaleLinear, timeDomain, timeTicks } from "./chart-scale";

const attempt = (id: string, technology: string, score: number, finishedAt: string) =>
  ({ id, technology, score, finishedAt }) as Parameters<typeof chartGeometry>[0][number];

test("a linear scale maps the ends of its domain onto the ends of its range, and one value onto the middle", () => {
  const s = scaleLinear([0, 100], [94, 6]);
  expect(s(0)).toBe(94);
  expect(s(100)).toBe(6);
  expect(s(50)).toBe(50);
  expect(scaleLinear([5, 5], [0, 10])(5)).toBe(5);
});

test("a single moment gets a day around it, so its point sits in the middle", () => {
  const t = Date.parse("2026-11-22T12:00:00Z");
  expect(timeDomain([t])).toEqual([t - DAY_MS / 2, t + DAY_MS / 2]);
  expect(timeDomain([t + 5, t, t + 2])).toEqual([t, t + 5]);
});

test("ticks over several days fall on UTC midnights, at most five of them", () => {
  const from = Date.parse("2026-11-01T15:00:00Z");
  const to = Date.parse("2026-11-29T09:00:00Z");
  const ticks = timeTicks([from, to]);
  expect(ticks.length).toBeLessThanOrEqual(5);
  expect(ticks.length).toBeGreaterThanOrEqual(3);
  for (const tick of ticks) {
    expect(tick.value % DAY_MS).toBe(0);
    expect(tick.value).toBeGreaterThanOrEqual(from);
    expect(tick.value).toBeLessThanOrEqual(to);
  }
  expect(ticks[0]!.label).toBe("Nov 2");
});

test("ticks within a day or two show the time, in UTC", () => {
  const from = Date.parse("2026-11-22T10:00:00Z");
  const ticks = timeTicks([from, from + 6 * 60 * 60 * 1000]);
  expect(ticks.map((t) => t.label)).toEqual(["Nov 22, 11:00", "Nov 22, 15:00"]);
});

test("quizzes a few seconds apart get one label in the middle, not the same label repeated", () => {
  const from = Date.parse("2026-11-22T10:00:05Z");
  const ticks = timeTicks([from, from + 20_000]);
  expect(ticks).toEqual([{ value: from + 10_000, label: "Nov 22, 10:00" }]);
});

test("long spans are labelled with month and year", () => {
  const ticks = timeTicks([Date.parse("2025-01-10T00:00:00Z"), Date.parse("2026-11-10T00:00:00Z")]);
  expect(ticks.length).toBeLessThanOrEqual(5);
  expect(ticks[0]!.label).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
});

test("the chart has one line per technology and one point per attempt, oldest first, with 100 % at the top", () => {
  const geometry = chartGeometry([
    attempt("c", "react", 50, "2026-11-22T12:00:00Z"),
    attempt("a", "javascript", 100, "2026-11-20T12:00:00Z"),
    attempt("b", "javascript", 0, "2026-11-24T12:00:00Z"),
    attempt("d", "mixed", 70, "2026-11-21T00:00:00Z"),
  ]);
  expect(geometry.series.map((s) => s.technology)).toEqual(["mixed", "javascript", "react"]);
  const js = geometry.series[1]!.points;
  expect(js.map((p) => p.id)).toEqual(["a", "b"]);
  expect(js[0]).toMatchObject({ x: X_RANGE[0], y: Y_RANGE[1] });
  expect(js[1]).toMatchObject({ x: X_RANGE[1], y: Y_RANGE[0] });
  expect(geometry.series[2]!.points[0]!.x).toBeCloseTo(50);
  expect(geometry.series.flatMap((s) => s.points)).toHaveLength(4);
  expect(geometry.yTicks.map((t) => t.label)).toEqual(["0%", "25%", "50%", "75%", "100%"]);
  for (const tick of geometry.xTicks) {
    expect(tick.x).toBeGreaterThanOrEqual(X_RANGE[0]);
    expect(tick.x).toBeLessThanOrEqual(X_RANGE[1]);
  }
});

test("attempts without a finish time are left out of the chart", () => {
  const geometry = chartGeometry([{ id: "x", technology: "css", score: 40, finishedAt: null }]);
  expect(geometry.series).toEqual([]);
});
