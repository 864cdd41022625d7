import type { TestResult } from "../../app/lib/test-harness";
import { type ParsedSqlTests, SQL_TEST_HARNESS_SOURCE } from "../../app/lib/sql-test-harness";

/**
 * The SQL challenge harness (app/lib/sql-test-harness.ts) as functions on the server: the
 * importer checks a tests block with the harness's own parser, and the verifier grades
 * solutions on PostgreSQL with the same code the browser grades them with on sql.js.
 */
export interface SqlDatabase {
  run(sql: string): Promise<{ columns: string[]; rows: unknown[][] } | null>;
  close(): Promise<void>;
}

interface Harness {
  parse(source: string): ParsedSqlTests;
  run(query: string, tests: string, open: () => Promise<SqlDatabase>, limit?: number): Promise<TestResult[]>;
  /** A database on sql.js, once `globalThis.__sqlJs` holds its module (as in the browser). */
  openSqlJs(): Promise<SqlDatabase>;
}

let harness: Harness | null = null;

function load(): Harness {
  // Evaluated once; the source is our own constant, never user input.
  harness ??= new Function(
    `${SQL_TEST_HARNESS_SOURCE}\nreturn { parse: __parseSqlTests, run: __runSqlTests, openSqlJs: __openSqlDatabase };`,
  )() as Harness;
  return harness;
}

export const parseSqlTests = (source: string) => load().parse(source);
export const runSqlTests: Harness["run"] = (...args) => load().run(...args);
export const openSqlJs = () => load().openSqlJs();
