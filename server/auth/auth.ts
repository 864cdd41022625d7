import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { bearer, genericOAuth } from "better-auth/plugins";
import { type Kysely, sql } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { passwordRefusal, passwordRefusals } from "./password-policy";
import { checkProfileFields } from "./profile-fields";
import { OWASP_COST, type ScryptCost, hashPassword, verifyPassword } from "./password";

export const SESSION_DAYS = 30;
/** Issue #31: however often it is used, a session ends this many days after it began. */
export const SESSION_MAX_DAYS = 90;
/** A password's length, as sign-up, reset and change accept it. */
const PASSWORD_LENGTH = { min: 6, max: 128 };
/** Spec §7: the name given to a Google account that has none. */
export const DEFAULT_GOOGLE_NAME = "Google User";
export const GOOGLE_PROVIDER = "google";

/** Error codes the client maps to the spec's texts (app/features/auth/errors.ts). */
export const authErrorCodes = {
  userNotFound: "USER_NOT_FOUND",
  commonPassword: passwordRefusals.common.code,
  blankPassword: passwordRefusals.blank.code,
  emailAsPassword: passwordRefusals.email.code,
  nameAsPassword: passwordRefusals.name.code,
  samePassword: "PASSWORD_UNCHANGED",
  passwordRequired: "PASSWORD_REQUIRED",
  /** better-auth's, for a page at an origin not in trustedOrigins (its message is replaced: server/api/auth.ts). */
  originRefused: "INVALID_ORIGIN",
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

/** How long a password-reset link works. */
export const RESET_LINK_HOURS = 1;
/** How long the link that verifies an ADMIN_EMAILS address works (issue #31). */
export const VERIFY_LINK_HOURS = 24;

/** What one request to the auth handler carries between better-auth's hooks and its endpoint. */
interface AuthRequestState {
  hashed?: { password: string; hash: Promise<string> };
}
const perRequest = new AsyncLocalStorage<AuthRequestState>();

/**
 * better-auth on our own database (ARCHITECTURE.md): email and password accounts,
 * database sessions in an HttpOnly SameSite=Lax cookie, our scrypt parameters, and the
 * spec's distinct "no such user" answer (with the timing of a wrong password).
 */
export function createAuth({ config, db, dialect, secret, logger, mailer, hashCost = OWASP_COST }: AuthDeps) {
  // Verifying against this when the user does not exist costs the same as a real check.
  const decoyHash = hashPassword("decoy password that never matches", hashCost);
  // A sign-up writes the user, their password and their session in one transaction, so that a
  // crash cannot leave a user who can neither sign in nor sign up again (the crash test found
  // one). The password is hashed before the transaction begins (in the before hook below):
  // scrypt's few hundred milliseconds must not hold a connection, nor SQLite's only one. The hash
  // is kept with the request that asked (never by the password), for the endpoint to take. Only
  // sign-up: reset and change hash after their token or session is checked, outside any transaction.
  const hashAhead = async (password: string) => {
    const request = perRequest.getStore();
    if (!request) return;
    const hash = hashPassword(password, hashCost);
    request.hashed = { password, hash };
    await hash;
  };
  const hashedFor = (password: string) => {
    const request = perRequest.getStore();
    const ahead = request?.hashed;
    if (request) request.hashed = undefined;
    return ahead?.password === password ? ahead.hash : hashPassword(password, hashCost);
  };

  // Issue #31 (M-4): a new password (sign-up, reset, change) checked against whose it is, so that
  // it is not their email or name. A reset or change whose token or session does not resolve is
  // left to the endpoint, which refuses it, and so is a password of the wrong length. The session
  // is read through auth.api (not the hook's context) so that a bearer token counts: the bearer
  // plugin's own hook runs after ours.
  const newPasswordRefusal = async (path: string, input: Record<string, unknown>, headers: Headers | undefined) => {
    const password = path === "/sign-up/email" ? input.password : input.newPassword;
    if (typeof password !== "string" || password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max) return null;
    if (path === "/sign-up/email") {
      return passwordRefusal(password, { email: String(input.email ?? ""), name: String(input.name ?? "") });
    }
    if (path === "/reset-password" && typeof input.token === "string") {
      const { internalAdapter } = await auth.$context;
      const verification = await internalAdapter.findVerificationValue(`reset-password:${input.token}`);
      const user = verification && verification.expiresAt > new Date() ? await internalAdapter.findUserById(verification.value) : null;
      return user ? passwordRefusal(password, user) : null;
    }
    if (path === "/change-password" && headers) {
      const session = await auth.api.getSession({ headers });
      return session ? passwordRefusal(password, session.user) : null;
    }
    return null;
  };

  const auth = betterAuth({
    appName: config.site.name,
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret,
    database: { db, type: dialect, transaction: true },
    telemetry: { enabled: false },
    trustedOrigins: config.trustedOrigins,
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
      // ...and the other reset links it had sent stop working.
      onPasswordReset: async ({ user }) => {
        await sql`delete from verification where value = ${user.id}`.execute(db);
      },
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
    // Issue #31 (M-5): an address in ADMIN_EMAILS makes an admin only once a mailed link proves
    // it (databaseHooks below). Nobody else is mailed, and no one needs a verified address to sign in.
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFY_LINK_HOURS * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        if (!config.adminEmails.includes(user.email.toLowerCase())) return;
        await mailer.send({
          to: user.email,
          subject: `Confirm your ${config.site.name} email address`,
          text: [
            `Hello ${user.name || "there"},`,
            "",
            `A ${config.site.name} account was just created with this address, which the site lists as an administrator's.`,
            `Open this link to confirm the address. It expires in ${VERIFY_LINK_HOURS} hours; the account becomes`,
            "administrator at its next sign-in:",
            "",
            url,
            "",
            "If you did not create this account, do not open the link: without it, the account stays an ordinary one.",
          ].join("\n"),
        });
      },
    },
    // Reset tokens are stored as SHA-256 hashes: a copy of the database cannot reset a password.
    verification: { storeIdentifier: "hashed" },
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
      // Mails (reset links) are sent after the answer, so its timing does not tell whether the
      // address has an account.
      backgroundTasks: {
        handler: (task) => void task.catch((error: unknown) => logger.error({ err: error }, "auth: background task failed")),
      },
    },
    databaseHooks: {
      session: {
        create: {
          after: async (session, ctx) => {
            // Spec §3: lastLogin is written only on social sign-in.
            if (ctx?.path?.startsWith("/callback/")) {
              await db.updateTable("user").set({ lastLogin: new Date().toISOString() }).where("id", "=", session.userId).execute();
            }
            // ADMIN_EMAILS are admins from their next sign-in, even if the account is older, once
            // the address is verified (issue #31, M-5): signing up with it proves nothing.
            if (config.adminEmails.length > 0) {
              await db
                .updateTable("user")
                .set({ role: "admin" })
                .where("id", "=", session.userId)
                .where("email", "in", config.adminEmails)
                .where("emailVerified", "=", dialect === "postgres" ? true : 1)
                .where("role", "!=", "admin")
                .execute();
            }
          },
        },
        update: {
          // Issue #31: a session slides (30 days, renewed daily) but ends SESSION_MAX_DAYS after
          // it began, whatever its use. Its expiry is capped at each renewal; better-auth then
          // refuses and deletes it once that passes, like any expired session.
          after: async (session) => {
            if (!session) return;
            const end = new Date(new Date(session.createdAt).getTime() + SESSION_MAX_DAYS * 24 * 60 * 60 * 1000);
            if (new Date(session.expiresAt) <= end) return;
            await db.updateTable("session").set({ expiresAt: end.toISOString() }).where("id", "=", session.id).execute();
          },
        },
      },
      user: {
        create: {
          // Google's word that the address is verified counts; an email sign-up's does not yet.
          before: async (user) => ({
            data: {
              ...user,
              role: user.emailVerified === true && config.adminEmails.includes(user.email.toLowerCase()) ? "admin" : "user",
              signupFrom: "web",
            },
          }),
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        checkProfileFields(ctx);
        if (!config.auth.emailPassword) return;
        const refused = await newPasswordRefusal(ctx.path, { ...ctx.query, ...ctx.body }, ctx.headers);
        if (refused) throw new APIError("BAD_REQUEST", { code: refused.code, message: refused.message });
        if (
          ctx.path === "/change-password" &&
          typeof ctx.body?.newPassword === "string" &&
          ctx.body.newPassword === ctx.body.currentPassword
        ) {
          throw new APIError("BAD_REQUEST", {
            code: authErrorCodes.samePassword,
            message: "The new password is the same as the current one.",
          });
        }
        // Deleting an account that has a password takes that password, however fresh the session.
        if (ctx.path === "/delete-user" && typeof ctx.body?.password !== "string") {
          const session = await getSessionFromCtx(ctx);
          const accounts = session ? await ctx.context.internalAdapter.findAccounts(session.user.id) : [];
          if (accounts.some((account) => account.providerId === "credential"))
            throw new APIError("BAD_REQUEST", {
              code: authErrorCodes.passwordRequired,
              message: "Enter your password to delete your account.",
            });
        }
        const password = ctx.path === "/sign-up/email" ? ctx.body?.password : undefined;
        if (typeof password === "string" && password.length >= PASSWORD_LENGTH.min && password.length <= PASSWORD_LENGTH.max)
          await hashAhead(password);
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
  // Each request runs with its own state (the password hashed ahead of a sign-up).
  const handler = auth.handler;
  auth.handler = (request: Request) => perRequest.run({}, () => handler(request));
  return auth;
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
