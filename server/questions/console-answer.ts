import { type AppLoadContext, data } from "react-router";
import { CONSOLE_ANSWER_FIELDS, CONSOLE_ANSWER_INTENT, type ConsoleAnswerResult } from "../../app/features/questions/console-answer";
import { technologyOfPath } from "../../app/lib/technologies";
import { questionTexts as t } from "../../app/lib/texts";
import { setMark } from "../progress/progress-service";
import { currentUser } from "../users/user-service";
import { consoleOptions } from "./question-service";

/** True when a question page's post is a console answer (the other posts are marks: server/progress/mark-form.ts). */
export async function isConsoleAnswer(request: Request): Promise<boolean> {
  const form = await request.clone().formData();
  return form.get(CONSOLE_ANSWER_FIELDS.intent) === CONSOLE_ANSWER_INTENT;
}

/**
 * The route action behind a console question's options on its page (issue #33): checks the
 * reader's pick against the bank and answers with the verdict, which the page the server
 * returns shows with the output and the explanation. Anyone may answer; a signed-in reader's
 * right answer marks the question done. Bad input changes nothing and says what to do.
 */
export async function consoleAnswerAction({
  request,
  context,
  params,
}: {
  request: Request;
  context: AppLoadContext;
  params: { questionId?: string };
}) {
  const form = await request.formData();
  const technology = technologyOfPath(new URL(request.url).pathname);
  const found = technology && params.questionId ? await consoleOptions(context.services, technology.slug, params.questionId) : null;
  if (!found) return data<ConsoleAnswerResult>({ consoleError: t.notFoundHint }, { status: 404 });
  const raw = form.get(CONSOLE_ANSWER_FIELDS.option);
  const chosen = typeof raw === "string" && /^\d{1,2}$/.test(raw) ? Number(raw) : -1;
  if (chosen < 0 || chosen >= found.options.length) return data<ConsoleAnswerResult>({ consoleError: t.chooseOption }, { status: 400 });
  const verdict = { chosen, correct: found.correctOption };
  if (chosen === found.correctOption) {
    const user = await currentUser(context.services, request.headers);
    if (user) await setMark(context.services, user, params.questionId!, { done: true });
  }
  return data<ConsoleAnswerResult>({ consoleVerdict: verdict });
}
