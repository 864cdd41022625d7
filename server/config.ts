import { z } from "zod";

/**
 * Every setting the server reads from the environment, validated once at start.
 * A bad value stops start-up with a message naming the variable (STYLE.md §3).
 * `.env.example` documents each of these.
 */
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|file:|sqlite:)/, "must start with postgres://, postgresql://, file: or sqlite:")
    .optional(),
  /**
   * SQLite's durability (docs/decisions/014-sqlite-durability.md): FULL syncs the log at every
   * commit, so an acknowledged write survives a power cut too; NORMAL survives a crash of the
   * process but not of the machine.
   */
  SQLITE_SYNCHRONOUS: z.enum(["FULL", "NORMAL"]).default("FULL"),
  DATA_DIR: z.string().min(1).default("./data"),
  CONTENT_DIR: z.string().min(1).default("./content"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_EMAILS: z.string().default(""),
  AUTH_EMAIL_PASSWORD: booleanFlag.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * How many reverse proxies in front of us append to X-Forwarded-For: the client is the hop
   * that many from the right (true is 1, false 0). Hops further left were written by the client.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, "must be true, false or the number of trusted proxies (0-99)")
    .transform((value) => (value === "true" ? 1 : value === "false" ? 0 : Number(value)))
    .default(0),
  /** The longest a request may take to be answered (its headers; a stream may go on after). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** The anonymous page cache's size; 0 turns it off. Unset: 64 in production, off otherwise. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).optional(),
  /** Pages rendered and streamed at once; more wait their turn (docs/decisions/015). 0: no limit. */
  RENDER_SLOTS: z.coerce.number().int().min(0).max(1000).default(8),
  /** Answer page-cache hits in node:http's listener, before Hono (false: through Hono, for comparison). */
  PAGE_CACHE_FAST_PATH: booleanFlag.default(true),
  /**
   * After SIGTERM, how long the server keeps accepting requests while /api/health says 503, so
   * that a load balancer stops sending it new ones before it closes (0: close at once).
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),

  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  /** How long a model may take to grade, or stay silent while it phrases a question, before the built-in interviewer stands in. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  /** How many judgements of the model one grade combines (issue #34); they run side by side. */
  LLM_JUDGEMENTS: z.coerce.number().int().min(1).max(5).default(3),

  SITE_NAME: z.string().min(1).default("DevPrep"),
  SITE_PRODUCT: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, "must be lowercase letters, digits or dashes")
    .default("devprep"),
  SITE_EMAIL: z.email().default("hello@devprep.dev"),
  SITE_PHONE: z.string().min(1).default("+1 555 010 2024"),
  PLAY_STORE_URL: z.url().default("https://play.google.com/store/apps/details?id=dev.devprep.app"),
  SOCIAL_CHAT_URL: z.url().default("https://wa.me/15550102024"),
  SOCIAL_GROUP_URL: z.url().default("https://www.linkedin.com/groups/devprep"),
  SOCIAL_FREELANCE_URL: z.url().default("https://www.upwork.com/freelancers/devprep"),
  SOCIAL_SHARE_URL: z.url().default("https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fdevprep.dev"),
});

export type Env = z.infer<typeof envSchema>;

export type DatabaseTarget =
  { dialect: "sqlite"; filename: string; synchronous?: "FULL" | "NORMAL" } | { dialect: "postgres"; connectionString: string };

/** What the browser may know about the site: never secrets. */
export interface PublicSettings {
  name: string;
  product: string;
  email: string;
  phone: string;
  playStoreUrl: string;
  baseUrl: string;
  consentCookie: string;
  /** Whether "Continue with Google" is offered. */
  googleSignIn: boolean;
  social: { chat: string; group: string; freelance: string; share: string };
}

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  baseUrl: string;
  /**
   * The origins whose pages may sign in, sign up and change things: BASE_URL's; without one
   * (development), the server's own address in each loopback spelling (localhost, 127.0.0.1,
   * [::1]) on its port, so that opening http://127.0.0.1:3000 works as well as the printed
   * http://localhost:3000.
   */
  trustedOrigins: string[];
  secureCookies: boolean;
  database: DatabaseTarget;
  dataDir: string;
  contentDir: string;
  authSecret: string | undefined;
  adminEmails: string[];
  auth: { emailPassword: boolean };
  logLevel: Env["LOG_LEVEL"];
  /** Trusted reverse proxies in front of us (0: none; X-Forwarded-For is ignored). */
  trustProxy: number;
  requestTimeoutMs: number;
  pageCache: { megabytes: number; nodeFastPath: boolean };
  shutdownDelayMs: number;
  renderSlots: number;
  google: { clientId?: string; clientSecret?: string; issuer: string };
  smtpUrl: string | undefined;
  llm: { baseUrl?: string; apiKey?: string; model?: string; timeoutMs: number; judgements: number };
  site: PublicSettings;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Turns the environment into a typed config, or throws a ConfigError naming each bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join(".");
        const value = cleaned[name];
        const shown = value === undefined || /SECRET|KEY|PASSWORD/.test(name) ? "" : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const env = parsed.data;
  if (env.LLM_BASE_URL && !env.LLM_MODEL) throw new ConfigError(["LLM_MODEL: must name the model when LLM_BASE_URL is set"]);
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const dataDir = env.DATA_DIR;

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    baseUrl,
    trustedOrigins: env.BASE_URL
      ? [new URL(baseUrl).origin]
      : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${env.PORT}`),
    secureCookies: baseUrl.startsWith("https://"),
    database: parseDatabaseUrl(env.DATABASE_URL, dataDir, env.SQLITE_SYNCHRONOUS),
    dataDir,
    contentDir: env.CONTENT_DIR,
    authSecret: env.AUTH_SECRET,
    adminEmails: env.ADMIN_EMAILS.split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    auth: { emailPassword: env.AUTH_EMAIL_PASSWORD },
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    pageCache: { megabytes: env.PAGE_CACHE_MB ?? (env.NODE_ENV === "production" ? 64 : 0), nodeFastPath: env.PAGE_CACHE_FAST_PATH },
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
    renderSlots: env.RENDER_SLOTS,
    google: {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      issuer: env.GOOGLE_ISSUER,
    },
    smtpUrl: env.SMTP_URL,
    llm: {
      baseUrl: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY,
      model: env.LLM_MODEL,
      timeoutMs: env.LLM_TIMEOUT_MS,
      judgements: env.LLM_JUDGEMENTS,
    },
    site: {
      name: env.SITE_NAME,
      product: env.SITE_PRODUCT,
      email: env.SITE_EMAIL,
      phone: env.SITE_PHONE,
      playStoreUrl: env.PLAY_STORE_URL,
      baseUrl,
      // The spec names the consent cookie "{product}s".
      consentCookie: `${env.SITE_PRODUCT}s`,
      googleSignIn: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
      social: {
        chat: env.SOCIAL_CHAT_URL,
        group: env.SOCIAL_GROUP_URL,
        freelance: env.SOCIAL_FREELANCE_URL,
        share: env.SOCIAL_SHARE_URL,
      },
    },
  };
}

function parseDatabaseUrl(url: string | undefined, dataDir: string, synchronous: Env["SQLITE_SYNCHRONOUS"]): DatabaseTarget {
  if (url?.startsWith("postgres")) return { dialect: "postgres", connectionString: url };
  return { dialect: "sqlite", filename: url ? url.replace(/^(file|sqlite):(\/\/)?/, "") : `${dataDir}/devprep.db`, synchronous };
}
