/**
 * The 13 technology areas the product covers (spec §1). `slug` is the path prefix of
 * the question pages: /{slug}-questions.
 */
export const technologies = [
  { slug: "javascript", name: "JavaScript" },
  { slug: "typescript", name: "TypeScript" },
  { slug: "react", name: "React" },
  { slug: "react-native", name: "React Native" },
  { slug: "nodejs", name: "Node.js" },
  { slug: "swift", name: "Swift" },
  { slug: "angular", name: "Angular" },
  { slug: "next-js", name: "Next.js" },
  { slug: "dbms", name: "DBMS & SQL" },
  { slug: "css", name: "CSS" },
  { slug: "html", name: "HTML" },
  { slug: "dsa", name: "Data structures & algorithms" },
  { slug: "c-cpp", name: "C and C++" },
] as const;

export type TechnologySlug = (typeof technologies)[number]["slug"];

export const TECHNOLOGY_SLUGS = technologies.map((t) => t.slug) as [TechnologySlug, ...TechnologySlug[]];

export function technologyBySlug(slug: string) {
  return technologies.find((t) => t.slug === slug) ?? null;
}

/**
 * The three kinds of question (spec §2: selection 1–3 of the home cards) and the three
 * levels (List 1–3), in display order.
 */
export const KINDS = ["theory", "console", "program"] as const;
export type Kind = (typeof KINDS)[number];
export const LEVELS = ["beginner", "advance", "expert"] as const;
export type Level = (typeof LEVELS)[number];

/** A question page's address. */
export const questionPath = (q: { technology: string; id: string }) => `/${q.technology}-questions/${q.id}`;

/** /{slug}-questions and its question pages: the technology comes from the path (routes.ts has one route per technology). */
export function technologyOfPath(pathname: string) {
  const slug = /^\/([a-z-]+?)-questions(\/|$)/.exec(pathname)?.[1] ?? "";
  return technologyBySlug(slug);
}

/** Challenges whose tests the browser sandbox can run (the solve page exists for these). */
export function solvableInBrowser(tests: { lang: string } | null): boolean {
  return tests !== null && ["js", "ts", "jsx", "sql"].includes(tests.lang);
}

/**
 * What challenges are written in: React challenges are JavaScript with JSX, run with React
 * loaded; SQL challenges are a query, run against each test's data with sql.js.
 */
export type ChallengeLanguage = "javascript" | "typescript" | "react" | "sql";

/** The language a challenge is solved in, from its tests' code block. */
export function challengeLanguage(testsLang: string): ChallengeLanguage {
  return ({ ts: "typescript", jsx: "react", sql: "sql" } as const)[testsLang as "ts" | "jsx" | "sql"] ?? "javascript";
}

/** Code that needs Node's own APIs (process, require, setImmediate, Buffer), which the browser sandbox lacks. */
export function usesNodeOnlyApis(source: string): boolean {
  return /\bprocess\.|\brequire\(|\bsetImmediate\b|\bBuffer\.|\bglobalThis\.process\b/.test(source);
}

/** TypeScript the browser cannot run faithfully: it strips types without tsc's emit, so parameter properties come out in a different order. */
export function needsTscEmit(source: string): boolean {
  return /constructor\s*\([^)]*\b(public|private|protected|readonly)\s+\w/.test(source);
}
