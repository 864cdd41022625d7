import { gradeAnswer } from "./grader";
import type { InterviewGrade, InterviewQuestion, Interviewer, TextSink } from "./interviewer";

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
 * The topic of a key point, short enough to ask about without answering it: the label before a
 * colon ("Durability: …"), else the part before a dash or bracket, else its first words.
 */
export function keyPointTopic(point: string): string {
  const text = point.replace(/\s+/g, " ").trim();
  const labelled = /^([^:]{2,60}):\s/.exec(text);
  if (labelled) return labelled[1]!.trim();
  const clause = /^(.{6,70}?)\s(?:[—–-]|\(|;|,)\s?/.exec(text);
  if (clause) return clause[1]!.trim();
  const words = text.split(" ");
  return words.length > 7 ? `${words.slice(0, 6).join(" ")}…` : text;
}

export function builtinFollowUpText(missed: string): string {
  return `Before we move on: you didn't say much about ${lowerFirst(keyPointTopic(missed))}. What can you tell me about that?`;
}

function lowerFirst(text: string): string {
  // Keep code and acronyms as they are ("ACID", "`useEffect`").
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** The built-in grader's verdict in the interview's shape. */
export function builtinGrade(
  question: InterviewQuestion,
  answer: string,
  fallbackReason?: InterviewGrade["fallbackReason"],
): InterviewGrade {
  const grade = gradeAnswer(answer, { title: question.title, keyPoints: question.keyPoints });
  return {
    score: grade.score,
    keyPoints: grade.keyPoints,
    feedback: grade.penalty,
    gradedBy: "built-in",
    ...(fallbackReason ? { fallbackReason } : {}),
  };
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
