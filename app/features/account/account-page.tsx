import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/toaster";
import { InputField } from "~/components/field";
import { FormBanner } from "~/components/form-banner";
import { MAX_NAME_LENGTH, MIN_PASSWORD_LENGTH } from "~/features/auth/validation";
import { storageKeys } from "~/lib/site";
import { accountTexts as t, authTexts, fill } from "~/lib/texts";
import type { AccountView } from "../../../server/users/account";
import { postAccount, putPreferences } from "./account-api";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="account-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** Runs an account action with a busy flag and an inline error; success shows a toast. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<void>, success?: string) {
    setBusy(true);
    setError(null);
    try {
      await action();
      if (success) toast.success(success);
      return true;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : authTexts.failed);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "long", timeStyle: "short" });

export function AccountPage({ account, showOnLeaderboards }: { account: AccountView; showOnLeaderboards: boolean }) {
  const revalidator = useRevalidator();
  const [name, setName] = useState(account.user.name);
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [alsoSignOutOthers, setAlsoSignOutOthers] = useState(false);
  const [deletePassword, setDeletePassword] = useState("");
  const confirm = useRef<HTMLDialogElement>(null);
  const profile = useAction();
  const password = useAction();
  const sessions = useAction();
  const removal = useAction();
  const quizzes = useAction();
  const [onLeaderboards, setOnLeaderboards] = useState(showOnLeaderboards);

  async function saveName(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return profile.setError(authTexts.missingName);
    if (await profile.run(() => postAccount("/update-user", { name: name.trim() }), t.nameSaved)) {
      localStorage.setItem(storageKeys.name, name.trim());
      await revalidator.revalidate();
    }
  }

  async function changePassword(event: FormEvent) {
    event.preventDefault();
    if (next.length < MIN_PASSWORD_LENGTH) return password.setError(authTexts.shortPassword);
    const body = { currentPassword: current, newPassword: next, revokeOtherSessions: alsoSignOutOthers };
    if (await password.run(() => postAccount("/change-password", body), t.passwordChanged)) {
      setCurrent("");
      setNext("");
      // The list of signed-in devices is shorter now.
      if (alsoSignOutOthers) await revalidator.revalidate();
    }
  }

  // Issue #12: the quiz leaderboards show display names unless the user opts out. The box
  // shows the choice at once and goes back if saving fails.
  async function changeLeaderboards(visible: boolean) {
    setOnLeaderboards(visible);
    const saved = await quizzes.run(
      () => putPreferences({ showOnLeaderboards: visible }),
      visible ? t.leaderboardsShown : t.leaderboardsHidden,
    );
    if (!saved) setOnLeaderboards(!visible);
  }

  async function signOutOthers() {
    if (await sessions.run(() => postAccount("/revoke-other-sessions", {}), t.othersSignedOut)) await revalidator.revalidate();
  }

  async function deleteAccount(event: FormEvent) {
    event.preventDefault();
    const body = deletePassword ? { password: deletePassword } : {};
    if (await removal.run(() => postAccount("/delete-user", body))) {
      for (const key of [storageKeys.email, storageKeys.uid, storageKeys.name]) localStorage.removeItem(key);
      window.location.assign("/");
    }
  }

  return (
    <div className="page page--narrow account">
      <h1>{t.title}</h1>

      <Section id="profile-title" title={t.profile}>
        <FormBanner tone="error">{profile.error}</FormBanner>
        <form className="form" onSubmit={saveName} noValidate>
          <fieldset className="form__fields" disabled={profile.busy}>
            <InputField
              label={t.displayName}
              name="name"
              autoComplete="name"
              required
              maxLength={MAX_NAME_LENGTH}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <InputField label={t.email} name="email" type="email" value={account.user.email} readOnly />
            <button type="submit" className="button button--primary">
              {profile.busy ? t.working : t.saveName}
            </button>
          </fieldset>
        </form>
      </Section>

      <Section id="quizzes-title" title={t.quizzes}>
        <FormBanner tone="error">{quizzes.error}</FormBanner>
        <label className="switch">
          <input
            type="checkbox"
            name="show-on-leaderboards"
            checked={onLeaderboards}
            aria-describedby="leaderboards-help"
            onChange={(e) => void changeLeaderboards(e.target.checked)}
          />
          {t.showOnLeaderboards}
        </label>
        <p id="leaderboards-help" className="field__help">
          {t.leaderboardsHelp}
        </p>
      </Section>

      <Section id="password-title" title={t.password}>
        {account.hasPassword ? (
          <>
            <FormBanner tone="error">{password.error}</FormBanner>
            <form className="form" onSubmit={changePassword} noValidate>
              <fieldset className="form__fields" disabled={password.busy}>
                <InputField
                  label={t.currentPassword}
                  name="current-password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={current}
                  onChange={(e) => setCurrent(e.target.value)}
                />
                <InputField
                  label={t.newPassword}
                  name="new-password"
                  type="password"
                  autoComplete="new-password"
                  required
                  value={next}
                  onChange={(e) => setNext(e.target.value)}
                />
                <label className="switch">
                  <input
                    type="checkbox"
                    name="sign-out-others"
                    checked={alsoSignOutOthers}
                    onChange={(e) => setAlsoSignOutOthers(e.target.checked)}
                  />
                  {t.passwordSignOutOthers}
                </label>
                <button type="submit" className="button button--primary">
                  {password.busy ? t.working : t.changePassword}
                </button>
              </fieldset>
            </form>
          </>
        ) : (
          <p>{t.noPassword}</p>
        )}
      </Section>

      <Section id="sessions-title" title={t.sessions}>
        <FormBanner tone="error">{sessions.error}</FormBanner>
        <ul className="session-list">
          {account.sessions.map((session) => (
            <li key={session.id} className="session-list__item">
              <span className="session-list__device">{session.device ?? t.unknownDevice}</span>
              <span className="session-list__meta">
                {fill(t.since, { date: dateFormat.format(new Date(session.createdAt)) })}
                {session.current && <strong className="session-list__current"> · {t.thisDevice}</strong>}
              </span>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="button button--outline"
          onClick={() => void signOutOthers()}
          disabled={sessions.busy || account.sessions.length < 2}
        >
          {sessions.busy ? t.working : t.signOutOthers}
        </button>
      </Section>

      <Section id="delete-title" title={t.deleteTitle}>
        <p>{t.deleteText}</p>
        <button type="button" className="button button--danger" onClick={() => confirm.current?.showModal()}>
          {t.deleteButton}
        </button>
        <dialog ref={confirm} className="modal" aria-labelledby="delete-confirm-title">
          <form className="modal__panel form" onSubmit={deleteAccount} noValidate>
            <h2 id="delete-confirm-title">{t.deleteConfirmTitle}</h2>
            <p>{t.deleteConfirmText}</p>
            <FormBanner tone="error">{removal.error}</FormBanner>
            <fieldset className="form__fields" disabled={removal.busy}>
              <InputField
                label={authTexts.password}
                name="password"
                type="password"
                autoComplete="current-password"
                value={deletePassword}
                onChange={(e) => setDeletePassword(e.target.value)}
              />
              <div className="modal__actions">
                <button type="button" className="button button--outline" onClick={() => confirm.current?.close()}>
                  {t.cancel}
                </button>
                <button type="submit" className="button button--danger">
                  {removal.busy ? t.working : t.deleteConfirm}
                </button>
              </div>
            </fieldset>
          </form>
        </dialog>
      </Section>
    </div>
  );
}
