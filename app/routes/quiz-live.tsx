import "~/styles/quiz.css";
import "~/styles/live-quiz.css";
import { LiveStart } from "~/features/quiz/live-start";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { useSession } from "~/lib/session";
import { liveQuizTexts as t } from "~/lib/texts";
import { quizPool } from "../../server/quiz/quiz-questions";
import type { Route } from "./+types/quiz-live";

export async function loader({ request, context }: Route.LoaderArgs) {
  // ?code=ABC123 (a shared link to this page) fills in the join form.
  const code = (new URL(request.url).searchParams.get("code") ?? "").replace(/[^A-Za-z0-9]/g, "").slice(0, 8);
  return { pool: await quizPool(context.services), code };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({ title: t.title, description: t.description, path: "/quizzes/live", siteName: site.name, baseUrl: site.baseUrl });
};

export default function QuizLive({ loaderData }: Route.ComponentProps) {
  const session = useSession();
  return (
    <div className="live-home">
      <header className="live-home__head">
        <h1>{t.title}</h1>
        <p className="lead">{t.intro}</p>
      </header>
      <LiveStart pool={loaderData.pool} session={session} code={loaderData.code} />
    </div>
  );
}
