import crypto from "node:crypto";
import { type Kysely, sql } from "kysely";
import type {
  QuizLevel,
  QuizTechnology,
  RoomEndReason,
  RoomInfo,
  RoomPlayer,
  RoomQuestion,
  RoomReveal,
  RoomStanding,
} from "../../app/features/quiz/quiz-types";
import type { Database, QuizRoomPlayerTable, QuizRoomTable } from "../db/schema";
import { consume } from "../rate-limit/rate-limiter";
import type { Services } from "../services";
import type { SessionUser } from "../users/user-service";
import {
  type QuizQuestionRow,
  askedView,
  drawQuestions,
  loadQuizQuestions,
  millis,
  optionOrder,
  randomId,
  shownAt,
} from "./quiz-questions";
import { DEADLINE_GRACE_MS } from "./quiz-service";
import { questionSeconds } from "./room-timing";

/**
 * Live quiz rooms (issue #12): the state of a room lives in the database, so any app
 * process can serve any request; every change is a conditional update (WHERE status and
 * position are what the caller saw), so two processes racing to reveal a question, or a
 * double click on "Next", change the room once. Pushing changes to browsers is the hub's
 * job (room-hub.ts); this module only reads and writes.
 */

export type RoomRow = QuizRoomTable;
export type PlayerRow = QuizRoomPlayerTable;

export const ROOM_LIMITS = { players: 500, nickname: 24 } as const;
/** Issue #31: rooms one user may host in an hour (a class or a team night needs a few). */
export const ROOM_QUOTA = { limit: 20, windowMs: 60 * 60_000 } as const;
/** Points for a right answer: half for being right, half for speed. */
const POINTS = { right: 500, speed: 500 } as const;
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const OPEN: RoomRow["status"][] = ["lobby", "question", "reveal"];

function newCode(): string {
  return Array.from(crypto.randomBytes(6), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export interface RoomSettings {
  technology: QuizTechnology;
  level: QuizLevel;
  questionCount: number;
  secondsPerQuestion: number;
}

export type CreateRoomResult =
  { kind: "created"; room: RoomRow } | { kind: "no-questions" } | { kind: "rate-limited"; retryAfterSeconds: number };

export async function createRoom(services: Services, host: SessionUser, settings: RoomSettings): Promise<CreateRoomResult> {
  const { db } = services.database;
  const ids = await drawQuestions(services, settings.technology, settings.level, settings.questionCount);
  if (!ids.length) return { kind: "no-questions" };
  const rate = await consume(db, `room-create:${host.id}`, ROOM_QUOTA);
  if (!rate.allowed) return { kind: "rate-limited", retryAfterSeconds: rate.retryAfterSeconds };
  // A code is unique among open rooms; with 32^6 codes a clash is rare, so try again on one.
  let code = newCode();
  for (let i = 0; i < 5 && (await findOpenRoom(services, code)); i++) code = newCode();
  const room: RoomRow = {
    id: randomId(),
    code,
    host_id: host.id,
    technology: settings.technology,
    level: settings.level,
    question_count: ids.length,
    seconds_per_question: settings.secondsPerQuestion,
    status: "lobby",
    position: -1,
    served_ms: null,
    deadline_ms: null,
    host_seen_ms: Date.now(),
    end_reason: null,
    created_at: new Date().toISOString(),
    finished_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("quiz_room").values(room).execute();
    await trx
      .insertInto("quiz_room_question")
      .values(ids.map((question_id, position) => ({ room_id: room.id, position, question_id })))
      .execute();
  });
  return { kind: "created", room };
}

async function findOpenRoom(services: Services, code: string) {
  return services.database.db.selectFrom("quiz_room").select("id").where("code", "=", code).where("status", "in", OPEN).executeTakeFirst();
}

/** The newest room with this code (codes are reused only once a room is over). */
export async function findRoomByCode(services: Services, code: string): Promise<RoomRow | null> {
  const row = await services.database.db
    .selectFrom("quiz_room")
    .selectAll()
    .where("code", "=", code.toUpperCase())
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export async function findRoom(services: Services, id: string): Promise<RoomRow | null> {
  return (await services.database.db.selectFrom("quiz_room").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function roomInfo(services: Services, room: RoomRow): Promise<RoomInfo> {
  const { db } = services.database;
  const [host, players] = await Promise.all([
    db.selectFrom("user").select("name").where("id", "=", room.host_id).executeTakeFirst(),
    db
      .selectFrom("quiz_room_player")
      .select(sql<number>`count(*)`.as("n"))
      .where("room_id", "=", room.id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    code: room.code,
    technology: room.technology as QuizTechnology,
    level: room.level as QuizLevel,
    questionCount: room.question_count,
    secondsPerQuestion: room.seconds_per_question,
    status: room.status,
    position: room.position,
    hostName: host?.name ?? "",
    playerCount: Number(players.n),
  };
}

export type JoinResult =
  | { kind: "joined"; player: RoomPlayer; token: string }
  | { kind: "started" }
  | { kind: "over" }
  | { kind: "full" }
  | { kind: "nickname-taken" };

/** Adds a player in the lobby. The token returned is the player's key; only its hash is kept. */
export async function joinRoom(services: Services, room: RoomRow, nickname: string, user: SessionUser | null): Promise<JoinResult> {
  if (room.status === "finished" || room.status === "ended") return { kind: "over" };
  if (room.status !== "lobby") return { kind: "started" };
  const { db } = services.database;
  const count = await db
    .selectFrom("quiz_room_player")
    .select(sql<number>`count(*)`.as("n"))
    .where("room_id", "=", room.id)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= ROOM_LIMITS.players) return { kind: "full" };
  const token = crypto.randomBytes(24).toString("base64url");
  const player = { id: randomId(), nickname };
  const inserted = await db
    .insertInto("quiz_room_player")
    .values({
      id: player.id,
      room_id: room.id,
      user_id: user?.id ?? null,
      nickname,
      token_hash: hashToken(token),
      score: 0,
      final_rank: null,
      joined_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(["room_id", "nickname"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return { kind: "nickname-taken" };
  return { kind: "joined", player, token };
}

export async function playerByToken(services: Services, room: RoomRow, token: string | undefined): Promise<PlayerRow | null> {
  if (!token) return null;
  const row = await services.database.db
    .selectFrom("quiz_room_player")
    .selectAll()
    .where("room_id", "=", room.id)
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  return row ?? null;
}

export async function roomPlayers(services: Services, roomId: string): Promise<RoomPlayer[]> {
  const rows = await services.database.db
    .selectFrom("quiz_room_player")
    .select(["id", "nickname"])
    .where("room_id", "=", roomId)
    .orderBy("joined_at")
    .orderBy("id")
    .execute();
  return rows;
}

export type AdvanceResult = { kind: "question"; room: RoomRow } | { kind: "finished"; room: RoomRow } | { kind: "not-now" };

/**
 * The host moves the room on: from the lobby to the first question, from a revealed
 * question to the next, or after the last one to the final ranking.
 */
export async function advanceRoom(services: Services, room: RoomRow, now = Date.now()): Promise<AdvanceResult> {
  const { db } = services.database;
  if (room.status !== "lobby" && room.status !== "reveal") return { kind: "not-now" };
  const next = room.position + 1;
  if (next >= room.question_count) {
    const finished = await finishRoom(services, room, now);
    return finished ? { kind: "finished", room: finished } : { kind: "not-now" };
  }
  // The host's time is a minimum: a long question gets the time to read it (room-timing.ts).
  const seconds = questionSeconds(room.seconds_per_question, await roomQuestionAt(services, room.id, next));
  const deadline = now + seconds * 1000;
  const result = await db
    .updateTable("quiz_room")
    .set({ status: "question", position: next, served_ms: now, deadline_ms: deadline })
    .where("id", "=", room.id)
    .where("status", "=", room.status)
    .where("position", "=", room.position)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { kind: "not-now" };
  return { kind: "question", room: { ...room, status: "question", position: next, served_ms: now, deadline_ms: deadline } };
}

async function finishRoom(services: Services, room: RoomRow, now: number): Promise<RoomRow | null> {
  const finishedAt = new Date(now).toISOString();
  return services.database.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("quiz_room")
      .set({ status: "finished", finished_at: finishedAt })
      .where("id", "=", room.id)
      .where("status", "=", room.status)
      .where("position", "=", room.position)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    // One statement for every player's rank, in the standings' order (UPDATE … FROM works on both databases).
    await sql`
      update quiz_room_player set final_rank = ranked.rank
      from (
        select id, row_number() over (order by score desc, joined_at, id) as rank
        from quiz_room_player where room_id = ${room.id}
      ) ranked
      where quiz_room_player.id = ranked.id`.execute(trx);
    return { ...room, status: "finished" as const, finished_at: finishedAt };
  });
}

/** The question at the room's position, with its content. */
/** The order everyone in the room is shown the question at its current position in. */
const roomOrder = (room: RoomRow, row: QuizQuestionRow) =>
  optionOrder(`room:${room.id}:${room.position}`, row.content.options?.length ?? 0);

async function currentRoomQuestion(services: Services, room: RoomRow): Promise<QuizQuestionRow | null> {
  return roomQuestionAt(services, room.id, room.position);
}

async function roomQuestionAt(services: Services, roomId: string, position: number): Promise<QuizQuestionRow | null> {
  const slot = await services.database.db
    .selectFrom("quiz_room_question")
    .select("question_id")
    .where("room_id", "=", roomId)
    .where("position", "=", position)
    .executeTakeFirst();
  return (slot && (await loadQuizQuestions(services, [slot.question_id])).get(slot.question_id)) ?? null;
}

/** The whole time the room gives the question being asked (the host's, or more for a long one). */
function askedMs(room: RoomRow): number {
  const served = millis(room.served_ms);
  const deadline = millis(room.deadline_ms);
  return served !== null && deadline !== null ? deadline - served : room.seconds_per_question * 1000;
}

export type RoomAnswerResult =
  { kind: "accepted"; everyoneAnswered: boolean } | { kind: "late" } | { kind: "not-current" } | { kind: "again" };

/**
 * A player's answer to the question being asked. Right answers score 500 plus up to 500
 * for speed. Nothing about right or wrong is said until the question is revealed.
 */
export async function answerInRoom(
  services: Services,
  room: RoomRow,
  player: PlayerRow,
  input: { position: number; option: number },
  now = Date.now(),
): Promise<RoomAnswerResult> {
  if (room.status !== "question" || input.position !== room.position) return { kind: "not-current" };
  const deadline = millis(room.deadline_ms)!;
  if (now > deadline + DEADLINE_GRACE_MS) return { kind: "late" };
  const { db } = services.database;
  const question = await currentRoomQuestion(services, room);
  // The player picked the option shown at `input.option`; stored as the bank's index.
  // (One past the options, which no page offers, stays as it came: wrong, and counted for none.)
  const chosen = (question && roomOrder(room, question)[input.option]) ?? input.option;
  const correct = chosen === question?.content.correctOption;
  const total = askedMs(room);
  const left = Math.max(0, Math.min(total, deadline - now));
  const points = correct ? POINTS.right + Math.round((POINTS.speed * left) / total) : 0;
  const added = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("quiz_room_answer")
      .values({
        room_id: room.id,
        player_id: player.id,
        position: room.position,
        chosen_option: chosen,
        correct: correct ? 1 : 0,
        points,
        answered_ms: now,
      })
      .onConflict((oc) => oc.columns(["room_id", "position", "player_id"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    if (points)
      await trx
        .updateTable("quiz_room_player")
        .set({ score: sql`score + ${points}` })
        .where("id", "=", player.id)
        .execute();
    return true;
  });
  if (!added) return { kind: "again" };
  const [answered, players] = await Promise.all([answerCount(services, room.id, room.position), playerCount(services, room.id)]);
  return { kind: "accepted", everyoneAnswered: answered >= players };
}

export async function answerCount(services: Services, roomId: string, position: number): Promise<number> {
  const row = await services.database.db
    .selectFrom("quiz_room_answer")
    .select(sql<number>`count(*)`.as("n"))
    .where("room_id", "=", roomId)
    .where("position", "=", position)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function playerCount(services: Services, roomId: string): Promise<number> {
  const row = await services.database.db
    .selectFrom("quiz_room_player")
    .select(sql<number>`count(*)`.as("n"))
    .where("room_id", "=", roomId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hasAnswered(services: Services, roomId: string, position: number, playerId: string): Promise<boolean> {
  const row = await services.database.db
    .selectFrom("quiz_room_answer")
    .select("player_id")
    .where("room_id", "=", roomId)
    .where("position", "=", position)
    .where("player_id", "=", playerId)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Closes the question at `position` (its time is up, or everyone answered). Any process
 * may try; only the first changes the room. `force` reveals before the deadline.
 */
export async function revealQuestion(
  services: Services,
  roomId: string,
  position: number,
  now = Date.now(),
  force = false,
): Promise<boolean> {
  let query = services.database.db
    .updateTable("quiz_room")
    .set({ status: "reveal" })
    .where("id", "=", roomId)
    .where("status", "=", "question")
    .where("position", "=", position);
  if (!force) query = query.where("deadline_ms", "<", now - DEADLINE_GRACE_MS);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a room before its time (the host left, or ended it). */
export async function endRoom(
  services: Services,
  roomId: string,
  reason: RoomEndReason,
  only?: { hostSeenBefore: number },
): Promise<boolean> {
  let query = services.database.db
    .updateTable("quiz_room")
    .set({ status: "ended", end_reason: reason, finished_at: new Date().toISOString() })
    .where("id", "=", roomId)
    .where("status", "in", OPEN);
  if (only) query = query.where("host_seen_ms", "<=", only.hostSeenBefore);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function hostConnected(services: Services, roomId: string, now = Date.now()): Promise<void> {
  await services.database.db.updateTable("quiz_room").set({ host_seen_ms: now }).where("id", "=", roomId).execute();
}

/** The question being asked, as every player receives it (no answer in it). */
export async function roomQuestion(services: Services, room: RoomRow, now = Date.now()): Promise<RoomQuestion | null> {
  if (room.status !== "question") return null;
  const row = await currentRoomQuestion(services, room);
  if (!row) return null;
  return {
    position: room.position,
    total: room.question_count,
    question: askedView(row, roomOrder(room, row)),
    remainingMs: Math.max(0, millis(room.deadline_ms)! - now),
    secondsPerQuestion: Math.round(askedMs(room) / 1000),
  };
}

/** Every player by score (ties: who joined first), with the points of the question at `position`. */
async function standingsOf(db: Kysely<Database>, roomId: string, position: number): Promise<RoomStanding[]> {
  const rows = await db
    .selectFrom("quiz_room_player as p")
    .leftJoin("quiz_room_answer as a", (join) =>
      join.onRef("a.player_id", "=", "p.id").onRef("a.room_id", "=", "p.room_id").on("a.position", "=", position),
    )
    .select(["p.id", "p.nickname", "p.score", "a.points"])
    .where("p.room_id", "=", roomId)
    .orderBy("p.score", "desc")
    .orderBy("p.joined_at")
    .orderBy("p.id")
    .execute();
  return rows.map((r, i) => ({ rank: i + 1, playerId: r.id, nickname: r.nickname, score: r.score, lastPoints: r.points ?? 0 }));
}

export async function roomStandings(services: Services, room: RoomRow): Promise<RoomStanding[]> {
  return standingsOf(services.database.db, room.id, room.position);
}

/** The revealed question: the right option, how many chose each, and the standings. */
export async function roomReveal(services: Services, room: RoomRow): Promise<RoomReveal | null> {
  if (room.status !== "reveal") return null;
  const { db } = services.database;
  const row = await currentRoomQuestion(services, room);
  if (!row) return null;
  const [choices, standings] = await Promise.all([
    db
      .selectFrom("quiz_room_answer")
      .select(["chosen_option", sql<number>`count(*)`.as("n")])
      .where("room_id", "=", room.id)
      .where("position", "=", room.position)
      .groupBy("chosen_option")
      .execute(),
    standingsOf(db, room.id, room.position),
  ]);
  // In the order the room was shown the options.
  const order = roomOrder(room, row);
  const counts = order.map((written) => Number(choices.find((c) => c.chosen_option === written)?.n ?? 0));
  return {
    position: room.position,
    total: room.question_count,
    correctOption: shownAt(order, row.content.correctOption ?? 0) ?? 0,
    counts,
    questionId: row.id,
    technology: row.technology,
    explanationHtml: row.content.explanationHtml,
    standings,
  };
}
