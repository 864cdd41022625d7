import { X } from "lucide-react";
import type { ReactNode } from "react";
import { InputField } from "~/components/field";
import { type AuthView, authDialogId } from "~/lib/auth-dialog";
import { authTexts as t } from "~/lib/texts";
import type { AuthFlash } from "./flash";
import { MAX_NAME_LENGTH } from "./validation";

interface Props {
  /** Where the reader returns after signing in: the page they are on. */
  returnTo: string;
  /** A refused form's message, posted without scripts, to show again (server/http/auth-forms.ts). */
  flash: AuthFlash | null;
  googleSignIn: boolean;
}

/**
 * Spec §2/§4 auth modal, as three dialogs (login, sign-up, forgot password) whose forms post to
 * /auth/* and work with no script: errors come back in the banner on the page the server
 * returns. With scripts, app/lib/enhance/auth.ts sends the same forms with fetch, shows the
 * busy labels and the errors in place, switches views and resets a dialog when it closes.
 */
export function AuthDialogs({ returnTo, flash, googleSignIn }: Props) {
  const shown = (form: AuthFlash["form"]) => (flash?.form === form ? flash : null);
  const login = shown("login");
  const signup = shown("signup");
  const forgot = shown("forgot");
  const google = googleSignIn ? `/auth/google?${new URLSearchParams({ returnTo })}` : null;
  return (
    <>
      <AuthDialog view="login" title={t.loginTitle} flash={login}>
        <AuthForm view="login" returnTo={returnTo} flash={login} />
        {google && <GoogleLink href={google} />}
        <SwitchButton to="signup">{t.toSignup}</SwitchButton>
        <SwitchButton to="forgot" className="modal__forgot">
          {t.forgotLink}
        </SwitchButton>
      </AuthDialog>
      <AuthDialog view="signup" title={t.signupTitle} flash={signup}>
        <AuthForm view="signup" returnTo={returnTo} flash={signup} />
        {google && <GoogleLink href={google} />}
        <SwitchButton to="login">{t.toLogin}</SwitchButton>
      </AuthDialog>
      <AuthDialog view="forgot" title={t.forgotTitle} flash={forgot}>
        <form className="form" method="post" action="/auth/forgot" noValidate data-auth-form="forgot" hidden={Boolean(forgot?.notice)}>
          <input type="hidden" name="returnTo" value={returnTo} />
          <p>{t.forgotIntro}</p>
          <fieldset className="form__fields">
            <InputField label={t.email} name="email" type="email" autoComplete="email" required defaultValue={forgot?.email} />
            <button type="submit" className="button button--primary button--block" data-busy-label={t.forgotSending}>
              {t.forgotButton}
            </button>
          </fieldset>
        </form>
        <SwitchButton to="login">{t.backToLogin}</SwitchButton>
      </AuthDialog>
    </>
  );
}

function AuthDialog({
  view,
  title,
  flash,
  children,
}: {
  view: AuthView | "forgot";
  title: string;
  flash: AuthFlash | null;
  children: ReactNode;
}) {
  const id = authDialogId(view);
  return (
    // Opened by the server only to show a refused form again (non-modal until a script makes it modal).
    <dialog
      id={id}
      className="modal"
      aria-labelledby={`${id}-title`}
      closedby="any"
      open={flash ? true : undefined}
      data-auth-dialog
      data-auth-failed={t.failed}
    >
      <div className="modal__panel">
        <div className="modal__head">
          <h2 id={`${id}-title`}>{title}</h2>
          <button type="button" className="icon-button" aria-label={t.close} command="close" commandfor={id}>
            <X aria-hidden size={20} />
          </button>
        </div>
        <p className="form-banner form-banner--error" role="alert" data-auth-error hidden={!flash?.error}>
          {flash?.error}
        </p>
        <p className="form-banner form-banner--success" role="status" data-auth-notice hidden={!flash?.notice}>
          {flash?.notice}
        </p>
        {children}
      </div>
    </dialog>
  );
}

function AuthForm({ view, returnTo, flash }: { view: AuthView; returnTo: string; flash: AuthFlash | null }) {
  const signup = view === "signup";
  return (
    <form
      className="form"
      method="post"
      action={`/auth/${view}`}
      noValidate
      data-auth-form={view}
      // The spec's words for a check the island makes before sending (the server makes it too).
      data-missing-name={t.missingName}
      data-invalid-email={t.invalidEmail}
      data-short-password={t.shortPassword}
    >
      <input type="hidden" name="returnTo" value={returnTo} />
      <fieldset className="form__fields">
        {signup && (
          <InputField label={t.fullName} name="name" autoComplete="name" required maxLength={MAX_NAME_LENGTH} defaultValue={flash?.name} />
        )}
        <InputField label={t.email} name="email" type="email" autoComplete="email" required defaultValue={flash?.email} />
        <InputField
          label={t.password}
          name="password"
          type="password"
          autoComplete={signup ? "new-password" : "current-password"}
          required
        />
        <button type="submit" className="button button--primary button--block" data-busy-label={signup ? t.signingUp : t.loggingIn}>
          {signup ? t.signupButton : t.loginButton}
        </button>
      </fieldset>
    </form>
  );
}

/** Google sign-in: a popup with scripts (app/lib/enhance/auth.ts), else a plain link through the same flow. */
function GoogleLink({ href }: { href: string }) {
  return (
    <>
      <p className="modal__or">{t.or}</p>
      <a className="button button--outline button--block" href={href} data-google-sign-in data-busy-label={t.processing}>
        {t.google}
      </a>
    </>
  );
}

/** Opens another view; with scripts this one closes first (data-swap), without them it opens on top. */
function SwitchButton({ to, className, children }: { to: AuthView | "forgot"; className?: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className={`link-button${className ? ` ${className}` : ""}`}
      command="show-modal"
      commandfor={authDialogId(to)}
      data-swap
    >
      {children}
    </button>
  );
}
