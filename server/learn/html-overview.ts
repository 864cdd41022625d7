import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { z } from "zod";
import type { Services } from "../services";
import { renderCode, renderQuestionMarkdown } from "../questions/render";

/**
 * The HTML overview (/htmloverview, issue #7) from content/html-overview.md: sections of
 * prose, each with one live example (a ```html example block). Read and rendered once per
 * process; a file that breaks the format is reported with its line.
 */

export interface OverviewSection {
  slug: string;
  title: string;
  html: string;
  example: { source: string; html: string };
}

export interface HtmlOverview {
  title: string;
  description: string;
  sections: OverviewSection[];
}

const Front = z.object({ title: z.string().min(3), description: z.string().min(20).max(160) });

export function parseHtmlOverview(file: string, text: string): HtmlOverview {
  const problems: string[] = [];
  const parsed = matter(text);
  const front = Front.safeParse(parsed.data);
  if (!front.success)
    problems.push(`${file}:1: front matter: ${front.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  const offset = text.slice(0, text.length - parsed.content.length).split("\n").length - 1;
  const lines = parsed.content.split("\n");
  const sections: { slug: string; title: string; line: number; body: string[] }[] = [];
  let fence = false;
  lines.forEach((line, i) => {
    if (/^```/.test(line)) fence = !fence;
    const heading = !fence ? /^## (.+?) \{#([a-z0-9-]+)\}\s*$/.exec(line) : null;
    if (heading) sections.push({ title: heading[1]!, slug: heading[2]!, line: offset + i + 1, body: [] });
    else if (!fence && /^## /.test(line)) problems.push(`${file}:${offset + i + 1}: a section heading needs an id: "## Title {#slug}"`);
    else sections.at(-1)?.body.push(line);
  });
  const result: OverviewSection[] = [];
  for (const section of sections) {
    const body = section.body.join("\n");
    const examples = [...body.matchAll(/^```html example\n([\s\S]*?)^```$/gm)];
    if (examples.length !== 1) {
      problems.push(
        `${file}:${section.line}: the section "${section.title}" needs exactly one \`\`\`html example block (found ${examples.length})`,
      );
      continue;
    }
    const source = examples[0]![1]!.replace(/\n$/, "");
    const prose = body.replace(examples[0]![0], "").trim();
    result.push({
      slug: section.slug,
      title: section.title,
      html: renderQuestionMarkdown(prose),
      example: { source, html: renderCode(source, "html") },
    });
  }
  if (new Set(result.map((s) => s.slug)).size !== result.length) problems.push(`${file}:1: two sections share an id`);
  if (!result.length && !problems.length) problems.push(`${file}:1: no sections`);
  if (problems.length) {
    const error = new Error(`The HTML overview is invalid:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    error.name = "ContentError";
    throw error;
  }
  return { title: front.data!.title, description: front.data!.description, sections: result };
}

let cached: { file: string; overview: HtmlOverview } | null = null;

export function htmlOverview(services: Pick<Services, "config">): HtmlOverview | null {
  const file = path.join(services.config.contentDir, "html-overview.md");
  if (cached?.file === file) return cached.overview;
  if (!fs.existsSync(file)) return null;
  const overview = parseHtmlOverview(file, fs.readFileSync(file, "utf8"));
  cached = { file, overview };
  return overview;
}
