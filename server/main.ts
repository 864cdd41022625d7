import { createApp } from "./app";
import { type Config, ConfigError, loadConfig } from "./config";
import { createLogger } from "./logger";
import { type Services, closeServices, createServices } from "./services";

// The server build's entry (vite.config.ts): server.js imports this module from
// build/server/index.js in production and through Vite in development.

export interface Started {
  app: ReturnType<typeof createApp>;
  services: Services;
  config: Config;
  /** From now on health says 503 (draining); everything else is still served. */
  drain(): void;
  stop(): Promise<void>;
}

/**
 * Reads the configuration, opens and migrates the database, and builds the app.
 * A bad configuration is reported as a clean message and a non-zero exit by server.js.
 */
export async function start(env: Record<string, string | undefined> = process.env): Promise<Started> {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const services = await createServices(config, logger);
  const app = createApp(services, () => import("virtual:react-router/server-build"));
  return {
    app,
    services,
    config,
    drain: () => {
      services.draining = true;
    },
    stop: () => closeServices(services),
  };
}

export { ConfigError, loadConfig };

/** For command-line scripts (scripts/*.js): the services without the web server. */
export async function openServices(
  env: Record<string, string | undefined> = process.env,
  options: { importContent?: boolean } = {},
): Promise<Services> {
  const config = loadConfig(env);
  return createServices(config, createLogger(env.LOG_LEVEL ?? "warn"), options);
}

export { closeServices };
export { defaultSecurityHeaders } from "./http/security-headers";
export { setUserRole } from "./users/user-service";
export { importQuestions } from "./questions/question-import";
