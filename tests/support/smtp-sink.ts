import { SMTPServer } from "smtp-server";
import { parseMail } from "./mail";

export interface SmtpSink {
  url: string;
  messages: string[];
  /** How long the server takes to accept each message (a slow mail server), 0 by default. */
  delayMs: number;
  /** Waits for a message to this address and returns its decoded text. */
  waitFor(to: string, timeoutMs?: number): Promise<{ subject: string | undefined; text: string }>;
  close(): Promise<void>;
}

/** A real SMTP server on a free port that keeps what it receives (the smtp-server package). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: string[] = [];
  const settings = { delayMs: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        setTimeout(() => {
          messages.push(Buffer.concat(chunks).toString());
          callback();
        }, settings.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get delayMs() {
      return settings.delayMs;
    },
    set delayMs(ms: number) {
      settings.delayMs = ms;
    },
    async waitFor(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (const raw of messages) {
          const mail = parseMail(raw);
          if (mail.header("To")?.includes(to)) return { subject: mail.header("Subject"), text: mail.text };
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
