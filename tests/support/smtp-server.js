// A real SMTP server (the smtp-server package) for browser tests: every message the app
// sends is written to <folder>/<n>.eml. `node tests/support/smtp-server.js <port> <folder>`
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const [port, folder] = [Number(process.argv[2]), process.argv[3]];
fs.mkdirSync(folder, { recursive: true });
let count = 0;

new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      fs.writeFileSync(path.join(folder, `${Date.now()}-${++count}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
}).listen(port, "127.0.0.1", () => console.log(`smtp test server on ${port}`));
