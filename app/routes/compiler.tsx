import { LiveCompiler } from "~/features/compiler/live-compiler";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { compilerTexts as t } from "~/lib/texts";
import type { Route } from "./+types/compiler";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({ title: t.title, description: t.description, path: "/compiler", siteName: site.name, baseUrl: site.baseUrl });
};

export default function Compiler() {
  return (
    <div className="page page--wide">
      <h1>{t.title}</h1>
      <p className="page__lead">{t.description}</p>
      <LiveCompiler />
    </div>
  );
}
