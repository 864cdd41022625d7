// Prints, per technology, how often a theory question's right option is the longest or the
// shortest of its four (CONTENT.md, "Fair multiple choice"), and what breaks the limits.
// npx vite-node --config vitest.config.ts scripts/option-balance.ts
import path from "node:path";
import { optionBalance, optionBalanceProblems } from "../server/questions/option-balance";
import { parseQuestionBank, readQuestionFolder } from "../server/questions/question-import";

const folder = path.resolve(import.meta.dirname, "../content/questions");
const { files, problems } = readQuestionFolder(folder);
const { parsed } = parseQuestionBank(files, problems);
const rows = optionBalance(parsed.map((p) => p.question));
const percent = (count: number, of: number) => `${String(Math.round((100 * count) / of)).padStart(3)}%`;
console.log("technology     questions  right is longest  right is shortest");
for (const row of rows)
  console.log(
    `${row.technology.padEnd(14)} ${String(row.questions).padStart(9)}  ${String(row.rightIsUniqueLongest).padStart(10)} ${percent(row.rightIsUniqueLongest, row.questions)}  ${String(row.rightIsUniqueShortest).padStart(11)} ${percent(row.rightIsUniqueShortest, row.questions)}`,
  );
const total = rows.reduce((sum, row) => sum + row.questions, 0);
const longest = rows.reduce((sum, row) => sum + row.rightIsUniqueLongest, 0);
console.log(`${"all".padEnd(14)} ${String(total).padStart(9)}  ${String(longest).padStart(10)} ${percent(longest, total)}`);
const found = optionBalanceProblems(rows);
for (const problem of found) console.log(`✗ ${problem}`);
if (found.length === 0) console.log("✓ within the limits");
process.exitCode = found.length ? 1 : 0;
