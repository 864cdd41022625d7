import { Link, data } from "react-router";
import { compilerDescription } from "~/features/compiler/languages";
import { LiveCompiler } from "~/features/compiler/live-compiler";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { compilerTexts as t } from "~/lib/texts";
import { findSnippet } from "../../server/snippets/snippet-service";
import type { Route } from "./+types/compiler-snippet";

export async function loader({ params, context }: Route.LoaderArgs) {
  const snippet = await findSnippet(context.services, params.id);
  if (!snippet) return data({ snippet: null }, { status: 404 });
  return { snippet };
}

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const site = siteFromMatches(matches);
  // Shared code is not for search engines.
  return pageMeta({
    title: t.title,
    description: compilerDescription(),
    path: `/compiler/${params.id}`,
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: true,
  });
};

export default function CompilerSnippet({ loaderData }: Route.ComponentProps) {
  const { snippet } = loaderData;
  return (
    <div className="page page--wide">
      <h1>{t.title}</h1>
      {snippet ? (
        <LiveCompiler shared={snippet} />
      ) : (
        <p>
          {t.notFound} <Link to="/compiler">{t.title}</Link>
        </p>
      )}
    </div>
  );
}
