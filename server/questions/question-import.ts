import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { TECHNOLOGY_SLUGS } from "../../app/lib/technologies";
import type { Services } from "../services";
import type { QuestionContent } from "./question-content";
import { type QuestionFile, parseQuestionFile } from "./question-file";
import { indexForSearch } from "./question-search";
import { RENDER_VERSION, renderCode, renderInline, renderQuestionMarkdown } from "./render";

export class QuestionContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`The question bank has ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join("\n")}`);
    // server.js prints ContentError messages without a stack.
    this.name = "ContentError";
  }
}

export interface QuestionImportSummary {
  files: number;
  added: number;
  updated: number;
  unchanged: number;
  unpublished: number;
  /** True when the folder's fingerprint matched the last import and nothing was read. */
  skipped: boolean;
}

export interface SourceFile {
  path: string;
  text: string;
  id: string;
  technology: string;
}

/** Every content/questions/<technology>/<id>.md, sorted, with anything misplaced reported. */
export function readQuestionFolder(folder: string): { files: SourceFile[]; problems: string[] } {
  const files: SourceFile[] = [];
  const problems: string[] = [];
  if (!fs.existsSync(folder)) return { files, problems };
  for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(folder, entry.name);
    if (!entry.isDirectory()) {
      if (entry.name.endsWith(".md")) problems.push(`${full}:1: question files go in a folder named after their technology`);
      continue;
    }
    if (!(TECHNOLOGY_SLUGS as string[]).includes(entry.name)) {
      problems.push(`${full}:1: unknown technology folder "${entry.name}"; use one of: ${TECHNOLOGY_SLUGS.join(", ")}`);
      continue;
    }
    for (const name of fs.readdirSync(full).sort()) {
      if (!name.endsWith(".md")) continue;
      const file = path.join(full, name);
      files.push({ path: file, text: fs.readFileSync(file, "utf8"), id: name.slice(0, -3), technology: entry.name });
    }
  }
  return { files, problems };
}

/** Parses every file and checks the bank as a whole; all problems at once, as `path:line: problem`. */
export function parseQuestionBank(sources: SourceFile[], problems: string[] = []) {
  const parsed: { source: SourceFile; question: QuestionFile }[] = [];
  for (const source of sources) {
    const result = parseQuestionFile(source.path, source.text, source);
    if (result.ok) parsed.push({ source, question: result.question });
    else problems.push(...result.problems);
  }
  problems.push(...bankProblems(parsed));
  return { parsed, problems };
}

const normalise = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i++) {
    const pair = text.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

interface TitleShape {
  pairs: Map<string, number>;
  size: number;
}

function titleShape(title: string): TitleShape {
  const pairs = bigrams(normalise(title));
  let size = 0;
  for (const n of pairs.values()) size += n;
  return { pairs, size };
}

function dice(x: TitleShape, y: TitleShape): number {
  if (!x.size && !y.size) return 1;
  let shared = 0;
  for (const [pair, n] of x.pairs) shared += Math.min(n, y.pairs.get(pair) ?? 0);
  return (2 * shared) / (x.size + y.size);
}

/** Sørensen–Dice similarity of two titles' letter pairs: 1 for the same text. */
export function titleSimilarity(a: string, b: string): number {
  return dice(titleShape(a), titleShape(b));
}

export const SIMILAR_TITLE = 0.9;

function bankProblems(parsed: { source: SourceFile; question: QuestionFile }[]): string[] {
  const problems: string[] = [];
  const ids = new Map<string, string>();
  for (const { source, question } of parsed) {
    const other = ids.get(question.id);
    if (other) problems.push(`${source.path}:2: the id "${question.id}" is already used by ${other}`);
    ids.set(question.id, source.path);
  }
  // (Map.groupBy needs Node 21.)
  const byTechnology = new Map<string, typeof parsed>();
  for (const p of parsed) byTechnology.set(p.question.technology, [...(byTechnology.get(p.question.technology) ?? []), p]);
  for (const group of byTechnology.values()) {
    // Each title's letter pairs once: the comparison is pairwise (n²/2) within a technology.
    const shapes = group.map((p) => titleShape(p.question.title));
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        const [a, b] = [group[i]!, group[j]!];
        // Lengths alone can rule a pair out: Dice ≤ 2·min/(sum).
        const [x, y] = [shapes[i]!, shapes[j]!];
        if ((2 * Math.min(x.size, y.size)) / (x.size + y.size) < SIMILAR_TITLE) continue;
        if (dice(x, y) >= SIMILAR_TITLE) {
          problems.push(`${b.source.path}:1: the title is nearly the same as the title of ${a.source.path}; make them distinct`);
        }
      }
    }
  }
  return problems;
}

function hashOf(text: string): string {
  return crypto.createHash("sha256").update(RENDER_VERSION).update("\0").update(text).digest("hex");
}

/** What the pages, the API and search need, rendered once here. */
export function buildContent(q: QuestionFile): QuestionContent {
  const md = (source: string | null) => (source === null ? null : renderQuestionMarkdown(source));
  const block = (b: QuestionFile["code"]) => (b ? { lang: b.lang, source: b.code } : null);
  return {
    promptHtml: md(q.prompt),
    answerHtml: md(q.answer),
    explanationHtml: md(q.explanation),
    statementHtml: md(q.statement),
    keyPoints: q.keyPoints.map(renderInline),
    code: q.code ? { lang: q.code.lang, source: q.code.code, html: renderCode(q.code.code, q.code.lang) } : null,
    options: q.options?.map((o) => o.text) ?? null,
    correctOption: q.options ? q.options.findIndex((o) => o.correct) : null,
    output: q.output,
    outputPostgres: q.outputPostgres,
    starter: block(q.starter),
    solution: q.solution ? { lang: q.solution.lang, source: q.solution.code, html: renderCode(q.solution.code, q.solution.lang) } : null,
    tests: block(q.tests),
  };
}

/**
 * The list order: the file's `order`, then the title, case-insensitively. Written as hex
 * so that it sorts the same under every collation (SQLite's binary, PostgreSQL's locale).
 */
export function sortKey(q: Pick<QuestionFile, "order" | "title">): string {
  const title = Buffer.from(q.title.toLowerCase().slice(0, 100)).toString("hex");
  return `${String(q.order ?? 99_999).padStart(6, "0")}${title}`.slice(0, 400);
}

/** Plain words for full-text search: title, prompt, answer, statement, key points and tags. */
function searchText(q: QuestionFile): string {
  return [q.title, q.prompt, q.answer, q.statement, q.explanation, ...q.keyPoints, q.tags.join(" ")]
    .filter(Boolean)
    .join("\n")
    .replace(/```[\w+-]*\n?|`|[*_#>]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Imports content/questions (issue #6): validates every file first (nothing is written
 * while any file is wrong), then upserts by id. An unchanged file writes nothing, a
 * changed one updates its row, a removed one unpublishes its question. With
 * `onlyIfChanged`, a folder whose fingerprint matches the last import is not parsed at all.
 */
export async function importQuestions(
  services: Services,
  folder: string,
  options: { onlyIfChanged?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<QuestionImportSummary> {
  const { files, problems } = readQuestionFolder(folder);
  const summary: QuestionImportSummary = { files: files.length, added: 0, updated: 0, unchanged: 0, unpublished: 0, skipped: false };
  const fingerprint = hashOf(files.map((f) => `${f.path}\0${f.text}`).join("\0\0"));
  const { db } = services.database;
  if (options.onlyIfChanged && !problems.length) {
    const state = await db.selectFrom("content_state").select("fingerprint").where("name", "=", "questions").executeTakeFirst();
    if (state?.fingerprint === fingerprint) return { ...summary, unchanged: files.length, skipped: true };
  }

  const { parsed } = parseQuestionBank(files, problems);
  if (problems.length) throw new QuestionContentError(problems);

  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const existing = new Map(
      (await trx.selectFrom("question").select(["id", "source_hash", "status"]).where("origin", "=", "bank").execute()).map((r) => [
        r.id,
        r,
      ]),
    );
    let done = 0;
    for (const { source, question } of parsed) {
      options.onProgress?.(++done, parsed.length);
      const hash = hashOf(source.text);
      const previous = existing.get(question.id);
      existing.delete(question.id);
      if (previous?.source_hash === hash && previous.status === "published") {
        summary.unchanged++;
        continue;
      }
      const content = buildContent(question);
      const row = {
        technology: question.technology,
        kind: question.kind,
        level: question.level,
        title: question.title,
        tags: question.tags.join(","),
        sort_key: sortKey(question),
        content: JSON.stringify(content),
        quiz_ready: content.options && content.options.length >= 2 && content.correctOption !== null ? 1 : 0,
        search_text: searchText(question),
        key_points: question.keyPoints.join("\n"),
        status: "published" as const,
        source_path: path.relative(folder, source.path),
        source_hash: hash,
        updated_at: now,
      };
      if (previous) {
        await trx.updateTable("question").set(row).where("id", "=", question.id).execute();
        await trx.deleteFrom("question_tag").where("question_id", "=", question.id).execute();
        summary.updated++;
      } else {
        await trx
          .insertInto("question")
          .values({ id: question.id, ...row, origin: "bank", created_at: now })
          .execute();
        summary.added++;
      }
      await trx
        .insertInto("question_tag")
        .values(question.tags.map((tag) => ({ question_id: question.id, tag })))
        .execute();
      await indexForSearch(trx, services.database.dialect, { id: question.id, ...row });
    }
    for (const gone of existing.values()) {
      if (gone.status === "unpublished") continue;
      await trx.updateTable("question").set({ status: "unpublished", updated_at: now }).where("id", "=", gone.id).execute();
      await indexForSearch(trx, services.database.dialect, { id: gone.id, remove: true });
      summary.unpublished++;
    }
    await trx
      .insertInto("content_state")
      .values({ name: "questions", fingerprint, updated_at: now })
      .onConflict((oc) => oc.column("name").doUpdateSet({ fingerprint, updated_at: now }))
      .execute();
  });
  return summary;
}
