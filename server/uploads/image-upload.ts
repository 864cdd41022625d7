import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type Sharp from "sharp";
import { consume } from "../rate-limit/rate-limiter";
import type { Services } from "../services";
import type { SessionUser } from "../users/user-service";

/** Issue #5: what an upload may be, and what we make of it. */
export const UPLOAD_LIMITS = {
  bytes: 2 * 1024 * 1024,
  /** Larger images are scaled down to fit inside this box; smaller ones keep their size. */
  maxSide: 1600,
  /** Refuse decompression bombs before decoding them (about 8k × 5k). */
  maxInputPixels: 40_000_000,
  perHour: 30,
} as const;

const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp", "gif"]);
/** Names we hand out: a random id and our one output format. Nothing else is ever served. */
export const UPLOAD_NAME = /^[0-9a-f-]{36}\.webp$/;

export type UploadResult =
  | { kind: "stored"; url: string; width: number; height: number; bytes: number }
  | { kind: "too-large" }
  | { kind: "too-many-pixels" }
  | { kind: "not-an-image" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

export function uploadDir(services: Pick<Services, "config">): string {
  return path.join(services.config.dataDir, "uploads");
}

/**
 * Checks the bytes (never the file name or the browser's claimed type), re-encodes the
 * image as WebP, which drops EXIF (camera, GPS) and anything hidden after the image data,
 * and stores it under DATA_DIR/uploads with a row naming the uploader.
 */
export async function storeImageUpload(services: Services, user: SessionUser, bytes: Uint8Array): Promise<UploadResult> {
  if (bytes.byteLength > UPLOAD_LIMITS.bytes) return { kind: "too-large" };
  const image = await inspect(bytes);
  if (!image) return { kind: "not-an-image" };
  if (image.pixels > UPLOAD_LIMITS.maxInputPixels) return { kind: "too-many-pixels" };
  const { format } = image;

  const rate = await consume(services.database.db, `upload:${user.id}`, { limit: UPLOAD_LIMITS.perHour, windowMs: 3_600_000 });
  if (!rate.allowed) return { kind: "rate-limited", retryAfterSeconds: rate.retryAfterSeconds };

  const encoded = await reencode(bytes, format).catch(() => null);
  if (!encoded) return { kind: "not-an-image" };

  const name = `${crypto.randomUUID()}.webp`;
  const dir = uploadDir(services);
  await fs.mkdir(dir, { recursive: true });
  // Written whole under a temporary name, then renamed: a reader never sees half a file.
  const temporary = path.join(dir, `.${name}.tmp`);
  await fs.writeFile(temporary, encoded.data, { mode: 0o644 });
  await fs.rename(temporary, path.join(dir, name));
  await services.database.db
    .insertInto("image_upload")
    .values({
      name,
      user_id: user.id,
      original_format: format,
      bytes: encoded.data.byteLength,
      width: encoded.width,
      height: encoded.height,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { kind: "stored", url: `/uploads/${name}`, width: encoded.width, height: encoded.height, bytes: encoded.data.byteLength };
}

/**
 * sharp (libvips) is loaded with the first upload, not at start: it is a quarter of the
 * server's resident memory at idle, and most processes never see an upload.
 */
let loading: Promise<typeof Sharp> | null = null;
const sharp = async (...args: Parameters<typeof Sharp>) => {
  loading ??= import("sharp").then((m) => m.default);
  return (await loading)(...args);
};

/**
 * The format (libvips recognises it by its magic bytes; we accept four of the many it knows) and
 * the pixels decoding would make, every frame counted, read from the header alone: a small
 * file can claim gigapixels, and is refused before anything is decoded.
 */
async function inspect(bytes: Uint8Array): Promise<{ format: string; pixels: number } | null> {
  try {
    const { format, width, height, pages } = await (await sharp(bytes, { limitInputPixels: false })).metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) return null;
    return { format, pixels: (width ?? 0) * (height ?? 0) * (pages ?? 1) };
  } catch {
    return null;
  }
}

async function reencode(bytes: Uint8Array, format: string) {
  const animated = format === "gif" || format === "webp";
  const { data, info } = await (
    await sharp(bytes, { animated, failOn: "error", limitInputPixels: UPLOAD_LIMITS.maxInputPixels })
  )
    .autoOrient()
    .resize({ width: UPLOAD_LIMITS.maxSide, height: UPLOAD_LIMITS.maxSide, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  // For animations sharp reports the height of all frames stacked; a frame is what users see.
  const height = info.pageHeight ?? info.height;
  return { data, width: info.width, height };
}

/**
 * Serves a stored upload: only names we generated, as an image that cannot run anything
 * even if opened on its own (sandboxing CSP, nosniff), cached for good (names never change).
 */
export async function readImageUpload(services: Pick<Services, "config">, name: string): Promise<Response | null> {
  if (!UPLOAD_NAME.test(name)) return null;
  const data = await fs.readFile(path.join(uploadDir(services), name)).catch(() => null);
  if (!data) return null;
  return new Response(new Uint8Array(data), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(data.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Disposition": `inline; filename="${name}"`,
    },
  });
}
