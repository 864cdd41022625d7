import { expect, test } from "vitest";
import { gradeLabelledSet, questionFor } from "../../tests/support/grader-set";
import { builtinFollowUpText, keyPointTopic } from "./builtin-interviewer";

test("a follow-up names the missed key point's topic without giving its content away", () => {
  expect(keyPointTopic("Durability: a commit that has returned survives crashes and power loss")).toBe("“Durability”");
  expect(keyPointTopic("<code>box-sizing</code> is not inherited, hence the <code>*, *::before, *::after</code> reset")).toBe(
    "`box-sizing` and `*, *::before, *::after`",
  );
  expect(keyPointTopic("O(n) time, O(h) stack space, so very deep trees need an iterative version")).toBe("the time and space complexity");
  expect(keyPointTopic("fetch rejects only when there is no response")).toBe("“fetch rejects only…”");
  expect(builtinFollowUpText("Isolation: concurrent transactions are shielded from each other")).toBe(
    "Before we move on, one more thing I was listening for: “Isolation”. What can you tell me about that?",
  );
});

test("no follow-up in the labelled set's questions repeats a key point whole", () => {
  const questions = new Map(gradeLabelledSet().graded.map((a) => [a.questionId, questionFor(a.technology, a.questionId)]));
  for (const { keyPoints } of questions.values())
    for (const point of keyPoints) {
      const plain = point.replace(/<[^>]+>/g, "");
      if (plain.split(" ").length > 4) expect(builtinFollowUpText(point)).not.toContain(plain);
    }
});
