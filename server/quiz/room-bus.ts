import { EventEmitter } from "node:events";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { DatabaseTarget } from "../config";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";

/**
 * How a change to a live room reaches every app process (issue #12). The room's state
 * lives in the database; a signal only says "room R changed: this happened". Each process
 * that holds event streams for the room reads what it needs and pushes it to its clients.
 *
 * - SQLite: one process owns the database, so an in-process emitter is the whole bus.
 * - PostgreSQL: LISTEN/NOTIFY on one channel. Every process (the publisher too) hears every
 *   signal through its own listening connection, so all of them behave alike.
 */

export type RoomSignalType = "players" | "question" | "answered" | "reveal" | "finished" | "ended";

export interface RoomSignal {
  roomId: string;
  type: RoomSignalType;
  position?: number;
}

export interface RoomBus {
  publish(signal: RoomSignal): Promise<void>;
  subscribe(listener: (signal: RoomSignal) => void): () => void;
  /** Resolves once signals are being received (PostgreSQL: the LISTEN connection is up). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = "devprep_room";

/** Signals are published through the app's own pool (`db`); only listening needs a connection of its own. */
export function createRoomBus(target: DatabaseTarget, db: Kysely<Database>, logger: Logger): RoomBus {
  return target.dialect === "postgres" ? postgresBus(target.connectionString, db, logger) : memoryBus();
}

function memoryBus(): RoomBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(signal) {
      // Delivered after the publisher's own work, as a NOTIFY would be.
      setImmediate(() => emitter.emit("signal", signal));
    },
    subscribe(listener) {
      emitter.on("signal", listener);
      return () => emitter.off("signal", listener);
    },
    async ready() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

function postgresBus(connectionString: string, db: Kysely<Database>, logger: Logger): RoomBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  /** The listening connection, opened on first use and reopened after it drops. */
  function listen(): Promise<pg.Client> {
    if (listener) return Promise.resolve(listener);
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString });
      client.on("notification", (message) => {
        if (message.channel !== CHANNEL || !message.payload) return;
        try {
          emitter.emit("signal", JSON.parse(message.payload) as RoomSignal);
        } catch (error) {
          logger.warn({ err: error }, "unreadable room signal");
        }
      });
      const dropped = (error?: Error) => {
        if (listener !== client) return;
        listener = null;
        if (closed) return;
        logger.warn({ err: error }, "room signal connection lost; reconnecting");
        retry = setTimeout(() => void listen().catch(() => {}), 1000);
      };
      client.on("error", dropped);
      client.on("end", () => dropped());
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      listener = client;
      return client;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async publish(signal) {
      await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(signal)})`.execute(db);
    },
    subscribe(handler) {
      emitter.on("signal", handler);
      return () => emitter.off("signal", handler);
    },
    async ready() {
      await listen();
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      emitter.removeAllListeners();
      const client = listener ?? (await connecting?.catch(() => null));
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}
