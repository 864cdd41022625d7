import type { QuestionFile } from "./question-file";

/**
 * Whether a theory question's options give the answer away by their length (CONTENT.md, "Fair
 * multiple choice"). With four options a blind guess is right one time in four; a bank where
 * the right option is usually the longest lets a test-savvy reader score without the knowledge.
 */
export interface OptionBalance {
  technology: string;
  /** Theory questions with options. */
  questions: number;
  /** The right option is longer than each of the other three. */
  rightIsUniqueLongest: number;
  /** The right option is shorter than each of the other three. */
  rightIsUniqueShortest: number;
}

/** Within a technology, the most questions (as a share) whose right option is the unique longest, or the unique shortest. */
export const MAX_SHARE_PER_TECHNOLOGY = 0.35;
/**
 * Across the bank, the most questions whose right option is the unique longest: chance (one in
 * four) plus five points, about two standard deviations for a bank of ~370 such questions.
 */
export const MAX_SHARE_IN_BANK = 0.3;

export function optionBalance(questions: Pick<QuestionFile, "technology" | "kind" | "options">[]): OptionBalance[] {
  const rows = new Map<string, OptionBalance>();
  for (const question of questions) {
    if (question.kind !== "theory" || !question.options) continue;
    let row = rows.get(question.technology);
    if (!row) {
      row = { technology: question.technology, questions: 0, rightIsUniqueLongest: 0, rightIsUniqueShortest: 0 };
      rows.set(question.technology, row);
    }
    row.questions++;
    const lengths = question.options.map((option) => option.text.length);
    const right = lengths[question.options.findIndex((option) => option.correct)]!;
    const others = lengths.filter((_, i) => !question.options![i]!.correct);
    if (others.every((length) => length < right)) row.rightIsUniqueLongest++;
    if (others.every((length) => length > right)) row.rightIsUniqueShortest++;
  }
  return [...rows.values()].sort((a, b) => a.technology.localeCompare(b.technology));
}

/** What breaks the limits above, one sentence each; empty when the bank is fair. */
export function optionBalanceProblems(rows: OptionBalance[]): string[] {
  const problems: string[] = [];
  const share = (count: number, of: number) => `${count} of ${of} (${Math.round((100 * count) / of)}%)`;
  for (const row of rows) {
    const limit = Math.round(MAX_SHARE_PER_TECHNOLOGY * 100);
    if (row.rightIsUniqueLongest > MAX_SHARE_PER_TECHNOLOGY * row.questions)
      problems.push(
        `${row.technology}: the right option is the longest in ${share(row.rightIsUniqueLongest, row.questions)}; at most ${limit}%`,
      );
    if (row.rightIsUniqueShortest > MAX_SHARE_PER_TECHNOLOGY * row.questions)
      problems.push(
        `${row.technology}: the right option is the shortest in ${share(row.rightIsUniqueShortest, row.questions)}; at most ${limit}%`,
      );
  }
  const total = rows.reduce((sum, row) => sum + row.questions, 0);
  const longest = rows.reduce((sum, row) => sum + row.rightIsUniqueLongest, 0);
  if (longest > MAX_SHARE_IN_BANK * total)
    problems.push(`the bank: the right option is the longest in ${share(longest, total)}; at most ${Math.round(MAX_SHARE_IN_BANK * 100)}%`);
  return problems;
}
