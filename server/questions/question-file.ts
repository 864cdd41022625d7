import matter from "gray-matter";
import { z } from "zod";
import { KINDS, LEVELS, TECHNOLOGY_SLUGS } from "../../app/lib/technologies";
import { parseSqlTests } from "./sql-tests";

/**
 * Reads one question file (docs/content-format.md, "Questions") into a plain object, or
 * says what is wrong with it as `path:line: problem` (issue #6). Pure: no database, no
 * rendering; the importer and the verifiers both start from here.
 */

export interface CodeBlock {
  lang: string;
  code: string;
  /** 1-based line of the opening fence in the file. */
  line: number;
}

export interface Option {
  text: string;
  correct: boolean;
  line: number;
}

export interface QuestionFile {
  id: string;
  technology: string;
  kind: (typeof KINDS)[number];
  level: (typeof LEVELS)[number];
  title: string;
  tags: string[];
  order: number | null;
  /** Markdown of the sections, as written. */
  prompt: string | null;
  answer: string | null;
  explanation: string | null;
  statement: string | null;
  keyPoints: string[];
  options: Option[] | null;
  code: CodeBlock | null;
  output: string | null;
  outputPostgres: string | null;
  starter: CodeBlock | null;
  solution: CodeBlock | null;
  wrongSolution: CodeBlock | null;
  tests: CodeBlock | null;
  /** Where each section starts, for the verifiers' messages. */
  sectionLines: Record<string, number>;
}

export type ParseResult = { ok: true; question: QuestionFile } | { ok: false; problems: string[] };

const SECTION_KEYS = {
  Question: "prompt",
  Answer: "answer",
  Explanation: "explanation",
  "Key points": "keyPoints",
  Options: "options",
  Code: "code",
  Output: "output",
  "Output (PostgreSQL)": "outputPostgres",
  Statement: "statement",
  Starter: "starter",
  Solution: "solution",
  "Wrong solution": "wrongSolution",
  Tests: "tests",
} as const;
type SectionName = keyof typeof SECTION_KEYS;

const SECTIONS_BY_KIND: Record<QuestionFile["kind"], { required: SectionName[]; optional: SectionName[] }> = {
  theory: { required: ["Answer", "Explanation", "Key points"], optional: ["Question", "Options"] },
  console: { required: ["Code", "Options", "Output", "Explanation"], optional: ["Question", "Output (PostgreSQL)", "Key points"] },
  program: {
    required: ["Statement", "Starter", "Solution", "Wrong solution", "Tests"],
    optional: ["Explanation", "Key points"],
  },
};

export const CODE_LANGUAGES = ["js", "ts", "jsx", "tsx", "c", "cpp", "sql", "swift", "html", "css", "text", "bash", "json"] as const;
const CONSOLE_LANGUAGES = new Set(["js", "ts", "jsx", "c", "cpp", "sql", "html"]);
/** A line of a computed-style output (an `html` console question): `property: value`. */
export const COMPUTED_STYLE_LINE = /^(--[\w-]+|[a-z][a-z-]*): (\S.*)$/;
/** The element whose computed style an `html` console question asks about. */
const TARGET_ID = /\bid\s*=\s*["']?target["'\s>/]/g;
const PROGRAM_LANGUAGES = new Set(["js", "ts", "jsx", "sql"]);

const FrontMatter = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "use lowercase letters, digits and dashes"),
  technology: z.enum(TECHNOLOGY_SLUGS, { message: `must be one of: ${TECHNOLOGY_SLUGS.join(", ")}` }),
  kind: z.enum(KINDS, { message: `must be one of: ${KINDS.join(", ")}` }),
  level: z.enum(LEVELS, { message: `must be one of: ${LEVELS.join(", ")}` }),
  title: z.string().trim().min(8, "must be at least 8 characters").max(160, "must be at most 160 characters"),
  tags: z
    .array(
      z
        .string({ message: 'each tag must be text; quote words YAML reads as something else ("null", "true", "1.5")' })
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "tags use lowercase letters, digits and dashes"),
      {
        message: "must be a list, e.g. [closures, scope]",
      },
    )
    .min(1, "needs at least one tag")
    .max(8, "at most 8 tags")
    .refine((tags) => new Set(tags).size === tags.length, "a tag appears twice"),
  order: z.number().int().min(0).max(100_000).optional(),
});

const LIMITS = { answer: 600, codeLines: 25, minTests: 5 };

export function parseQuestionFile(filePath: string, text: string, expected: { id: string; technology: string }): ParseResult {
  const problems: string[] = [];
  const at = (line: number, problem: string) => problems.push(`${filePath}:${line}: ${problem}`);
  const lines = text.replace(/\r\n?/g, "\n").split("\n");

  if (lines[0] !== "---") return { ok: false, problems: [`${filePath}:1: the file must start with front matter (---)`] };
  const fmEnd = lines.indexOf("---", 1);
  if (fmEnd < 0) return { ok: false, problems: [`${filePath}:1: the front matter is not closed with ---`] };
  const keyLine = (key: string) => {
    const index = lines.slice(1, fmEnd).findIndex((l) => l.startsWith(`${key}:`));
    return index < 0 ? 1 : index + 2;
  };

  let data: unknown;
  try {
    data = matter(text).data;
  } catch (error) {
    const mark = (error as { mark?: { line?: number } }).mark;
    return { ok: false, problems: [`${filePath}:${(mark?.line ?? 0) + 2}: the front matter is not valid YAML`] };
  }
  const front = FrontMatter.safeParse(data);
  if (!front.success) {
    for (const issue of front.error.issues) {
      const key = String(issue.path[0] ?? "");
      at(key ? keyLine(key) : 1, key ? `${key}: ${issue.message}` : issue.message);
    }
    return { ok: false, problems };
  }
  const meta = front.data;
  if (meta.id !== expected.id) at(keyLine("id"), `id: must equal the file name (${expected.id})`);
  if (meta.technology !== expected.technology) at(keyLine("technology"), `technology: must equal the folder name (${expected.technology})`);

  // Sections: "## Name" outside code fences.
  const sections = new Map<string, { line: number; body: string[]; bodyStart: number }>();
  let current: { line: number; body: string[]; bodyStart: number } | null = null;
  let fence: string | null = null;
  for (let i = fmEnd + 1; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      if (!fence) fence = fenceMatch[1]!;
      else if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, "") === "") fence = null;
    }
    const heading = !fence && !fenceMatch ? /^## (.+?)\s*$/.exec(line) : null;
    if (heading) {
      const name = heading[1]!;
      if (sections.has(name)) at(i + 1, `the section "${name}" appears twice`);
      current = { line: i + 1, body: [], bodyStart: i + 2 };
      sections.set(name, current);
    } else if (current) current.body.push(line);
    else if (line.trim()) {
      at(i + 1, 'text before the first section; start with a "## " heading');
      current = { line: i + 1, body: [], bodyStart: i + 2 };
    }
  }
  if (fence) at(lines.length, "a code block is not closed");

  const allowed = SECTIONS_BY_KIND[meta.kind];
  for (const [name, section] of sections) {
    if (!(name in SECTION_KEYS)) at(section.line, `unknown section "${name}"`);
    else if (![...allowed.required, ...allowed.optional].includes(name as SectionName))
      at(section.line, `a ${meta.kind} question has no "${name}" section`);
  }
  for (const name of allowed.required) {
    if (!sections.has(name)) at(fmEnd + 1, `missing section "## ${name}"`);
  }

  const question: QuestionFile = {
    id: meta.id,
    technology: meta.technology,
    kind: meta.kind,
    level: meta.level,
    title: meta.title,
    tags: meta.tags,
    order: meta.order ?? null,
    prompt: null,
    answer: null,
    explanation: null,
    statement: null,
    keyPoints: [],
    options: null,
    code: null,
    output: null,
    outputPostgres: null,
    starter: null,
    solution: null,
    wrongSolution: null,
    tests: null,
    sectionLines: {},
  };

  for (const [name, section] of sections) {
    const key = SECTION_KEYS[name as SectionName];
    if (!key) continue;
    question.sectionLines[name] = section.line;
    const body = trimBlank(section.body);
    if (!body.length) {
      at(section.line, `the section "${name}" is empty`);
      continue;
    }
    switch (key) {
      case "prompt":
      case "answer":
      case "explanation":
      case "statement":
        question[key] = body.join("\n");
        break;
      case "keyPoints": {
        const items = listItems(section.body, section.bodyStart, at);
        if (items.length < 3 || items.length > 6) at(section.line, `"Key points" needs 3 to 6 list items (found ${items.length})`);
        question.keyPoints = items.map((item) => item.text);
        break;
      }
      case "options":
        question.options = parseOptions(section.body, section.bodyStart, section.line, at);
        break;
      case "output":
      case "outputPostgres": {
        const block = onlyCodeBlock(section.body, section.bodyStart, section.line, name, at);
        if (block && block.lang !== "text") at(block.line, `"${name}" must be a \`\`\`text block`);
        if (block) question[key] = block.code;
        break;
      }
      case "code":
      case "starter":
      case "solution":
      case "wrongSolution":
      case "tests": {
        const block = onlyCodeBlock(section.body, section.bodyStart, section.line, name, at);
        if (block && !(CODE_LANGUAGES as readonly string[]).includes(block.lang))
          at(block.line, `unknown code language "${block.lang}"; use one of: ${CODE_LANGUAGES.join(", ")}`);
        if (block) question[key] = block;
        break;
      }
    }
  }

  checkKindRules(question, at);
  return problems.length ? { ok: false, problems } : { ok: true, question };
}

type At = (line: number, problem: string) => void;

function checkKindRules(q: QuestionFile, at: At) {
  const line = (name: string) => q.sectionLines[name] ?? 1;
  if (q.answer && q.answer.length > LIMITS.answer)
    at(line("Answer"), `the answer is ${q.answer.length} characters; keep it to ${LIMITS.answer} (details go in the explanation)`);
  if (q.kind === "console" && q.code) {
    if (!CONSOLE_LANGUAGES.has(q.code.lang))
      at(q.code.line, `console code must be one of: ${[...CONSOLE_LANGUAGES].join(", ")} (found "${q.code.lang}")`);
    const count = q.code.code.split("\n").length;
    if (count > LIMITS.codeLines) at(q.code.line, `the code has ${count} lines; keep it to ${LIMITS.codeLines}`);
    if (q.outputPostgres !== null && q.code.lang !== "sql")
      at(line("Output (PostgreSQL)"), '"Output (PostgreSQL)" is for SQL questions only');
    if (q.code.lang === "html") checkComputedStyleQuestion(q, at);
    if (q.options && q.output !== null) {
      const correct = q.options.find((o) => o.correct);
      // An SQL option is the rows, without the header line of column names.
      const expected = q.code.lang === "sql" ? q.output.split("\n").slice(1).join("\n") : q.output;
      if (correct && correct.text !== expected)
        at(correct.line, `the checked option does not equal the output${q.code.lang === "sql" ? " rows" : ""}`);
    }
  }
  if (q.kind === "program") {
    const blocks = [q.starter, q.solution, q.wrongSolution, q.tests].filter((b): b is CodeBlock => Boolean(b));
    for (const block of blocks) {
      if (!PROGRAM_LANGUAGES.has(block.lang)) at(block.line, `program code must be one of: ${[...PROGRAM_LANGUAGES].join(", ")}`);
    }
    if (new Set(blocks.map((b) => b.lang)).size > 1)
      at(blocks[0]!.line, "starter, solution, wrong solution and tests must use one language");
    if (q.tests?.lang === "sql") checkSqlTests(q.tests, at);
    else if (q.tests) {
      const count = (q.tests.code.match(/(^|[^\w.])test\(/g) ?? []).length;
      if (count < LIMITS.minTests) at(q.tests.line, `needs at least ${LIMITS.minTests} tests (found ${count})`);
    }
    if (q.solution && q.wrongSolution && q.solution.code.trim() === q.wrongSolution.code.trim())
      at(q.wrongSolution.line, "the wrong solution is the same as the solution");
  }
}

/** SQL challenge tests (docs/content-format.md, "SQL challenges"): `-- test:` sections, each ending in its expected rows. */
function checkSqlTests(tests: CodeBlock, at: At) {
  const { tests: parsed } = parseSqlTests(tests.code);
  if (parsed.length < LIMITS.minTests)
    at(tests.line, `needs at least ${LIMITS.minTests} tests (found ${parsed.length} "-- test:" sections)`);
  const names = new Set<string>();
  for (const test of parsed) {
    if (names.has(test.name)) at(tests.line, `two tests are named "${test.name}"`);
    names.add(test.name);
    if (!test.header) at(tests.line, `the test "${test.name}" needs an "-- expect:" block: a header line of column names, then the rows`);
    else if (test.rows.some((row) => row.length !== test.header!.length))
      at(tests.line, `the test "${test.name}" has a row whose number of values differs from its header's`);
    if (test.afterExpect) at(tests.line, `the test "${test.name}" has statements after its "-- expect:" block; put them before it`);
  }
}

/** An `html` console question asks for computed styles of the one element with id="target". */
function checkComputedStyleQuestion(q: QuestionFile, at: At) {
  const targets = q.code!.code.match(TARGET_ID)?.length ?? 0;
  if (targets !== 1) at(q.code!.line, `the HTML needs exactly one element with id="target" (found ${targets})`);
  if (q.output === null) return;
  const bad = q.output.split("\n").find((line) => !COMPUTED_STYLE_LINE.test(line));
  if (bad !== undefined)
    at(q.sectionLines.Output ?? 1, `"${bad}": each output line is "property: value", a computed style of #target (e.g. "width: 120px")`);
}

function trimBlank(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && !lines[start]!.trim()) start++;
  while (end > start && !lines[end - 1]!.trim()) end--;
  return lines.slice(start, end);
}

/** Fenced blocks at the left margin (or at `indent`), with their language and line. */
function codeBlocks(lines: string[], firstLine: number, indent = 0): { blocks: CodeBlock[]; outside: number[] } {
  const blocks: CodeBlock[] = [];
  const outside: number[] = [];
  const pad = " ".repeat(indent);
  for (let i = 0; i < lines.length; i++) {
    const open = new RegExp(`^${pad}(\`{3,}|~{3,})\\s*([\\w+-]*)\\s*$`).exec(lines[i]!);
    if (!open) {
      if (lines[i]!.trim()) outside.push(firstLine + i);
      continue;
    }
    const marker = open[1]!;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && lines[j]!.trim() !== marker) {
      body.push(lines[j]!.startsWith(pad) ? lines[j]!.slice(indent) : lines[j]!.trimStart());
      j++;
    }
    blocks.push({ lang: open[2] ?? "", code: body.join("\n"), line: firstLine + i });
    i = j;
  }
  return { blocks, outside };
}

function onlyCodeBlock(lines: string[], firstLine: number, sectionLine: number, name: string, at: At): CodeBlock | null {
  const { blocks, outside } = codeBlocks(lines, firstLine);
  if (blocks.length !== 1) {
    at(sectionLine, `"${name}" must hold exactly one code block (found ${blocks.length})`);
    return null;
  }
  if (outside.length) at(outside[0]!, `"${name}" must hold only its code block`);
  const block = blocks[0]!;
  if (!block.lang) at(block.line, "give the code block a language, e.g. ```js");
  return block;
}

interface ListItem {
  text: string;
  lines: string[];
  line: number;
}

/** "- item" entries with their indented continuation lines. */
function listItems(lines: string[], firstLine: number, at: At): ListItem[] {
  const items: ListItem[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^[-*] /.test(line)) items.push({ text: line.slice(2).trim(), lines: [], line: firstLine + i });
    else if (items.length && (line.startsWith("  ") || !line.trim())) items.at(-1)!.lines.push(line);
    else if (line.trim()) at(firstLine + i, 'expected a list item ("- …")');
  }
  for (const item of items) {
    item.lines = trimBlank(item.lines);
    if (item.lines.length && !/^\s*(`{3,}|~{3,})/.test(item.lines[0]!))
      item.text = [item.text, ...item.lines.map((l) => l.trim())].join(" ").trim();
  }
  return items;
}

function parseOptions(lines: string[], firstLine: number, sectionLine: number, at: At): Option[] | null {
  const items = listItems(lines, firstLine, at);
  const options: Option[] = [];
  for (const item of items) {
    const task = /^\[( |x|X)\]\s*(.*)$/.exec(item.text);
    if (!task) {
      at(item.line, 'an option is a task-list item: "- [ ] …" or "- [x] …"');
      continue;
    }
    let text = task[2]!.trim();
    if (item.lines.length && /^\s*(`{3,}|~{3,})/.test(item.lines[0]!)) {
      const { blocks } = codeBlocks(item.lines, item.line + 1, 2);
      if (text || blocks.length !== 1) at(item.line, "an option is either one line of text or one indented code block");
      text = blocks[0]?.code ?? text;
    } else {
      const quoted = /^`([^`]+)`$/.exec(text) ?? /^``\s?(.+?)\s?``$/.exec(text);
      if (quoted) text = quoted[1]!;
    }
    if (!text) at(item.line, "the option is empty");
    options.push({ text, correct: task[1] !== " ", line: item.line });
  }
  if (options.length !== 4) at(sectionLine, `"Options" needs exactly 4 options (found ${options.length})`);
  const checked = options.filter((o) => o.correct).length;
  if (checked !== 1) at(sectionLine, `exactly one option must be checked with [x] (found ${checked})`);
  if (new Set(options.map((o) => o.text)).size !== options.length) at(sectionLine, "two options are the same");
  return options;
}
