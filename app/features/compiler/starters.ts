import type { Language } from "../runner/prepare";

/** The starting program of each language in the live compiler. */
export const STARTERS: Record<Language, string> = {
  javascript: `// Press Run (or Ctrl+Enter) to see the output.
const scores = new Map([
  ["Ada", 92],
  ["Grace", 88],
  ["Linus", 75],
]);

const passed = [...scores].filter(([, score]) => score >= 80).map(([name]) => name);
console.log("Passed:", passed);

setTimeout(() => console.log("Timers run after the synchronous code"), 0);
Promise.resolve().then(() => console.log("...and microtasks run before timers"));
`,
  typescript: `// Press Run: types are checked on our server (type errors are listed with their line)
// and the program runs with its types stripped, as tsc does with noEmitOnError false.
interface Task {
  title: string;
  done: boolean;
}

const tasks: Task[] = [
  { title: "Revise closures", done: true },
  { title: "Practise the event loop", done: false },
];

function remaining(list: Task[]): string[] {
  return list.filter((task) => !task.done).map((task) => task.title);
}

console.log(remaining(tasks));
`,
  html: `<!doctype html>
<html lang="en">
  <head>
    <style>
      body { font-family: system-ui, sans-serif; padding: 1rem; }
      button { font-size: 1rem; padding: 0.5rem 1rem; }
    </style>
  </head>
  <body>
    <h1>Hello from the preview</h1>
    <button type="button" id="count">Clicked 0 times</button>
    <script>
      let clicks = 0;
      const button = document.getElementById("count");
      button.addEventListener("click", () => {
        clicks += 1;
        button.textContent = "Clicked " + clicks + " times";
        console.log("clicks:", clicks);
      });
    </script>
  </body>
</html>
`,
  python: `# Python runs in your browser (Pyodide). The first run loads it; later runs start at once.
# input() reads the lines of the Input box.
from collections import Counter

words = "the quick brown fox jumps over the lazy dog the end".split()
counts = Counter(words)

for word, count in counts.most_common(3):
    print(f"{word}: {count}")
`,
  sql: `-- SQLite runs in your browser (sql.js). Every SELECT shows its rows as a table.
create table candidate (name text, language text, score integer);
insert into candidate values
  ('Ada', 'JavaScript', 92),
  ('Grace', 'Python', 88),
  ('Linus', 'C', 75),
  ('Barbara', 'JavaScript', 81);

select language, count(*) as candidates, round(avg(score), 1) as average
from candidate
group by language
order by average desc;
`,
};
