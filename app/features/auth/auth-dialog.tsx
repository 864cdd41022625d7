import { X } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { InputField } from "~/components/field";
import { FormBanner } from "~/components/form-banner";
import type { AuthView } from "~/lib/auth-dialog";
import { authTexts as t } from "~/lib/texts";
import { ForgotPasswordForm } from "./forgot-password-form";
import { type AuthFields, MAX_NAME_LENGTH, validateAuthFields } from "./validation";

interface Props {
  open: boolean;
  view: AuthView;
  onViewChange: (view: AuthView) => void;
  onClose: () => void;
  submit: (view: AuthView, fields: AuthFields) => Promise<void>;
  /** Present when Google sign-in is configured. */
  google?: () => Promise<void>;
  requestReset: (email: string) => Promise<void>;
}

const empty: AuthFields = { email: "", password: "", name: "" };

/**
 * Spec §2/§4 auth modal: login and signup views, a link to switch (which clears the
 * fields and the error), validation before sending, a busy state, errors in a banner.
 */
export function AuthDialog({ open, view, onViewChange, onClose, submit, google, requestReset }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [fields, setFields] = useState<AuthFields>(empty);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"form" | "google" | null>(null);
  const [forgot, setForgot] = useState(false);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // Closing resets the dialog (spec §4 "closing it resets it").
  useEffect(() => {
    if (!open) {
      setFields(empty);
      setError(null);
      setBusy(null);
      setForgot(false);
    }
  }, [open]);

  function switchView() {
    setFields(empty);
    setError(null);
    onViewChange(view === "login" ? "signup" : "login");
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateAuthFields(fields, view);
    if (problem) {
      setError(problem);
      return;
    }
    await run("form", () => submit(view, { ...fields, email: fields.email.trim().toLowerCase() }));
  }

  async function run(kind: "form" | "google", action: () => Promise<void>) {
    setError(null);
    setBusy(kind);
    try {
      await action();
      onClose();
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t.failed);
    } finally {
      setBusy(null);
    }
  }

  const signup = view === "signup";
  const title = forgot ? t.forgotTitle : signup ? t.signupTitle : t.loginTitle;
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onClose();
      }}
    >
      {open && (
        <div className="modal__panel">
          <div className="modal__head">
            <h2 id={`${id}-title`}>{title}</h2>
            <button type="button" className="icon-button" aria-label={t.close} onClick={onClose}>
              <X aria-hidden size={20} />
            </button>
          </div>
          {forgot ? (
            <ForgotPasswordForm initialEmail={fields.email} request={requestReset} onBack={() => setForgot(false)} />
          ) : (
            <>
              <FormBanner tone="error">{error}</FormBanner>
              <form className="form" noValidate onSubmit={onSubmit}>
                <fieldset disabled={busy !== null} className="form__fields">
                  {signup && (
                    <InputField
                      label={t.fullName}
                      name="name"
                      autoComplete="name"
                      required
                      maxLength={MAX_NAME_LENGTH}
                      value={fields.name}
                      onChange={(e) => setFields({ ...fields, name: e.target.value })}
                    />
                  )}
                  <InputField
                    label={t.email}
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    value={fields.email}
                    onChange={(e) => setFields({ ...fields, email: e.target.value })}
                  />
                  <InputField
                    label={t.password}
                    name="password"
                    type="password"
                    autoComplete={signup ? "new-password" : "current-password"}
                    required
                    value={fields.password}
                    onChange={(e) => setFields({ ...fields, password: e.target.value })}
                  />
                  <button type="submit" className="button button--primary button--block">
                    {busy === "form" ? (signup ? t.signingUp : t.loggingIn) : signup ? t.signupButton : t.loginButton}
                  </button>
                </fieldset>
              </form>
              {google && (
                <>
                  <p className="modal__or">{t.or}</p>
                  <button
                    type="button"
                    className="button button--outline button--block"
                    disabled={busy !== null}
                    onClick={() => void run("google", google)}
                  >
                    {busy === "google" ? t.processing : t.google}
                  </button>
                </>
              )}
              <button type="button" className="link-button" onClick={switchView} disabled={busy !== null}>
                {signup ? t.toLogin : t.toSignup}
              </button>
              {!signup && (
                <button type="button" className="link-button modal__forgot" onClick={() => setForgot(true)} disabled={busy !== null}>
                  {t.forgotLink}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </dialog>
  );
}
