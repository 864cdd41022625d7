import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { consume } from "./rate-limiter";

describe.each(testDialects())("rate limiter on %s", (dialect: Dialect) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await createTestServices(dialect);
  });
  afterAll(() => t.close());

  const rule = { limit: 3, windowMs: 60_000 };

  test("allows the limit, refuses the next hit, and counts again in the next window", async () => {
    const db = t.services.database.db;
    const start = 1_700_000_040_000 + 40_000; // 40 s into a minute window
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await consume(db, "test:a", rule, start + i));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]?.retryAfterSeconds).toBe(20);
    expect((await consume(db, "test:a", rule, start + 20_000)).allowed).toBe(true);
  });

  test("buckets are counted separately", async () => {
    const db = t.services.database.db;
    const now = 1_700_000_100_000;
    for (let i = 0; i < 3; i++) await consume(db, "test:b", rule, now);
    expect((await consume(db, "test:b", rule, now)).allowed).toBe(false);
    expect((await consume(db, "test:c", rule, now)).allowed).toBe(true);
  });
});
