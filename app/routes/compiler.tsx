import { Link } from "react-router";
import { compilerDescription } from "~/features/compiler/languages";
import { LiveCompiler } from "~/features/compiler/live-compiler";
import { formatLongDate } from "~/lib/dates";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { compilerTexts as t } from "~/lib/texts";
import { listOwnSnippets } from "../../server/snippets/snippet-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/compiler";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await currentUser(context.services, request.headers);
  return { snippets: user ? await listOwnSnippets(context.services, user) : null };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({ title: t.title, description: compilerDescription(), path: "/compiler", siteName: site.name, baseUrl: site.baseUrl });
};

export default function Compiler({ loaderData }: Route.ComponentProps) {
  const { snippets } = loaderData;
  return (
    <div className="page page--wide">
      <h1>{t.title}</h1>
      <p className="page__lead">{compilerDescription()}</p>
      <LiveCompiler />
      {snippets && (
        <section className="my-snippets" aria-labelledby="my-snippets-title">
          <h2 id="my-snippets-title">{t.mySnippets}</h2>
          {snippets.length === 0 ? (
            <p>{t.noSnippets}</p>
          ) : (
            <ul>
              {snippets.map((s) => (
                <li key={s.id}>
                  <Link to={`/compiler/${s.id}`}>
                    <code>{s.firstLine || s.id}</code>
                  </Link>{" "}
                  <span className="my-snippets__meta">
                    {t.languages[s.language]} · <time dateTime={s.createdAt}>{formatLongDate(s.createdAt)}</time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
