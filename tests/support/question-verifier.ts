import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type Browser, chromium } from "@playwright/test";
import Database from "better-sqlite3";
import pg from "pg";
import { transform as sucrase } from "sucrase";
import ts from "typescript";
import { challengeLanguage, usesNodeOnlyApis } from "../../app/lib/technologies";
import type { TestResult } from "../../app/lib/test-harness";
import { testRequest } from "../../app/features/runner/prepare";
import type { RunRequest } from "../../app/features/runner/sandbox";
import { type TypeCheckResult, type TypeChecker, createTypeChecker, typeCheckPassed } from "../../server/challenges/type-check";
import { COMPUTED_STYLE_LINE, type CodeBlock, type QuestionFile } from "../../server/questions/question-file";
import { type SqlDatabase, runSqlTests } from "../../server/questions/sql-tests";
import { chromiumArgs, chromiumPath, haveChromium } from "./chromium";

/**
 * Runs what a question claims (issue #6, CONTENT.md "Verified by machine"): console
 * snippets are executed and their output compared, programs' reference solutions must
 * pass their tests and the wrong solutions fail one. Each check returns the problems it
 * found, naming the file and line, with expected and actual text.
 */

const run = promisify(execFile);
// Generous: a React snippet starts jsdom and React (about 2 s alone), and CI runs several at once on 2 cores.
const RUN_TIMEOUT_MS = 60_000;
/**
 * A wrong solution may be the slow one (an O(n²) answer to a large input): it fails by
 * running out of time, and it is stopped after this long. The browser's runner stops a run
 * after 5 s (DEFAULT_TIMEOUT_MS), so a wrong solution still running at 20 s under CI load
 * is well past it.
 */
const WRONG_SOLUTION_TIMEOUT_MS = 20_000;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-verify-"));
let counter = 0;
const scratchFile = (ext: string) => path.join(scratch, `q${process.pid}-${++counter}.${ext}`);

export interface Verified {
  problems: string[];
}

/** A TypeScript console snippet to JavaScript with tsc's emit; syntax errors reported (run-it.desktop.spec.ts checks the browser's sucrase output prints the same). */
function transpile(block: CodeBlock): { js: string; errors: string[] } {
  const out = ts.transpileModule(block.code, {
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, jsx: ts.JsxEmit.React },
  });
  const errors = (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  return { js: out.outputText, errors };
}

/** A React console snippet to a CommonJS script: JSX to React.createElement, imports to require. */
function transformJsx(code: string): { js: string; errors: string[] } {
  try {
    return { js: sucrase(code, { transforms: ["jsx", "imports"], disableESTransforms: true, production: true }).code, errors: [] };
  } catch (error) {
    return { js: "", errors: [(error as Error).message] };
  }
}

/**
 * What a React console snippet runs with (docs/content-format.md): React 19's development
 * build rendering into a jsdom document; `render(element)` mounts into a fresh container
 * inside `act` (so effects have run when it returns) and returns the container.
 */
const REACT_CONSOLE_PRELUDE = String.raw`
const { JSDOM: __JSDOM } = require("jsdom");
const __dom = new __JSDOM("<!doctype html><html><body></body></html>", { url: "http://localhost/" });
for (const key of ["window", "document", "navigator", "Node", "Element", "HTMLElement", "Event", "MouseEvent", "KeyboardEvent", "InputEvent"])
  globalThis[key] = key === "window" ? __dom.window : __dom.window[key];
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
globalThis.React = require("react");
const { act } = React;
const { createRoot: __createRoot } = require("react-dom/client");
function render(element) {
  const container = document.createElement("div");
  document.body.append(container);
  const root = __createRoot(container);
  act(() => root.render(element));
  return container;
}
`;

/** Runs a script with Node in its own process; stdout and stderr in the order they were written. */
/**
 * At most this many snippet processes at once per test worker: the bank test runs its
 * questions concurrently, and a React snippet (jsdom + React) is heavy enough that a dozen
 * at once on two cores would push each past its time limit.
 */
const MAX_PROCESSES = 3;
let running = 0;
const waiting: (() => void)[] = [];

async function withProcessSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PROCESSES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function runNode(source: string, timeoutMs = RUN_TIMEOUT_MS): Promise<{ output: string; exitCode: number }> {
  return withProcessSlot(() => runNodeNow(source, timeoutMs));
}

async function runNodeNow(source: string, timeoutMs: number): Promise<{ output: string; exitCode: number }> {
  const file = scratchFile("cjs");
  fs.writeFileSync(file, source);
  const outFile = scratchFile("out");
  const fd = fs.openSync(outFile, "w");
  try {
    const code = await new Promise<number>((resolve, reject) => {
      // NODE_PATH: scripts live in a scratch folder but may require the project's packages (React, jsdom).
      const env = { PATH: process.env.PATH, TZ: "UTC", LANG: "C", NODE_PATH: path.resolve(import.meta.dirname, "../../node_modules") };
      const child = execFile(process.execPath, [file], { timeout: timeoutMs, env });
      child.stdout?.on("data", (d) => fs.writeSync(fd, d));
      child.stderr?.on("data", (d) => fs.writeSync(fd, d));
      child.on("error", reject);
      child.on("close", (exit, signal) => resolve(signal ? 124 : (exit ?? 1)));
    });
    return { output: fs.readFileSync(outFile, "utf8"), exitCode: code };
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
    fs.rmSync(outFile, { force: true });
  }
}

const trimEnd = (text: string) => text.replace(/\s+$/, "");

function compare(where: string, label: string, expected: string, actual: string): string[] {
  if (trimEnd(expected) === trimEnd(actual)) return [];
  return [`${where}: ${label} differs\n--- expected\n${expected}\n--- actual\n${trimEnd(actual)}`];
}

async function verifyJsConsole(q: QuestionFile, filePath: string): Promise<string[]> {
  const code = q.code!;
  let js = code.code;
  if (code.lang === "ts") {
    const out = transpile(code);
    if (out.errors.length) return [`${filePath}:${code.line}: the TypeScript does not compile: ${out.errors.join("; ")}`];
    js = out.js;
  } else if (code.lang === "jsx") {
    const out = transformJsx(code.code);
    if (out.errors.length) return [`${filePath}:${code.line}: the JSX does not compile: ${out.errors.join("; ")}`];
    js = `${REACT_CONSOLE_PRELUDE}\n${out.js}`;
  }
  const result = await runNode(js);
  if (result.exitCode !== 0)
    return [`${filePath}:${code.line}: the snippet exited with code ${result.exitCode}; catch errors and log them\n${result.output}`];
  return compare(`${filePath}:${q.sectionLines.Output}`, "the output", q.output!, result.output);
}

async function verifyCConsole(q: QuestionFile, filePath: string): Promise<string[]> {
  const code = q.code!;
  const source = scratchFile(code.lang);
  const binary = scratchFile("bin");
  fs.writeFileSync(source, code.code);
  const [compiler, standard] = code.lang === "c" ? ["gcc", "-std=c17"] : ["g++", "-std=c++20"];
  try {
    await run(compiler, [standard, "-O0", "-w", "-o", binary, source, ...(code.lang === "c" ? ["-lm"] : [])], { timeout: 60_000 });
  } catch (error) {
    return [`${filePath}:${code.line}: ${compiler} could not compile the snippet\n${(error as { stderr?: string }).stderr ?? error}`];
  } finally {
    fs.rmSync(source, { force: true });
  }
  try {
    const { stdout } = await run(binary, [], { timeout: RUN_TIMEOUT_MS, env: { TZ: "UTC", LANG: "C" } });
    return compare(`${filePath}:${q.sectionLines.Output}`, "the output", q.output!, stdout);
  } catch (error) {
    return [`${filePath}:${code.line}: the program failed: ${(error as Error).message}`];
  } finally {
    fs.rmSync(binary, { force: true });
  }
}

/** Splits a script into statements at semicolons outside quotes and comments. */
export function splitSql(script: string): string[] {
  const statements: string[] = [];
  let current = "";
  let quote: string | null = null;
  for (let i = 0; i < script.length; i++) {
    const ch = script[i]!;
    if (quote) {
      current += ch;
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      current += ch;
    } else if (ch === "-" && script[i + 1] === "-") {
      while (i < script.length && script[i] !== "\n") i++;
      current += "\n";
    } else if (ch === ";") {
      if (current.trim()) statements.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

/** A result as the content format writes it: a header line, then rows, values joined by " | ". */
export function formatRows(columns: string[], rows: unknown[][]): string {
  const cell = (v: unknown) => (v === null || v === undefined ? "NULL" : v instanceof Date ? v.toISOString() : String(v));
  return [columns.join(" | "), ...rows.map((r) => r.map(cell).join(" | "))].join("\n");
}

export function runSqlite(script: string): string {
  const db = new Database(":memory:");
  try {
    const statements = splitSql(script);
    for (const statement of statements.slice(0, -1)) db.exec(statement);
    const last = db.prepare(statements.at(-1)!);
    if (!last.reader) {
      last.run();
      return "";
    }
    last.raw(true);
    const columns = last.columns().map((c) => c.name);
    return formatRows(columns, last.all() as unknown[][]);
  } finally {
    db.close();
  }
}

/** A fresh schema per database (a question's snippet, a challenge's test), dropped on close; a runaway query is stopped after 10 s. */
function openPostgres(url: string) {
  return async (): Promise<SqlDatabase> => {
    const client = new pg.Client({ connectionString: url, statement_timeout: 10_000 });
    await client.connect();
    const schema = `q_${process.pid}_${++counter}`;
    await client.query(`create schema ${schema}; set search_path to ${schema}`);
    return {
      async run(sql) {
        let last: pg.QueryArrayResult | null = null;
        for (const statement of splitSql(sql)) {
          const result = await client.query({ text: statement, rowMode: "array" });
          if (result.fields.length) last = result;
        }
        return last ? { columns: last.fields.map((f) => f.name), rows: last.rows } : null;
      },
      async close() {
        await client.query(`drop schema ${schema} cascade`).finally(() => client.end());
      },
    };
  };
}

export async function runPostgres(url: string, script: string): Promise<string> {
  const db = await openPostgres(url)();
  try {
    const result = await db.run(script);
    return result ? formatRows(result.columns, result.rows) : "";
  } finally {
    await db.close();
  }
}

async function verifySqlConsole(q: QuestionFile, filePath: string, postgresUrl: string | null): Promise<string[]> {
  const where = `${filePath}:${q.sectionLines.Output}`;
  let problems: string[];
  try {
    problems = compare(where, "the SQLite result", q.output!, runSqlite(q.code!.code));
  } catch (error) {
    return [`${filePath}:${q.code!.line}: SQLite could not run the query: ${(error as Error).message}`];
  }
  if (!postgresUrl) return problems;
  try {
    const actual = await runPostgres(postgresUrl, q.code!.code);
    const expected = q.outputPostgres ?? q.output!;
    problems.push(
      ...compare(
        `${filePath}:${q.sectionLines["Output (PostgreSQL)"] ?? q.sectionLines.Output}`,
        "the PostgreSQL result",
        expected,
        actual,
      ),
    );
  } catch (error) {
    problems.push(`${filePath}:${q.code!.line}: PostgreSQL could not run the query: ${(error as Error).message}`);
  }
  return problems;
}

/**
 * The page a CSS question renders in (docs/content-format.md): a standards-mode document,
 * 800 × 600 CSS pixels at a device pixel ratio of 1, the snippet as the body.
 */
export const CSS_VIEWPORT = { width: 800, height: 600 };
let browser: Promise<Browser> | null = null;

/** Closes the Chromium the CSS questions used (call once the questions are done). */
export async function closeVerifierBrowser() {
  const open = browser;
  browser = null;
  if (open) await (await open).close();
}

async function verifyCssConsole(q: QuestionFile, filePath: string): Promise<string[]> {
  if (!haveChromium)
    return [
      `${filePath}:${q.code!.line}: CSS questions are checked in Chromium, which is not at ${chromiumPath}: install Debian's chromium package or set PLAYWRIGHT_CHROMIUM_PATH`,
    ];
  const properties = q.output!.split("\n").map((line) => COMPUTED_STYLE_LINE.exec(line)?.[1] ?? line);
  const actual = await withProcessSlot(async () => {
    browser ??= chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const context = await (await browser).newContext({ viewport: CSS_VIEWPORT, deviceScaleFactor: 1, javaScriptEnabled: true });
    try {
      const page = await context.newPage();
      // Nothing may come from the network: the snippet is self-contained, and so is the site.
      await page.route("**/*", (route) => route.abort());
      await page.setContent(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CSS question</title></head><body>${q.code!.code}</body></html>`,
      );
      return await page.evaluate((names) => {
        const target = document.getElementById("target");
        if (!target) return null;
        const style = getComputedStyle(target);
        return names.map((name) => `${name}: ${style.getPropertyValue(name).trim()}`).join("\n");
      }, properties);
    } finally {
      await context.close();
    }
  });
  if (actual === null) return [`${filePath}:${q.code!.line}: no element with id="target" once the HTML is parsed`];
  return compare(`${filePath}:${q.sectionLines.Output}`, "the computed style", q.output!, actual);
}

const RESULTS_MARK = "\u0000@@devprep-results@@";

/** Runs a solution against the tests with the shared harness; the results, or why there are none. */
export async function runProgramTests(
  solution: CodeBlock,
  tests: CodeBlock,
  timeoutMs = RUN_TIMEOUT_MS,
): Promise<{ results: TestResult[] } | { error: string }> {
  // Exactly the script the browser's runner gets (same transform, harness and React helpers);
  // only what the browser provides around it (the React runtime, where results go) is Node's.
  let request: RunRequest;
  try {
    request = await testRequest(solution.code, tests.code, challengeLanguage(tests.lang));
  } catch (error) {
    return { error: `does not compile: ${(error as Error).message}` };
  }
  const report = `globalThis.__report = (r) => { process.stdout.write(${JSON.stringify(RESULTS_MARK)} + JSON.stringify(r)); process.exit(0); };`;
  const script =
    request.runtime === "react"
      ? `globalThis.React = require("react");\nglobalThis.ReactTestRenderer = require("react-test-renderer");\n${report}\n${request.code}`
      : request.runtime === "sql"
        ? // sql.js, as in the browser's worker: its WebAssembly is ready before the tests run.
          `${report}\nrequire("sql.js")().then((SQL) => {\nglobalThis.__sqlJs = SQL;\n${request.code}\n});`
        : `${report}\n${request.code}`;
  const { output, exitCode } = await runNode(script, timeoutMs);
  const at = output.lastIndexOf(RESULTS_MARK);
  if (at < 0) return { error: `did not finish (exit code ${exitCode})\n${output.slice(-2000)}` };
  return { results: JSON.parse(output.slice(at + RESULTS_MARK.length)) as TestResult[] };
}

/** One problem per failed test of the reference solution, with expected and actual where the harness gave them. */
function referenceFailures(results: TestResult[], where: string, who: string): string[] {
  return results
    .filter((r) => !r.passed)
    .map(
      (r) =>
        `${where}: ${who} fails the test "${r.name}": ${r.message}` +
        (r.expected !== undefined ? `\n--- expected\n${r.expected}\n--- actual\n${r.actual}` : ""),
    );
}

/** An SQL challenge's reference query must also pass every test on PostgreSQL (the tests' SQL must be portable). */
async function verifySqlSolutionOnPostgres(q: QuestionFile, filePath: string, postgresUrl: string): Promise<string[]> {
  const results = await runSqlTests(q.solution!.code, q.tests!.code, openPostgres(postgresUrl));
  return referenceFailures(results, `${filePath}:${q.solution!.line}`, "on PostgreSQL the solution");
}

let checker: TypeChecker | null = null;

/** TypeScript challenges are also compiled with `tsc --strict` (type-level tests live in the types). */
async function typeCheck(solution: CodeBlock, tests: CodeBlock): Promise<TypeCheckResult | null> {
  if (tests.lang !== "ts") return null;
  checker ??= createTypeChecker({ timeoutMs: 30_000, queue: 1_000, perClient: 1_000 });
  return checker.check(solution.code, tests.code, "content-verifier");
}

function describeTypeErrors(result: TypeCheckResult): string {
  return [
    ...result.codeErrors.map((e) => `solution line ${e.line}: ${e.message}`),
    ...result.testErrors.map((e) => `test "${e.test}": ${e.message}`),
    ...result.otherErrors.map((e) => `tests${e.line ? ` line ${e.line}` : ""}: ${e.message}`),
  ].join("\n");
}

async function verifyProgram(q: QuestionFile, filePath: string, postgresUrl: string | null): Promise<string[]> {
  const problems: string[] = [];
  for (const block of [q.starter!, q.solution!, q.wrongSolution!, q.tests!])
    if (usesNodeOnlyApis(block.code))
      problems.push(`${filePath}:${block.line}: challenges run in the browser too: no process, require, setImmediate or Buffer`);
  const referenceTypes = await typeCheck(q.solution!, q.tests!);
  if (referenceTypes && !typeCheckPassed(referenceTypes))
    problems.push(
      `${filePath}:${q.solution!.line}: the solution does not type-check with its tests\n${describeTypeErrors(referenceTypes)}`,
    );
  const reference = await runProgramTests(q.solution!, q.tests!);
  if ("error" in reference) problems.push(`${filePath}:${q.solution!.line}: the solution ${reference.error}`);
  else {
    problems.push(...referenceFailures(reference.results, `${filePath}:${q.solution!.line}`, "the solution"));
    if (reference.results.length < 5)
      problems.push(`${filePath}:${q.tests!.line}: only ${reference.results.length} tests ran; write at least 5`);
  }
  if (q.tests!.lang === "sql" && postgresUrl) problems.push(...(await verifySqlSolutionOnPostgres(q, filePath, postgresUrl)));
  const wrong = await runProgramTests(q.wrongSolution!, q.tests!, WRONG_SOLUTION_TIMEOUT_MS);
  const wrongTypes = await typeCheck(q.wrongSolution!, q.tests!);
  if (!("error" in wrong) && wrong.results.every((r) => r.passed) && (!wrongTypes || typeCheckPassed(wrongTypes)))
    problems.push(`${filePath}:${q.wrongSolution!.line}: the wrong solution passes every test; add a test that catches it`);
  return problems;
}

const PARSED_LANGS = new Set(["js", "jsx", "ts", "tsx"]);

/** Every js/ts block in the prose sections must parse. */
export function verifyCodeBlocksParse(q: QuestionFile, filePath: string, text: string): string[] {
  const problems: string[] = [];
  const lines = text.split("\n");
  const prose = ["Question", "Answer", "Explanation", "Statement"];
  for (const name of prose) {
    const start = q.sectionLines[name];
    if (!start) continue;
    let i = start;
    while (i < lines.length && !/^## /.test(lines[i]!)) {
      const open = /^(`{3,})([\w+-]*)\s*$/.exec(lines[i]!);
      if (!open) {
        i++;
        continue;
      }
      const body: string[] = [];
      let j = i + 1;
      while (j < lines.length && lines[j]!.trim() !== open[1]) body.push(lines[j++]!);
      const lang = open[2]!;
      if (PARSED_LANGS.has(lang)) {
        const kind = { js: ts.ScriptKind.JS, jsx: ts.ScriptKind.JSX, ts: ts.ScriptKind.TS, tsx: ts.ScriptKind.TSX }[lang];
        const source = ts.createSourceFile(`block.${lang}`, body.join("\n"), ts.ScriptTarget.Latest, false, kind);
        const diagnostics = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
        for (const d of diagnostics.slice(0, 1)) {
          const { line } = source.getLineAndCharacterOfPosition(d.start ?? 0);
          problems.push(
            `${filePath}:${i + 2 + line}: the ${lang} block does not parse: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
          );
        }
      }
      i = j + 1;
    }
  }
  return problems;
}

/** Everything that can be run for one question. */
export async function verifyQuestion(q: QuestionFile, filePath: string, text: string, postgresUrl: string | null): Promise<string[]> {
  const problems = verifyCodeBlocksParse(q, filePath, text);
  if (q.kind === "console") {
    const lang = q.code!.lang;
    if (lang === "js" || lang === "ts" || lang === "jsx") problems.push(...(await verifyJsConsole(q, filePath)));
    else if (lang === "c" || lang === "cpp") problems.push(...(await verifyCConsole(q, filePath)));
    else if (lang === "sql") problems.push(...(await verifySqlConsole(q, filePath, postgresUrl)));
    else if (lang === "html") problems.push(...(await verifyCssConsole(q, filePath)));
  }
  if (q.kind === "program") problems.push(...(await verifyProgram(q, filePath, postgresUrl)));
  return problems;
}
