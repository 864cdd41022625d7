import initSqlJs from "sql.js";
import { beforeAll, expect, test } from "vitest";
import { openSqlJs, parseSqlTests, runSqlTests } from "./sql-tests";

/** The SQL challenge harness as the browser runs it (sql.js), grading queries a candidate might write. */
beforeAll(async () => {
  (globalThis as { __sqlJs?: unknown }).__sqlJs = await initSqlJs();
});

const TESTS = `
CREATE TABLE scores (player TEXT, points REAL);
INSERT INTO scores VALUES ('ann', 2.5), ('bo', 4), ('cy', NULL);

-- test: highest first
-- expect ordered:
-- player | points
-- bo | 4
-- ann | 2.50
-- cy | NULL

-- test: any order
-- expect:
-- player | points
-- cy | NULL
-- ann | 2.5
-- bo | 4.0
`;

const grade = async (query: string) =>
  (await runSqlTests(query, TESTS, openSqlJs)).map((r) => ({ name: r.name, passed: r.passed, message: r.message }));

test("a correct query passes; numbers compare by value (2.50 is 2.5, 4.0 is 4) and NULL is NULL", async () => {
  expect(await grade("SELECT player, points FROM scores ORDER BY points IS NULL, points DESC")).toEqual([
    { name: "highest first", passed: true, message: undefined },
    { name: "any order", passed: true, message: undefined },
  ]);
});

test("row order matters only where the test says 'expect ordered'", async () => {
  const results = await grade("SELECT player, points FROM scores ORDER BY player DESC");
  expect(results.map((r) => [r.name, r.passed, r.message])).toEqual([
    ["highest first", false, "The rows or their order differ"],
    ["any order", true, undefined],
  ]);
});

test("a wrong number of columns, missing rows and a failing query are each explained", async () => {
  expect((await grade("SELECT player FROM scores"))[1]!.message).toBe("Expected 2 columns (player, points) but got 1 (player)");
  expect((await grade("SELECT player, points FROM scores WHERE points > 3"))[1]!.message).toBe("The rows differ (expected 3 rows, got 1)");
  expect((await grade("SELECT nope FROM scores"))[0]!.message).toMatch(/^Your query failed: no such column: nope/);
  expect((await grade("DELETE FROM scores"))[0]!.message).toBe("Your query returned no result set; end it with a SELECT");
});

test("each test starts from a fresh database, so one test's changes never reach the next", async () => {
  const results = await runSqlTests(
    "SELECT COUNT(*) AS n FROM t",
    `CREATE TABLE t (x INTEGER);
-- test: first
INSERT INTO t VALUES (1);
-- expect:
-- n
-- 1
-- test: second
INSERT INTO t VALUES (2);
-- expect:
-- n
-- 1`,
    openSqlJs,
  );
  expect(results.every((r) => r.passed)).toBe(true);
});

test("the parser reads the shared setup, each test's statements and its expected rows", () => {
  const { setup, tests } = parseSqlTests(TESTS);
  expect(setup).toContain("CREATE TABLE scores");
  expect(tests.map((t) => [t.name, t.ordered, t.header, t.rows.length])).toEqual([
    ["highest first", true, ["player", "points"], 3],
    ["any order", false, ["player", "points"], 3],
  ]);
});
