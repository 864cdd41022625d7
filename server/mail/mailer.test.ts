import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { expect, test } from "vitest";
import { parseMail } from "../../tests/support/mail";
import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { createMailer } from "./mailer";

test("with SMTP_URL a message is delivered to the SMTP server", async () => {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, SITE_NAME: "DevPrep" });
  await createMailer(config, createLogger("silent")).send({ to: "ada@example.com", subject: "Hello", text: "Reset: https://x/y" });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  expect(received).toHaveLength(1);
  const mail = parseMail(received[0]!);
  expect(mail.header("Subject")).toBe("Hello");
  expect(mail.header("To")).toBe("ada@example.com");
  expect(mail.header("From")).toContain("DevPrep");
  expect(mail.text.trim()).toBe("Reset: https://x/y");
});

test("without SMTP_URL the message is written to DATA_DIR/mail", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-mail-"));
  const config = loadConfig({ DATA_DIR: dir });
  await createMailer(config, createLogger("silent")).send({ to: "ada@example.com", subject: "Hi", text: "Body" });
  const files = fs.readdirSync(path.join(dir, "mail"));
  expect(files).toHaveLength(1);
  const mail = parseMail(fs.readFileSync(path.join(dir, "mail", files[0]!), "utf8"));
  expect(mail.header("Subject")).toBe("Hi");
  expect(mail.text.trim()).toBe("Body");
  fs.rmSync(dir, { recursive: true });
});
