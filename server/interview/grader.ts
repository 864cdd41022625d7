import { stemmer } from "stemmer";

/**
 * The built-in interviewer's grader (issue #13): scores a free-text answer against a
 * question's key points by text matching that tolerates wording, and says why.
 *
 * For each key point: its content words are normalised (lowercase, Unicode NFKC, split at
 * punctuation and camelCase boundaries kept whole), stemmed (Porter, the `stemmer` package),
 * and mapped through a small synonym table, then looked for in the answer, one window of up
 * to three sentences at a time. A key point counts as covered when enough of its weighted words
 * appear close together; technical words (code, identifiers, long words) weigh more, generic
 * ones and words already in the question less. Pairs of the key point's words found near each
 * other in the answer (a phrase, or a near-phrase within a few words) add to the match; a
 * negation on one side only takes from it. The window that matched best is quoted as the
 * evidence, so every score can be explained with the candidate's own words.
 *
 * Deterministic and offline. It cannot understand an argument, so it is tuned to rank answers
 * (complete above partial above wrong or off-topic), not to read minds; the labelled set in
 * tests/fixtures/interview measures how often it gets that order right.
 */

export interface KeyPointGrade {
  index: number;
  /** The key point as plain text. */
  text: string;
  covered: boolean;
  /** 0–1: how much of the key point the best part of the answer matched. */
  strength: number;
  /** The candidate's words that earned it (the best window), or null when nothing matched. */
  evidence: string | null;
}

export interface AnswerGrade {
  /** 0–100. */
  score: number;
  keyPoints: KeyPointGrade[];
  /** Why the score was lowered as a whole, if it was (e.g. a list of keywords without sentences). */
  penalty: string | null;
}

/** A key point counts as covered from this strength on. */
export const COVERED = 0.5;

const STOP_WORDS = new Set(
  (
    "a an the and or but if then else of to in on at by for with from into onto over under as is are was were be been being " +
    "it its this that these those there here which who whom whose what when where why how than so such very just also too " +
    "i you he she we they me him her us them my your our their mine yours do does did done doing have has had having will " +
    "would shall should may might must can could about after before again all any both each few more most other some same " +
    "own only up down out off once while until because through during above below between against per via etc eg ie like " +
    "get gets got make makes made thing things way ways use uses used using one two lot lots really basically actually"
  ).split(" "),
);

const NEGATIONS = new Set([
  "not",
  "no",
  "never",
  "cannot",
  "cant",
  "without",
  "neither",
  "nor",
  "none",
  "nothing",
  "non",
  "isnt",
  "doesnt",
  "dont",
  "wont",
  "arent",
  "wasnt",
  "shouldnt",
  "mustnt",
  "didnt",
  "unable",
]);

/** Words a key point often contains that say little on their own. */
const WEAK = new Set([
  "valu",
  "code",
  "work",
  "requir",
  "invok",
  "new",
  "time",
  "case",
  "result",
  "differ",
  "kind",
  "type",
  "mutat",
  "run",
  "data",
  "good",
  "better",
  "give",
  "take",
  "keep",
]);

/** Stems that mean the same in an interview answer; each maps to the group's first. */
const SYNONYMS: string[][] = [
  ["function", "fn", "func", "method"],
  ["paramet", "argument", "arg", "param"],
  ["error", "except", "failur"],
  ["remov", "delet", "drop"],
  ["creat", "build", "construct", "instanti"],
  ["start", "begin", "kick", "launch"],
  ["stop", "halt", "cancel", "abort", "termin"],
  ["run", "execut"],
  ["invok", "call"],
  ["store", "save", "persist", "cach", "memoiz"],
  ["mutat", "modifi", "chang", "updat", "alter"],
  ["copi", "clone", "duplic"],
  ["ident", "equal", "same"],
  ["wait", "await", "paus"],
  ["fetch", "load", "download", "retriev"],
  ["row", "record", "tupl"],
  ["column", "field"],
  ["db", "databas"],
  ["object", "obj"],
  ["string", "str"],
  ["async", "asynchron"],
  ["sync", "synchron"],
  ["fast", "quick", "speedi", "cheap"],
  ["slow", "expens", "costli"],
  ["big", "larg", "huge"],
  ["small", "tini", "littl"],
  ["reus", "share"],
  ["older", "previou", "earlier", "prior", "old"],
  ["rerend", "re-rend"],
  ["trigger", "caus", "fire"],
  ["exist", "present", "avail"],
  ["requir", "need", "must"],
  ["prevent", "avoid", "block", "stop"],
  ["allow", "let", "permit", "enabl"],
  ["element", "node", "tag"],
  ["style", "css"],
  ["count", "number", "tally"],
  ["order", "sequenc", "sort"],
  ["scope", "visibl"],
  ["memori", "ram", "heap"],
  ["error", "throw", "reject"],
];
const CANONICAL = new Map<string, string>();
for (const group of SYNONYMS) for (const stem of group) if (!CANONICAL.has(stem)) CANONICAL.set(stem, group[0]!);

interface Token {
  term: string;
  /** Came from code, an identifier, or a long word: worth more. */
  technical: boolean;
  negation: boolean;
  sentence: number;
  position: number;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

/** Plain text of a key point's inline HTML, with the code spans marked as technical. */
function fromHtml(html: string): { text: string; code: Set<string> } {
  const code = new Set<string>();
  for (const match of html.matchAll(/<code>([\s\S]*?)<\/code>/g)) for (const word of words(decodeEntities(match[1]!))) code.add(word);
  return { text: decodeEntities(html.replace(/<[^>]+>/g, "")).trim(), code };
}

function words(text: string): string[] {
  return text.normalize("NFKC").match(/[\p{L}\p{N}_$#@']+/gu) ?? [];
}

function normalise(word: string): string {
  const lower = word.toLowerCase().replace(/'/g, "");
  const stem = /^[a-z]+$/.test(lower) ? stemmer(lower) : lower;
  return CANONICAL.get(stem) ?? stem;
}

/** The content words of a text, with sentence numbers and positions. */
function tokenize(text: string, code: Set<string> = new Set()): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  const sentences = text.split(/(?<=[.!?;:])\s+|\n+/);
  sentences.forEach((sentence, index) => {
    for (const raw of words(sentence)) {
      const lower = raw.toLowerCase().replace(/'/g, "");
      if (NEGATIONS.has(lower)) {
        tokens.push({ term: "", technical: false, negation: true, sentence: index, position: position++ });
        continue;
      }
      if (STOP_WORDS.has(lower) || lower.length < 2) {
        position++;
        continue;
      }
      const technical = code.has(raw) || /[A-Z].*[A-Z]|[_$#@\d]/.test(raw.slice(1)) || lower.length >= 9;
      tokens.push({ term: normalise(raw), technical, negation: false, sentence: index, position: position++ });
    }
  });
  return tokens;
}

/** Sentence windows of the answer (1–3 sentences), each with its tokens and text. */
function windows(answer: string): { tokens: Token[]; text: string }[] {
  const sentences = answer.split(/(?<=[.!?;])\s+|\n+/).filter((s) => s.trim());
  const tokenized = sentences.map((s) => tokenize(s));
  const result: { tokens: Token[]; text: string }[] = [];
  for (let start = 0; start < sentences.length; start++) {
    for (let size = 1; size <= 3 && start + size <= sentences.length; size++) {
      let offset = 0;
      const tokens = tokenized.slice(start, start + size).flatMap((list) => {
        const shifted = list.map((t) => ({ ...t, position: t.position + offset }));
        offset += (list.at(-1)?.position ?? 0) + 1;
        return shifted;
      });
      result.push({
        tokens,
        text: sentences
          .slice(start, start + size)
          .join(" ")
          .trim(),
      });
    }
  }
  return result.length ? result : [{ tokens: [], text: "" }];
}

function weightOf(token: Token, questionTerms: Set<string>): number {
  let weight = token.technical ? 1.6 : 1;
  if (WEAK.has(token.term)) weight *= 0.5;
  if (questionTerms.has(token.term)) weight *= 0.5;
  return weight;
}

/** How much of one key point one window of the answer matches (0–1). */
function match(point: Token[], window: Token[], questionTerms: Set<string>): number {
  const terms = new Map<string, number>();
  for (const t of point) if (t.term) terms.set(t.term, Math.max(terms.get(t.term) ?? 0, weightOf(t, questionTerms)));
  const total = [...terms.values()].reduce((a, b) => a + b, 0);
  if (!total) return 0;
  const positions = new Map<string, number[]>();
  for (const t of window) if (t.term) positions.set(t.term, [...(positions.get(t.term) ?? []), t.position]);
  let found = 0;
  for (const [term, weight] of terms) if (positions.has(term)) found += weight;
  const coverage = found / total;

  // Neighbouring words of the key point that stay neighbours (within 4 words) in the answer.
  const content = point.filter((t) => t.term);
  let pairs = 0;
  let near = 0;
  for (let i = 0; i + 1 < content.length; i++) {
    const a = positions.get(content[i]!.term);
    const b = positions.get(content[i + 1]!.term);
    pairs++;
    if (a && b && a.some((x) => b.some((y) => Math.abs(x - y) <= 4))) near++;
  }
  let strength = pairs ? 0.75 * coverage + 0.25 * (near / pairs) : coverage;
  const negatedPoint = point.some((t) => t.negation);
  const negatedAnswer = window.some((t) => t.negation);
  if (coverage > 0 && negatedPoint !== negatedAnswer) strength *= 0.7;
  return strength;
}

export interface GradedQuestion {
  title: string;
  /** Inline HTML, as stored. */
  keyPoints: string[];
}

/** Grades an answer against a question's key points. */
export function gradeAnswer(answer: string, question: GradedQuestion): AnswerGrade {
  const questionTerms = new Set(tokenize(decodeEntities(question.title.replace(/<[^>]+>/g, ""))).map((t) => t.term));
  const answerWindows = windows(answer);
  const points = question.keyPoints.map((html) => {
    const { text, code } = fromHtml(html);
    return { text, tokens: tokenize(text, code) };
  });
  const keyPoints = points.map(({ text, tokens: point }, index) => {
    let best = { strength: 0, text: "" };
    for (const w of answerWindows) {
      const strength = match(point, w.tokens, questionTerms);
      // A shorter window wins a tie: the quote stays to the point.
      if (strength > best.strength + 1e-9) best = { strength, text: w.text };
    }
    const strength = Math.round(best.strength * 100) / 100;
    return {
      index,
      text,
      covered: strength >= COVERED,
      strength,
      evidence: strength > 0.15 ? quote(best.text) : null,
    };
  });

  // Credit per key point: nothing below 0.2, full from 0.7.
  const credit = (s: number) => Math.min(1, Math.max(0, (s - 0.2) / 0.5));
  let score = keyPoints.length ? (100 * keyPoints.reduce((sum, k) => sum + credit(k.strength), 0)) / keyPoints.length : 0;

  // A list of keywords is not an answer: few of its words are the small ones sentences need.
  const all = words(answer);
  const small = all.filter((w) => STOP_WORDS.has(w.toLowerCase())).length;
  let penalty: string | null = null;
  if (all.length >= 6 && small / all.length < 0.12) {
    score *= 0.5;
    penalty = "The answer lists terms without explaining them.";
  }
  return { score: Math.round(score), keyPoints, penalty };
}

function quote(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > 240 ? `${clean.slice(0, 237)}…` : clean;
}
