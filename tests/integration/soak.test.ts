import { expect, it } from "vitest";
import { soak } from "../support/soak";

/**
 * Issue #15: the soak's short form — 20 seconds of the same mix as `npm run soak` (reading,
 * practising, quizzes, posting) against the production server: no 5xx or failed connection,
 * and every flow gets the answers it expects (a broken flow shows up as unexpected 4xx).
 */
it("a mixed load of reading, practice, quizzes and posting gets no error and no unexpected refusal", { timeout: 90_000 }, async () => {
  const report = await soak({ durationMs: 20_000, periodMs: 5_000, users: 8 });
  console.log(`soak: ${JSON.stringify({ ...report, samples: undefined })}`);
  expect(report.samples).toEqual([]);
  expect(report.errors).toBe(0);
  expect(report.unexpected).toBe(0);
  expect(report.requests).toBeGreaterThan(500);
});
