// `npm run bench:grader`: grades the labelled answers of tests/fixtures/interview with the
// built-in interviewer's grader and prints how often it orders them as a strict interviewer
// would (issue #13's target: at least 90% of pairs), the mean score per label, and each
// pair it gets wrong.
// `npm run bench:grader -- held-out` grades the held-out set instead (never used to tune the grader).
import { type LabelledSet, gradeLabelledSet, orderedPairs } from "../tests/support/grader-set";

const set: LabelledSet = process.argv.includes("held-out") ? "held-out" : "labelled";
const { graded, pairs, ordered, misordered } = gradeLabelledSet(set);
console.log(`set: ${set}`);
const labels = [...new Set(graded.map((g) => g.label))];
console.log(
  `${graded.length} answers to ${new Set(graded.map((g) => g.questionId)).size} questions in ${new Set(graded.map((g) => g.technology)).size} technologies`,
);
console.log("\nlabel          answers  mean score  min  max");
for (const label of labels) {
  const scores = graded.filter((g) => g.label === label).map((g) => g.grade.score);
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  console.log(
    `${label.padEnd(14)} ${String(scores.length).padStart(7)}  ${mean.toFixed(1).padStart(10)}  ${String(Math.min(...scores)).padStart(3)}  ${String(Math.max(...scores)).padStart(3)}`,
  );
}
console.log(`\nordered pairs: ${ordered} of ${pairs} (${((100 * ordered) / pairs).toFixed(1)}%; target ≥ 90%)`);
for (const label of ["complete", "paraphrased", "partial"]) {
  const part = orderedPairs(graded, [label]);
  console.log(`  with a ${label} answer above: ${part.ordered} of ${part.pairs} (${((100 * part.ordered) / part.pairs).toFixed(1)}%)`);
}
for (const [a, b] of misordered) console.log(`  ${a.questionId}: ${a.label} ${a.grade.score} ≤ ${b.label} ${b.grade.score}`);
process.exitCode = ordered / pairs >= 0.9 ? 0 : 1;
