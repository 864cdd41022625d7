// `npm run bench:grader`: grades both labelled sets of tests/fixtures/interview with the built-in
// interviewer's grader and prints issue #34's figures for each: how often each kind of answer
// passes (≥ 70), how often a true partial answer ranks above a fluent wrong one to the same
// question, how often the bank's own short answer passes, and (issue #13) how often pairs of
// answers are ordered as a strict interviewer would. The tuning set ("labelled") is the one the
// grader may be tuned on; the held-out set never is. `-- --misordered` lists the tuning set's
// mistakes (never the held-out set's: reading them would be tuning on it).
import path from "node:path";
import { gradeAnswer } from "../server/interview/grader";
import { parseQuestionBank, readQuestionFolder } from "../server/questions/question-import";
import { type LabelledSet, PASS, fairness, gradeLabelledSet, gradedQuestion } from "../tests/support/grader-set";

const pct = (a: number, b: number) => `${a}/${b} (${b ? ((100 * a) / b).toFixed(1) : "–"}%)`;
let failed = false;

for (const set of ["labelled", "held-out"] as LabelledSet[]) {
  const { graded, pairs, ordered, misordered } = gradeLabelledSet(set);
  const figures = fairness(graded);
  console.log(
    `\n== ${set === "labelled" ? "tuning set (tests/fixtures/interview/labelled-answers.json)" : "held-out set (held-out-answers.json)"}`,
  );
  console.log(
    `${graded.length} answers to ${new Set(graded.map((g) => g.questionId)).size} questions in ${new Set(graded.map((g) => g.technology)).size} technologies`,
  );
  console.log("label          answers  mean score  min  max  passing (≥ 70)");
  for (const [label, { passed, total }] of Object.entries(figures.labels)) {
    const scores = graded.filter((g) => g.label === label).map((g) => g.grade.score);
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    console.log(
      `${label.padEnd(14)} ${String(total).padStart(7)}  ${mean.toFixed(1).padStart(10)}  ${String(Math.min(...scores)).padStart(3)}  ${String(Math.max(...scores)).padStart(3)}  ${pct(passed, total)}`,
    );
  }
  const own = figures.labels.paraphrased ?? { passed: 0, total: 0 };
  const wrong = figures.labels.wrong ?? { passed: 0, total: 0 };
  const { above, questions } = figures.partialAboveWrong;
  const model = figures.modelAnswer;
  console.log(`correct in own words passing:      ${pct(own.passed, own.total)}   target ≥ 85%`);
  console.log(`fluent wrong passing:              ${pct(wrong.passed, wrong.total)}   target ≤ 10%`);
  console.log(`partial above wrong (questions):   ${pct(above, questions)}   target ≥ 75%`);
  console.log(`the bank's short answer passing:   ${pct(model.passed, model.questions)}   target ≥ 90%`);
  console.log(`ordered pairs: ${pct(ordered, pairs)}`);
  if (set === "labelled" && process.argv.includes("--misordered"))
    for (const [a, b] of misordered) console.log(`  ${a.questionId}: ${a.label} ${a.grade.score} ≤ ${b.label} ${b.grade.score}`);
  if (set === "held-out")
    failed =
      own.passed < 0.85 * own.total ||
      wrong.passed > 0.1 * wrong.total ||
      above < 0.75 * questions ||
      model.passed < 0.9 * model.questions ||
      PASS !== 70;
}

// Every theory question's own short answer, graded as a candidate's answer would be.
const bank = parseQuestionBank(readQuestionFolder(path.resolve(import.meta.dirname, "../content/questions")).files).parsed;
let theory = 0;
let passing = 0;
for (const { question } of bank) {
  if (question.kind !== "theory") continue;
  const graded = gradedQuestion(question);
  theory++;
  if (gradeAnswer(graded.modelAnswer, graded).score >= PASS) passing++;
}
console.log(`\nthe whole bank: its own short answer passing in ${pct(passing, theory)} theory questions`);
process.exitCode = failed ? 1 : 0;
