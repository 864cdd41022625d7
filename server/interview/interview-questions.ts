import { sql } from "kysely";
import { INTERVIEW_ROLES } from "../../app/features/interview/interview-types";
import {
  LEVELS,
  type Kind,
  type Level,
  type TechnologySlug,
  challengeLanguage,
  solvableInBrowser,
  technologies,
  technologyBySlug,
} from "../../app/lib/technologies";
import type { QuestionContent } from "../questions/question-content";
import type { Services } from "../services";
import type { InterviewQuestion } from "./interviewer";
import { htmlToText } from "./text";

/**
 * Which questions a mock interview asks (issue #13): the plan of kinds (mostly theory, one
 * console question, one coding task), the technologies of a track, drawing the next question
 * at the level the candidate has reached, and the question as the interviewer sees it.
 */

/** The technologies of a track (a technology, or a role mix), or null for an unknown track. */
export function trackTechnologies(track: string): TechnologySlug[] | null {
  const role = INTERVIEW_ROLES.find((r) => r.id === track);
  if (role) return role.technologies;
  const technology = technologyBySlug(track);
  return technology ? [technology.slug] : null;
}

export function trackName(track: string): string {
  return INTERVIEW_ROLES.find((r) => r.id === track)?.name ?? technologyBySlug(track)?.name ?? track;
}

/**
 * Where a technology's console question and coding task come from when its own bank has none:
 * the language it is written in (Angular is TypeScript, Next.js is React, …). Swift and C/C++
 * code cannot run in the browser, so their coding task is an algorithms one, in JavaScript.
 */
const BORROW: Partial<Record<TechnologySlug, Partial<Record<"console" | "program", TechnologySlug>>>> = {
  angular: { console: "typescript", program: "typescript" },
  "next-js": { console: "react", program: "react" },
  "react-native": { console: "javascript", program: "javascript" },
  html: { console: "javascript", program: "javascript" },
  css: { program: "javascript" },
  swift: { console: "javascript", program: "dsa" },
  "c-cpp": { program: "dsa" },
};

/** The kinds of an interview of `count` questions: theory, with a console question second and the coding task second to last. */
export function planKinds(count: number): Kind[] {
  return Array.from({ length: count }, (_, i) => (i === 1 ? "console" : i === count - 2 ? "program" : "theory"));
}

/** The technologies a question of this kind at this position may come from, in order of preference. */
export function technologiesFor(track: TechnologySlug[], kind: Kind, position: number): TechnologySlug[] {
  if (kind === "theory") {
    // Round robin over the track, so a role mix asks about each of its technologies.
    const first = position % track.length;
    return [...track.slice(first), ...track.slice(0, first)];
  }
  const own = track.filter((t) => !BORROW[t]?.[kind]);
  const borrowed = track.map((t) => BORROW[t]?.[kind]).filter((t): t is TechnologySlug => Boolean(t));
  return [...new Set([...own, ...borrowed])];
}

/** One level up or down from `level` after a question scored `score`: 75 and more up, under 40 down. */
export function adaptLevel(level: Level, score: number): Level {
  const index = LEVELS.indexOf(level);
  const next = score >= 75 ? index + 1 : score < 40 ? index - 1 : index;
  return LEVELS[Math.max(0, Math.min(LEVELS.length - 1, next))]!;
}

/** Levels to try, nearest to `level` first (the bank may have none left at that level). */
function levelsNear(level: Level): Level[] {
  const index = LEVELS.indexOf(level);
  return [...LEVELS].sort(
    (a, b) => Math.abs(LEVELS.indexOf(a) - index) - Math.abs(LEVELS.indexOf(b) - index) || LEVELS.indexOf(a) - LEVELS.indexOf(b),
  );
}

/** A question the browser can run: a coding task needs tests the sandbox runs. */
function usable(kind: Kind, content: QuestionContent): boolean {
  if (content.keyPoints.length === 0) return false;
  if (kind === "program") return Boolean(content.starter) && solvableInBrowser(content.tests);
  if (kind === "console") return Boolean(content.code && content.output);
  return true;
}

/**
 * Draws the next question: of the kind the plan says, from the track's technologies in order,
 * at the nearest level to `level`, never one asked already in this interview.
 * Falls back to a theory question when the track has no question of the kind at all.
 */
export async function drawInterviewQuestion(
  services: Services,
  track: TechnologySlug[],
  kind: Kind,
  position: number,
  level: Level,
  asked: string[],
): Promise<string | null> {
  const { db } = services.database;
  const kinds: Kind[] = kind === "theory" ? ["theory"] : [kind, "theory"];
  for (const k of kinds)
    for (const technology of technologiesFor(track, k, position))
      for (const lvl of levelsNear(level)) {
        let query = db
          .selectFrom("question")
          .select(["id", "content"])
          .where("status", "=", "published")
          .where("technology", "=", technology)
          .where("kind", "=", k)
          .where("level", "=", lvl);
        if (asked.length) query = query.where("id", "not in", asked);
        const rows = await query
          .orderBy(sql`random()`)
          .limit(20)
          .execute();
        const found = rows.find((r) => usable(k, JSON.parse(r.content) as QuestionContent));
        if (found) return found.id;
      }
  return null;
}

export interface InterviewQuestionRow {
  id: string;
  technology: TechnologySlug;
  kind: Kind;
  level: Level;
  title: string;
  tags: string;
  content: QuestionContent;
}

/** The questions by id, with their content parsed (one query). */
export async function loadInterviewQuestions(services: Services, ids: string[]): Promise<Map<string, InterviewQuestionRow>> {
  if (!ids.length) return new Map();
  const rows = await services.database.db
    .selectFrom("question")
    .select(["id", "technology", "kind", "level", "title", "tags", "content"])
    .where("id", "in", ids)
    .execute();
  return new Map(
    rows.map((r) => [r.id, { ...r, technology: r.technology as TechnologySlug, content: JSON.parse(r.content) as QuestionContent }]),
  );
}

/** The question as the interviewer sees it: the bank's words and its rubric. */
export function interviewerView(row: InterviewQuestionRow): InterviewQuestion {
  const { content } = row;
  const reference =
    row.kind === "program"
      ? [htmlToText(content.explanationHtml), content.solution?.source ?? ""]
      : row.kind === "console"
        ? [`Output:\n${content.output ?? ""}`, htmlToText(content.explanationHtml)]
        : [htmlToText(content.answerHtml), htmlToText(content.explanationHtml)];
  return {
    id: row.id,
    technology: row.technology,
    kind: row.kind,
    level: row.level,
    title: row.title,
    prompt: htmlToText(content.promptHtml ?? content.statementHtml),
    code: content.code?.source ?? content.starter?.source ?? null,
    keyPoints: content.keyPoints,
    referenceAnswer: reference.filter(Boolean).join("\n\n"),
    ...(row.kind === "theory" ? theoryRubric(content) : {}),
  };
}

/**
 * What the built-in grader reads of a theory question beyond its key points: the short answer
 * (its core) and the quiz options (the wrong ones are misconceptions). The interview and the
 * grader's calibration (tests/support/grader-set.ts) build it here, so both grade alike.
 */
export function theoryRubric(content: Pick<QuestionContent, "answerHtml" | "options" | "correctOption">) {
  return {
    shortAnswer: htmlToText(content.answerHtml),
    options: content.options?.map((text, i) => ({ text, correct: i === content.correctOption })),
  };
}

/** What the candidate works with while the question is asked: built field by field, so no answer leaks. */
export function materialOf(row: InterviewQuestionRow) {
  const { content } = row;
  return {
    promptHtml: content.promptHtml,
    statementHtml: content.statementHtml,
    code: content.code ? { lang: content.code.lang, html: content.code.html } : null,
    challenge:
      row.kind === "program" && content.starter && content.tests
        ? { language: challengeLanguage(content.tests.lang), starter: content.starter.source, tests: content.tests.source }
        : null,
  };
}

/** A technology's display name. */
export function technologyName(slug: string): string {
  return technologies.find((t) => t.slug === slug)?.name ?? slug;
}
