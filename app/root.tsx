import "./styles/fonts.css";
import "./styles/global.css";
import latoRegular from "../node_modules/@fontsource/lato/files/lato-latin-400-normal.woff2?url";
import poppinsBold from "../node_modules/@fontsource/poppins/files/poppins-latin-700-normal.woff2?url";

import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { NotFoundPage } from "~/components/not-found-page";
import { AuthDialogProvider } from "~/features/auth/auth-dialog-provider";
import { SiteShell } from "~/components/site-shell";
import { useNonce } from "~/lib/nonce";
import { anonymous, type Session } from "~/lib/session";
import { bootScript } from "~/lib/site";
import { texts } from "~/lib/texts";
import { currentUser } from "../server/users/user-service";
import type { Route } from "./+types/root";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await currentUser(context.services, request.headers);
  const session: Session = user
    ? { status: "authenticated", user: { id: user.id, name: user.name || null, email: user.email } }
    : anonymous;
  return { site: context.services.config.site, session };
}

// Used only when no deeper route supplies its own meta: the error screen.
export const meta: Route.MetaFunction = ({ data, error }) => {
  const name = data?.site.name ?? "DevPrep";
  return [{ title: error ? `${texts.errors.unexpectedTitle} | ${name}` : name }];
};

// The faces of the first view (body text, headings) load with the CSS, not after it (fonts.css says why).
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ...[latoRegular, poppinsBold].map((href) => ({
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
  return (
    // The boot script may set data-* attributes on <html> before React hydrates.
    <html lang="en" suppressHydrationWarning>
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
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
