import type { RoomSnapshot, RoomViewer } from "../../app/features/quiz/quiz-types";
import type { Logger } from "../logger";
import type { Services } from "../services";
import type { RoomBus, RoomSignal } from "./room-bus";
import { millis } from "./quiz-questions";
import { DEADLINE_GRACE_MS } from "./quiz-service";
import {
  type RoomRow,
  answerCount,
  endRoom,
  findRoom,
  hasAnswered,
  hostConnected,
  playerCount,
  revealQuestion,
  roomInfo,
  roomPlayers,
  roomQuestion,
  roomReveal,
  roomStandings,
} from "./room-service";

/**
 * The event streams of this process (issue #12). Every signal on the bus (from this process
 * or another) is turned into one server-sent event, built once from the database and
 * written to every local stream of the room, so 200 players cost one read, not 200.
 * Timers here only *try* to move a room on; the database decides who succeeds.
 */

interface Connection {
  roomId: string;
  viewer: RoomViewer;
  push(chunk: Uint8Array): void;
  end(): void;
}

export interface RoomHubOptions {
  /** How long a host may be gone (a reload, a network blip) before the room ends. */
  hostGraceMs?: number;
}

/**
 * Issue #31: how many event streams one viewer (a signed-in user, or a player without an
 * account) may hold open at once. A tab needs one, and a moment of two while it reconnects;
 * one token had opened 400. Counted per process: on PostgreSQL a viewer spread over N app
 * processes could hold N times this, which still bounds each process.
 */
export const STREAMS_PER_VIEWER = 5;

const encoder = new TextEncoder();
const frame = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
/** Lobby joins and answers arrive in bursts: one update per burst is enough. */
const BURST_MS = 150;

export class RoomHub {
  private readonly rooms = new Map<string, Set<Connection>>();
  /** Open streams per viewer key ("user:<id>", "player:<id>"). */
  private readonly streams = new Map<string, number>();
  private readonly revealTimers = new Map<string, NodeJS.Timeout>();
  private readonly bursts = new Map<string, NodeJS.Timeout>();
  private readonly hostChecks = new Set<NodeJS.Timeout>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly logger: Logger;
  private readonly hostGraceMs: number;

  constructor(
    private readonly services: Services,
    private readonly bus: RoomBus,
    options: RoomHubOptions = {},
  ) {
    this.logger = services.logger;
    this.hostGraceMs = options.hostGraceMs ?? 5000;
    this.unsubscribe = bus.subscribe((signal) => {
      this.onSignal(signal).catch((error) => this.logger.error({ err: error, signal }, "room event failed"));
    });
    // Comments keep idle streams open through proxies that drop silent connections.
    const ping = encoder.encode(": keepalive\n\n");
    this.heartbeat = setInterval(() => this.rooms.forEach((set) => set.forEach((c) => c.push(ping))), 20_000).unref();
  }

  publish(signal: RoomSignal): Promise<void> {
    return this.bus.publish(signal);
  }

  /** How many streams of the room this process holds. */
  connections(roomId: string): number {
    return this.rooms.get(roomId)?.size ?? 0;
  }

  /**
   * A server-sent event stream for one viewer: first the room as it is now, then every change.
   * Null when `owner` (who the viewer is, across rooms) holds STREAMS_PER_VIEWER streams here
   * already; the slot is given back when the stream closes, from either end.
   */
  async open(room: RoomRow, viewer: RoomViewer, owner: string): Promise<Response | null> {
    const held = this.streams.get(owner) ?? 0;
    if (held >= STREAMS_PER_VIEWER) return null;
    // Taken before the first await, so that a burst of requests cannot all see a free slot.
    this.streams.set(owner, held + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.streams.get(owner) ?? 1) - 1;
      if (left > 0) this.streams.set(owner, left);
      else this.streams.delete(owner);
    };
    let connection!: Connection;
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        connection = {
          roomId: room.id,
          viewer,
          push: (chunk) => {
            try {
              controller.enqueue(chunk);
            } catch {
              // Closed already: the cancel below removes it.
            }
          },
          end: () => {
            release();
            try {
              controller.close();
            } catch {
              // Closed already.
            }
          },
        };
      },
      cancel: () => {
        release();
        this.remove(connection);
      },
    });
    let snapshot: RoomSnapshot;
    try {
      if (viewer.role === "host") await hostConnected(this.services, room.id);
      // Reconnect quickly after a drop (EventSource waits 3 s by default).
      connection.push(encoder.encode("retry: 1000\n\n"));
      snapshot = await this.snapshot(room.id, viewer);
    } catch (error) {
      release();
      throw error;
    }
    connection.push(frame("state", snapshot));
    // A room that is over will not change again: the snapshot is all there is to say.
    if (snapshot.room.status === "ended" || snapshot.room.status === "finished") connection.end();
    else this.add(connection);
    return new Response(stream, {
      headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" },
    });
  }

  /** The room as one viewer should see it now; a question whose time ran out is revealed first. */
  async snapshot(roomId: string, viewer: RoomViewer): Promise<RoomSnapshot> {
    let room = (await findRoom(this.services, roomId))!;
    if (room.status === "question") {
      if (await revealQuestion(this.services, room.id, room.position)) {
        await this.publish({ roomId: room.id, type: "reveal", position: room.position });
        room = { ...room, status: "reveal" };
      } else this.scheduleReveal(room);
    }
    const host = viewer.role === "host";
    const [info, players, question, reveal, standings] = await Promise.all([
      roomInfo(this.services, room),
      host ? roomPlayers(this.services, room.id) : Promise.resolve([]),
      roomQuestion(this.services, room),
      roomReveal(this.services, room),
      room.status === "finished" ? roomStandings(this.services, room) : Promise.resolve(null),
    ]);
    let you: RoomSnapshot["you"] = viewer;
    if (viewer.role === "player") {
      const mine = (reveal?.standings ?? standings ?? (await roomStandings(this.services, room))).find(
        (s) => s.playerId === viewer.playerId,
      );
      you = {
        ...viewer,
        score: mine?.score ?? 0,
        answered: room.status === "question" ? await hasAnswered(this.services, room.id, room.position, viewer.playerId) : false,
      };
    }
    return {
      room: info,
      you,
      players,
      question,
      answered: host && question ? await answerCount(this.services, room.id, room.position) : null,
      reveal,
      standings,
      endedReason: room.status === "ended" ? ((room.end_reason as RoomSnapshot["endedReason"]) ?? "host-ended") : null,
    };
  }

  /** Tries to reveal the question when its time is up (plus the answers' grace). */
  scheduleReveal(room: Pick<RoomRow, "id" | "position" | "deadline_ms">): void {
    const deadline = millis(room.deadline_ms);
    if (deadline === null) return;
    clearTimeout(this.revealTimers.get(room.id));
    const timer = setTimeout(
      () => {
        this.revealTimers.delete(room.id);
        revealQuestion(this.services, room.id, room.position)
          .then((revealed) => (revealed ? this.publish({ roomId: room.id, type: "reveal", position: room.position }) : undefined))
          .catch((error) => this.logger.error({ err: error }, "could not reveal a question"));
      },
      Math.max(0, deadline + DEADLINE_GRACE_MS + 20 - Date.now()),
    );
    timer.unref();
    this.revealTimers.set(room.id, timer);
  }

  private add(connection: Connection) {
    let set = this.rooms.get(connection.roomId);
    if (!set) this.rooms.set(connection.roomId, (set = new Set()));
    set.add(connection);
  }

  private remove(connection: Connection) {
    const set = this.rooms.get(connection.roomId);
    if (!set?.delete(connection)) return;
    if (!set.size) this.rooms.delete(connection.roomId);
    if (connection.viewer.role !== "host" || [...(set ?? [])].some((c) => c.viewer.role === "host")) return;
    // The host's last stream here closed. If no stream of theirs (here or in another
    // process) has connected since, the host has left: the room ends for everyone.
    const closedAt = Date.now();
    const check = setTimeout(() => {
      this.hostChecks.delete(check);
      endRoom(this.services, connection.roomId, "host-left", { hostSeenBefore: closedAt })
        .then((ended) => (ended ? this.publish({ roomId: connection.roomId, type: "ended" }) : undefined))
        .catch((error) => this.logger.error({ err: error }, "could not end a room"));
    }, this.hostGraceMs);
    check.unref();
    this.hostChecks.add(check);
  }

  private send(roomId: string, chunk: Uint8Array, to: "all" | "host" | "players" = "all") {
    for (const c of this.rooms.get(roomId) ?? []) {
      if (to === "all" || (to === "host") === (c.viewer.role === "host")) c.push(chunk);
    }
  }

  /** Runs `work` once at the end of a burst of the same signal. */
  private coalesce(key: string, work: () => Promise<void>) {
    if (this.bursts.has(key)) return;
    const timer = setTimeout(() => {
      this.bursts.delete(key);
      work().catch((error) => this.logger.error({ err: error }, "room event failed"));
    }, BURST_MS);
    timer.unref();
    this.bursts.set(key, timer);
  }

  private async onSignal(signal: RoomSignal): Promise<void> {
    const { roomId } = signal;
    if (!this.rooms.has(roomId)) return;
    switch (signal.type) {
      case "players":
        return this.coalesce(`${roomId}:players`, async () => {
          const players = await roomPlayers(this.services, roomId);
          this.send(roomId, frame("players", { count: players.length, players }), "host");
          this.send(roomId, frame("players", { count: players.length }), "players");
        });
      case "answered":
        return this.coalesce(`${roomId}:answered`, async () => {
          const room = await findRoom(this.services, roomId);
          if (room?.status !== "question") return;
          const [answered, players] = await Promise.all([
            answerCount(this.services, roomId, room.position),
            playerCount(this.services, roomId),
          ]);
          this.send(roomId, frame("answered", { position: room.position, answered, players }), "host");
        });
      case "question": {
        const room = await findRoom(this.services, roomId);
        if (!room) return;
        const question = await roomQuestion(this.services, room);
        if (!question) return;
        this.send(roomId, frame("question", question));
        this.scheduleReveal(room);
        return;
      }
      case "reveal": {
        clearTimeout(this.revealTimers.get(roomId));
        const room = await findRoom(this.services, roomId);
        const reveal = room && (await roomReveal(this.services, room));
        if (reveal) this.send(roomId, frame("reveal", reveal));
        return;
      }
      case "finished": {
        const room = await findRoom(this.services, roomId);
        if (room) this.send(roomId, frame("finished", { standings: await roomStandings(this.services, room) }));
        return;
      }
      case "ended": {
        const room = await findRoom(this.services, roomId);
        this.send(roomId, frame("ended", { reason: room?.end_reason ?? "host-ended" }));
        for (const c of this.rooms.get(roomId) ?? []) c.end();
        this.rooms.delete(roomId);
        return;
      }
    }
  }

  async close(): Promise<void> {
    this.unsubscribe();
    clearInterval(this.heartbeat);
    for (const timer of [...this.revealTimers.values(), ...this.bursts.values(), ...this.hostChecks]) clearTimeout(timer);
    for (const set of this.rooms.values()) for (const c of set) c.end();
    this.rooms.clear();
  }
}
