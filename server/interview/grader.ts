import { stemmer } from "stemmer";
import { clip, decodeEntities } from "./text";
import { CONCEPTS, OPPOSITES } from "./grader-lexicon";

/**
 * The built-in interviewer's grader (issue #13): scores a free-text answer against a
 * question's key points by text matching that tolerates wording, and says why.
 *
 * Both texts are normalised (Unicode NFKC, lowercase, split at punctuation), stemmed (Porter, the
 * `stemmer` package) and read through a concept lexicon (grader-lexicon.ts), so "squeezed" meets
 * "shrinks" and "pull the plug" meets "power loss"; a camelCase identifier in the answer also
 * offers its parts ("setImmediate" says "immediate"). A key point counts as covered when enough of
 * its weighted words appear in one window of up to three sentences of the answer; technical words
 * (code, identifiers, long words) weigh more, generic ones and words already in the question less.
 * Pairs of the key point's words found near each other add to the match.
 *
 * Each word carries a polarity: a negation ("not", "never", "doesn't") flips the next few words
 * of its clause, and a word from a pair of opposites ("after" to "before", "soft" to "hard") is
 * read as the negation of the other. A key point's word that the answer only states with the
 * opposite polarity contradicts it and takes from the match, so an answer that uses the right
 * vocabulary to make the wrong claim ("box-sizing is inherited") scores below one that does not.
 * The window that matched best is quoted as the evidence, so every score can be explained with
 * the candidate's own words.
 *
 * The score (issue #34) weighs the question's core (the key points its own short answer states,
 * at least two) at 70% and the rest at 30%, so a correct short answer passes and a checklist of
 * the topics' words does not; each key point is covered, missing or contradicted, and the grade
 * says when the engine cannot vouch for it (`confidence`).
 *
 * Deterministic and offline. It cannot understand an argument, so it is tuned to rank answers
 * (complete above partial above wrong or off-topic), not to read minds; the labelled set in
 * tests/fixtures/interview measures how often it gets that order right.
 */

/**
 * What the answer did with a key point: stated it, left it out, or stated it the other way
 * round (the key point's words with the opposite polarity: "is" for "is not", "after" for "before").
 */
export type KeyPointStatus = "covered" | "missing" | "contradicted";

export interface KeyPointGrade {
  index: number;
  /** The key point as plain text. */
  text: string;
  status: KeyPointStatus;
  /** `status === "covered"`, kept for grades stored before the status existed. */
  covered: boolean;
  /**
   * The built-in grader's mark: one of the question's core key points (those its short answer
   * states), which carry 70% of the score. Missing in a model's grade: all weigh the same.
   */
  core?: boolean;
  /**
   * 0–1: how much of the key point the best part of the answer matched; in a language model's
   * grade, the share of its judgements that found the key point covered.
   */
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
  /**
   * "low" when the engine cannot vouch for the verdict: a key point contradicted next to others
   * covered, or matches too close to the line to tell a right answer from a fluent wrong one.
   */
  confidence: "high" | "low";
  /** A misconception the answer states: a wrong quiz option of the question, and the candidate's words. */
  misconception?: { option: string; evidence: string } | null;
}

/** A key point counts as covered from this strength on. */
export const COVERED = 0.5;

/** A key point not covered counts as contradicted when a window states this share of its weight the other way round. */
const CONTRADICTED = 0.2;

// "before", "after", "same" and "own" are not here: they carry the order and identity claims
// that key points make and wrong answers get backwards.
export const STOP_WORDS = new Set(
  (
    "a an the and or but if then else of to in on at by for with from into onto over under as is are was were be been being " +
    "it its this that these those there here which who whom whose what when where why how than so such very just also too " +
    "i you he she we they me him her us them my your our their mine yours do does did done doing have has had having will " +
    "would shall should may might must can could about again all any both each few more most other some " +
    "only up down out off once while until because through during above below between against per via etc eg ie like " +
    "get gets got make makes made thing things way ways use uses used using one two lot lots really basically actually re"
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

/** How many content words after a negation it still applies to (within its clause). */
const NEGATION_REACH = 2;

/** How close (in words) a contradicting word must be to a matched one to be about the same thing. */
const CONTRADICTION_REACH = 6;

/** Stems a key point often contains that say little on their own. */
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
  "befor",
  "after",
  "same",
  "own",
]);

/** Identifier parts too generic to stand for the identifier ("set" of `setTimeout`). */
const WEAK_PARTS = new Set(["set", "get", "use", "on", "is", "has", "add", "to", "of", "for", "new", "with", "create"]);

// --- The lexicon, compiled --------------------------------------------------------------------

/** One meaning of a word or phrase: a concept key, and whether the word says its negation. */
interface Sense {
  key: string;
  flip: boolean;
}

interface Phrase {
  /** Stems of the phrase's words; null stands for up to three words. */
  stems: (string | null)[];
  senses: Sense[];
}

const WORD_SENSES = new Map<string, Sense[]>();
/** Phrases by their first stem, longest first. */
const PHRASES = new Map<string, Phrase[]>();

function stemOf(word: string): string {
  const lower = word.toLowerCase().replace(/'/g, "");
  return /^[a-z]+$/.test(lower) ? stemmer(lower) : lower;
}

function entryStems(entry: string): (string | null)[] {
  return entry
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => (w === "*" ? null : stemOf(w)));
}

function addSense(entry: string, sense: Sense): void {
  const stems = entryStems(entry);
  if (stems.length === 1) {
    const list = WORD_SENSES.get(stems[0]!) ?? [];
    if (!list.some((s) => s.key === sense.key)) list.push(sense);
    WORD_SENSES.set(stems[0]!, list);
    return;
  }
  const first = stems[0]!;
  const list = PHRASES.get(first) ?? [];
  const existing = list.find((p) => p.stems.join(" ") === stems.join(" "));
  if (existing) existing.senses.push(sense);
  else list.push({ stems, senses: [{ key: stems.join("_"), flip: false }, sense] });
  list.sort((a, b) => b.stems.length - a.stems.length);
  PHRASES.set(first, list);
}

/** The concept keys a lexicon entry already has (its own stem and its groups). */
function sensesOf(entry: string): Sense[] {
  const stems = entryStems(entry);
  if (stems.length === 1) return [{ key: stems[0]!, flip: false }, ...(WORD_SENSES.get(stems[0]!) ?? [])];
  const phrase = PHRASES.get(stems[0]!)?.find((p) => p.stems.join(" ") === stems.join(" "));
  return phrase ? phrase.senses : [{ key: stems.join("_"), flip: false }];
}

CONCEPTS.forEach((group, index) => {
  for (const entry of group) addSense(entry, { key: `#${index}`, flip: false });
});
// An opposite says the negation of every concept its partner stands for.
for (const [word, opposite] of OPPOSITES) {
  const senses = sensesOf(word).filter((s) => !s.flip);
  for (const sense of senses) addSense(opposite, { key: sense.key, flip: true });
}

// --- Tokens -------------------------------------------------------------------------------------

interface Token {
  stem: string;
  /** Concept keys the token stands for, each with whether the token says its negation. */
  keys: Map<string, boolean>;
  /** Came from code, an identifier, or a long word: worth more. */
  technical: boolean;
  /** Inside the reach of a negation. */
  negated: boolean;
  position: number;
}

interface Word {
  raw: string;
  lower: string;
  stem: string;
  /** A clause ends after this word (punctuation follows): a negation stops here. */
  boundary: boolean;
}

/** Plain text of a key point's inline HTML, with the code spans marked as technical. */
function fromHtml(html: string): { text: string; code: Set<string> } {
  const code = new Set<string>();
  for (const match of html.matchAll(/<code>([\s\S]*?)<\/code>/g)) for (const word of words(decodeEntities(match[1]!))) code.add(word);
  return { text: decodeEntities(html.replace(/<[^>]+>/g, "")).trim(), code };
}

const WORD = /[\p{L}\p{N}_$#@']+/gu;

function words(text: string): string[] {
  return text.normalize("NFKC").match(WORD) ?? [];
}

function splitWords(text: string): Word[] {
  const normal = text.normalize("NFKC").replace(/c\+\+/gi, "cpp");
  const matches = [...normal.matchAll(WORD)];
  return matches.map((m, i) => {
    const end = m.index + m[0].length;
    const gap = normal.slice(end, matches[i + 1]?.index ?? normal.length);
    const lower = m[0].toLowerCase().replace(/'/g, "");
    return { raw: m[0], lower, stem: stemOf(m[0]), boundary: /[,;:!?()—–]|\.(\s|$)/.test(gap) || lower === "but" };
  });
}

/** The longest lexicon phrase starting at `start`, as the index after its last word. */
function phraseAt(list: Word[], start: number): { end: number; phrase: Phrase } | null {
  for (const phrase of PHRASES.get(list[start]!.stem) ?? []) {
    const end = matchPhrase(phrase.stems, list, start);
    if (end !== null) return { end, phrase };
  }
  return null;
}

function matchPhrase(stems: (string | null)[], list: Word[], at: number): number | null {
  if (!stems.length) return at;
  const [head, ...rest] = stems;
  if (head === null) {
    for (let skip = 0; skip <= 3 && at + skip <= list.length; skip++) {
      const end = matchPhrase(rest, list, at + skip);
      if (end !== null) return end;
      if (list[at + skip]?.boundary) break;
    }
    return null;
  }
  if (at >= list.length || list[at]!.stem !== head) return null;
  if (rest.length && list[at]!.boundary) return null;
  return matchPhrase(rest, list, at + 1);
}

function isTechnical(word: Word, code: Set<string>): boolean {
  return code.has(word.raw) || /[A-Z].*[A-Z]|[_$#@\d]/.test(word.raw.slice(1)) || word.lower.length >= 9;
}

/** Concept keys of one word, with the parts of a camelCase identifier when `parts` is set. */
function wordKeys(word: Word, parts: boolean): Map<string, boolean> {
  const keys = new Map<string, boolean>([[word.stem, false]]);
  for (const sense of WORD_SENSES.get(word.stem) ?? []) if (!keys.has(sense.key)) keys.set(sense.key, sense.flip);
  if (parts && /[a-z][A-Z]/.test(word.raw))
    for (const part of word.raw.split(/(?<=[a-z])(?=[A-Z])/)) {
      const stem = stemOf(part);
      if (WEAK_PARTS.has(part.toLowerCase()) || STOP_WORDS.has(part.toLowerCase()) || stem.length < 3) continue;
      keys.set(stem, false);
      for (const sense of WORD_SENSES.get(stem) ?? []) if (!keys.has(sense.key)) keys.set(sense.key, sense.flip);
    }
  return keys;
}

/**
 * The content words of a text, with positions and polarity. `parts` lets an identifier stand for
 * its camelCase parts: on for answers (a candidate who writes `removeEventListener` said
 * "listener"), off for key points (a key point naming `setTimeout` is not met by "timeout").
 */
function tokenize(text: string, code: Set<string> = new Set(), parts = false): Token[] {
  const list = splitWords(text);
  const tokens: Token[] = [];
  let negationLeft = 0;
  let position = 0;
  for (let i = 0; i < list.length;) {
    const word = list[i]!;
    const phrase = phraseAt(list, i);
    if (phrase) {
      const span = list.slice(i, phrase.end);
      const keys = new Map(phrase.phrase.senses.map((s) => [s.key, s.flip] as const));
      const technical = span.some((w) => isTechnical(w, code));
      tokens.push({ stem: phrase.phrase.stems.join("_"), keys, technical, negated: negationLeft > 0, position });
      negationLeft = span.at(-1)!.boundary ? 0 : Math.max(0, negationLeft - 1);
      position += span.length;
      i = phrase.end;
      continue;
    }
    i++;
    position++;
    if (NEGATIONS.has(word.lower)) negationLeft = word.boundary ? 0 : NEGATION_REACH;
    else if (STOP_WORDS.has(word.lower) || word.lower.length < 2) {
      if (word.boundary) negationLeft = 0;
    } else {
      const keys = wordKeys(word, parts);
      tokens.push({ stem: word.stem, keys, technical: isTechnical(word, code), negated: negationLeft > 0, position: position - 1 });
      negationLeft = word.boundary ? 0 : Math.max(0, negationLeft - 1);
    }
  }
  return tokens;
}

/** Sentence windows of the answer (1–3 sentences), each with its tokens and text. */
function windows(answer: string): { tokens: Token[]; text: string }[] {
  const sentences = answer.split(/(?<=[.!?;])\s+|\n+/).filter((s) => s.trim());
  const tokenized = sentences.map((s) => tokenize(s, new Set(), true));
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

function weightOf(token: Token, questionStems: Set<string>): number {
  let weight = token.technical ? 1.6 : 1;
  if (WEAK.has(token.stem)) weight *= 0.5;
  if (questionStems.has(token.stem)) weight *= 0.5;
  return weight;
}

interface Occurrence {
  position: number;
  /** True when the answer asserts the concept, false when it denies it. */
  affirmed: boolean;
}

/** Where each concept key occurs in a window, and with which polarity. */
function indexWindow(window: Token[]): Map<string, Occurrence[]> {
  const index = new Map<string, Occurrence[]>();
  for (const token of window)
    for (const [key, flip] of token.keys) {
      const list = index.get(key) ?? [];
      list.push({ position: token.position, affirmed: token.negated === flip });
      index.set(key, list);
    }
  return index;
}

/** The answer's occurrences of one key point word that agree with it, and those that deny it. */
function find(term: Token, index: Map<string, Occurrence[]>): { agreeing: number[]; opposed: number[] } {
  const agreeing: number[] = [];
  const opposed: number[] = [];
  for (const [key, flip] of term.keys) {
    const affirmed = term.negated === flip;
    for (const o of index.get(key) ?? []) (o.affirmed === affirmed ? agreeing : opposed).push(o.position);
  }
  return { agreeing, opposed };
}

/**
 * How much of one key point one window of the answer matches (0–1), and how much of the key
 * point's weight the window states the other way round (0–1).
 */
function match(point: Token[], window: Token[], questionStems: Set<string>): { strength: number; contradiction: number } {
  const terms = new Map<string, { token: Token; weight: number }>();
  for (const t of point) {
    const weight = weightOf(t, questionStems);
    if ((terms.get(t.stem)?.weight ?? -1) < weight) terms.set(t.stem, { token: t, weight });
  }
  const total = [...terms.values()].reduce((sum, t) => sum + t.weight, 0);
  if (!total) return { strength: 0, contradiction: 0 };
  const index = indexWindow(window);
  let found = 0;
  const positions = new Map<string, number[]>();
  const opposed = new Map<string, number[]>();
  for (const [stem, { token, weight }] of terms) {
    const hit = find(token, index);
    if (hit.agreeing.length) {
      found += weight;
      positions.set(stem, hit.agreeing);
    } else if (hit.opposed.length) opposed.set(stem, hit.opposed);
  }
  // A word the answer only states the other way round, next to another word of the key point (so
  // about the same thing), counts against the key point twice what a matched word counts for it:
  // it shows the candidate believes the opposite, which says more than leaving the word out.
  const matched = [...positions.values()].flat();
  let contradicted = 0;
  for (const [stem, list] of opposed)
    if (list.some((x) => matched.some((y) => Math.abs(x - y) <= CONTRADICTION_REACH))) contradicted += 2 * terms.get(stem)!.weight;
  contradicted += 2 * swapped(point, index, terms);
  const coverage = Math.max(0, found - contradicted) / total;

  // Neighbouring words of the key point that stay neighbours (within 4 words) in the answer.
  let pairs = 0;
  let near = 0;
  for (let i = 0; i + 1 < point.length; i++) {
    const a = positions.get(point[i]!.stem);
    const b = positions.get(point[i + 1]!.stem);
    pairs++;
    if (a && b && a.some((x) => b.some((y) => Math.abs(x - y) <= 4))) near++;
  }
  const strength = pairs ? 0.75 * coverage + 0.25 * (near / pairs) * (coverage > 0 ? 1 : 0) : coverage;
  return { strength, contradiction: contradicted / 2 / total };
}

/** How near (in words) a word must be to one side of a pair of opposites to be said of it. */
const SIDE_REACH = 4;

/**
 * Terms said of the wrong side of a pair of opposites, as their weight: a key point that pairs
 * its words with both sides ("explicit tracks come from `grid-template-*`; implicit ones are
 * created...") is contradicted by an answer that keeps every word but swaps the sides ("the
 * implicit grid is the one you write with `grid-template-*`").
 */
function swapped(point: Token[], index: Map<string, Occurrence[]>, terms: Map<string, { weight: number }>): number {
  let weight = 0;
  const counted = new Set<string>();
  for (const a of point)
    for (const b of point)
      for (const [key, flip] of a.keys) {
        // `b` says the opposite of `a` on `key`: the two sides of a pair.
        if (flip || b.keys.get(key) !== true || a.negated || b.negated) continue;
        const sides = index.get(key) ?? [];
        if (!sides.some((o) => o.affirmed) || !sides.some((o) => !o.affirmed)) continue;
        for (const t of point) {
          if (t === a || t === b || counted.has(t.stem) || t.keys.has(key)) continue;
          const toA = Math.abs(t.position - a.position);
          const toB = Math.abs(t.position - b.position);
          if (toA === toB || Math.min(toA, toB) > SIDE_REACH) continue;
          const saidOfA = toA < toB;
          // Where the answer says the term: the nearer side, when one is clearly nearer.
          let agree = 0;
          let disagree = 0;
          for (const [k] of t.keys)
            for (const o of index.get(k) ?? []) {
              const nearest = (affirmed: boolean) =>
                Math.min(...sides.filter((s) => s.affirmed === affirmed).map((s) => Math.abs(s.position - o.position)));
              const dA = nearest(true);
              const dB = nearest(false);
              if (dA === dB || Math.min(dA, dB) > SIDE_REACH) continue;
              if (dA < dB === saidOfA) agree++;
              else disagree++;
            }
          if (disagree > agree) {
            counted.add(t.stem);
            weight += terms.get(t.stem)?.weight ?? 0;
          }
        }
      }
  return weight;
}

export interface GradedQuestion {
  title: string;
  /** Inline HTML, as stored. */
  keyPoints: string[];
  /**
   * The bank's short answer as plain text (the 1–3 sentences a candidate could say aloud). The key
   * points it states are the question's core; without it every key point is core.
   */
  modelAnswer?: string;
  /**
   * The question's quiz options as Markdown, when it has them: the wrong ones are misconceptions
   * the bank already names, written to sound right.
   */
  options?: { text: string; correct: boolean }[];
}

/** How much of the score the core key points carry (the rest is the depth the others add). */
const CORE_SHARE = 0.7;

/** What a contradicted key point takes off, in key points' worth of credit. */
const CONTRADICTION_COST = 0.5;

/** Credit for a key point's strength: nothing up to 0.3, full at the covered line. */
function credit(k: Pick<KeyPointGrade, "strength" | "status">): number {
  if (k.status === "contradicted") return -CONTRADICTION_COST;
  return Math.min(1, Math.max(0, (k.strength - 0.3) / (COVERED - 0.3)));
}

type Windows = ReturnType<typeof windows>;

/** A question as the grader reads it, worked out once per question (see `prepare`). */
interface Prepared {
  questionStems: Set<string>;
  points: { text: string; tokens: Token[] }[];
  core: boolean[];
  /** The right quiz options and the wrong ones worth looking for, tokenized. */
  rightOptions: Token[][];
  wrongOptions: { text: string; tokens: Token[] }[];
}

const preparedCache = new Map<string, Prepared>();

/**
 * The question's title stems, key point and option tokens, core key points and the misconceptions
 * worth looking for: the same for every answer to it, so worked out once (the cache is small: a
 * bank question is a few kB of tokens, and it is cleared past 2,000 questions).
 */
function prepare(question: GradedQuestion): Prepared {
  const key = [
    question.title,
    ...question.keyPoints,
    question.modelAnswer ?? "",
    ...(question.options ?? []).map((o) => `${o.correct}${o.text}`),
  ].join("\u0000");
  const known = preparedCache.get(key);
  if (known) return known;
  const questionStems = new Set(tokenize(decodeEntities(question.title.replace(/<[^>]+>/g, ""))).map((t) => t.stem));
  const points = question.keyPoints.map((html) => {
    const { text, code } = fromHtml(html);
    return { text, tokens: tokenize(text, code) };
  });
  const optionTokens = (text: string) =>
    tokenize(text.replace(/`/g, ""), new Set([...text.matchAll(/`([^`]+)`/g)].flatMap((m) => words(m[1]!))));
  const options = (question.options ?? []).map((o) => ({ ...o, tokens: optionTokens(o.text) }));
  const base = { questionStems, points, rightOptions: options.filter((o) => o.correct).map((o) => o.tokens) };
  const model = question.modelAnswer?.trim() ? windows(question.modelAnswer) : null;
  const prepared: Prepared = {
    ...base,
    core: model ? coreOf(matchPoints(model, base)) : points.map(() => true),
    // A wrong option that the bank's own short answer seems to state is one the matcher cannot tell
    // from the truth: it proves nothing about a candidate's answer either.
    wrongOptions: options.filter((o) => !o.correct && !(model && statedMisconception(model, { ...base, wrongOptions: [o] }))),
  };
  if (preparedCache.size > 2000) preparedCache.clear();
  preparedCache.set(key, prepared);
  return prepared;
}

/**
 * The core key points from the short answer's match: those it states, and at least two (the ones
 * it comes nearest to). A passing answer says what the short answer says; the other key points
 * are the depth a strong answer adds.
 */
function coreOf(points: KeyPointGrade[]): boolean[] {
  // At least two key points: a short answer the matcher reads poorly must not leave one key
  // point carrying the whole core (an answer with that point's words would pass on them alone).
  const count = Math.max(points.filter((k) => k.status === "covered").length, Math.min(2, points.length));
  const nearest = [...points]
    .sort((a, b) => b.strength - a.strength || a.index - b.index)
    .slice(0, count)
    .map((k) => k.index);
  return points.map((k) => nearest.includes(k.index));
}

/** Which key points are the question's core (all of them when it has no short answer); see `coreOf`. */
export function corePoints(question: GradedQuestion): boolean[] {
  return prepare(question).core;
}

/** Each key point's strength, status and evidence in an answer's windows. */
function matchPoints(answerWindows: Windows, { points, questionStems }: Pick<Prepared, "points" | "questionStems">): KeyPointGrade[] {
  return points.map(({ text, tokens: point }, index): KeyPointGrade => {
    let best = { strength: 0, text: "" };
    let against = { contradiction: 0, text: "" };
    for (const w of answerWindows) {
      const { strength, contradiction } = match(point, w.tokens, questionStems);
      // A shorter window wins a tie: the quote stays to the point.
      if (strength > best.strength + 1e-9) best = { strength, text: w.text };
      if (contradiction > against.contradiction + 1e-9) against = { contradiction, text: w.text };
    }
    const strength = Math.round(best.strength * 100) / 100;
    const status = strength >= COVERED ? "covered" : against.contradiction >= CONTRADICTED ? "contradicted" : "missing";
    return {
      index,
      text,
      status,
      covered: status === "covered",
      strength,
      evidence: status === "contradicted" ? quote(against.text) : strength > 0.15 ? quote(best.text) : null,
    };
  });
}

/**
 * 0–100 from each key point's credit (up to 1): the core key points carry 70 of it and the others
 * 30; with no `core` marks (a model's grade), every key point weighs the same. The engine's score
 * and the reader's own check (a tick is a credit of 1) are computed alike.
 */
export function weightedScore<T extends { core?: boolean }>(points: T[], creditOf: (point: T) => number): number {
  const mean = (list: T[]) => (list.length ? list.reduce((sum, k) => sum + creditOf(k), 0) / list.length : 0);
  const central = points.filter((k) => k.core !== false);
  const depth = points.filter((k) => k.core === false);
  if (!central.length) return 100 * mean(depth);
  return 100 * (depth.length ? CORE_SHARE * mean(central) + (1 - CORE_SHARE) * mean(depth) : mean(central));
}

/**
 * Grades an answer against a question's key points: 0–100, the core key points (see `corePoints`)
 * carrying 70 of it and the others 30, each key point's credit rising from nothing at strength 0.3
 * to full at the covered line, a contradicted one taking half a key point off.
 */
export function gradeAnswer(answer: string, question: GradedQuestion): AnswerGrade {
  const prepared = prepare(question);
  const answerWindows = windows(answer);
  const keyPoints = matchPoints(answerWindows, prepared).map((k) => ({ ...k, core: prepared.core[k.index]! }));
  let score = Math.max(0, weightedScore(keyPoints, credit));

  // A list of keywords is not an answer: few of its words are the small ones sentences need.
  const all = words(answer);
  const small = all.filter((w) => STOP_WORDS.has(w.toLowerCase())).length;
  let penalty: string | null = null;
  if (all.length >= 6 && small / all.length < 0.12) {
    score *= 0.5;
    penalty = "The answer lists terms without explaining them.";
  }
  const misconception = statedMisconception(answerWindows, prepared);
  if (misconception) score *= MISCONCEPTION_FACTOR;
  return {
    score: Math.round(score),
    keyPoints,
    penalty,
    confidence: misconception ? "low" : confidenceOf(keyPoints),
    misconception,
  };
}

/** A misconception halves the score. */
const MISCONCEPTION_FACTOR = 0.5;
/** How strongly a wrong option must be stated, and by how much more than the right one. */
const MISCONCEPTION_LINE = 0.7;
const MISCONCEPTION_MARGIN = 0.1;

/**
 * A wrong quiz option of the question that some part of the answer states (as strongly as a
 * covered key point, and clearly more than the right option): the answer repeats a misconception
 * the bank knows. Returns the option and the candidate's words, or null.
 */
function statedMisconception(
  answerWindows: Windows,
  { questionStems, rightOptions, wrongOptions }: Pick<Prepared, "questionStems" | "rightOptions" | "wrongOptions">,
): { option: string; evidence: string } | null {
  if (!wrongOptions.length) return null;
  const strongest = (tokens: Token[]) => {
    let best = { strength: 0, text: "" };
    for (const w of answerWindows) {
      const { strength, contradiction } = match(tokens, w.tokens, questionStems);
      if (strength - contradiction > best.strength) best = { strength: strength - contradiction, text: w.text };
    }
    return best;
  };
  const right = Math.max(0, ...rightOptions.map((tokens) => strongest(tokens).strength));
  let found: { option: string; evidence: string; strength: number } | null = null;
  for (const option of wrongOptions) {
    const best = strongest(option.tokens);
    if (best.strength >= MISCONCEPTION_LINE && best.strength >= right + MISCONCEPTION_MARGIN && best.strength > (found?.strength ?? 0))
      found = { option: option.text, evidence: quote(best.text), strength: best.strength };
  }
  return found && { option: found.option, evidence: found.evidence };
}

/**
 * Whether the engine can vouch for its verdict. Low when a key point is contradicted (the answer
 * knows the vocabulary and says something else: the case text matching reads worst), or when
 * half or more of the key points sit near the line, where a paraphrase and a fluent wrong
 * answer look alike to it.
 */
function confidenceOf(keyPoints: KeyPointGrade[]): "high" | "low" {
  if (keyPoints.some((k) => k.status === "contradicted")) return "low";
  const near = keyPoints.filter((k) => Math.abs(k.strength - COVERED) < 0.12).length;
  return keyPoints.length && near * 2 >= keyPoints.length ? "low" : "high";
}

function quote(text: string): string {
  return clip(text.replace(/\s+/g, " ").trim(), 240);
}

/** The stems of a text's words, leaving out the `ignored` small words (the stop words by default). */
export function contentStems(text: string, ignored: ReadonlySet<string> = STOP_WORDS): Set<string> {
  const stems = new Set<string>();
  for (const word of words(text)) {
    const lower = word.toLowerCase().replace(/'/g, "");
    if (lower.length >= 2 && !ignored.has(lower)) stems.add(stemOf(lower));
  }
  return stems;
}
