/** Search limits shared by the page and the server (issue #6). */
export const SEARCH_LIMITS = { query: 200, words: 8, pageSize: 20, pages: 10 } as const;

/** Text with its matches marked: [text, isMatch] pairs, rendered without HTML. */
export type Marked = [string, boolean][];
