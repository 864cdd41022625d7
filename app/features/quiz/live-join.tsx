import { type FormEvent, useState } from "react";
import { FormBanner } from "~/components/form-banner";
import { InputField } from "~/components/field";
import { liveQuizTexts as t } from "~/lib/texts";
import { joinRoom } from "./live-api";
import { type LivePlayerTicket, saveTicket } from "./live-storage";

const CODE_PATTERN = /^[A-Za-z0-9]{4,8}$/;
const NICKNAME_MAX = 24;

/**
 * Joins a room's lobby (POST /api/rooms/{code}/players) and keeps the player's token in the
 * tab's sessionStorage under the code, so that a reload of the tab rejoins the room. Without
 * `code` the form asks for one. Errors are the API's own sentences (not found, started, taken).
 */
export function JoinForm({
  code: fixedCode,
  initialCode = "",
  defaultNickname,
  onJoined,
  autoFocus = false,
}: {
  /** The room to join; without it the form asks for the code. */
  code?: string;
  /** A code to start the code field with (a ?code= link). */
  initialCode?: string;
  defaultNickname: string;
  onJoined: (code: string, ticket: LivePlayerTicket) => void;
  autoFocus?: boolean;
}) {
  const [code, setCode] = useState(fixedCode ?? initialCode.toUpperCase());
  const [nickname, setNickname] = useState(defaultNickname.slice(0, NICKNAME_MAX));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const roomCode = code.trim().toUpperCase();
    if (!CODE_PATTERN.test(roomCode)) return setError(t.codeNeeded);
    if (!nickname.trim()) return setError(t.nicknameNeeded);
    setBusy(true);
    setError(null);
    const result = await joinRoom(roomCode, nickname.trim());
    if (!result.ok) {
      setBusy(false);
      return setError(result.message);
    }
    const ticket = { token: result.token, playerId: result.player.id, nickname: result.player.nickname };
    saveTicket(roomCode, ticket);
    onJoined(roomCode, ticket);
  }

  return (
    <form className="form live-join" onSubmit={(e) => void submit(e)} noValidate>
      <FormBanner tone="error">{error}</FormBanner>
      <fieldset className="form__fields" disabled={busy}>
        {fixedCode === undefined && (
          <InputField
            label={t.code}
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/[^A-Za-z0-9]/g, "").toUpperCase())}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={8}
            className="live-join__code"
            placeholder={t.codeHint}
            required
          />
        )}
        <InputField
          label={t.nickname}
          name="nickname"
          value={nickname}
          onChange={(e) => setNickname(e.target.value)}
          autoComplete="nickname"
          maxLength={NICKNAME_MAX}
          required
          autoFocus={autoFocus}
        />
        <button type="submit" className="button button--primary">
          {busy ? t.joining : t.join}
        </button>
      </fieldset>
    </form>
  );
}
