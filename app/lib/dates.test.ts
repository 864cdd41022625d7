import { expect, test } from "vitest";
import { formatLongDate } from "./dates";

test("dates read 'MMMM d, yyyy' with no leading zero on the day", () => {
  expect(formatLongDate("2026-10-04T23:30:00.000Z")).toBe("October 4, 2026");
  expect(formatLongDate("2024-02-29")).toBe("February 29, 2024");
});
