import "./styles/fonts.css";
import "./styles/global.css";
import latoRegular from "../node_modules/@fontsource/lato/files/lato-latin-400-normal.woff2?url";
import poppinsSemiBold from "../node_modules/@fontsource/poppins/files/poppins-latin-600-normal.woff2?url";
import poppinsBold from "../node_modules/@fontsource/poppins/files/poppins-latin-700-normal.woff2?url";

import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches, useRouteLoaderData } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { NotFoundPage } from "~/components/not-found-page";
import { AuthDialogProvider } from "~/features/auth/auth-dialog-provider";
import { SiteShell } from "~/components/site-shell";
import { useNonce } from "~/lib/nonce";
import { isContentPage } from "~/lib/page-cache";
import { anonymous, type Session } from "~/lib/session";
import { bootScript, hasCookie } from "~/lib/site";
import { texts } from "~/lib/texts";
import { islandUrl } from "../server/http/islands";
import { currentUser } from "../server/users/user-service";
import type { Route } from "./+types/root";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await currentUser(context.services, request.headers);
  const session: Session = user
    ? { status: "authenticated", user: { id: user.id, name: user.name || null, email: user.email } }
    : anonymous;
  const { site } = context.services.config;
  return {
    site,
    session,
    // Pages cached for visitors come in two copies, with and without the banner (server/http/page-cache.ts).
    consented: hasCookie(site.consentCookie, request.headers.get("Cookie") ?? ""),
    authFlash: context.authFlash ?? null,
    island: islandUrl("site"),
  };
}

/**
 * Content pages prefetch and prerender the pages they link to as the reader points at a link
 * (Speculation Rules, moderate eagerness): the next content page is usually on screen at the
 * click. Only content pages: the API, forms' targets and app pages (which run their code) are left out.
 */
const speculationRules = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          {
            not: {
              href_matches: [
                "/api/*",
                "/auth/*",
                "/uploads/*",
                "/compiler*",
                "/quizzes*",
                "/interview*",
                "/account*",
                "/bookmarks*",
                "/admin*",
                "/devinsights/*",
                "/*/solve",
              ],
            },
          },
          { not: { selector_matches: "[rel~=nofollow], [download], [data-no-prerender]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});

// Used only when no deeper route supplies its own meta: the error screen.
export const meta: Route.MetaFunction = ({ data, error }) => {
  const name = data?.site.name ?? "DevPrep";
  return [{ title: error ? `${texts.errors.unexpectedTitle} | ${name}` : name }];
};

// The faces of every page's first view load with the CSS, not after it (fonts.css says why):
// body text (Lato 400), the header's links and buttons (Poppins 600), the logo and the page's
// heading (Poppins 700). Lato 700 is for emphasis further down and comes with the CSS.
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ...[latoRegular, poppinsSemiBold, poppinsBold].map((href) => ({
    rel: "preload",
    href,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous" as const,
  })),
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  // Content pages are HTML with islands; app pages hydrate (docs/decisions/018).
  const content = isContentPage(useMatches().map((match) => match.handle));
  const signedIn = data?.session.status === "authenticated";
  return (
    // The boot script may set data-* attributes on <html> before React hydrates.
    <html lang="en" suppressHydrationWarning data-signed-in={signedIn ? "true" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: bootScript(data?.site.consentCookie ?? "devpreps") }}
        />
        <Meta />
        <Links />
        {content && data?.island && <script type="module" src={data.island} nonce={nonce} />}
        {content && <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: speculationRules }} />}
      </head>
      <body>
        {children}
        {!content && <ScrollRestoration nonce={nonce} />}
        {!content && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AuthDialogProvider>
      <SiteShell>
        <Outlet />
      </SiteShell>
    </AuthDialogProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AuthDialogProvider>
      <SiteShell>{notFound ? <NotFoundPage /> : <ErrorScreen error={error} />}</SiteShell>
    </AuthDialogProvider>
  );
}
