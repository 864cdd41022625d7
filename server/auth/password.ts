import crypto from "node:crypto";
import { promisify } from "node:util";
import { slots } from "../http/render-slots";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's recommendation for scrypt: N = 2^17, r = 8, p = 1 (128 MiB per hash). */
export const OWASP_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
/** For unit tests only: thousands of times cheaper. */
export const TEST_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

const KEY_LENGTH = 64;

/**
 * At most this many scrypt computations run at once; the rest wait their turn. Each takes
 * 128 MiB and one of libuv's four threads, which also read static files and compress: unbounded,
 * a handful of concurrent sign-ups starved every other request and took the process to ~1 GB
 * (issue #31, H-2).
 */
export const HASH_SLOTS = 2;
const hashSlots = slots(HASH_SLOTS);

async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  await hashSlots.acquire();
  const release = hashSlots.releaser();
  try {
    return await work();
  } finally {
    release();
  }
}

/**
 * Hashes as `scrypt$N$r$p$salt$key` (base64url), so that a hash made with older
 * parameters still verifies after the cost is raised.
 */
export async function hashPassword(password: string, cost: ScryptCost = OWASP_COST): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await inHashSlot(() =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 }),
  );
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = hash.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(key, "base64url");
  const actual = await inHashSlot(() =>
    scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64url"), expected.length, {
      ...cost,
      maxmem: 256 * cost.N * cost.r + 1024 * 1024,
    }),
  );
  return crypto.timingSafeEqual(actual, expected);
}
