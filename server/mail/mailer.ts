import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";
import type { Logger } from "../logger";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Mail through SMTP_URL (nodemailer). Without it, each message is written to
 * DATA_DIR/mail as an .eml file and logged, so `npm start` works with no mail server and
 * a developer can still follow a reset link.
 */
export function createMailer(config: Config, logger: Logger): Mailer {
  const from = `"${config.site.name}" <${config.site.email}>`;
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
      },
    };
  }
  const folder = path.join(config.dataDir, "mail");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await fs.mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(3).toString("hex")}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      // The link is in the text; logging it lets a developer without SMTP use it.
      logger.info({ to: mail.to, subject: mail.subject, file, text: mail.text }, "mail written to file (no SMTP_URL)");
    },
  };
}
