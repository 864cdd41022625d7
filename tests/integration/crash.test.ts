import { afterAll, describe, expect, it } from "vitest";
import { crashCycles } from "../support/crash-cycles";
import { type TestDatabase, createTestDatabase, testDialects } from "../support/databases";

/**
 * Issue #15: the short crash test — 5 cycles per database of concurrent writes of every kind,
 * the server killed with SIGKILL at a random moment, restarted and checked. `npm run
 * crash-test` runs 50 cycles each and prints the figures.
 */
describe.each(testDialects())("killed with SIGKILL under write load on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterAll(() => database?.drop());

  it("loses no acknowledged write, keeps the database intact and leaves no sign-up half made", { timeout: 180_000 }, async () => {
    database = await createTestDatabase(dialect);
    const report = await crashCycles({ target: database.target, cycles: 5, clients: 4 });
    console.log(`${dialect}: ${JSON.stringify({ ...report, lost: undefined })}`);
    // Every kind of write was made and acknowledged, so the check below covers each of them.
    for (const [kind, count] of Object.entries(report.acknowledged)) expect(count, kind).toBeGreaterThan(0);
    expect(report.lost).toEqual({ "sign-up": [], progress: [], blog: [], contact: [], "quiz-answer": [], snippet: [] });
    expect(report.integrity).toEqual([]);
    expect(report.halfMadeSignUps).toBe(0);
    expect(report.unexpected).toEqual([]);
  });
});
