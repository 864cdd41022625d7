import { Radio, UserPlus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { FormBanner } from "~/components/form-banner";
import { useAuthDialog } from "~/lib/auth-dialog";
import { type Session, displayName } from "~/lib/session";
import { fill, liveQuizTexts as lt, quizTexts as qt } from "~/lib/texts";
import { createRoom } from "./live-api";
import { JoinForm } from "./live-join";
import { ChoiceGroup, PoolFields } from "./quiz-setup";
import { type QuizLevel, type QuizPool, type QuizTechnology, ROOM_LENGTHS, ROOM_TIMES } from "./quiz-types";

/**
 * /quizzes/live (issue #12): host a room (signed in) or join one with its code. Both go on to
 * the room's page, /quizzes/live/CODE.
 */
export function LiveStart({ pool, session, code }: { pool: QuizPool; session: Session; code: string }) {
  const navigate = useNavigate();
  const name = session.status === "authenticated" ? displayName(session.user, "") : "";
  return (
    <div className="live-start">
      <section className="live-panel" aria-labelledby="live-host-title">
        <h2 id="live-host-title" className="live-panel__title">
          <Radio aria-hidden size={24} />
          {lt.hostTitle}
        </h2>
        {session.status === "authenticated" ? <HostForm pool={pool} /> : <HostSignIn />}
      </section>
      <section className="live-panel" aria-labelledby="live-join-title">
        <h2 id="live-join-title" className="live-panel__title">
          <UserPlus aria-hidden size={24} />
          {lt.joinTitle}
        </h2>
        <p>{lt.joinText}</p>
        {/* A new session (signing in or out) starts the form afresh, with the new name. */}
        <JoinForm key={name} initialCode={code} defaultNickname={name} onJoined={(c) => void navigate(`/quizzes/live/${c}`)} />
      </section>
    </div>
  );
}

function HostSignIn() {
  const auth = useAuthDialog();
  return (
    <>
      <p>{lt.hostSignedOut}</p>
      <button type="button" className="button button--primary" onClick={() => auth.open("login")}>
        {lt.hostLogin}
      </button>
    </>
  );
}

function HostForm({ pool }: { pool: QuizPool }) {
  const navigate = useNavigate();
  const [technology, setTechnology] = useState<QuizTechnology>("mixed");
  const [level, setLevel] = useState<QuizLevel>("all");
  const [questionCount, setQuestionCount] = useState<number>(10);
  const [secondsPerQuestion, setSeconds] = useState<number>(20);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const messageId = useId();

  const available = pool[technology][level];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await createRoom({ technology, level, questionCount, secondsPerQuestion });
    if (!result.ok) {
      setBusy(false);
      return setError(result.message);
    }
    void navigate(`/quizzes/live/${result.room.code}`);
  }

  return (
    <form className="form live-host-form" onSubmit={(e) => void submit(e)} noValidate>
      <p>{lt.hostText}</p>
      <FormBanner tone="error">{error}</FormBanner>
      <fieldset className="form__fields" disabled={busy}>
        <PoolFields pool={pool} technology={technology} level={level} onTechnology={setTechnology} onLevel={setLevel} />
        <ChoiceGroup
          legend={lt.questions}
          name="count"
          value={String(questionCount)}
          onChange={(value) => setQuestionCount(Number(value))}
          choices={ROOM_LENGTHS.map((n) => ({ value: String(n), label: String(n) }))}
        />
        <ChoiceGroup
          legend={lt.timePerQuestion}
          name="time"
          value={String(secondsPerQuestion)}
          onChange={(value) => setSeconds(Number(value))}
          choices={ROOM_TIMES.map((s) => ({ value: String(s), label: fill(lt.secondsOption, { seconds: s }) }))}
          hint={lt.timeHint}
        />
        <p id={messageId} className={`live-pool${available === 0 ? " live-pool--empty" : ""}`} aria-live="polite">
          {available === 0
            ? qt.none
            : available < questionCount
              ? fill(lt.fewer, { count: available })
              : available === 1
                ? qt.availableOne
                : fill(qt.available, { count: available })}
        </p>
        <button type="submit" className="button button--primary" disabled={available === 0} aria-describedby={messageId}>
          {busy ? lt.creating : lt.create}
        </button>
      </fieldset>
    </form>
  );
}
