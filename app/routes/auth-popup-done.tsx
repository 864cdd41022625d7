import { useEffect } from "react";
import { GOOGLE_POPUP_MESSAGE } from "~/features/auth/google-popup";
import { authTexts } from "~/lib/texts";

// The popup came back from the provider's origin; without this the browser would cut its
// link to the page that opened it, and the result could not be posted back.
export const headers = () => ({ "Cross-Origin-Opener-Policy": "unsafe-none" });

export const meta = () => [{ title: authTexts.processing }, { name: "robots", content: "noindex" }];

// Where the Google popup ends: tell the page that opened it how it went, then close.
export default function PopupDone() {
  useEffect(() => {
    const error = new URLSearchParams(window.location.search).get("error");
    if (window.opener) {
      window.opener.postMessage({ type: GOOGLE_POPUP_MESSAGE, ok: !error, error }, window.location.origin);
      window.close();
    } else {
      window.location.replace("/");
    }
  }, []);
  return (
    <p className="page page--narrow" role="status">
      {authTexts.processing}
    </p>
  );
}
