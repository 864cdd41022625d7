import path from "node:path";
import { type Auth, createAuth } from "./auth/auth";
import type { ScryptCost } from "./auth/password";
import { importBlogContent } from "./blog/content-import";
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
  const services: Services = { config, logger, database, authSecret, auth, mailer };
  // The staff posts in content/blog are imported on every start; unchanged files write nothing.
  try {
    const imported = await importBlogContent(services, path.join(config.contentDir, "blog"));
    if (imported.added + imported.updated + imported.removed > 0) logger.info({ imported }, "blog content imported");
  } catch (error) {
    await database.close();
    throw error;
  }
  return services;
}

export async function closeServices(services: Services): Promise<void> {
  await services.database.close();
}
