import "~/styles/quiz.css";
import "~/styles/interview.css";
import { History } from "lucide-react";
import { Link, data, redirect } from "react-router";
import { InterviewSetup, settingsFromForm } from "~/features/interview/interview-setup";
import { useAuthDialog } from "~/lib/auth-dialog";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { fill, interviewTexts as t } from "~/lib/texts";
import { activeInterview, createInterview } from "../../server/interview/interview-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/interview";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await currentUser(context.services, request.headers);
  const active = user ? await activeInterview(context.services, user) : null;
  return { signedIn: Boolean(user), interviewer: context.services.interviewer.kind, active };
}

/** Starts an interview from the set-up form (with or without JavaScript) and opens its first question. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const user = await currentUser(services, request.headers);
  if (!user) return data({ error: t.signedOut }, { status: 401 });
  const settings = settingsFromForm(await request.formData());
  if (!settings) return data({ error: t.invalid }, { status: 400 });
  const result = await createInterview(services, user, settings);
  if (result.kind === "rate-limited") return data({ error: t.rateLimited }, { status: 429 });
  if (result.kind !== "created") return data({ error: t.noQuestions }, { status: 404 });
  return redirect(`/interview/${result.state.interview.id}`);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({ title: t.title, description: t.description, path: "/interview", siteName: site.name, baseUrl: site.baseUrl });
};

export default function Interview({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, interviewer, active } = loaderData;
  const auth = useAuthDialog();
  return (
    <div className="quiz-home">
      <header className="quiz-home__head">
        <h1>{t.title}</h1>
        <p className="lead">{t.intro}</p>
      </header>
      <div className="quiz-home__layout">
        <div className="quiz-panel">
          {active && (
            <p className="interview-resume">
              {fill(t.resumeNote, { track: active.trackName, position: active.position + 1, total: active.questionCount })}{" "}
              <Link to={`/interview/${active.id}`}>{t.resume}</Link>
            </p>
          )}
          <InterviewSetup error={actionData?.error ?? null} signedIn={signedIn} onSignIn={() => auth.open("login")} />
        </div>
        <aside className="quiz-home__aside" aria-labelledby="interview-how">
          <h2 id="interview-how" className="interview-how__title">
            {t.howTitle}
          </h2>
          <ul className="interview-how">
            {t.how.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="field__help">{interviewer === "llm" ? t.modelNote : t.builtinNote}</p>
          {signedIn && (
            <ul className="quiz-links">
              <li>
                <Link to="/interview/history">
                  <History aria-hidden size={20} />
                  {t.historyLink}
                </Link>
              </li>
            </ul>
          )}
        </aside>
      </div>
    </div>
  );
}
