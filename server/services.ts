import { type Auth, createAuth } from "./auth/auth";
import type { ScryptCost } from "./auth/password";
import type { Config } from "./config";
import { type DatabaseHandle, openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import type { Logger } from "./logger";
import { type Mailer, createMailer } from "./mail/mailer";
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
  auth: Auth;
  mailer: Mailer;
}

export interface ServiceOptions {
  /** Password hashing cost; unit tests pass a cheap one. */
  hashCost?: ScryptCost;
}

export async function createServices(config: Config, logger: Logger, options: ServiceOptions = {}): Promise<Services> {
  const authSecret = resolveAuthSecret(config.authSecret, config.dataDir);
  const database = openDatabase(config.database);
  try {
    const applied = await migrateToLatest(database.db);
    for (const result of applied) logger.info({ migration: result.migrationName }, "migration applied");
  } catch (error) {
    await database.close();
    throw error;
  }
  const mailer = createMailer(config, logger);
  const auth = createAuth({
    config,
    db: database.db,
    dialect: database.dialect,
    secret: authSecret,
    logger,
    mailer,
    hashCost: options.hashCost,
  });
  return { config, logger, database, authSecret, auth, mailer };
}

export async function closeServices(services: Services): Promise<void> {
  await services.database.close();
}
