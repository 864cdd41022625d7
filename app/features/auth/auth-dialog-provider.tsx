import { type ReactNode, useEffect, useMemo } from "react";
import { createPath, useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import { type AuthDialogControls, AuthDialogProvider as Provider, authDialogId } from "~/lib/auth-dialog";
import { SESSION_CHANGED_EVENT, enhanceAuth } from "./enhance-auth";
import { useSite } from "~/lib/use-site";
import type { loader as rootLoader } from "../../root";
import { AuthDialogs } from "./auth-dialogs";

/**
 * Renders the auth dialogs of the page and lets any component open them. On app pages a
 * sign-in made in the dialog (app/lib/enhance/auth.ts) reloads the route data instead of the
 * page, so nothing typed elsewhere on the page is lost.
 */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const revalidator = useRevalidator();
  const site = useSite();
  const location = useLocation();
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.authFlash ?? null;

  // The dialogs' behaviour with scripts (on content pages the site island runs the same).
  useEffect(() => enhanceAuth(document, { app: true }), []);

  useEffect(() => {
    const refresh = () => void revalidator.revalidate();
    window.addEventListener(SESSION_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(SESSION_CHANGED_EVENT, refresh);
  }, [revalidator]);

  const controls = useMemo<AuthDialogControls>(
    () => ({
      open(view = "login") {
        const dialog = document.getElementById(authDialogId(view));
        if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
      },
    }),
    [],
  );

  return (
    <Provider value={controls}>
      {children}
      <AuthDialogs returnTo={createPath(location)} flash={flash} googleSignIn={site.googleSignIn} />
    </Provider>
  );
}
