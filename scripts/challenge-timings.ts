// `npm run bench:challenges`: how long each JavaScript/TypeScript challenge's reference
// solution takes on its slowest test, and whether its wrong solution fails by running out
// of time. Every test has 2 s in the browser and in the verifier, so a reference that needs
// more than a few hundred milliseconds here risks failing on a slow phone or a busy CI
// machine. Runs one challenge at a time (no other load), in Node, with the verifier's runner.
// Options: a technology slug (e.g. `dsa`) to limit the run; --all to list every challenge.
import path from "node:path";
import { parseQuestionBank, readQuestionFolder } from "../server/questions/question-import";
import { runProgramTests } from "../tests/support/question-verifier";

const RISKY_MS = 500;
const args = process.argv.slice(2);
const only = args.find((a) => !a.startsWith("--"));
const folder = path.resolve(import.meta.dirname, "../content/questions");
const { files, problems } = readQuestionFolder(folder);
const { parsed } = parseQuestionBank(files, problems);
const challenges = parsed
  .map((p) => p.question)
  .filter((q) => q.kind === "program" && q.tests && q.tests.lang !== "sql" && (!only || q.technology === only));

let risky = 0;
const rows: string[] = [];
for (const q of challenges) {
  const reference = await runProgramTests(q.solution!, q.tests!);
  const wrong = await runProgramTests(q.wrongSolution!, q.tests!, 20_000);
  const slowest = "results" in reference ? Math.max(0, ...reference.results.map((r) => r.ms ?? Infinity)) : Infinity;
  const wrongFailure =
    "error" in wrong
      ? "stopped at 20 s"
      : (wrong.results.find((r) => !r.passed)?.message ?? "passes").replace(/^(Took \d+ ms).*/, "$1").slice(0, 40);
  if (slowest > RISKY_MS) risky++;
  if (slowest > RISKY_MS || args.includes("--all"))
    rows.push(`${`${q.technology}/${q.id}`.padEnd(64)} ${String(Math.round(slowest)).padStart(6)} ms   wrong: ${wrongFailure}`);
}
console.log(rows.join("\n"));
console.log(`${challenges.length} challenges; ${risky} with a reference test slower than ${RISKY_MS} ms (limit 2000 ms per test)`);
