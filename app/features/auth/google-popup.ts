import { authTexts as t } from "~/lib/texts";

export const GOOGLE_POPUP_MESSAGE = "devprep:google-sign-in";
const POLL_MS = 400;
/** The popup posts its result and closes at once; the message may arrive just after we see it closed. */
const CLOSE_GRACE_MS = 600;

let current: Window | null = null;

interface PopupResult {
  type: string;
  ok: boolean;
  error: string | null;
}

/**
 * Google sign-in in a popup (spec §4, §8): resolves when the popup reports success
 * (the session cookie is then set), rejects with the spec's message otherwise. Only
 * messages from our own origin and from this popup count.
 */
export function signInWithGooglePopup(): Promise<void> {
  if (current && !current.closed) return Promise.reject(new Error(t.googleAlreadyOpen));
  const popup = window.open("/auth/google", "devprep-google", "popup,width=480,height=680");
  if (!popup) return Promise.reject(new Error(t.googleBlocked));
  current = popup;

  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (error?: string) => {
      if (done) return;
      done = true;
      window.removeEventListener("message", onMessage);
      window.clearInterval(poll);
      current = null;
      if (error) reject(new Error(error));
      else resolve();
    };
    const onMessage = (event: MessageEvent<PopupResult>) => {
      if (event.origin !== window.location.origin || event.source !== popup || event.data?.type !== GOOGLE_POPUP_MESSAGE) return;
      if (event.data.ok) finish();
      else finish(event.data.error === "network" ? t.googleNetwork : t.googleFailed);
    };
    const poll = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(poll);
      window.setTimeout(() => finish(t.googleCancelled), CLOSE_GRACE_MS);
    }, POLL_MS);
    window.addEventListener("message", onMessage);
  });
}
