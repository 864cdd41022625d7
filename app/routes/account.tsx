import { AccountPage } from "~/features/account/account-page";
import { useAuthDialog } from "~/lib/auth-dialog";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { accountTexts as t } from "~/lib/texts";
import { leaderboardVisibility } from "../../server/quiz/quiz-service";
import { accountView } from "../../server/users/account";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [account, user] = await Promise.all([
    accountView(context.services, request.headers),
    currentUser(context.services, request.headers),
  ]);
  return { account, showOnLeaderboards: user ? await leaderboardVisibility(context.services, user) : true };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    title: t.title,
    description: t.description,
    path: "/account",
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: true,
  });
};

export default function Account({ loaderData }: Route.ComponentProps) {
  const auth = useAuthDialog();
  if (!loaderData.account) {
    return (
      <section className="page page--narrow" aria-labelledby="account-title">
        <h1 id="account-title">{t.title}</h1>
        <p>{t.signedOut}</p>
        <button type="button" className="button button--primary" onClick={() => auth.open("login")}>
          {t.login}
        </button>
      </section>
    );
  }
  return <AccountPage account={loaderData.account} showOnLeaderboards={loaderData.showOnLeaderboards} />;
}
