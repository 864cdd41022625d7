import { type FormEvent, useState } from "react";
import { InputField } from "~/components/field";
import { FormBanner } from "~/components/form-banner";
import { authTexts as t, fill } from "~/lib/texts";
import { EMAIL_PATTERN } from "./validation";

interface Props {
  initialEmail: string;
  request: (email: string) => Promise<void>;
  onBack: () => void;
}

/** "Forgot password?": asks for a reset mail; never says whether the account exists. */
export function ForgotPasswordForm({ initialEmail, request, onBack }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address)) {
      setError(t.invalidEmail);
      return;
    }
    setError(null);
    setState("sending");
    try {
      await request(address);
      setState("sent");
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t.failed);
      setState("idle");
    }
  }

  return (
    <>
      <FormBanner tone="error">{error}</FormBanner>
      {state === "sent" ? (
        <FormBanner tone="success">{fill(t.forgotSent, { email: email.trim().toLowerCase() })}</FormBanner>
      ) : (
        <form className="form" noValidate onSubmit={onSubmit}>
          <p>{t.forgotIntro}</p>
          <fieldset disabled={state === "sending"} className="form__fields">
            <InputField
              label={t.email}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button type="submit" className="button button--primary button--block">
              {state === "sending" ? t.forgotSending : t.forgotButton}
            </button>
          </fieldset>
        </form>
      )}
      <button type="button" className="link-button" onClick={onBack}>
        {t.backToLogin}
      </button>
    </>
  );
}
