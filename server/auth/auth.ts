import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { bearer, genericOAuth } from "better-auth/plugins";
import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { isCommonPassword } from "./common-passwords";
import { OWASP_COST, type ScryptCost, hashPassword, verifyPassword } from "./password";

export const SESSION_DAYS = 30;
/** A password's length, as sign-up, reset and change accept it. */
const PASSWORD_LENGTH = { min: 6, max: 128 };
/** Spec §7: the name given to a Google account that has none. */
export const DEFAULT_GOOGLE_NAME = "Google User";
export const GOOGLE_PROVIDER = "google";

/** Error codes the client maps to the spec's texts (app/features/auth/errors.ts). */
export const authErrorCodes = {
  userNotFound: "USER_NOT_FOUND",
  commonPassword: "PASSWORD_TOO_COMMON",
} as const;

interface AuthDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  secret: string;
  logger: Logger;
  mailer: Mailer;
  /** Unit tests pass a cheap cost; everything else uses OWASP's. */
  hashCost?: ScryptCost;
}

/**
 * better-auth on our own database (ARCHITECTURE.md): email and password accounts,
 * database sessions in an HttpOnly SameSite=Lax cookie, our scrypt parameters, and the
 * spec's distinct "no such user" answer (with the timing of a wrong password).
 */
export const RESET_LINK_HOURS = 1;

export function createAuth({ config, db, dialect, secret, logger, mailer, hashCost = OWASP_COST }: AuthDeps) {
  // Verifying against this when the user does not exist costs the same as a real check.
  const decoyHash = hashPassword("decoy password that never matches", hashCost);
  // A sign-up writes the user, their password and their session in one transaction, so that a
  // crash cannot leave a user who can neither sign in nor sign up again (the crash test found
  // one). The password is hashed before the transaction begins (in the before hook below):
  // scrypt's few hundred milliseconds must not hold a connection, nor SQLite's only one.
  const hashedAhead = new Map<string, Promise<string>>();
  const hashAhead = async (password: string) => {
    const hash = hashPassword(password, hashCost);
    hashedAhead.set(password, hash);
    // Taken by the endpoint within moments; dropped if it never asks (a refused sign-up).
    setTimeout(() => hashedAhead.get(password) === hash && hashedAhead.delete(password), 30_000).unref();
    // Done before the endpoint (and its transaction) starts.
    await hash;
  };
  const hashedFor = (password: string) => {
    const hash = hashedAhead.get(password);
    hashedAhead.delete(password);
    return hash ?? hashPassword(password, hashCost);
  };

  return betterAuth({
    appName: config.site.name,
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret,
    database: { db, type: dialect, transaction: true },
    telemetry: { enabled: false },
    trustedOrigins: [config.baseUrl],
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
    },
    emailAndPassword: {
      enabled: config.auth.emailPassword,
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * 60 * 60,
      // A reset signs the account out everywhere: whoever knew the old password is out.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: `Reset your ${config.site.name} password`,
          text: [
            `Hello ${user.name || "there"},`,
            "",
            `Someone (we hope you) asked to reset the password of your ${config.site.name} account.`,
            "Open this link to choose a new one. It works once and expires in one hour:",
            "",
            url,
            "",
            "If you did not ask for this, ignore this message: your password stays as it is.",
          ].join("\n"),
        });
      },
      password: {
        hash: hashedFor,
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
    },
    user: {
      // Issue #4: users can delete their account (password or a fresh session required).
      deleteUser: { enabled: true },
      additionalFields: {
        signupFrom: { type: "string", required: false, defaultValue: "web", input: false },
        lastLogin: { type: "date", required: false, input: false },
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
    },
    // bearer: the mobile app sends the session token as `Authorization: Bearer …`.
    plugins: [bearer(), ...googlePlugin(config)],
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    // Our own limits run in front of the handler (server/api/auth.ts), in the shared table.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.secureCookies,
      database: { generateId: () => crypto.randomUUID() },
      // Set by server/api/auth.ts from the socket (or a trusted proxy), never by the client.
      ipAddress: { ipAddressHeaders: ["x-devprep-client"] },
    },
    databaseHooks: {
      session: {
        create: {
          after: async (session, ctx) => {
            // Spec §3: lastLogin is written only on social sign-in.
            if (ctx?.path?.startsWith("/callback/")) {
              await db.updateTable("user").set({ lastLogin: new Date().toISOString() }).where("id", "=", session.userId).execute();
            }
            // ADMIN_EMAILS are admins from their next sign-in, even if the account is older.
            if (config.adminEmails.length > 0) {
              await db
                .updateTable("user")
                .set({ role: "admin" })
                .where("id", "=", session.userId)
                .where("email", "in", config.adminEmails)
                .where("role", "!=", "admin")
                .execute();
            }
          },
        },
      },
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, role: config.adminEmails.includes(user.email.toLowerCase()) ? "admin" : "user", signupFrom: "web" },
          }),
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (!config.auth.emailPassword) return;
        const newPassword =
          ctx.path === "/sign-up/email" ? ctx.body?.password : ctx.path === "/reset-password" ? ctx.body?.newPassword : undefined;
        if (typeof newPassword === "string" && isCommonPassword(newPassword)) {
          throw new APIError("BAD_REQUEST", { code: authErrorCodes.commonPassword, message: "This password is too common." });
        }
        const changed = ctx.path === "/change-password" ? ctx.body?.newPassword : newPassword;
        if (typeof changed === "string" && changed.length >= PASSWORD_LENGTH.min && changed.length <= PASSWORD_LENGTH.max)
          await hashAhead(changed);
        if (ctx.path === "/sign-in/email" && typeof ctx.body?.email === "string") {
          const email = ctx.body.email.toLowerCase();
          const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
          if (!user) {
            await verifyPassword(await decoyHash, String(ctx.body.password ?? ""));
            throw new APIError("UNAUTHORIZED", { code: authErrorCodes.userNotFound, message: "No user found with this email." });
          }
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Google sign-in as plain OpenID Connect, discovered from GOOGLE_ISSUER, so tests can
 * point it at a local provider and run the production code path (issue #4).
 */
function googlePlugin(config: Config) {
  const { clientId, clientSecret, issuer } = config.google;
  if (!clientId || !clientSecret) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: GOOGLE_PROVIDER,
          clientId,
          clientSecret,
          discoveryUrl: `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
          scopes: ["openid", "email", "profile"],
          pkce: true,
          mapProfileToUser: (profile) => ({
            name: typeof profile.name === "string" && profile.name.trim() ? profile.name.trim() : DEFAULT_GOOGLE_NAME,
          }),
        },
      ],
    }),
  ];
}
