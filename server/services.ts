import path from "node:path";
import { type Auth, createAuth } from "./auth/auth";
import type { ScryptCost } from "./auth/password";
import { importBlogContent } from "./blog/content-import";
import type { Config } from "./config";
import { type DatabaseHandle, openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import type { Logger } from "./logger";
import { type Mailer, createMailer } from "./mail/mailer";
import { importQuestions } from "./questions/question-import";
import { type TypeChecker, createTypeChecker } from "./challenges/type-check";
import { createBuiltinInterviewer } from "./interview/builtin-interviewer";
import type { Interviewer } from "./interview/interviewer";
import { createLlmInterviewer } from "./interview/llm-interviewer";
import { type RoomBus, createRoomBus } from "./quiz/room-bus";
import { RoomHub } from "./quiz/room-hub";
import { resolveAuthSecret } from "./secrets";
import { ContentVersions } from "./http/content-versions";
import { PageCache } from "./http/page-cache";

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
  /** TypeScript challenges' type checks, in a child process started on first use. */
  typeChecker: TypeChecker;
  /** Live quiz rooms: the signals between app processes, and this process's event streams. */
  roomBus: RoomBus;
  rooms: RoomHub;
  /** Mock interviews' interviewer: a language model when LLM_BASE_URL is set, else the built-in one. */
  interviewer: Interviewer;
  /** Visitors' content pages, kept until their content changes (null when PAGE_CACHE_MB is 0). */
  pageCache: PageCache | null;
  /** True once the process is shutting down: health answers 503 so that traffic goes elsewhere. */
  draining: boolean;
}

export interface ServiceOptions {
  /** Password hashing cost; unit tests pass a cheap one. */
  hashCost?: ScryptCost;
  /** Import content/ on start (the default); `npm run content:import` does it itself, with progress. */
  importContent?: boolean;
  /** How long a live room waits for a host who dropped (tests shorten it). */
  roomHostGraceMs?: number;
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
  const roomBus = createRoomBus(config.database, database.db, logger);
  try {
    await roomBus.ready();
  } catch (error) {
    await database.close();
    throw error;
  }
  const services = {
    config,
    logger,
    database,
    authSecret,
    auth,
    mailer,
    typeChecker: createTypeChecker(),
    roomBus,
    interviewer: createInterviewer(config, logger),
    pageCache: null,
    draining: false,
  } as Services;
  services.rooms = new RoomHub(services, roomBus, { hostGraceMs: options.roomHostGraceMs });
  if (options.importContent !== false) {
    // The staff posts in content/blog are imported on every start; unchanged files write
    // nothing. The question bank is parsed only when its files changed since the last import.
    try {
      const imported = await importBlogContent(services, path.join(config.contentDir, "blog"));
      if (imported.added + imported.updated + imported.removed > 0) logger.info({ imported }, "blog content imported");
      const questions = await importQuestions(services, path.join(config.contentDir, "questions"), { onlyIfChanged: true });
      if (!questions.skipped) logger.info({ questions }, "question bank imported");
    } catch (error) {
      await closeServices(services);
      throw error;
    }
  }
  services.pageCache = await startPageCache(services);
  return services;
}

/** How often each process reads the content versions: another process's edit shows within this. */
const CONTENT_VERSION_POLL_MS = 250;

async function startPageCache({ config, database, logger }: Services): Promise<PageCache | null> {
  if (config.pageCache.megabytes <= 0) return null;
  const versions = new ContentVersions(database.db, logger);
  await versions.refresh();
  versions.start(CONTENT_VERSION_POLL_MS);
  return new PageCache(versions, {
    maxBytes: config.pageCache.megabytes * 1024 * 1024,
    maxAgeMs: 10 * 60_000,
    https: config.secureCookies,
    dev: config.env === "development",
    nodeFastPath: config.pageCache.nodeFastPath,
    logger,
    consentCookie: config.site.consentCookie,
  });
}

/** A language model when one is configured (LLM_BASE_URL + LLM_MODEL), else the built-in interviewer. */
function createInterviewer(config: Config, logger: Logger): Interviewer {
  const { baseUrl, apiKey, model, timeoutMs, judgements } = config.llm;
  if (!baseUrl || !model) return createBuiltinInterviewer();
  logger.info({ baseUrl, model, judgements }, "mock interviews use a language model");
  return createLlmInterviewer({ baseUrl, apiKey, model, timeoutMs, judgements, logger });
}

export async function closeServices(services: Services): Promise<void> {
  services.pageCache?.versions.stop();
  await services.rooms.close();
  await services.roomBus.close();
  await services.typeChecker.close();
  await services.database.close();
}
