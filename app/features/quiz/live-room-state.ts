import type { RoomEndReason, RoomEvents, RoomInfo, RoomPlayer, RoomQuestion, RoomReveal, RoomSnapshot, RoomStanding } from "./quiz-types";

/**
 * A live room as one browser sees it (issue #12): the latest `state` from the server with
 * every later event applied. `deadline` is on this browser's performance.now() clock,
 * computed from the `remainingMs` the server sent when the question arrived, so clocks on
 * different machines never need to agree.
 */
export interface LiveView {
  room: RoomInfo;
  /** Who the server says we are; null until the first `state`. */
  you: RoomSnapshot["you"] | null;
  /** Every player (hosts only). */
  players: RoomPlayer[];
  /** The question being asked, if any. */
  question: RoomQuestion | null;
  deadline: number | null;
  /** Answers to the question being asked (hosts only). */
  answered: number | null;
  reveal: RoomReveal | null;
  /**
   * The question asked last: a reveal names the right option by number only, so its text
   * comes from here. After a reload during a reveal it comes from the tab's storage.
   */
  shown: RoomQuestion | null;
  standings: RoomStanding[] | null;
  endedReason: RoomEndReason | null;
}

export type LiveEventName = keyof RoomEvents;
export const LIVE_EVENTS: readonly LiveEventName[] = ["state", "players", "question", "answered", "reveal", "finished", "ended"];

export type LiveAction = {
  [K in LiveEventName]: { name: K; data: RoomEvents[K]; /** performance.now() at receipt */ at: number };
}[LiveEventName];

export function initialView(room: RoomInfo, shown: RoomQuestion | null = null): LiveView {
  return {
    room,
    you: null,
    players: [],
    question: null,
    deadline: null,
    answered: null,
    reveal: null,
    shown,
    standings: null,
    endedReason: null,
  };
}

/** The player's own standing, if the viewer is a player. */
export function myStanding(view: LiveView, standings: RoomStanding[] | null): RoomStanding | null {
  const you = view.you;
  if (you?.role !== "player" || !standings) return null;
  return standings.find((s) => s.playerId === you.playerId) ?? null;
}

export function liveReducer(view: LiveView, action: LiveAction): LiveView {
  switch (action.name) {
    case "state": {
      const s = action.data;
      return {
        room: s.room,
        you: s.you,
        players: s.players,
        question: s.question,
        deadline: s.question ? action.at + s.question.remainingMs : null,
        answered: s.answered,
        reveal: s.reveal,
        shown: s.question ?? (view.shown && s.reveal && view.shown.position === s.reveal.position ? view.shown : null),
        standings: s.standings,
        endedReason: s.endedReason,
      };
    }
    case "players": {
      const { count, players } = action.data;
      return { ...view, room: { ...view.room, playerCount: count }, players: players ?? view.players };
    }
    case "question": {
      const question = action.data;
      return {
        ...view,
        room: { ...view.room, status: "question", position: question.position },
        you: view.you?.role === "player" ? { ...view.you, answered: false } : view.you,
        question,
        deadline: action.at + question.remainingMs,
        answered: view.you?.role === "host" ? 0 : null,
        reveal: null,
        shown: question,
      };
    }
    case "answered": {
      const { position, answered, players } = action.data;
      if (position !== view.room.position || view.room.status !== "question") return view;
      return { ...view, answered, room: { ...view.room, playerCount: players } };
    }
    case "reveal": {
      const reveal = action.data;
      const mine = myStanding(view, reveal.standings);
      return {
        ...view,
        room: { ...view.room, status: "reveal", position: reveal.position, playerCount: reveal.standings.length },
        you: view.you?.role === "player" && mine ? { ...view.you, score: mine.score } : view.you,
        question: null,
        deadline: null,
        reveal,
        shown: view.shown?.position === reveal.position ? view.shown : null,
      };
    }
    case "finished": {
      const { standings } = action.data;
      return { ...view, room: { ...view.room, status: "finished" }, question: null, deadline: null, standings };
    }
    case "ended":
      return { ...view, room: { ...view.room, status: "ended" }, question: null, deadline: null, endedReason: action.data.reason };
  }
}
