import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { DatabaseTarget } from "../../server/config";
import { createPostgresDatabase } from "./postgres-database";

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
  const name = `devprep_test_${crypto.randomBytes(6).toString("hex")}`;
  if (dialect === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-sqlite-"));
    return {
      target: { dialect, filename: path.join(dir, `${name}.db`) },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  return createPostgresDatabase(inject("postgresUrl"));
}
