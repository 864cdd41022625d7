import type { Config } from "./config";
import { type DatabaseHandle, openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import type { Logger } from "./logger";
import { resolveAuthSecret } from "./secrets";

/**
 * Everything a request handler needs, created once per process and handed to the API
 * (Hono context) and to React Router loaders (load context). Features add their
 * services here.
 */
export interface Services {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  authSecret: string;
}

export async function createServices(config: Config, logger: Logger): Promise<Services> {
  const authSecret = resolveAuthSecret(config.authSecret, config.dataDir);
  const database = openDatabase(config.database);
  try {
    const applied = await migrateToLatest(database.db);
    for (const result of applied) logger.info({ migration: result.migrationName }, "migration applied");
  } catch (error) {
    await database.close();
    throw error;
  }
  return { config, logger, database, authSecret };
}

export async function closeServices(services: Services): Promise<void> {
  await services.database.close();
}
