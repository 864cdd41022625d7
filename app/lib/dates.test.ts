import { expect, test } from "vitest";
import { formatLongDate } from "./dates";

test("dates read 'MMMM d, yyyy' with no leading zero on the day, on the UTC day", () => {
  expect(formatLongDate("2026-10-04T23:30:00.000Z")).toBe("October 4, 2026");
  expect(formatLongDate("2024-02-29")).toBe("February 29, 2024");
  expect(formatLongDate("2027-01-01T00:00:00+02:00")).toBe("December 31, 2026");
});

test("every month reads as Intl's English long format does, on the server and in the browser", () => {
  const intl = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  for (let month = 0; month < 12; month++) {
    const iso = new Date(Date.UTC(2025, month, 9 + month)).toISOString();
    expect(formatLongDate(iso)).toBe(intl.format(new Date(iso)));
  }
});

test("a value that is not a date is refused, as Intl refused it", () => {
  expect(() => formatLongDate("not a date")).toThrow(RangeError);
});
