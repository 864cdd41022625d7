/**
 * Every text the site shows, in one place (the spec's static text dictionary): texts/, re-exported here. Texts the
 * spec quotes are verbatim; tests import these same strings. `{name}`-style holes are
 * filled with `fill()`.
 *
 * One module per part of the site, so that a page's JavaScript carries only the texts it
 * shows (the quiz, interview and compiler texts stay out of content pages).
 */
export * from "./texts/site";
export * from "./texts/auth";
export * from "./texts/blog";
export * from "./texts/questions";
export * from "./texts/bookmarks";
export * from "./texts/runner";
export * from "./texts/compiler";
export * from "./texts/challenges";
export * from "./texts/overview";
export * from "./texts/search";
export * from "./texts/account";
export * from "./texts/quiz";
export * from "./texts/live-quiz";
export * from "./texts/interview";
