import { liveQuizTexts as t } from "~/lib/texts";
import type { QuizLevel, QuizTechnology, RoomInfo, RoomPlayer } from "./quiz-types";

/**
 * The browser's side of live rooms: the calls of server/api/rooms.ts (the contract).
 * Failures come back as the API's own sentence (error.message), or ours when the server
 * could not be reached, so forms can show them as they are.
 */

export type Failure = { ok: false; status: number; code: string | undefined; message: string };
type Result<T> = ({ ok: true } & T) | Failure;

async function call<T>(path: string, init: { body?: unknown; token?: string } = {}): Promise<Result<T>> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.token) headers["X-Player-Token"] = init.token;
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    return { ok: false, status: 0, code: undefined, message: t.offline };
  }
  const body = (await response.json().catch(() => null)) as (T & { error?: { code?: string; message?: string } }) | null;
  if (response.ok && body) return { ok: true, ...body };
  return { ok: false, status: response.status, code: body?.error?.code, message: body?.error?.message ?? t.failed };
}

const roomPath = (code: string) => `/api/rooms/${encodeURIComponent(code)}`;

export interface RoomSettingsInput {
  technology: QuizTechnology;
  level: QuizLevel;
  questionCount: number;
  secondsPerQuestion: number;
}

export function createRoom(settings: RoomSettingsInput) {
  return call<{ room: RoomInfo }>("/api/rooms", { body: settings });
}

/** Joins a room's lobby; signed-in players may leave the nickname empty to use their name. */
export function joinRoom(code: string, nickname: string) {
  return call<{ player: RoomPlayer; token: string }>(`${roomPath(code)}/players`, { body: nickname ? { nickname } : {} });
}

/** The host moves the room: `next` starts it or goes on, `reveal` closes the question, `end` ends it. */
export function hostAction(code: string, action: "next" | "reveal" | "end") {
  return call<{ room: RoomInfo }>(`${roomPath(code)}/${action}`);
}

export function sendRoomAnswer(code: string, token: string, position: number, option: number) {
  return call<{ accepted: true }>(`${roomPath(code)}/answers`, { token, body: { position, option } });
}

/** The event stream's address: the host is known by the session cookie, a player by the token. */
export function eventsUrl(code: string, token: string | null): string {
  return `${roomPath(code)}/events${token ? `?token=${encodeURIComponent(token)}` : ""}`;
}

/**
 * The HTTP status of the event stream, read from the headers only. EventSource does not
 * say why it gave up; this tells a refused token (401) or a room gone (404) from a server
 * that is down or unreachable (0 or 5xx), which is worth trying again.
 */
export async function probeEvents(url: string): Promise<number> {
  const controller = new AbortController();
  try {
    const response = await fetch(url, { signal: controller.signal, headers: { Accept: "text/event-stream" } });
    return response.status;
  } catch {
    return 0;
  } finally {
    controller.abort();
  }
}
