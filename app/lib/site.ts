import type { PublicSettings } from "../../server/config";

export type { PublicSettings };

/** Browser storage keys (the spec's keys where it names them). */
export const storageKeys = {
  appBannerSeen: "devprep.appBannerSeen",
  theme: "devprep.theme",
  // Written on sign-in (spec §3); removed on logout.
  email: "email",
  uid: "uid",
  name: "name",
  practiceMode: "practiceMode",
  /** The live compiler's code, one entry per language. */
  compilerCode: (language: string) => `compiler:${language}`,
  /** A challenge's code in this browser, one entry per question. */
  challengeCode: (questionId: string) => `challenge:${questionId}`,
} as const;

/** Spec §9: the consent cookie lives 150 days. */
export const CONSENT_MAX_AGE_SECONDS = 150 * 24 * 60 * 60;
/** Spec §9: a lazily loaded page that has not arrived after 120 s is reloaded. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function hasCookie(name: string, cookieHeader: string): boolean {
  return cookieHeader.split(/;\s*/).some((pair) => pair.split("=")[0] === name);
}

/**
 * A tiny script run in <head> before first paint, so that what depends on browser
 * storage (theme choice, a dismissed app banner, given cookie consent) never flashes.
 * It sets data attributes on <html>; CSS does the rest.
 *
 * It also holds the login gate (spec §2/§6), so that a visitor's very first tap on a gated link
 * (the home page's cards and calls to action) gets the alert even before any other script has
 * arrived: an element with `data-login-gate="<alert text>"` shows that alert to a visitor (the
 * server marks a signed-in reader's page with html[data-signed-in]) instead of following the
 * link, then opens the dialog `data-login-then` names, if any.
 */
export function bootScript(consentCookie: string): string {
  return (
    `(function(d){d.dataset.js="";try{var t=localStorage.getItem(${JSON.stringify(storageKeys.theme)});` +
    `if(t==="dark"||t==="light")d.dataset.theme=t;` +
    `if(localStorage.getItem(${JSON.stringify(storageKeys.appBannerSeen)}))d.dataset.appBanner="seen";}catch(e){}` +
    `if(document.cookie.split(/;\\s*/).some(function(c){return c.split("=")[0]===${JSON.stringify(consentCookie)}}))` +
    `d.dataset.consent="given";` +
    `document.addEventListener("click",function(e){var g=e.target.closest&&e.target.closest("[data-login-gate]");` +
    `if(!g||d.dataset.signedIn==="true")return;e.preventDefault();alert(g.dataset.loginGate);` +
    `var n=g.dataset.loginThen&&document.getElementById(g.dataset.loginThen);if(n&&!n.open&&n.showModal)n.showModal()},true)` +
    `})(document.documentElement)`
  );
}
