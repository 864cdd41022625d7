/**
 * Keyset pagination cursors (blog posts, questions): the sort values of a page's last row,
 * as an opaque, URL-safe string. A cursor that does not decode to the expected shape is
 * no cursor (the first page), never an error.
 */
export type KeysetPart = "string" | "nullable";

export function encodeKeyset(values: (string | null)[]): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

export function decodeKeyset(value: string | null | undefined, shape: KeysetPart[]): (string | null)[] | null {
  if (!value) return null;
  try {
    const values = JSON.parse(Buffer.from(value, "base64url").toString()) as unknown;
    if (!Array.isArray(values) || values.length !== shape.length) return null;
    const valid = values.every((v, i) => typeof v === "string" || (shape[i] === "nullable" && v === null));
    return valid ? (values as (string | null)[]) : null;
  } catch {
    return null;
  }
}
