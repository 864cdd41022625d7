import { type ColumnDataType, type Kysely, PostgresAdapter } from "kysely";

// Frozen in time: never import app code here.
// The tables better-auth reads and writes (issue #4), with its column names, plus our
// user fields: signupFrom, lastLogin, role. SQLite keeps dates as ISO text and booleans
// as integers (better-auth's Kysely adapter converts them); PostgreSQL uses native types.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const time: ColumnDataType = pg ? "timestamptz" : "text";
  const bool: ColumnDataType = pg ? "boolean" : "integer";

  await db.schema
    .createTable("user")
    .addColumn("id", "varchar(64)", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "varchar(320)", (col) => col.notNull().unique())
    .addColumn("emailVerified", bool, (col) => col.notNull().defaultTo(pg ? false : 0))
    .addColumn("image", "text")
    .addColumn("createdAt", time, (col) => col.notNull())
    .addColumn("updatedAt", time, (col) => col.notNull())
    .addColumn("signupFrom", "varchar(16)", (col) => col.notNull().defaultTo("web"))
    .addColumn("lastLogin", time)
    .addColumn("role", "varchar(16)", (col) => col.notNull().defaultTo("user"))
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "varchar(64)", (col) => col.primaryKey())
    .addColumn("expiresAt", time, (col) => col.notNull())
    .addColumn("token", "varchar(255)", (col) => col.notNull().unique())
    .addColumn("createdAt", time, (col) => col.notNull())
    .addColumn("updatedAt", time, (col) => col.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "varchar(64)", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("session_user_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "varchar(64)", (col) => col.primaryKey())
    .addColumn("accountId", "text", (col) => col.notNull())
    .addColumn("providerId", "varchar(64)", (col) => col.notNull())
    .addColumn("userId", "varchar(64)", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", time)
    .addColumn("refreshTokenExpiresAt", time)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", time, (col) => col.notNull())
    .addColumn("updatedAt", time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("account_user_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "varchar(64)", (col) => col.primaryKey())
    .addColumn("identifier", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("expiresAt", time, (col) => col.notNull())
    .addColumn("createdAt", time, (col) => col.notNull())
    .addColumn("updatedAt", time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["verification", "account", "session", "user"]) await db.schema.dropTable(table).execute();
}
