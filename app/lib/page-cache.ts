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
 * A content page's `clientLoader` (`export const clientLoader = loadAsDocument`). Content pages
 * never hydrate, so it never runs on them; it runs when an app page's router navigates to one
 * (a link on /bookmarks to a question), and loads that page as a document instead, so it
 * arrives as HTML with its islands rather than rendered by the app without them.
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise(() => {});
}
