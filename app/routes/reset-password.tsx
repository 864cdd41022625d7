import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { InputField } from "~/components/field";
import { FormBanner } from "~/components/form-banner";
import { authErrorMessage } from "~/features/auth/errors";
import { MIN_PASSWORD_LENGTH } from "~/features/auth/validation";
import { useAuthDialog } from "~/lib/auth-dialog";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { authTexts, resetTexts as t } from "~/lib/texts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    title: t.title,
    description: t.description,
    path: "/reset-password",
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: true,
  });
};

/** Where a reset mail's link lands (with ?token=… or, for a bad link, ?error=…). */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const auth = useAuthDialog();
  const [password, setPassword] = useState("");
  const [state, setState] = useState<"idle" | "saving" | "done">("idle");
  const [error, setError] = useState<string | null>(token && !params.get("error") ? null : t.invalid);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(authTexts.shortPassword);
      return;
    }
    setError(null);
    setState("saving");
    const response = await fetch("/api/auth/reset-password", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, newPassword: password }),
    }).catch(() => null);
    if (response?.ok) {
      setState("done");
      return;
    }
    const body = (await response?.json().catch(() => null)) as { code?: string; message?: string } | null;
    setError(body?.code === "INVALID_TOKEN" ? t.invalid : response ? authErrorMessage(response.status, body) : authTexts.failed);
    setState("idle");
  }

  const usable = Boolean(token) && !params.get("error") && error !== t.invalid;
  return (
    <section className="page page--narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">{t.title}</h1>
      <FormBanner tone="error">{error}</FormBanner>
      {state === "done" ? (
        <>
          <FormBanner tone="success">{t.done}</FormBanner>
          <button type="button" className="button button--primary" onClick={() => auth.open("login")}>
            {t.login}
          </button>
        </>
      ) : usable ? (
        <form className="form" onSubmit={onSubmit} noValidate>
          <fieldset className="form__fields" disabled={state === "saving"}>
            <InputField
              label={t.newPassword}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button type="submit" className="button button--primary">
              {state === "saving" ? t.saving : t.save}
            </button>
          </fieldset>
        </form>
      ) : (
        <button type="button" className="button button--primary" onClick={() => auth.open("login")}>
          {t.login}
        </button>
      )}
    </section>
  );
}
