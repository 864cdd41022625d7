import { type AnswerGrade, gradeAnswer } from "./grader";
import type { InterviewGrade, InterviewQuestion, Interviewer, TextSink } from "./interviewer";
import { decodeEntities } from "./text";

/**
 * The built-in interviewer (issue #13's default): offline and deterministic. It asks the bank's
 * question in the bank's words, follows up by naming the topic of a missed key point (never its
 * content, which would give the answer away), and grades with the text-matching grader.
 */

const KIND_INTRO: Record<InterviewQuestion["kind"], string> = {
  theory: "",
  console: "What does this code print? Write the output exactly, one printed line per line, then explain why it prints that.",
  program: "A short coding task: make the tests pass in the editor, then submit.",
};

/** The bank's title, and for console questions and coding tasks what to do (the page shows the code or statement below it). */
export function builtinQuestionText(question: InterviewQuestion): string {
  return [question.title, KIND_INTRO[question.kind]].filter(Boolean).join("\n\n");
}

/**
 * What a key point is about, short enough to name without giving its content away: the label
 * before a colon ("Durability: …"), else its code (`box-sizing`), else "the complexity" for a
 * big-O point, else its first three words. Takes the key point's inline HTML.
 */
export function keyPointTopic(pointHtml: string): string {
  const label = /^([^:<]{2,60}):\s/.exec(pointHtml)?.[1];
  if (label && label.split(" ").length <= 6) return `“${decodeEntities(label.trim())}”`;
  const code = [...pointHtml.matchAll(/<code>([\s\S]*?)<\/code>/g)].map((m) => `\`${decodeEntities(m[1]!)}\``);
  if (code.length) return [...new Set(code)].slice(0, 2).join(" and ");
  const text = decodeEntities(pointHtml.replace(/<[^>]+>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
  if (/\bO\(/.test(text)) return "the time and space complexity";
  const words = text.split(" ");
  return words.length > 4 ? `“${words.slice(0, 3).join(" ")}…”` : `“${text}”`;
}

/** The built-in follow-up: names the missed key point's topic and asks for more. */
export function builtinFollowUpText(missedHtml: string): string {
  return `Before we move on, one more thing I was listening for: ${keyPointTopic(missedHtml)}. What can you tell me about that?`;
}

/** The built-in grader's verdict in the interview's shape. */
export function builtinGrade(
  question: InterviewQuestion,
  answer: string,
  fallbackReason?: InterviewGrade["fallbackReason"],
): InterviewGrade {
  const grade = gradeAnswer(answer, {
    title: question.title,
    keyPoints: question.keyPoints,
    modelAnswer: question.shortAnswer,
    options: question.options,
  });
  return {
    score: grade.score,
    keyPoints: grade.keyPoints,
    feedback: feedbackOf(grade),
    gradedBy: "built-in",
    confidence: grade.confidence,
    ...(fallbackReason ? { fallbackReason } : {}),
  };
}

/** The built-in grade's words for the candidate: the misconception it found, and why the score was lowered. */
function feedbackOf(grade: AnswerGrade): string | null {
  const parts = [
    grade.misconception &&
      `Part of your answer (“${grade.misconception.evidence}”) reads like a common misconception: ${grade.misconception.option.replace(/\s+/g, " ")}. That is not right, and it halved the score.`,
    grade.penalty,
  ].filter(Boolean);
  return parts.length ? parts.join(" ") : null;
}

export function createBuiltinInterviewer(): Interviewer {
  return {
    kind: "built-in",
    async ask(question: InterviewQuestion, onText: TextSink) {
      const text = builtinQuestionText(question);
      onText(text);
      return text;
    },
    async followUp(_question: InterviewQuestion, missed: string, _answer: string, onText: TextSink) {
      const text = builtinFollowUpText(missed);
      onText(text);
      return text;
    },
    async grade(question: InterviewQuestion, answer: string) {
      return builtinGrade(question, answer);
    },
  };
}
