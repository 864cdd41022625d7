/** What a cached page shows: its copies are dropped when that content changes (migration 0013). */
export const CONTENT_SCOPES = ["questions", "blog"] as const;
export type ContentScope = (typeof CONTENT_SCOPES)[number];

/** A route's `handle` when visitors' copies of its pages may be cached (server/http/page-cache.ts). */
export interface PageCacheHandle {
  pageCache: readonly ContentScope[];
}

/** `export const handle = cachedFor("questions")`: visitors get this route's pages from the page cache. */
export function cachedFor(...scopes: ContentScope[]): PageCacheHandle {
  return { pageCache: scopes };
}
