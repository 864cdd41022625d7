import { inject } from "vitest";
import type { DatabaseTarget } from "../../server/config";
import { createPostgresDatabase, createSqliteDatabase } from "./new-databases";

export type Dialect = DatabaseTarget["dialect"];

/** The dialects this run can test: SQLite always, PostgreSQL when the setup found one. */
export function testDialects(): Dialect[] {
  return inject("postgresUrl") ? ["sqlite", "postgres"] : ["sqlite"];
}

export interface TestDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

/** A new, empty database of the dialect, for one test file or test. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  return dialect === "sqlite" ? createSqliteDatabase() : createPostgresDatabase(inject("postgresUrl"));
}
