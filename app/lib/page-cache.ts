/** What a cached page shows: its copies are dropped when that content changes (migration 0013). */
export const CONTENT_SCOPES = ["questions", "blog"] as const;
export type ContentScope = (typeof CONTENT_SCOPES)[number];

/**
 * A route's `handle`. `pageCache`: visitors' copies of its pages may be cached
 * (server/http/page-cache.ts). `hydrate: false`: a content page, sent as HTML that works on its
 * own with island scripts and no application runtime (docs/decisions/018).
 */
export interface PageHandle {
  pageCache?: readonly ContentScope[];
  hydrate?: boolean;
}

/** `export const handle = cachedFor("questions")`: an app page whose visitors' copies are cached. */
export function cachedFor(...scopes: ContentScope[]): PageHandle {
  return { pageCache: scopes };
}

/**
 * `export const handle = contentPage("questions")`: a content page (plain HTML and islands,
 * docs/decisions/018), cached for visitors until the given content changes.
 */
export function contentPage(...scopes: ContentScope[]): PageHandle {
  return { pageCache: scopes, hydrate: false };
}

/** A content page rendered for each request (its answer depends on the query, like /search). */
export const uncachedContentPage: PageHandle = { hydrate: false };

/** Whether the matched routes make a content page: any of them says it does not hydrate. */
export function isContentPage(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as PageHandle | undefined)?.hydrate === false);
}

/**
 * `export const clientLoader = loadAsDocument` on every content page: an app page's router that
 * navigates to one loads it as a document instead (a content page has no client-side render;
 * its behaviour comes from its islands). The promise never settles: the page is leaving.
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise(() => undefined);
}

/**
 * `export const loader = noData` on a content page with nothing to load: with a `clientLoader`
 * alone, React Router would render the hydration fallback on the server instead of the page.
 */
export const noData = () => null;
