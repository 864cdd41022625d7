import { type Kysely, type Migration, type MigrationResult, Migrator } from "kysely";

/**
 * Migrations are listed through import.meta.glob so that they are bundled into the
 * server build: the production server has no source folder to read them from.
 * Names sort by date, so the order is the file order.
 */
const modules = import.meta.glob<Migration>("./migrations/*.ts", { eager: true });

export const migrations: Record<string, Migration> = Object.fromEntries(
  Object.entries(modules).map(([path, module]) => [path.replace(/^.*\/|\.ts$/g, ""), module]),
);

export class MigrationFailed extends Error {
  constructor(
    readonly migration: string | undefined,
    override readonly cause: unknown,
  ) {
    super(`Database migration ${migration ?? "(unknown)"} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "MigrationFailed";
  }
}

function migrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Brings the database to the newest schema. Safe to run on every start. */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResult[]> {
  const { error, results = [] } = await migrator(db).migrateToLatest();
  if (error) throw new MigrationFailed(results.find((r) => r.status === "Error")?.migrationName, error);
  return results;
}

/** Undoes every migration: used by tests to prove each `down` works. */
export async function migrateAllDown(db: Kysely<any>): Promise<void> {
  const m = migrator(db);
  for (;;) {
    const { error, results = [] } = await m.migrateDown();
    if (error) throw new MigrationFailed(results[0]?.migrationName, error);
    if (results.length === 0) return;
  }
}
