import { useEffect, useReducer, useState } from "react";
import { eventsUrl, probeEvents } from "./live-api";
import { LIVE_EVENTS, type LiveAction, initialView, liveReducer } from "./live-room-state";
import { readShownQuestion, saveShownQuestion } from "./live-storage";
import type { RoomInfo } from "./quiz-types";

/**
 * "connecting": no state yet; "live": the latest state arrived; "reconnecting": the stream
 * dropped and EventSource (or we) are trying again; "refused": the server will not let this
 * viewer in (a player token it does not know); "closed": the room is over, nothing more comes.
 */
export type LiveConnection = "connecting" | "live" | "reconnecting" | "refused" | "closed";

/** How long to wait before opening a new stream when EventSource gave up on the old one. */
const RETRY_MS = 2000;

/**
 * Follows a room's event stream (GET /api/rooms/{code}/events). The server sends `retry: 1000`,
 * so after a dropped connection EventSource comes back within about a second and the first
 * thing it gets is a fresh `state`. When EventSource gives up for good (an error status), the
 * stream's status is checked to tell a refused viewer from a server that is briefly away.
 * `token` null with `enabled` is the host (known by the session cookie).
 */
export function useLiveRoom(room: RoomInfo, token: string | null, enabled: boolean) {
  const code = room.code;
  // The tab may remember the question shown last (a reload during a reveal). Nothing of the
  // view is drawn before the first state arrives, so the server's render matches the first one here.
  const [view, dispatch] = useReducer(liveReducer, room, (r) =>
    initialView(r, typeof window === "undefined" ? null : readShownQuestion(r.code)),
  );
  const [connection, setConnection] = useState<LiveConnection>("connecting");

  useEffect(() => {
    if (!enabled) return;
    const url = eventsUrl(code, token);
    let source: EventSource | null = null;
    let retry: number | undefined;
    let stopped = false;

    const stop = (state: LiveConnection) => {
      stopped = true;
      source?.close();
      source = null;
      setConnection(state);
    };

    const connect = () => {
      window.clearTimeout(retry);
      source?.close();
      const current = new EventSource(url);
      source = current;
      for (const name of LIVE_EVENTS) {
        current.addEventListener(name, (event) => {
          const data = JSON.parse((event as MessageEvent<string>).data) as LiveAction["data"];
          dispatch({ name, data, at: performance.now() } as LiveAction);
          if (name === "question") saveShownQuestion(code, data as Extract<LiveAction, { name: "question" }>["data"]);
          if (name === "state") {
            const snapshot = data as Extract<LiveAction, { name: "state" }>["data"];
            if (snapshot.question) saveShownQuestion(code, snapshot.question);
            // A finished or ended room sends nothing more; without this EventSource would reconnect forever.
            if (snapshot.room.status === "finished" || snapshot.room.status === "ended") stop("closed");
            else setConnection("live");
          }
          if (name === "finished" || name === "ended") stop("closed");
        });
      }
      current.onerror = () => {
        if (stopped || source !== current) return;
        setConnection("reconnecting");
        if (current.readyState !== EventSource.CLOSED) return;
        source = null;
        void probeEvents(url).then((status) => {
          if (stopped) return;
          if (status === 401 || status === 404) stop("refused");
          else retry = window.setTimeout(connect, RETRY_MS);
        });
      };
    };

    // The browser says the network is gone (a phone between networks, Wi-Fi dropping): the
    // stream may look open but nothing will come through it. Say so, and start afresh once
    // the network is back instead of waiting for the next retry.
    const offline = () => {
      if (stopped) return;
      window.clearTimeout(retry);
      source?.close();
      source = null;
      setConnection("reconnecting");
    };
    const online = () => {
      if (!stopped && (!source || source.readyState === EventSource.CLOSED)) connect();
    };
    connect();
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
      source?.close();
    };
  }, [code, token, enabled]);

  return { view, connection };
}
