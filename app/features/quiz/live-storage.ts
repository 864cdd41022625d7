import type { RoomQuestion } from "./quiz-types";

/**
 * What a tab keeps about a live room, in sessionStorage under the room's code (issue #12):
 * the player's token — a reload of the tab keeps it, and that is how a player reconnects —
 * the options this player sent, and the question shown last, so that a reload during a
 * reveal can still show the options' text. Another tab (or the next visit) starts afresh.
 * Storage that is disabled or full never throws: the page then simply forgets on reload.
 */

export interface LivePlayerTicket {
  token: string;
  playerId: string;
  nickname: string;
}

interface Stored {
  player?: LivePlayerTicket;
  /** Option chosen per question position. */
  answers?: Record<string, number>;
  question?: RoomQuestion;
}

const key = (code: string) => `live-quiz:${code.toUpperCase()}`;

function read(code: string): Stored {
  try {
    const raw = sessionStorage.getItem(key(code));
    return raw ? (JSON.parse(raw) as Stored) : {};
  } catch {
    return {};
  }
}

function update(code: string, patch: (stored: Stored) => Stored): void {
  try {
    sessionStorage.setItem(key(code), JSON.stringify(patch(read(code))));
  } catch {
    // Not kept in this tab; the page still has it until a reload.
  }
}

export function readTicket(code: string): LivePlayerTicket | null {
  const player = read(code).player;
  return player && typeof player.token === "string" ? player : null;
}

/** A new player: whatever was kept for an earlier player of this room in this tab is dropped. */
export function saveTicket(code: string, player: LivePlayerTicket): void {
  update(code, () => ({ player }));
}

export function forgetTicket(code: string): void {
  update(code, () => ({}));
}

export function readAnswer(code: string, position: number): number | null {
  const option = read(code).answers?.[position];
  return typeof option === "number" ? option : null;
}

export function saveAnswer(code: string, position: number, option: number): void {
  update(code, (stored) => ({ ...stored, answers: { ...stored.answers, [position]: option } }));
}

export function readShownQuestion(code: string): RoomQuestion | null {
  return read(code).question ?? null;
}

export function saveShownQuestion(code: string, question: RoomQuestion): void {
  update(code, (stored) => ({ ...stored, question }));
}
