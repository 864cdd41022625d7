import { fill, interviewTexts as t } from "~/lib/texts";
import type { InterviewGrader, ReportTurn } from "./interview-types";

/**
 * Who graded, in words (issue #34): the report and the history name the engine behind every
 * grade, so a reader knows how much a score can say.
 */

function engineName(grader: InterviewGrader): string {
  return grader.engine === "built-in" ? t.engines.builtIn : (grader.model ?? t.engines.unnamedModel);
}

/** "Graded by the built-in matcher", "Graded by llama3.1:8b and the built-in matcher"; null when nothing was graded. */
export function gradedByLine(graders: InterviewGrader[]): string | null {
  return graders.length ? fill(t.gradedBy, { engine: graders.map(engineName).join(t.and) }) : null;
}

/** Who scored one answer of the report: its tests, or the engine (with its output for a console question). */
export function turnGradedBy(turn: ReportTurn): string {
  if (turn.kind === "program") return t.testsGraded;
  const engine = engineName(turn.grader ?? { engine: "built-in", model: null });
  const line = fill(turn.kind === "console" ? t.consoleGradedBy : t.gradedBy, { engine });
  return turn.fallbackReason ? `${line} ${fill(t.fallbackNote, { reason: t.fallback[turn.fallbackReason] })}` : line;
}
