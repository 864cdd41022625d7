/**
 * Reads a server-sent event stream (a fetch Response) for tests and the live-room load
 * script: every event is kept with the moment it arrived, and `next(name)` waits for the
 * next one of that name not yet taken.
 */
export interface ReceivedEvent {
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- event data is checked by the reader
  data: any;
  /** performance.now() when the event's last byte arrived. */
  at: number;
}

export class EventStreamReader {
  readonly events: ReceivedEvent[] = [];
  closed = false;
  private readonly taken = new Set<ReceivedEvent>();
  private readonly wakers = new Set<() => void>();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(response: Response) {
    this.reader = response.body!.getReader();
    void this.pump();
  }

  private async pump() {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await this.reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
          }
          if (data.length) this.events.push({ event, data: JSON.parse(data.join("\n")), at: performance.now() });
        }
        this.wake();
      }
    } catch {
      // Cancelled or dropped: the stream is closed either way.
    }
    this.closed = true;
    this.wake();
  }

  private wake() {
    for (const waker of [...this.wakers]) waker();
  }

  /** The next event of this name not yet taken, waiting for it up to `timeoutMs`. */
  next(event: string, timeoutMs = 5000): Promise<ReceivedEvent> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.events.find((e) => e.event === event && !this.taken.has(e));
        if (found) {
          this.taken.add(found);
          done();
          resolve(found);
        } else if (this.closed) {
          done();
          reject(new Error(`the stream closed before a "${event}" event (got: ${this.events.map((e) => e.event).join(", ")})`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no "${event}" event within ${timeoutMs} ms (got: ${this.events.map((e) => e.event).join(", ")})`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(check);
      };
      this.wakers.add(check);
      check();
    });
  }

  /** Resolves when the server closes the stream. */
  async ended(timeoutMs = 5000): Promise<void> {
    const started = Date.now();
    while (!this.closed) {
      if (Date.now() - started > timeoutMs) throw new Error("the stream is still open");
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async close() {
    await this.reader.cancel().catch(() => {});
  }
}
