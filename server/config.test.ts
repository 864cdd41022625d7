import { expect, test } from "vitest";
import { ConfigError, loadConfig } from "./config";

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

test("with no settings the site runs on port 3000 with SQLite under ./data and the DevPrep identity", () => {
  const config = loadConfig({});
  expect(config.port).toBe(3000);
  expect(config.database).toEqual({ dialect: "sqlite", filename: "./data/devprep.db", synchronous: "FULL" });
  expect(config.baseUrl).toBe("http://localhost:3000");
  expect(config.site.name).toBe("DevPrep");
  expect(config.site.consentCookie).toBe("devpreps");
  expect(config.secureCookies).toBe(false);
});

test("a postgres:// DATABASE_URL selects PostgreSQL", () => {
  expect(loadConfig({ DATABASE_URL: "postgres://app@db:5432/devprep" }).database).toEqual({
    dialect: "postgres",
    connectionString: "postgres://app@db:5432/devprep",
  });
});

test("a file: DATABASE_URL selects that SQLite file", () => {
  expect(loadConfig({ DATABASE_URL: "file:/var/lib/devprep/site.db" }).database).toEqual({
    dialect: "sqlite",
    filename: "/var/lib/devprep/site.db",
    synchronous: "FULL",
  });
});

test("SQLITE_SYNCHRONOUS=NORMAL trades power-cut durability for speed; another value stops start-up", () => {
  expect(loadConfig({ SQLITE_SYNCHRONOUS: "NORMAL" }).database).toMatchObject({ dialect: "sqlite", synchronous: "NORMAL" });
  expect(problems({ SQLITE_SYNCHRONOUS: "OFF" })[0]).toMatch(/^SQLITE_SYNCHRONOUS: /);
});

test("a port that is not a number stops start-up with a message naming PORT and the value", () => {
  const [problem] = problems({ PORT: "eighty" });
  expect(problem).toMatch(/^PORT: /);
  expect(problem).toContain('"eighty"');
});

test("an unknown database scheme is refused with a message naming DATABASE_URL", () => {
  expect(problems({ DATABASE_URL: "mysql://localhost/devprep" })[0]).toMatch(/^DATABASE_URL: must start with postgres/);
});

test("every bad variable is reported at once", () => {
  const names = problems({ PORT: "-1", BASE_URL: "not a url", SITE_EMAIL: "nobody" }).map((p) => p.split(":")[0]);
  expect(names.sort()).toEqual(["BASE_URL", "PORT", "SITE_EMAIL"]);
});

test("a short AUTH_SECRET is refused without echoing the secret", () => {
  const [problem] = problems({ AUTH_SECRET: "tooshort" });
  expect(problem).toMatch(/^AUTH_SECRET: /);
  expect(problem).not.toContain("tooshort");
});

test("an https BASE_URL turns on secure cookies and loses its trailing slash", () => {
  const config = loadConfig({ BASE_URL: "https://devprep.example/" });
  expect(config.baseUrl).toBe("https://devprep.example");
  expect(config.secureCookies).toBe(true);
});

test("without BASE_URL, pages at any loopback spelling of the server's address are trusted; with it, only its origin", () => {
  expect(loadConfig({ PORT: "4000" }).trustedOrigins).toEqual(["http://localhost:4000", "http://127.0.0.1:4000", "http://[::1]:4000"]);
  expect(loadConfig({ PORT: "4000", BASE_URL: "http://localhost:4000/" }).trustedOrigins).toEqual(["http://localhost:4000"]);
  expect(loadConfig({ BASE_URL: "https://devprep.example/" }).trustedOrigins).toEqual(["https://devprep.example"]);
});

test("empty variables count as unset", () => {
  expect(loadConfig({ PORT: "", SITE_NAME: "" }).port).toBe(3000);
});

test("ADMIN_EMAILS is split, trimmed and lowercased", () => {
  expect(loadConfig({ ADMIN_EMAILS: " Ada@Example.com, grace@example.com ,," }).adminEmails).toEqual([
    "ada@example.com",
    "grace@example.com",
  ]);
});

test("TRUST_PROXY is a number of proxies: true is one, false none, and anything else is refused", () => {
  expect(loadConfig({}).trustProxy).toBe(0);
  expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
  expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(0);
  expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
  expect(problems({ TRUST_PROXY: "yes" })[0]).toMatch(/^TRUST_PROXY: must be true, false or the number of trusted proxies/);
});
