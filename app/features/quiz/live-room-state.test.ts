import { expect, test } from "vitest";
import { type LiveView, initialView, liveReducer } from "./live-room-state";
import type { RoomInfo, RoomQuestion, RoomReveal, RoomSnapshot } from "./quiz-types";

const room: RoomInfo = {
  code: "ABC234",
  technology: "javascript",
  level: "all",
  questionCount: 5,
  secondsPerQuestion: 20,
  status: "lobby",
  position: -1,
  hostName: "Grace",
  playerCount: 2,
};

const question = (position: number, remainingMs = 20_000): RoomQuestion => ({
  position,
  total: 5,
  remainingMs,
  secondsPerQuestion: 20,
  question: {
    technology: "javascript",
    kind: "console",
    level: "beginner",
    title: `Q${position}`,
    promptHtml: null,
    code: null,
    options: ["a", "b"],
  },
});

const reveal = (position: number): RoomReveal => ({
  position,
  total: 5,
  correctOption: 1,
  counts: [1, 1],
  questionId: "q",
  technology: "javascript",
  explanationHtml: null,
  standings: [
    { rank: 1, playerId: "p1", nickname: "Ada", score: 900, lastPoints: 900 },
    { rank: 2, playerId: "p2", nickname: "Linus", score: 0, lastPoints: 0 },
  ],
});

const player = (patch: Partial<RoomSnapshot> = {}): RoomSnapshot => ({
  room,
  you: { role: "player", playerId: "p1", nickname: "Ada", answered: false, score: 0 },
  players: [],
  question: null,
  answered: null,
  reveal: null,
  standings: null,
  endedReason: null,
  ...patch,
});

test("the deadline is counted from when the question arrived here, with the time the server said was left", () => {
  let view = liveReducer(initialView(room), { name: "state", data: player(), at: 1000 });
  view = liveReducer(view, { name: "question", data: question(0, 20_000), at: 5000 });
  expect(view.room.status).toBe("question");
  expect(view.deadline).toBe(25_000);
  // A reconnection mid-question: the fresh state carries less time, from the new moment of receipt.
  view = liveReducer(view, {
    name: "state",
    data: player({ room: { ...room, status: "question", position: 0 }, question: question(0, 12_000) }),
    at: 90_000,
  });
  expect(view.deadline).toBe(102_000);
  expect(view.question?.question.title).toBe("Q0");
});

test("a reveal keeps the question just asked for its options, and updates the player's score", () => {
  let view: LiveView = liveReducer(initialView(room), { name: "state", data: player(), at: 0 });
  view = liveReducer(view, { name: "question", data: question(2), at: 0 });
  view = liveReducer(view, { name: "reveal", data: reveal(2), at: 0 });
  expect(view.room.status).toBe("reveal");
  expect(view.question).toBeNull();
  expect(view.deadline).toBeNull();
  expect(view.shown?.question.title).toBe("Q2");
  expect(view.you).toMatchObject({ role: "player", score: 900 });
});

test("a state during a reveal keeps the remembered question only if it is the one revealed", () => {
  const during = player({ room: { ...room, status: "reveal", position: 3 }, reveal: reveal(3) });
  expect(liveReducer(initialView(room, question(3)), { name: "state", data: during, at: 0 }).shown?.position).toBe(3);
  expect(liveReducer(initialView(room, question(1)), { name: "state", data: during, at: 0 }).shown).toBeNull();
});

test("a new question clears the player's answered flag, and answer counts only count for the question being asked", () => {
  let view = liveReducer(initialView(room), {
    name: "state",
    data: player({
      room: { ...room, status: "question", position: 0 },
      question: question(0),
      you: { role: "player", playerId: "p1", nickname: "Ada", answered: true },
    }),
    at: 0,
  });
  view = liveReducer(view, { name: "reveal", data: reveal(0), at: 0 });
  view = liveReducer(view, { name: "question", data: question(1), at: 0 });
  expect(view.you).toMatchObject({ answered: false });
  const host = liveReducer(view, { name: "answered", data: { position: 0, answered: 2, players: 2 }, at: 0 });
  expect(host.answered).toBe(view.answered);
});

test("players joining, the end and the host leaving are applied", () => {
  let view = liveReducer(initialView(room), { name: "state", data: { ...player(), you: { role: "host" } }, at: 0 });
  view = liveReducer(view, { name: "players", data: { count: 3, players: [{ id: "p3", nickname: "Grace" }] }, at: 0 });
  expect(view.room.playerCount).toBe(3);
  expect(view.players.map((p) => p.nickname)).toEqual(["Grace"]);
  expect(liveReducer(view, { name: "finished", data: { standings: reveal(4).standings }, at: 0 }).room.status).toBe("finished");
  const ended = liveReducer(view, { name: "ended", data: { reason: "host-left" }, at: 0 });
  expect(ended.room.status).toBe("ended");
  expect(ended.endedReason).toBe("host-left");
});
