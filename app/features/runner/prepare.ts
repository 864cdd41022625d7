import { REACT_HARNESS_SOURCE } from "~/lib/react-test-harness";
import { SQL_TEST_HARNESS_SOURCE } from "~/lib/sql-test-harness";
import type { ChallengeLanguage } from "~/lib/technologies";
import { TEST_HARNESS_SOURCE } from "~/lib/test-harness";
import type { RunRequest } from "./sandbox";

export type Language = "javascript" | "typescript" | "html" | "python" | "sql";
export type { ChallengeLanguage };

/** sucrase's transforms for each language it compiles (JSX to React.createElement calls). */
const TRANSFORMS: Partial<Record<Language | ChallengeLanguage, ("typescript" | "jsx")[]>> = {
  javascript: [],
  typescript: ["typescript"],
  react: ["jsx"],
};

/** sucrase's errors end in "(line:column)": the message without it, and the line. */
function parseError(error: unknown): { message: string; line: number | null } {
  const text = error instanceof Error ? error.message : String(error);
  const match = /\((\d+):(\d+)\)\s*$/.exec(text);
  return { message: text.replace(/\s*\(\d+:\d+\)\s*$/, ""), line: match ? Number(match[1]) : null };
}

export class TranspileError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
    this.name = "TranspileError";
  }
}

/**
 * TypeScript to JavaScript in the browser, types stripped, lines kept (sucrase: small and
 * fast, made for exactly this; the TypeScript compiler would be megabytes). Loaded only
 * when TypeScript is run.
 */
export async function toJavaScript(code: string, language: Language | ChallengeLanguage): Promise<string> {
  const transforms = TRANSFORMS[language];
  if (!transforms?.length) return code;
  const { transform } = await import("sucrase");
  try {
    return transform(code, { transforms, disableESTransforms: true, keepUnusedImports: false, production: true }).code;
  } catch (error) {
    const { message, line } = parseError(error);
    throw new TranspileError(message, line);
  }
}

/** A program as the sandbox runs it. */
export async function programRequest(code: string, language: Language): Promise<RunRequest> {
  if (language === "html" || language === "python" || language === "sql") return { language, code };
  return { language: "js", code: await toJavaScript(code, language) };
}

/** The candidate's code and the challenge's tests in one script that reports its results. */
export async function testRequest(code: string, tests: string, language: ChallengeLanguage, limit?: number): Promise<RunRequest> {
  if (language === "sql") {
    // The query and the tests stay text: the harness runs them on a fresh sql.js database per test.
    const run = `__runSqlTests(${JSON.stringify(code)}, ${JSON.stringify(tests)}, __openSqlDatabase, ${limit ?? "Infinity"})`;
    return { language: "js", code: `${SQL_TEST_HARNESS_SOURCE}\n${run}.then(__report);`, expectsReport: true, runtime: "sql" };
  }
  const [solution, testCode] = await Promise.all([toJavaScript(code, language), toJavaScript(tests, language)]);
  const harness = language === "react" ? `${TEST_HARNESS_SOURCE}\n${REACT_HARNESS_SOURCE}` : TEST_HARNESS_SOURCE;
  return {
    language: "js",
    code: `${harness}\n${solution}\n;\n${testCode}\n;__runTests(2000, ${limit ?? "Infinity"}).then(__report);`,
    offset: harness.split("\n").length,
    expectsReport: true,
    runtime: language === "react" ? "react" : undefined,
  };
}

/**
 * Where a syntax error is: the browser reports one without a line for a script it could
 * not load, so the code is parsed here (sucrase again) to find it.
 */
export async function locateSyntaxError(
  code: string,
  language: Language | ChallengeLanguage,
): Promise<{ message: string; line: number | null } | null> {
  const transforms = TRANSFORMS[language];
  if (!transforms) return null;
  const { transform } = await import("sucrase");
  try {
    transform(code, { transforms, disableESTransforms: true });
    return null;
  } catch (error) {
    const { message, line } = parseError(error);
    return { message: `SyntaxError: ${message}`, line };
  }
}
