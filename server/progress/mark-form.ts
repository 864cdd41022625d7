import { type AppLoadContext, data, redirect } from "react-router";
import { MARK_FIELDS, type Mark } from "../../app/features/questions/progress-toggles";
import { questionTexts as t } from "../../app/lib/texts";
import { currentUser } from "../users/user-service";
import { setMark } from "./progress-service";

/** What a refused mark post shows on the page the server returns (no script: the page is the answer). */
export interface MarkRefusal {
  markError: string;
}

const MARK_KEYS: readonly (keyof Mark)[] = ["done", "bookmarked"];

/**
 * The route action behind the "Done" and "Bookmark" forms (app/features/questions/progress-toggles.tsx) on question
 * pages and lists: the same progress service as PUT /api/progress/questions/:id, for signed-in
 * readers only. A saved change sends the reader back to the page (303; `anchor` adds the
 * question's item, on lists); a refusal changes nothing and answers with the reason, which the
 * page shows.
 */
export async function markAction(
  { request, context }: { request: Request; context: AppLoadContext },
  { anchor = false }: { anchor?: boolean } = {},
) {
  const form = await request.formData();
  const user = await currentUser(context.services, request.headers);
  if (!user) return data<MarkRefusal>({ markError: t.signInForProgress }, { status: 401 });
  const key = form.get(MARK_FIELDS.intent);
  const value = form.get(MARK_FIELDS.value);
  const id = form.get(MARK_FIELDS.question);
  if (!MARK_KEYS.includes(key as keyof Mark) || (value !== "true" && value !== "false") || typeof id !== "string" || !id || id.length > 120)
    return data<MarkRefusal>({ markError: t.markFailed }, { status: 400 });
  const result = await setMark(context.services, user, id, { [key as keyof Mark]: value === "true" });
  if (result.kind === "no-question") return data<MarkRefusal>({ markError: t.notFoundHint }, { status: 404 });
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}${anchor ? `#${encodeURIComponent(id)}` : ""}`, 303);
}
