import "~/styles/quiz.css";
import "~/styles/interview.css";
import { useCallback, useState } from "react";
import { data, redirect, useRevalidator } from "react-router";
import { NotFoundPage } from "~/components/not-found-page";
import { SignInPrompt } from "~/components/sign-in-prompt";
import { InterviewReport } from "~/features/interview/interview-report";
import { InterviewRunner } from "~/features/interview/interview-runner";
import { selfCheckFromForm } from "~/features/interview/self-check-form";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { interviewTexts as t, texts } from "~/lib/texts";
import { confirmSelfCheck, findInterview, interviewReport, interviewState } from "../../server/interview/interview-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/interview-session";

/**
 * An interview in progress, resumed where it was (the state is the server's), or its report.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const user = await currentUser(services, request.headers);
  if (!user) return data({ kind: "signed-out" as const }, { status: 401 });
  const session = params.id.length <= 32 ? await findInterview(services, params.id, user) : null;
  if (!session) return data({ kind: "missing" as const }, { status: 404 });
  const state = await interviewState(services, session);
  if (state.interview.status === "finished")
    return { kind: "report" as const, report: (await interviewReport(services, state.interview))! };
  return { kind: "active" as const, state };
}

/** Confirms the report's self-check (issue #34), with or without JavaScript, then shows the final report. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  const user = await currentUser(services, request.headers);
  if (!user) return data({ error: t.signedOut }, { status: 401 });
  const input = selfCheckFromForm(await request.formData());
  if (!input) return data({ error: t.selfCheckInvalid }, { status: 400 });
  const result = params.id.length <= 32 ? await confirmSelfCheck(services, user, params.id, input) : { kind: "not-found" as const };
  switch (result.kind) {
    case "confirmed":
      return redirect(`/interview/${params.id}`);
    case "not-found":
      return data({ error: t.notFound }, { status: 404 });
    case "not-finished":
      return data({ error: t.selfCheckNotFinished }, { status: 409 });
    case "already-confirmed":
      return data({ error: t.selfCheckDone }, { status: 409 });
    case "invalid":
      return data({ error: result.message }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const site = siteFromMatches(matches);
  const [title, description] =
    loaded?.kind === "report"
      ? [t.reportTitle, t.description]
      : loaded?.kind === "missing"
        ? [texts.notFound.title, texts.notFound.text]
        : [t.title, t.description];
  return pageMeta({ title, description, path: "/interview", siteName: site.name, baseUrl: site.baseUrl, noindex: true });
};

export default function InterviewSession({ loaderData, actionData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // Set when the interview ends on this page, so that focus moves to the report (not on a fresh load).
  const [justFinished, setJustFinished] = useState(false);
  const finished = useCallback(() => {
    setJustFinished(true);
    void revalidator.revalidate();
  }, [revalidator]);
  if (loaderData.kind === "signed-out") return <SignInPrompt title={t.title} text={t.signedOut} button={t.signIn} />;
  if (loaderData.kind === "missing") return <NotFoundPage />;
  if (loaderData.kind === "report")
    return <InterviewReport report={loaderData.report} focusHeading={justFinished} selfCheckError={actionData?.error ?? null} />;
  return <InterviewRunner key={loaderData.state.interview.id} initial={loaderData.state} onFinished={finished} />;
}
