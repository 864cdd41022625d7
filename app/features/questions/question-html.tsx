import { renderToStaticMarkup } from "react-dom/server";
import { questionPath } from "~/lib/technologies";
import type { Question, QuestionSummary } from "../../../server/questions/question-service";
import { QuestionBody } from "./question-body";

/** A question as the list's island shows it when its item opens: its summary and the body as HTML. */
export interface QuestionHtml extends QuestionSummary {
  /** The body as a list item shows it (QuestionBody, place "list"). */
  html: string;
  /** Theory only: the practice-mode body, answer behind "Show answer"; null where it is the same. */
  practiceHtml: string | null;
}

/**
 * A list's answers as server-rendered HTML, for `GET /api/questions?include=html`: the list
 * page is a content page (docs/decisions/018) whose island cannot render React, so the same
 * QuestionBody the question page renders is rendered here (sanitised at import, like the page).
 */
export function questionHtml(q: Question): QuestionHtml {
  const { id, technology, kind, level, title, tags } = q;
  const body = (practice: boolean) =>
    renderToStaticMarkup(<QuestionBody question={q} place="list" practice={practice} href={questionPath(q)} />);
  return { id, technology, kind, level, title, tags, html: body(false), practiceHtml: kind === "theory" ? body(true) : null };
}
