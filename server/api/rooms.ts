import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ROOM_LENGTHS, ROOM_TIMES } from "../../app/features/quiz/quiz-types";
import { clientKey } from "../http/client-address";
import { consume } from "../rate-limit/rate-limiter";
import { STREAMS_PER_VIEWER } from "../quiz/room-hub";
import { DEADLINE_GRACE_MS } from "../quiz/quiz-service";
import {
  ROOM_LIMITS,
  ROOM_QUOTA,
  type RoomRow,
  advanceRoom,
  answerInRoom,
  createRoom,
  endRoom,
  findRoomByCode,
  joinRoom,
  playerByToken,
  playerCount,
  revealQuestion,
  roomInfo,
} from "../quiz/room-service";
import { currentUser } from "../users/user-service";
import { signedIn, userOf } from "./access";
import { errorBody, errorResponse, jsonBody, jsonResponse, rateLimited, signedInErrors, signedInSecurity } from "./errors";
import { QuizLevelSchema, QuizTechnologySchema, oneOf } from "./quizzes";
import type { ApiEnv } from "./types";

export const roomMessages = {
  notFound: "There is no live quiz with this code. Check the code and try again.",
  notHost: "Only the host of this quiz can do that.",
  noQuestions: "There are no quiz questions for this technology and level yet. Choose another level or technology.",
  started: "This quiz has already started; ask the host for the next one.",
  over: "This quiz is over.",
  full: `This quiz is full (${ROOM_LIMITS.players} players).`,
  nicknameTaken: "Someone in this quiz already has that nickname. Choose another.",
  nicknameNeeded: "Choose a nickname to join.",
  noPlayers: "Wait for at least one player to join.",
  notNow: "The quiz has moved on already.",
  noPlayer: "Join the quiz first (your player token is missing or not valid).",
  late: "Time was up for this question: the answer arrived after its deadline and scores nothing.",
  again: "You have answered this question already.",
  rateLimited: "Too many attempts to join from this connection. Please wait a minute and try again.",
  tooManyStreams: `You have ${STREAMS_PER_VIEWER} live quiz connections open already. Close another tab of the quiz and try again.`,
  tooManyRooms: `You have hosted ${ROOM_QUOTA.limit} live quizzes in the last hour. Please wait a while before hosting another.`,
} as const;

const JOIN_RATE = { limit: 30, windowMs: 60_000 };
/** A stream's slot is free as soon as another of the viewer's streams closes. */
const STREAM_RETRY_SECONDS = 5;
const PLAYER_TOKEN = "X-Player-Token";

const Code = z.object({ code: z.string().regex(/^[A-Za-z0-9]{4,8}$/, "A room code is 6 letters and digits.") });
const Info = z
  .object({
    code: z.string(),
    technology: QuizTechnologySchema,
    level: QuizLevelSchema,
    questionCount: z.number().int(),
    secondsPerQuestion: z.number().int(),
    status: z.enum(["lobby", "question", "reveal", "finished", "ended"]),
    position: z.number().int(),
    hostName: z.string(),
    playerCount: z.number().int(),
  })
  .openapi("QuizRoom");

const create = createRoute({
  method: "post",
  path: "/",
  tags: ["Live quizzes"],
  summary: "Host a live quiz room",
  ...signedIn(),
  request: {
    body: jsonBody(
      z.object({
        technology: QuizTechnologySchema,
        level: QuizLevelSchema,
        questionCount: oneOf(ROOM_LENGTHS),
        secondsPerQuestion: oneOf(ROOM_TIMES),
      }),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ room: Info }), "The room, in its lobby: share its code"),
    400: errorResponse("Not valid"),
    ...signedInErrors,
    404: errorResponse("No quiz questions for this technology and level"),
    429: errorResponse(`More than ${ROOM_QUOTA.limit} rooms hosted in an hour; see Retry-After`),
  },
});

const read = createRoute({
  method: "get",
  path: "/{code}",
  tags: ["Live quizzes"],
  summary: "A room by its code",
  request: { params: Code },
  responses: { 200: jsonResponse(z.object({ room: Info }), "The room"), 404: errorResponse("No room with this code") },
});

const join = createRoute({
  method: "post",
  path: "/{code}/players",
  tags: ["Live quizzes"],
  summary: "Join a room's lobby",
  description:
    "Anyone may join with a nickname (signed-in players may leave it out to use their name). The `token` returned " +
    `identifies the player: send it as \`${PLAYER_TOKEN}\` (or \`?token=\` on the event stream). Keep it: it is how a player reconnects.`,
  request: {
    params: Code,
    body: jsonBody(z.object({ nickname: z.string().trim().max(ROOM_LIMITS.nickname).optional() })),
  },
  responses: {
    201: jsonResponse(z.object({ player: z.object({ id: z.string(), nickname: z.string() }), token: z.string() }), "Joined"),
    400: errorResponse("No nickname, or too long"),
    404: errorResponse("No room with this code"),
    409: errorResponse("Started, over, full, or the nickname is taken"),
    429: errorResponse("Too many joins from this client; see Retry-After"),
  },
});

const hostAction = (path: string, summary: string) =>
  createRoute({
    method: "post",
    path: `/{code}/${path}`,
    tags: ["Live quizzes"],
    summary,
    ...signedIn(),
    request: { params: Code },
    responses: {
      200: jsonResponse(z.object({ room: Info }), "The room now"),
      ...signedInErrors,
      403: errorResponse("Not the host"),
      404: errorResponse("No room with this code"),
      409: errorResponse("Not possible in the room's state"),
    },
  });

const next = hostAction("next", "Host: start the quiz, or go on from a revealed question to the next (after the last: the final ranking)");
const reveal = hostAction("reveal", "Host: close the question being asked before its time is up");
const end = hostAction("end", "Host: end the room for everyone");

const answer = createRoute({
  method: "post",
  path: "/{code}/answers",
  tags: ["Live quizzes"],
  summary: "A player's answer to the question being asked",
  description:
    `Needs the player's token in \`${PLAYER_TOKEN}\`. Whether it is right is told to everyone at once, when the question is ` +
    `revealed. An answer more than ${DEADLINE_GRACE_MS} ms after the deadline is refused (409 \`deadline_passed\`).`,
  request: {
    params: Code,
    headers: z.object({ [PLAYER_TOKEN.toLowerCase()]: z.string().optional() }),
    body: jsonBody(z.object({ position: z.number().int().min(0).max(100), option: z.number().int().min(0).max(9) })),
  },
  responses: {
    200: jsonResponse(z.object({ accepted: z.literal(true) }), "Recorded"),
    400: errorResponse("Not valid"),
    401: errorResponse("No player token, or not one of this room's"),
    404: errorResponse("No room with this code"),
    409: errorResponse("`deadline_passed`: too late; `conflict`: not the question being asked, or answered already"),
  },
});

async function roomOr404(c: Context<ApiEnv>, code: string): Promise<RoomRow | Response> {
  const room = await findRoomByCode(c.var.services, code);
  return room ?? c.json(errorBody("not_found", roomMessages.notFound), 404);
}

export const roomsRouter = new OpenAPIHono<ApiEnv>()
  .openapi(create, async (c) => {
    const result = await createRoom(c.var.services, userOf(c), c.req.valid("json"));
    if (result.kind === "no-questions") return c.json(errorBody("not_found", roomMessages.noQuestions), 404);
    if (result.kind === "rate-limited") return rateLimited(c, result.retryAfterSeconds, roomMessages.tooManyRooms);
    return c.json({ room: await roomInfo(c.var.services, result.room) }, 201);
  })
  .openapi(read, async (c) => {
    const room = await roomOr404(c, c.req.valid("param").code);
    if (room instanceof Response) return room as never;
    return c.json({ room: await roomInfo(c.var.services, room) }, 200);
  })
  .openapi(join, async (c) => {
    const { services } = c.var;
    const rate = await consume(services.database.db, `room-join:${clientKey(c, services)}`, JOIN_RATE);
    if (!rate.allowed) return rateLimited(c, rate.retryAfterSeconds, roomMessages.rateLimited);
    const room = await roomOr404(c, c.req.valid("param").code);
    if (room instanceof Response) return room as never;
    const user = await currentUser(services, c.req.raw.headers);
    const nickname = (c.req.valid("json").nickname || user?.name.slice(0, ROOM_LIMITS.nickname) || "").trim();
    if (!nickname) return c.json(errorBody("invalid_request", roomMessages.nicknameNeeded), 400);
    const result = await joinRoom(services, room, nickname, user);
    if (result.kind !== "joined") {
      const message = {
        started: roomMessages.started,
        over: roomMessages.over,
        full: roomMessages.full,
        "nickname-taken": roomMessages.nicknameTaken,
      }[result.kind];
      return c.json(errorBody("conflict", message), 409);
    }
    await services.rooms.publish({ roomId: room.id, type: "players" });
    return c.json({ player: result.player, token: result.token }, 201);
  })
  .openapi(next, async (c) => {
    const { services } = c.var;
    const room = await hostRoom(c, c.req.valid("param").code);
    if (room instanceof Response) return room as never;
    if (room.status === "lobby" && !(await playerCount(services, room.id)))
      return c.json(errorBody("conflict", roomMessages.noPlayers), 409);
    const result = await advanceRoom(services, room);
    if (result.kind === "not-now") return c.json(errorBody("conflict", roomMessages.notNow), 409);
    if (result.kind === "question") services.rooms.scheduleReveal(result.room);
    await services.rooms.publish({ roomId: room.id, type: result.kind, position: result.room.position });
    return c.json({ room: await roomInfo(services, result.room) }, 200);
  })
  .openapi(reveal, async (c) => {
    const { services } = c.var;
    const room = await hostRoom(c, c.req.valid("param").code);
    if (room instanceof Response) return room as never;
    if (!(await revealQuestion(services, room.id, room.position, Date.now(), true)))
      return c.json(errorBody("conflict", roomMessages.notNow), 409);
    await services.rooms.publish({ roomId: room.id, type: "reveal", position: room.position });
    return c.json({ room: await roomInfo(services, { ...room, status: "reveal" }) }, 200);
  })
  .openapi(end, async (c) => {
    const { services } = c.var;
    const room = await hostRoom(c, c.req.valid("param").code);
    if (room instanceof Response) return room as never;
    if (!(await endRoom(services, room.id, "host-ended"))) return c.json(errorBody("conflict", roomMessages.over), 409);
    await services.rooms.publish({ roomId: room.id, type: "ended" });
    return c.json({ room: await roomInfo(services, { ...room, status: "ended" }) }, 200);
  })
  .openapi(answer, async (c) => {
    const { services } = c.var;
    const room = await roomOr404(c, c.req.valid("param").code);
    if (room instanceof Response) return room as never;
    const player = await playerByToken(services, room, c.req.header(PLAYER_TOKEN));
    if (!player) return c.json(errorBody("unauthorized", roomMessages.noPlayer), 401);
    const result = await answerInRoom(services, room, player, c.req.valid("json"));
    if (result.kind === "late") return c.json(errorBody("deadline_passed", roomMessages.late), 409);
    if (result.kind === "not-current") return c.json(errorBody("conflict", roomMessages.notNow), 409);
    if (result.kind === "again") return c.json(errorBody("conflict", roomMessages.again), 409);
    await services.rooms.publish({ roomId: room.id, type: "answered", position: room.position });
    if (result.everyoneAnswered && (await revealQuestion(services, room.id, room.position, Date.now(), true)))
      await services.rooms.publish({ roomId: room.id, type: "reveal", position: room.position });
    return c.json({ accepted: true as const }, 200);
  });

/** The room, if the signed-in caller is its host (requireUser ran before). */
async function hostRoom(c: Context<ApiEnv>, code: string): Promise<RoomRow | Response> {
  const room = await roomOr404(c, code);
  if (room instanceof Response) return room;
  if (room.host_id !== userOf(c).id) return c.json(errorBody("forbidden", roomMessages.notHost), 403);
  return room;
}

// The event stream is not JSON, so it is registered by hand: in the document, then as a route.
roomsRouter.openAPIRegistry.registerPath({
  method: "get",
  path: "/{code}/events",
  tags: ["Live quizzes"],
  summary: "The room's events (server-sent events), for its host or one of its players",
  description:
    "First `state` (the room as it is now, also after a reconnect), then `players`, `question`, `answered` (host only), " +
    "`reveal`, `finished` and `ended`, each with a JSON `data` line (see app/features/quiz/quiz-types.ts, RoomEvents). " +
    `The host is recognised by the session; a player by \`${PLAYER_TOKEN}\` or \`?token=\`.`,
  security: [...signedInSecurity, {}],
  request: { params: Code, query: z.object({ token: z.string().optional() }) },
  responses: {
    200: { description: "An event stream", content: { "text/event-stream": { schema: z.string() } } },
    401: errorResponse("Neither the host nor a player of this room"),
    404: errorResponse("No room with this code"),
    429: errorResponse(`This viewer has ${STREAMS_PER_VIEWER} streams open already; see Retry-After`),
  },
});

roomsRouter.get("/:code/events", async (c) => {
  const { services } = c.var;
  const parsed = Code.safeParse({ code: c.req.param("code") });
  if (!parsed.success) return c.json(errorBody("not_found", roomMessages.notFound), 404);
  const room = await roomOr404(c, parsed.data.code);
  if (room instanceof Response) return room;
  const player = await playerByToken(services, room, c.req.header(PLAYER_TOKEN) ?? c.req.query("token"));
  let stream: Response | null;
  if (player) {
    // A player is counted as their account when they have one, so tokens of many rooms add up.
    const owner = player.user_id ? `user:${player.user_id}` : `player:${player.id}`;
    stream = await services.rooms.open(room, { role: "player", playerId: player.id, nickname: player.nickname }, owner);
  } else {
    const user = await currentUser(services, c.req.raw.headers);
    if (user?.id !== room.host_id) return c.json(errorBody("unauthorized", roomMessages.noPlayer), 401);
    stream = await services.rooms.open(room, { role: "host" }, `user:${user.id}`);
  }
  return stream ?? rateLimited(c, STREAM_RETRY_SECONDS, roomMessages.tooManyStreams);
});
