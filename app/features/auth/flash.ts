/**
 * What a sign-in form posted without JavaScript left for the page it returns to
 * (server/http/auth-forms.ts): which dialog to reopen, its message and what to refill.
 * Never a password.
 */
export interface AuthFlash {
  form: "login" | "signup" | "forgot";
  error?: string;
  notice?: string;
  email?: string;
  name?: string;
}

export const AUTH_FLASH_COOKIE = "devprep.flash";
