import { Migrator, sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { type Dialect, type TestDatabase, createTestDatabase, testDialects } from "../../tests/support/databases";
import { type DatabaseHandle, openDatabase } from "./database";
import { migrateAllDown, migrateToLatest, migrations } from "./migrate";

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const tables = await handle.db.introspection.getTables();
  return tables.map((t) => t.name).filter((name) => !name.startsWith("kysely_"));
}

describe.each(testDialects())("migrations on %s", (dialect: Dialect) => {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;

  afterEach(async () => {
    await handle?.close();
    await database?.drop();
  });

  async function fresh() {
    database = await createTestDatabase(dialect);
    handle = openDatabase(database.target);
    return handle;
  }

  test("a new database gets every migration, in name order", async () => {
    const db = await fresh();
    const results = await migrateToLatest(db.db);
    expect(results.map((r) => r.migrationName)).toEqual(Object.keys(migrations).sort());
    expect(results.every((r) => r.status === "Success")).toBe(true);
    expect(await tableNames(db)).toContain("rate_limit");
  });

  test("running them again on start changes nothing", async () => {
    const db = await fresh();
    await migrateToLatest(db.db);
    expect(await migrateToLatest(db.db)).toEqual([]);
  });

  test("the rate-limit table keeps one counter per bucket and window", async () => {
    const db = await fresh();
    await migrateToLatest(db.db);
    await db.db.insertInto("rate_limit").values({ bucket: "contact:1.2.3.4", window_start: 1, hits: 1 }).execute();
    await expect(
      db.db.insertInto("rate_limit").values({ bucket: "contact:1.2.3.4", window_start: 1, hits: 1 }).execute(),
    ).rejects.toThrow();
  });

  test("the quiz migration marks the questions already imported that a quiz can draw", async () => {
    const db = await fresh();
    const before = Object.keys(migrations)
      .sort()
      .filter((name) => name < "2026-11-22-0011-quiz")
      .at(-1)!;
    const migrator = new Migrator({ db: db.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    const now = new Date().toISOString();
    const row = (id: string, content: object) => ({
      id,
      technology: "javascript",
      kind: "theory",
      level: "beginner",
      title: id,
      tags: "",
      sort_key: id,
      content: JSON.stringify(content),
      search_text: "",
      created_at: now,
      updated_at: now,
    });
    await db.db
      .insertInto("question")
      .values([
        row("with-options", { options: ["a", "b", "c", "d"], correctOption: 2 }),
        row("without-options", { options: null, correctOption: null }),
      ] as never)
      .execute();
    await migrateToLatest(db.db);
    const marked = await db.db.selectFrom("question").select(["id", "quiz_ready"]).orderBy("id").execute();
    expect(marked.map((r) => [r.id, Number(r.quiz_ready)])).toEqual([
      ["with-options", 1],
      ["without-options", 0],
    ]);
  });

  test("the blog summary migration gives every stored post its card preview as pages showed it", async () => {
    const db = await fresh();
    const migrator = new Migrator({ db: db.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("2026-12-08-0001-interview-self-check")).error).toBeUndefined();
    const words = Array.from({ length: 30 }, (_, i) => `word${i + 1}`);
    const post = (id: string, body_html: string, summary: string | null, origin: string) => ({
      id,
      title: id,
      author_name: "Tester",
      body_html,
      summary,
      updated_at: "2026-12-01T00:00:00.000Z",
      status: "approved",
      origin,
    });
    await db.db
      .insertInto("blog_post")
      .values([
        post("by-a-user", `<h2>${words.slice(0, 3).join(" ")}</h2><p>${words.slice(3).join(" ")}</p>`, null, "user"),
        post("by-the-staff", "<p>Tom &amp; Jerry&#39;s <em>quick</em> tips</p>", "The front matter's sentence.", "content"),
      ] as never)
      .execute();
    await migrateToLatest(db.db);
    const rows = await db.db.selectFrom("blog_post").select(["id", "summary"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "by-a-user", summary: `${words.slice(0, 25).join(" ")}…` },
      { id: "by-the-staff", summary: "Tom & Jerry's quick tips" },
    ]);
  });

  test("every migration can be undone, and redone", async () => {
    const db = await fresh();
    await migrateToLatest(db.db);
    await migrateAllDown(db.db);
    expect(await tableNames(db)).toEqual([]);
    await migrateToLatest(db.db);
    expect(await tableNames(db)).toContain("rate_limit");
    const { rows } = await sql<{ n: number }>`select count(*) as n from rate_limit`.execute(db.db);
    expect(Number(rows[0]?.n)).toBe(0);
  });
});
