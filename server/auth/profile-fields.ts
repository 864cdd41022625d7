import { APIError } from "better-auth/api";
import { MAX_NAME_LENGTH } from "../../app/features/auth/validation";
import { authTexts } from "../../app/lib/texts/auth";

/** Error codes the client maps to the texts (app/features/auth/errors.ts). */
export const profileErrorCodes = {
  missingName: "NAME_MISSING",
  longName: "NAME_TOO_LONG",
  badImage: "IMAGE_NOT_ALLOWED",
} as const;

/** better-auth's endpoints that take a name or an image from the client. */
const PROFILE_PATHS = new Set(["/sign-up/email", "/update-user"]);
const MAX_IMAGE_URL = 2048;
/** Our own uploads, as the image upload answers them (server/uploads/image-upload.ts). */
const UPLOAD_PATH = /^\/uploads\/[\w.-]+$/;

/**
 * Issue #31 (OWASP ASVS 5.0 L2): the name and picture a user gives themselves. The name is
 * shown on posts, leaderboards and live quizzes: non-empty after trimming (spec §5) and at most
 * MAX_NAME_LENGTH characters; it is stored trimmed. The picture becomes an <img src>: http(s)
 * or one of our uploads, never `javascript:` or `data:`. Called by the before hook of
 * better-auth (server/auth/auth.ts) for every endpoint; it looks only at the two that take these.
 */
export function checkProfileFields(ctx: { path: string; body?: unknown }): void {
  if (!PROFILE_PATHS.has(ctx.path) || !ctx.body || typeof ctx.body !== "object") return;
  const body = ctx.body as { name?: unknown; image?: unknown };
  // Other types are left to better-auth's own schema, which refuses them.
  if (typeof body.name === "string") {
    const name = body.name.trim();
    if (!name) throw new APIError("BAD_REQUEST", { code: profileErrorCodes.missingName, message: authTexts.missingName });
    if (name.length > MAX_NAME_LENGTH) throw new APIError("BAD_REQUEST", { code: profileErrorCodes.longName, message: authTexts.longName });
    // The endpoint reads this same body after the hooks.
    body.name = name;
  }
  if (body.image !== undefined && body.image !== null && !isAllowedImage(body.image))
    throw new APIError("BAD_REQUEST", { code: profileErrorCodes.badImage, message: authTexts.badImage });
}

export function isAllowedImage(value: unknown): boolean {
  if (typeof value !== "string" || value.length > MAX_IMAGE_URL) return false;
  if (UPLOAD_PATH.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}
