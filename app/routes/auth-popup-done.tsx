import { useEffect } from "react";
import { GOOGLE_POPUP_MESSAGE } from "~/features/auth/google-popup";
import { safeReturnTo } from "~/lib/return-to";
import { authTexts } from "~/lib/texts";
import type { Route } from "./+types/auth-popup-done";

// The popup came back from the provider's origin; without this the browser would cut its
// link to the page that opened it, and the result could not be posted back.
export const headers = () => ({ "Cross-Origin-Opener-Policy": "unsafe-none" });

export const meta = () => [{ title: authTexts.processing }, { name: "robots", content: "noindex" }];

// Where the Google popup ends: tell the page that opened it how it went, then close.
// Without a popup (sign-in without scripts: the dialog's Google link followed in the page) it
// returns to the page the reader was on, by script or, with scripts off, by a refresh.
export function loader({ request }: Route.LoaderArgs) {
  return { returnTo: safeReturnTo(new URL(request.url).searchParams.get("returnTo")) };
}

export default function PopupDone({ loaderData }: Route.ComponentProps) {
  const { returnTo } = loaderData;
  useEffect(() => {
    const error = new URLSearchParams(window.location.search).get("error");
    if (window.opener) {
      window.opener.postMessage({ type: GOOGLE_POPUP_MESSAGE, ok: !error, error }, window.location.origin);
      window.close();
    } else {
      window.location.replace(returnTo);
    }
  }, [returnTo]);
  return (
    <p className="page page--narrow" role="status">
      <noscript>
        <meta httpEquiv="refresh" content={`0;url=${returnTo}`} />
      </noscript>
      {authTexts.processing}
    </p>
  );
}
