import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { FormBanner } from "~/components/form-banner";
import { type Session, displayName } from "~/lib/session";
import { fill, liveQuizTexts as t } from "~/lib/texts";
import { HostRoom } from "./live-host";
import { JoinForm } from "./live-join";
import { Connecting, ConnectionStatus, roomSettings } from "./live-parts";
import { PlayerRoom } from "./live-player";
import type { LiveView } from "./live-room-state";
import { type LivePlayerTicket, forgetTicket, readTicket } from "./live-storage";
import type { RoomInfo } from "./quiz-types";
import { useLiveRoom } from "./use-live-room";

/**
 * /quizzes/live/CODE (issue #12): the host's screen for the room's host; for anyone else the
 * player's screen when this tab holds a player token for the code, else the join form
 * (while the room is in its lobby).
 */
export function LiveRoom({ room, isHost, joinUrl, session }: { room: RoomInfo; isHost: boolean; joinUrl: string; session: Session }) {
  const code = room.code;
  /** undefined until the tab's storage has been read (it is not there on the server). */
  const [ticket, setTicket] = useState<LivePlayerTicket | null | undefined>(isHost ? null : undefined);
  useEffect(() => {
    if (!isHost) setTicket(readTicket(code));
  }, [code, isHost]);

  const { view, connection } = useLiveRoom(room, ticket?.token ?? null, isHost || Boolean(ticket));

  // The server no longer knows this tab's token: start again from the join form.
  const refused = useCallback(() => {
    forgetTicket(code);
    setTicket(null);
  }, [code]);
  useEffect(() => {
    if (connection === "refused" && !isHost) refused();
  }, [connection, isHost, refused]);

  const name = session.status === "authenticated" ? displayName(session.user, "") : "";
  let body;
  if (isHost) body = <HostRoom view={view} joinUrl={joinUrl} />;
  else if (ticket === undefined) body = <Connecting />;
  else if (ticket === null) body = <JoinHere room={view.room} nickname={name} onJoined={setTicket} />;
  else body = <PlayerRoom view={view} ticket={ticket} onRefused={refused} />;

  return (
    <div className="live-room">
      <header className="live-room__head">
        <div>
          <h1 className="live-room__title">{t.roomHeading}</h1>
          <p className="live-room__settings">{roomSettings(view.room)}</p>
        </div>
        <ConnectionStatus connection={connection} />
      </header>
      <Announcer view={view} />
      {isHost && connection === "refused" && <FormBanner tone="error">{t.failed}</FormBanner>}
      {body}
    </div>
  );
}

/** A visitor without a place in this room: the join form while the room waits in its lobby. */
function JoinHere({ room, nickname, onJoined }: { room: RoomInfo; nickname: string; onJoined: (ticket: LivePlayerTicket) => void }) {
  if (room.status !== "lobby") {
    return (
      <div className="live-card live-card--center">
        <h2>{room.status === "finished" || room.status === "ended" ? t.over : t.alreadyStarted}</h2>
        <Link to="/quizzes/live" className="button button--primary">
          {t.backToLive}
        </Link>
      </div>
    );
  }
  return (
    <section className="live-card live-join-here" aria-labelledby="live-join-here-title">
      <h2 id="live-join-here-title">{t.joinHere}</h2>
      <p>{fill(t.joinHereText, { host: room.hostName })}</p>
      <JoinForm key={nickname} code={room.code} defaultNickname={nickname} onJoined={(_, ticket) => onJoined(ticket)} />
    </section>
  );
}

/** Read out politely as the room moves on: each question, each reveal, the end. */
function Announcer({ view }: { view: LiveView }) {
  const { room } = view;
  const [message, setMessage] = useState("");
  const started = view.you !== null;
  useEffect(() => {
    if (!started) return;
    if (room.status === "question" && view.question)
      setMessage(fill(t.announceQuestion, { n: view.question.position + 1, total: view.question.total }));
    else if (room.status === "reveal" && view.reveal) setMessage(fill(t.announceReveal, { n: view.reveal.correctOption + 1 }));
    else if (room.status === "finished") setMessage(t.announceFinished);
    else setMessage("");
    // Once per step: answer counts and reconnections do not repeat it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [started, room.status, room.position]);
  return (
    <p className="visually-hidden" aria-live="polite">
      {message}
    </p>
  );
}
