// Part of `npm run bench` (issue #6): importing 1,000 question files, server rendering of a
// 100-question list page and of a question page, and search latency over 2,000 questions.
// The questions are generated here (valid files, varied words); the bank's own content is
// not used, so the figures do not change as the bank grows.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startServer } from "./bench-server.js";
import { percentile } from "./measure.js";

const WORDS = (
  "closure scope hoisting prototype promise microtask event loop iterator generator proxy reflect module bundle " +
  "render reconcile fiber hook effect memo suspense transition server action cache route middleware hydrate " +
  "stream buffer worker thread cluster socket query index join transaction isolation lock replica shard vacuum " +
  "planner cursor window partition grid flex cascade specificity layer container selector semantic landmark " +
  "focus aria canvas swift optional actor protocol generic pointer reference template allocator vector queue " +
  "stack heap graph tree trie hash sort search binary dynamic greedy recursion memory garbage weak symbol"
).split(" ");
const TECHS = ["javascript", "typescript", "react", "dbms"];

/** A deterministic pseudo-random sequence, so every run generates the same bank. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function questionFile(n, rand) {
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)];
  const words = Array.from({ length: 5 }, pick);
  // Question 0–299 of javascript are beginner theory: one list page of 100 and more.
  const technology = n < 300 ? "javascript" : TECHS[n % TECHS.length];
  const kind = n < 300 ? "theory" : ["theory", "console", "program"][n % 3];
  const level = n < 300 ? "beginner" : ["beginner", "advance", "expert"][Math.floor(n / 3) % 3];
  const id = `bench-${String(n).padStart(5, "0")}`;
  const title = `Q${n}: how does ${words[0]} ${words[1]} relate to ${words[2]} ${words[3]} and ${words[4]}?`;
  const prose = Array.from({ length: 40 }, pick).join(" ");
  const head = `---\nid: ${id}\ntechnology: ${technology}\nkind: ${kind}\nlevel: ${level}\ntitle: "${title}"\ntags: [${[...new Set([words[0], words[2]])].join(", ")}]\n---\n\n`;
  if (kind === "theory")
    return {
      technology,
      id,
      text: `${head}## Answer\n\n${words.join(" ")} explained in a sentence.\n\n## Explanation\n\n${prose}\n\n\`\`\`js\nconst ${words[0]} = () => "${words[1]}";\n\`\`\`\n\n## Key points\n\n- ${words[0]}\n- ${words[1]}\n- ${words[2]}\n`,
    };
  if (kind === "console")
    return {
      technology,
      id,
      text: `${head}## Code\n\n\`\`\`js\nconst values = [${n}, ${n + 1}];\nconsole.log(values.map((v) => v * 2).join(" "));\n\`\`\`\n\n## Options\n\n- [x] \`${n * 2} ${n * 2 + 2}\`\n- [ ] \`${n} ${n + 1}\`\n- [ ] \`NaN\`\n- [ ] \`undefined\`\n\n## Output\n\n\`\`\`text\n${n * 2} ${n * 2 + 2}\n\`\`\`\n\n## Explanation\n\n${prose}\n`,
    };
  const tests = Array.from({ length: 5 }, (_, i) => `test("case ${i}", () => assert.equal(double(${i}), ${i * 2}));`).join("\n");
  return {
    technology,
    id,
    text: `${head}## Statement\n\nDouble a number. ${prose}\n\n## Starter\n\n\`\`\`js\nfunction double(x) {}\n\`\`\`\n\n## Solution\n\n\`\`\`js\nfunction double(x) {\n  return x * 2;\n}\n\`\`\`\n\n## Wrong solution\n\n\`\`\`js\nfunction double(x) {\n  return x + 2;\n}\n\`\`\`\n\n## Tests\n\n\`\`\`js\n${tests}\n\`\`\`\n`,
  };
}

/** `count` generated question files under folder/questions (300 JavaScript beginner theory among the first). */
export function writeBank(folder, count) {
  const rand = random(42);
  for (let n = 0; n < count; n++) {
    const file = questionFile(n, rand);
    fs.mkdirSync(path.join(folder, "questions", file.technology), { recursive: true });
    fs.writeFileSync(path.join(folder, "questions", file.technology, `${file.id}.md`), file.text);
  }
}

function run(url, duration, connections) {
  return new Promise((resolve, reject) => autocannon({ url, duration, connections }, (e, r) => (e ? reject(e) : resolve(r))));
}

export async function benchQuestions({ root, port, duration, connections }) {
  const main = await import(path.join(root, "build/server/index.js"));
  const lines = [];

  // 1. Import 1,000 files into a fresh SQLite database; then again, unchanged.
  const importDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-bench-import-"));
  writeBank(path.join(importDir, "content"), 1_000);
  const services = await main.openServices(
    { ...process.env, DATA_DIR: importDir, DATABASE_URL: "", LOG_LEVEL: "silent", CONTENT_DIR: path.join(importDir, "content") },
    { importContent: false },
  );
  try {
    for (const label of ["first import", "unchanged, second import"]) {
      const started = performance.now();
      const summary = await main.importQuestions(services, path.join(importDir, "content", "questions"));
      lines.push(
        `import of 1,000 questions (${label}): ${((performance.now() - started) / 1000).toFixed(2)} s (${summary.added} added, ${summary.unchanged} unchanged)`,
      );
    }
  } finally {
    await main.closeServices(services);
    fs.rmSync(importDir, { recursive: true, force: true });
  }

  // 2. A server with 2,000 questions (imported on start).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-bench-questions-"));
  writeBank(path.join(dataDir, "content"), 2_000);
  const server = await startServer({ root, port, dataDir, env: { CONTENT_DIR: path.join(dataDir, "content") } });
  const table = [];
  try {
    const { base } = server;
    const listHtml = await (await fetch(`${base}/javascript-questions?kind=theory&level=beginner`)).text();
    const shown = (listHtml.match(/class="question-item"/g) ?? []).length;
    const targets = {
      [`list page (${shown} questions)`]: "/javascript-questions?kind=theory&level=beginner",
      "question page": "/javascript-questions/bench-00150",
      "API search (one query)": "/api/questions/search?q=promise%20micro",
    };
    for (const [name, target] of Object.entries(targets)) {
      await run(base + target, 2, connections);
      const r = await run(base + target, duration, connections);
      table.push([name, r.requests.average, r.latency.p50, r.latency.p99, r.errors + r.timeouts + r.non2xx]);
    }
    // Search latency as one user sees it: 400 different queries, one at a time.
    const rand = random(7);
    const times = [];
    for (let i = 0; i < 400; i++) {
      const words = Array.from({ length: 1 + (i % 3) }, () => WORDS[Math.floor(rand() * WORDS.length)]);
      const query = encodeURIComponent(`${words.join(" ")}`.slice(0, -1 - (i % 2)));
      const started = performance.now();
      const response = await fetch(`${base}/api/questions/search?q=${query}`);
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    lines.push(
      `search over 2,000 questions, 400 varied queries one at a time: p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(`\nQuestion bank (${connections} connections, ${duration} s each; SQLite)\n`);
  console.log("target".padEnd(44), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8), "errors".padStart(7));
  for (const [name, rps, p50, p99, errors] of table)
    console.log(name.padEnd(44), rps.toFixed(0).padStart(8), String(p50).padStart(8), String(p99).padStart(8), String(errors).padStart(7));
  console.log("");
  for (const line of lines) console.log(line);
}
