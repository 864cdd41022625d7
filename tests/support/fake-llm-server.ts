import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real OpenAI-compatible chat-completions server on 127.0.0.1 for the language-model
 * interviewer's tests (issue #13): POST /v1/chat/completions, streamed (server-sent events) or
 * not, answering as each test scripts it and keeping every request it received.
 */

export interface ChatMessage {
  role: string;
  content: string;
}

export interface ChatRequest {
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    messages: ChatMessage[];
    stream?: boolean;
    temperature?: number;
    response_format?: { type: string };
    [key: string]: unknown;
  };
}

/** What the fake model does with one request. */
export type FakeReply =
  /** Text: streamed one event per chunk when the request asks for a stream, else one completion. */
  | { text: string | string[]; chunkDelayMs?: number }
  /** A completion whose content is this value as JSON. */
  | { json: unknown }
  /** A completion whose content is exactly this text (say, JSON that does not parse). */
  | { content: string }
  /** An HTTP error. */
  | { status: number }
  /** Streams these chunks, then stops sending without ending the response. */
  | { stall: string[] }
  /** Streams these chunks, then drops the connection. */
  | { drop: string[] }
  /** Waits, then replies (the client may have given up by then). */
  | { delayMs: number; then: FakeReply };

export type FakeBehaviour = (request: ChatRequest) => FakeReply;

export interface FakeLlmServer {
  /** The API's base URL, as the interviewer is configured with: `http://127.0.0.1:PORT/v1`. */
  baseUrl: string;
  requests: ChatRequest[];
  /** When each streamed chunk was written (performance.now()), in order. */
  chunksSentAt: number[];
  /** Scripts the replies from now on. */
  behave(behaviour: FakeBehaviour | FakeReply): void;
  close(): Promise<void>;
}

/** Everything the model reads in a request: its messages, one after the other. */
export function promptOf(request: ChatRequest): string {
  return request.body.messages.map((m) => m.content).join("\n\n");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeLlmServer(): Promise<FakeLlmServer> {
  const requests: ChatRequest[] = [];
  const chunksSentAt: number[] = [];
  let behaviour: FakeBehaviour = () => ({ text: "Hello." });
  let counter = 0;

  async function reply(res: http.ServerResponse, request: ChatRequest, scripted: FakeReply): Promise<void> {
    const id = `chatcmpl-fake-${++counter}`;
    const created = Math.floor(Date.now() / 1000);
    const model = request.body.model;
    const completion = (content: string) => ({
      id,
      object: "chat.completion",
      created,
      model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
    const event = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const streamChunks = async (chunks: string[], delayMs: number) => {
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
      res.write(event({ role: "assistant", content: "" }));
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0 && delayMs) await sleep(delayMs);
        if (res.destroyed) return;
        res.write(event({ content: chunk }));
        chunksSentAt.push(performance.now());
      }
    };

    if ("delayMs" in scripted) {
      await sleep(scripted.delayMs);
      if (!res.destroyed) await reply(res, request, scripted.then);
      return;
    }
    if ("status" in scripted) {
      res.writeHead(scripted.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { message: "The fake model failed", type: "server_error" } }));
      return;
    }
    if ("stall" in scripted) {
      await streamChunks(scripted.stall, 0);
      return; // the response stays open until the client gives up or the server closes
    }
    if ("drop" in scripted) {
      await streamChunks(scripted.drop, 0);
      await sleep(20);
      res.socket?.destroy();
      return;
    }
    const content =
      "json" in scripted ? JSON.stringify(scripted.json) : "content" in scripted ? scripted.content : [scripted.text].flat().join("");
    if (!request.body.stream) {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(completion(content)));
      return;
    }
    const chunks = "text" in scripted ? [scripted.text].flat() : [content];
    await streamChunks(chunks, "text" in scripted ? (scripted.chunkDelayMs ?? 0) : 0);
    if (res.destroyed) return;
    res.write(event({}, "stop"));
    res.end("data: [DONE]\n\n");
  }

  const server = http.createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: "Not found" } }));
      return;
    }
    const parts: Buffer[] = [];
    req.on("data", (part: Buffer) => parts.push(part));
    req.on("end", () => {
      const request: ChatRequest = { headers: req.headers, body: JSON.parse(Buffer.concat(parts).toString("utf8")) };
      requests.push(request);
      reply(res, request, behaviour(request)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    chunksSentAt,
    behave(next) {
      behaviour = typeof next === "function" ? next : () => next;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
