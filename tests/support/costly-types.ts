/**
 * TypeScript programs that cost the type checker dearly, as an abusive client would send
 * them (issue #31): for the checker's time and memory limits and its sharing between clients.
 */

/**
 * About 900 characters that keep `tsc` busy for well over a minute: 10 000 template-literal
 * keys, each re-inferred and reversed. `n` makes every program different.
 */
export function slowProgram(n: number): string {
  return `// program ${n}
type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type Code = \`\${Digit}\${Digit}\${Digit}\${Digit}\`;
type Keyed = { [K in Code as \`key\${K}\`]: K };
type Split = { [K in keyof Keyed]: Keyed[K] extends \`\${infer First}\${infer Rest}\` ? [First, Rest] : never };
type Reversed<S extends string> = S extends \`\${infer Head}\${infer Tail}\` ? \`\${Reversed<Tail>}\${Head}\` : "";
type Mirrored = { [K in keyof Keyed]: Reversed<Keyed[K]> };
declare const split: Split;
declare const mirrored: Mirrored;
const pairs: { [K in keyof Keyed]: [string, string] } = split;
const words: { [K in keyof Keyed]: \`\${Digit}\${Digit}\${Digit}\${Digit}\` } = mirrored;
export function describe${n}(code: keyof Keyed): string {
  const [first, rest] = pairs[code];
  return \`\${first}:\${rest}:\${words[code]}\`;
}
`;
}

/**
 * About 700 characters that make the checker allocate one 268 MB string at once: a string
 * type doubled 22 times (kept as a rope, cheap) whose tail is then inferred (flattened).
 * In a worker thread with a heap limit, that allocation aborted the whole process.
 */
export const hugeStringProgram = [
  `type S0 = "${"x".repeat(64)}";`,
  ...Array.from({ length: 22 }, (_, i) => `type S${i + 1} = \`\${S${i}}\${S${i}}\`;`),
  "type Tail = S22 extends `x${infer Rest}` ? Rest : never;",
  "const tail: Tail = 1;",
].join("\n");
