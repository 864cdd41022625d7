/**
 * The tests of SQL challenges (docs/content-format.md, "SQL challenges"), as JavaScript
 * source, like the JavaScript harness (test-harness.ts): the same text runs in the
 * browser's sandbox on sql.js and in the content verifier, on sql.js and on PostgreSQL,
 * so a challenge is graded the same everywhere.
 *
 * A tests block is SQL: a shared setup, then `-- test: name` sections, each with its own
 * statements and an `-- expect:` (or `-- expect ordered:`) comment block of the rows the
 * candidate's query must return:
 *
 *     CREATE TABLE t (id INTEGER, name TEXT);
 *     -- test: two rows
 *     INSERT INTO t VALUES (1, 'a'), (2, 'b');
 *     -- expect:
 *     -- id | name
 *     -- 1 | a
 *     -- 2 | b
 *
 * `__runSqlTests(query, tests, openDatabase, limit)` runs each test in a fresh database
 * from `openDatabase()` → `{ run(sql) → last result set { columns, rows } or null, close() }`
 * and resolves to one result per test (the shape of test-harness.ts's TestResult).
 * `__openSqlDatabase` opens one on sql.js, whose module the runner puts in
 * `globalThis.__sqlJs` (the sandbox worker in the browser, the verifier in Node).
 */
export const SQL_TEST_HARNESS_SOURCE = String.raw`
function __parseSqlTests(source) {
  const lines = String(source).replace(/\r\n?/g, "\n").split("\n");
  const setup = [];
  const tests = [];
  let current = null;
  let expecting = false;
  for (const line of lines) {
    const start = /^--\s*test:\s*(.+?)\s*$/.exec(line);
    if (start) {
      current = { name: start[1], setup: [], ordered: false, header: null, rows: [], expect: false, afterExpect: false };
      tests.push(current);
      expecting = false;
      continue;
    }
    const expect = /^--\s*expect( ordered)?:\s*$/.exec(line);
    if (expect && current) {
      current.ordered = Boolean(expect[1]);
      current.expect = true;
      expecting = true;
      continue;
    }
    if (expecting) {
      const row = /^--\s?(.*)$/.exec(line);
      if (row && row[1].trim()) {
        const cells = row[1].split(" | ").map((cell) => cell.trim());
        if (current.header === null) current.header = cells;
        else current.rows.push(cells);
        continue;
      }
      expecting = false;
      if (row) continue;
    }
    if (current && current.expect && line.trim() && !/^--/.test(line)) current.afterExpect = true;
    (current ? current.setup : setup).push(line);
  }
  for (const test of tests) test.setup = test.setup.join("\n");
  return { setup: setup.join("\n"), tests };
}
function __sqlCell(value) {
  if (value === null || value === undefined) return "NULL";
  if (value === true) return "1";
  if (value === false) return "0";
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return "x'" + Array.from(value, (b) => b.toString(16).padStart(2, "0")).join("") + "'";
  return String(value);
}
function __sameCell(a, b) {
  if (a === b) return true;
  // Numbers compare by value: PostgreSQL's numeric 2.50 is SQLite's real 2.5.
  const x = Number(a);
  const y = Number(b);
  if (a.trim() !== "" && b.trim() !== "" && Number.isFinite(x) && Number.isFinite(y)) return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
  return false;
}
function __sortKey(row) {
  return row.map((cell) => (cell !== "NULL" && cell.trim() !== "" && Number.isFinite(Number(cell)) ? String(Number(cell)) : cell)).join("\u0000");
}
function __showRows(header, rows) {
  return [header.join(" | "), ...rows.map((row) => row.join(" | "))].join("\n");
}
function __compareRows(test, result) {
  const header = test.header || [];
  if (!result) return "Your query returned no result set; end it with a SELECT";
  if (result.columns.length !== header.length)
    return "Expected " + header.length + " column" + (header.length === 1 ? "" : "s") + " (" + header.join(", ") + ") but got " + result.columns.length + " (" + result.columns.join(", ") + ")";
  let actual = result.rows.map((row) => row.map(__sqlCell));
  let expected = test.rows;
  if (!test.ordered) {
    const sorted = (rows) =>
      rows
        .map((row) => [__sortKey(row), row])
        .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
        .map((entry) => entry[1]);
    actual = sorted(actual);
    expected = sorted(expected);
  }
  const same = actual.length === expected.length && actual.every((row, i) => row.every((cell, j) => __sameCell(cell, expected[i][j])));
  if (same) return null;
  const rows = (n) => n + (n === 1 ? " row" : " rows");
  const count = actual.length === expected.length ? "" : " (expected " + rows(expected.length) + ", got " + actual.length + ")";
  return (test.ordered ? "The rows or their order differ" : "The rows differ") + count;
}
async function __openSqlDatabase() {
  const db = new globalThis.__sqlJs.Database();
  return {
    // Statement by statement (exec() leaves out a query that returns no rows).
    async run(sql) {
      let last = null;
      for (const statement of db.iterateStatements(sql)) {
        try {
          const columns = statement.getColumnNames();
          const rows = [];
          while (statement.step()) rows.push(statement.get());
          if (columns.length) last = { columns, rows };
        } finally {
          statement.free();
        }
      }
      return last;
    },
    async close() {
      db.close();
    },
  };
}
async function __runSqlTests(query, source, openDatabase, limit = Infinity) {
  const { setup, tests } = __parseSqlTests(source);
  const results = [];
  for (const test of tests.slice(0, limit)) {
    let db = null;
    try {
      db = await openDatabase();
      if (setup.trim()) await db.run(setup);
      if (test.setup.trim()) await db.run(test.setup);
      let result;
      try {
        result = await db.run(query);
      } catch (error) {
        results.push({ name: test.name, passed: false, message: "Your query failed: " + String(error && error.message ? error.message : error) });
        continue;
      }
      const problem = __compareRows(test, result);
      if (problem === null) results.push({ name: test.name, passed: true });
      else
        results.push({
          name: test.name,
          passed: false,
          message: problem,
          expected: __showRows(test.header || [], test.rows),
          actual: result ? __showRows(result.columns, result.rows.map((row) => row.map(__sqlCell))) : undefined,
        });
    } catch (error) {
      results.push({ name: test.name, passed: false, message: "The test's own setup failed: " + String(error && error.message ? error.message : error) });
    } finally {
      if (db) await db.close();
    }
  }
  return results;
}
`;

export interface ParsedSqlTests {
  setup: string;
  tests: {
    name: string;
    setup: string;
    ordered: boolean;
    header: string[] | null;
    rows: string[][];
    /** The header is null when the test has no "-- expect:" block (or an empty one). */
    expect: boolean;
    /** Statements after the expect block (which a test must not have). */
    afterExpect: boolean;
  }[];
}
