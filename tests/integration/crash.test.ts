import { afterAll, describe, expect, it } from "vitest";
import { startAppProcess } from "../support/app-processes";
import { crashCycles } from "../support/crash-cycles";
import { type TestDatabase, createTestDatabase, testDialects } from "../support/databases";

/**
 * Issue #15: the short crash test — 5 cycles per database of concurrent writes of every kind,
 * the server killed with SIGKILL at a random moment, restarted and checked. `npm run
 * crash-test` runs 50 cycles each and prints the figures.
 */
describe.each(testDialects())("killed with SIGKILL under write load on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterAll(() => database?.drop());

  it("loses no acknowledged write, keeps the database intact and leaves no sign-up half made", { timeout: 180_000 }, async () => {
    database = await createTestDatabase(dialect);
    const report = await crashCycles({ target: database.target, cycles: 5, clients: 4 });
    console.log(`${dialect}: ${JSON.stringify({ ...report, lost: undefined })}`);
    // Every kind of write was made and acknowledged, so the check below covers each of them.
    for (const [kind, count] of Object.entries(report.acknowledged)) expect(count, kind).toBeGreaterThan(0);
    expect(report.lost).toEqual({ "sign-up": [], progress: [], blog: [], contact: [], "quiz-answer": [], snippet: [] });
    expect(report.integrity).toEqual([]);
    expect(report.halfMadeSignUps).toBe(0);
    expect(report.unexpected).toEqual([]);
  });
});

/**
 * Sign-ups are one transaction (so that a crash cannot leave half an account), and on SQLite a
 * transaction holds the only connection: the password must be hashed before it begins, or every
 * request would wait the few hundred milliseconds scrypt takes. Against the production server
 * (OWASP's scrypt cost): three writes, one after the other, all finish while a sign-up hashes.
 */
it("other requests are not held up while a sign-up hashes its password", { timeout: 60_000 }, async () => {
  const server = await startAppProcess({ TRUST_PROXY: "true" });
  try {
    const post = (pathname: string, body: unknown, client: string) =>
      fetch(server.base + pathname, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.base, "X-Forwarded-For": client },
        body: JSON.stringify(body),
      });
    let signedUp = false;
    const signUp = post(
      "/api/auth/sign-up/email",
      { name: "Slow Hash", email: "slow-hash@example.com", password: "a long enough password" },
      "10.0.0.1",
    ).then((response) => {
      signedUp = true;
      return response.status;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let i = 0; i < 3; i++) {
      const sent = await post(
        "/api/contact",
        { name: "Meanwhile", email: "meanwhile@example.com", message: `Sent during a sign-up, ${i}.` },
        `10.0.1.${i}`,
      );
      expect(sent.status).toBe(201);
    }
    expect(signedUp, "the sign-up was still hashing").toBe(false);
    expect(await signUp).toBe(200);
  } finally {
    await server.stop();
  }
});
