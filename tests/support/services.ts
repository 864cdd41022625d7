import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp } from "../../server/app";
import { TEST_COST } from "../../server/auth/password";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import { type ServiceOptions, type Services, closeServices, createServices } from "../../server/services";
import { type Dialect, createTestDatabase } from "./databases";

export interface TestServices {
  services: Services;
  close(): Promise<void>;
}

/**
 * Real services on a fresh database of the dialect, with logs silenced. No content is
 * imported unless `env.CONTENT_DIR` names a folder: importing the whole question bank on
 * every set-up would cost seconds per test file as the bank grows.
 */
export async function createTestServices(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: ServiceOptions = {},
): Promise<TestServices> {
  const database = await createTestDatabase(dialect);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-data-"));
  const url = database.target.dialect === "sqlite" ? `file:${database.target.filename}` : database.target.connectionString;
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: url, CONTENT_DIR: "/nonexistent", ...env });
  const services = await createServices(config, createLogger("silent"), { hashCost: TEST_COST, ...options });
  return {
    services,
    async close() {
      await closeServices(services);
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second app process on the same database (PostgreSQL): its own pool, bus listener and streams. */
export async function createSecondProcess(first: Services, options: ServiceOptions = {}): Promise<Services> {
  return createServices(first.config, createLogger("silent"), { hashCost: TEST_COST, importContent: false, ...options });
}

let callers = 0;

/**
 * Calls the app as a page of the site would (JSON, the site's Origin), each call from an address
 * of its own so that per-client limits stay out of a test about something else.
 */
export function apiCaller(t: () => TestServices) {
  return (path: string, init: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) => {
    const n = ++callers;
    const { services } = t();
    return createApp(services, () => Promise.reject(new Error("no pages"))).request(path, {
      method: init.body === undefined ? "GET" : "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Forwarded-For": `198.18.${(n >> 8) & 255}.${n & 255}`,
        Origin: services.config.baseUrl,
        ...(init.cookie ? { Cookie: init.cookie } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: "manual",
    });
  };
}
