import fs from "node:fs";
import path from "node:path";
import { buildContent } from "../../server/questions/question-import";
import { type QuestionFile, parseQuestionFile } from "../../server/questions/question-file";
import { type AnswerGrade, type GradedQuestion, gradeAnswer } from "../../server/interview/grader";
import { theoryRubric } from "../../server/interview/interview-questions";

/**
 * The labelled answers of tests/fixtures/interview (issue #13) graded by the built-in grader,
 * and how often the grader orders them as a strict interviewer would: complete and paraphrased
 * answers above partial ones, partial ones above wrong and off-topic ones, within one question.
 */

const root = path.resolve(import.meta.dirname, "../..");
// A terse answer is correct but short: ranked with partial ones (neither above the other), above wrong ones.
const RANK: Record<string, number> = { complete: 3, paraphrased: 3, terse: 2, partial: 2, wrong: 1, "off-topic": 1 };

export interface LabelledAnswer {
  questionId: string;
  technology: string;
  label: string;
  covers: number[];
  answer: string;
  note?: string;
}

export interface GradedAnswer extends LabelledAnswer {
  grade: AnswerGrade;
}

/**
 * A labelled set: "labelled" (the one the grader was tuned on) or "held-out" (written apart from
 * the grader's code and never used to tune it, to see how the grader does on answers it has not met).
 */
export type LabelledSet = "labelled" | "held-out";

export function loadLabelledAnswers(set: LabelledSet = "labelled"): LabelledAnswer[] {
  const file = path.join(root, `tests/fixtures/interview/${set}-answers.json`);
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { answers: LabelledAnswer[] }).answers;
}

/** A bank question as the interview's built-in grader sees it (`theoryRubric`), its short answer as `modelAnswer`. */
export function gradedQuestion(question: QuestionFile): GradedQuestion & { modelAnswer: string } {
  const content = buildContent(question);
  const { shortAnswer, options } = theoryRubric(content);
  return { title: question.title, keyPoints: content.keyPoints, modelAnswer: shortAnswer, options };
}

const questions = new Map<string, ReturnType<typeof gradedQuestion>>();

/** A question of the bank as the grader sees it, with its short model answer as plain text. */
export function questionFor(technology: string, id: string) {
  const key = `${technology}/${id}`;
  const known = questions.get(key);
  if (known) return known;
  const file = path.join(root, "content/questions", technology, `${id}.md`);
  const parsed = parseQuestionFile(file, fs.readFileSync(file, "utf8"), { id, technology });
  if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
  const question = gradedQuestion(parsed.question);
  questions.set(key, question);
  return question;
}

export function gradeLabelledSet(set: LabelledSet = "labelled"): {
  graded: GradedAnswer[];
  pairs: number;
  ordered: number;
  misordered: [GradedAnswer, GradedAnswer][];
} {
  const graded = loadLabelledAnswers(set).map((a) => {
    const q = questionFor(a.technology, a.questionId);
    return { ...a, grade: gradeAnswer(a.answer, q) };
  });
  return { graded, ...orderedPairs(graded) };
}

/** Pairs of one question's answers the grader should order (optionally only those whose better answer has one of `higher`'s labels). */
export function orderedPairs(graded: GradedAnswer[], higher?: string[]) {
  let pairs = 0;
  let ordered = 0;
  const misordered: [GradedAnswer, GradedAnswer][] = [];
  for (const a of graded)
    for (const b of graded) {
      if (a.questionId !== b.questionId || !(a.label in RANK) || !(b.label in RANK) || RANK[a.label]! <= RANK[b.label]!) continue;
      if (higher && !higher.includes(a.label)) continue;
      pairs++;
      if (a.grade.score > b.grade.score) ordered++;
      else misordered.push([a, b]);
    }
  return { pairs, ordered, misordered };
}

/** A passing grade, as the report shows it. */
export const PASS = 70;

/**
 * Issue #34's figures for one set: how often each label passes, how often a true partial answer
 * ranks above a fluent wrong one to the same question, and how often the bank's own short model
 * answer passes.
 */
export function fairness(graded: GradedAnswer[]) {
  const passRate = (label: string) => {
    const list = graded.filter((g) => g.label === label);
    return { passed: list.filter((g) => g.grade.score >= PASS).length, total: list.length };
  };
  const ids = [...new Set(graded.map((g) => `${g.technology}/${g.questionId}`))];
  let partialAbove = 0;
  let partialPairs = 0;
  for (const id of ids) {
    const of = (label: string) => graded.find((g) => `${g.technology}/${g.questionId}` === id && g.label === label);
    const partial = of("partial");
    const wrong = of("wrong");
    if (!partial || !wrong) continue;
    partialPairs++;
    if (partial.grade.score > wrong.grade.score) partialAbove++;
  }
  let modelPassed = 0;
  for (const id of ids) {
    const [technology, questionId] = id.split("/") as [string, string];
    const q = questionFor(technology, questionId);
    if (gradeAnswer(q.modelAnswer, q).score >= PASS) modelPassed++;
  }
  return {
    labels: Object.fromEntries([...new Set(graded.map((g) => g.label))].map((label) => [label, passRate(label)])),
    partialAboveWrong: { above: partialAbove, questions: partialPairs },
    modelAnswer: { passed: modelPassed, questions: ids.length },
  };
}
