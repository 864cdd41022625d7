import { describe, expect, test } from "vitest";
import { gradeLabelledSet, orderedPairs, questionFor } from "../../tests/support/grader-set";
import { COVERED, corePoints, gradeAnswer, weightedScore } from "./grader";
import { CONCEPTS, OPPOSITES } from "./grader-lexicon";

describe("the built-in grader", () => {
  const { graded } = gradeLabelledSet();

  test("the calibration sets hold at least 300 answers over all 13 technologies and every label, with no question in both", () => {
    const heldOut = gradeLabelledSet("held-out").graded;
    expect(graded.length + heldOut.length).toBeGreaterThanOrEqual(300);
    for (const set of [graded, heldOut]) {
      expect(new Set(set.map((g) => g.technology)).size).toBe(13);
      for (const label of ["paraphrased", "terse", "partial", "wrong", "off-topic"])
        expect(set.filter((g) => g.label === label).length, label).toBeGreaterThanOrEqual(20);
    }
    const tuning = new Set(graded.map((g) => g.questionId));
    expect(heldOut.filter((g) => tuning.has(g.questionId))).toEqual([]);
  });

  test("the bank's own short answer passes, and the core it states counts for more than the depth", () => {
    const q = questionFor("css", "css-box-model-box-sizing");
    expect(gradeAnswer(q.modelAnswer, q).score).toBeGreaterThanOrEqual(70);
    const core = corePoints(q);
    expect(core.filter(Boolean).length).toBeGreaterThanOrEqual(2);
    // The core key points alone against the others alone, each in the key points' own words.
    const say = (wanted: boolean) =>
      gradeAnswer(
        q.keyPoints
          .filter((_, i) => core[i] === wanted)
          .map((p) => `${p.replace(/<[^>]+>/g, "")}.`)
          .join(" "),
        q,
      ).score;
    expect(say(true)).toBeGreaterThanOrEqual(70);
    expect(say(false)).toBeLessThan(70);
  });

  test("an answer that states one of the question's wrong quiz options is marked down and told which", () => {
    const q = questionFor("css", "css-global-keywords-inherit-initial-unset-revert");
    const wrong = gradeAnswer(
      "The initial keyword restores the browser's default style for that element, so a div with display: initial stays block and an h1 stays bold.",
      q,
    );
    expect(wrong.misconception?.option).toMatch(/^`initial` restores the browser's default/);
    expect(wrong.misconception?.evidence).toContain("restores the browser's default");
    expect(wrong.confidence).toBe("low");
    const right = gradeAnswer(
      "revert goes back to the browser's own style for the element, while initial uses the spec's initial value: a div is block with revert and inline with initial.",
      q,
    );
    expect(right.misconception).toBeNull();
    expect(right.score).toBeGreaterThan(wrong.score);
  });

  test("a key point whose two sides are swapped is not covered", () => {
    const q = {
      title: "What is the difference between the explicit and the implicit grid?",
      keyPoints: [
        "Explicit tracks come from <code>grid-template-columns</code>; implicit tracks are created by auto-placement for items that do not fit",
      ],
    };
    const right = gradeAnswer(
      "The explicit tracks are the ones you declare in grid-template-columns, and implicit tracks get created by auto-placement when items do not fit.",
      q,
    );
    const swappedSides = gradeAnswer(
      "The implicit tracks are the ones you declare in grid-template-columns, and explicit tracks get created by auto-placement when items do not fit.",
      q,
    );
    expect(right.keyPoints[0]!.status).toBe("covered");
    expect(swappedSides.keyPoints[0]!.status).not.toBe("covered");
    expect(swappedSides.score).toBeLessThan(right.score - 30);
  });

  test("the reader's own check weighs the key points as the engine does", () => {
    const points = [{ core: true }, { core: true }, { core: false }, { core: false }, { core: false }];
    expect(weightedScore(points, (k) => (k.core ? 1 : 0))).toBeCloseTo(70);
    expect(weightedScore(points, (k) => (k.core ? 0 : 1))).toBeCloseTo(30);
    // A model's grade has no core marks: every key point weighs the same.
    const model: { id: number; core?: boolean }[] = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    expect(weightedScore(model, (k) => (k.id === 1 ? 1 : 0))).toBeCloseTo(25);
  });

  test("a key point stated the other way round is marked contradicted, with the words that say so", () => {
    const q = questionFor("react", "react-useeffect-dependencies-cleanup");
    const grade = gradeAnswer("The effect runs during render, before the commit, so the screen waits for it.", q);
    expect(grade.keyPoints[0]).toMatchObject({ status: "contradicted", covered: false });
    expect(grade.keyPoints[0]!.evidence).toContain("during render");
    expect(grade.confidence).toBe("low");
  });

  // Issue #13 asks for 90% of all pairs (npm run bench:grader prints them and fails below). This
  // test holds the part with margin: answers in the key points' terms. Answers paraphrased away
  // from them are ranked through the concept lexicon, with too little margin to pin here.
  test("ranks complete answers above partial, wrong and off-topic ones in at least 90% of pairs", () => {
    const { pairs, ordered, misordered } = orderedPairs(graded, ["complete"]);
    const report = misordered.map(([a, b]) => `${a.questionId}: ${a.label} ${a.grade.score} ≤ ${b.label} ${b.grade.score}`);
    expect(pairs).toBeGreaterThanOrEqual(45);
    expect(ordered / pairs, report.join("\n")).toBeGreaterThanOrEqual(0.9);
  });

  test("ranks off-topic answers below complete, paraphrased and partial ones", () => {
    for (const g of graded.filter((a) => a.label === "off-topic")) {
      const better = graded.filter((a) => a.questionId === g.questionId && ["complete", "paraphrased", "partial"].includes(a.label));
      const beaten = better.filter((b) => b.grade.score > g.grade.score).length;
      expect(beaten, `${g.questionId}: off-topic ${g.grade.score}`).toBeGreaterThanOrEqual(better.length - 1);
    }
  });

  test("every covered key point is explained with the candidate's own words", () => {
    for (const g of graded)
      for (const point of g.grade.keyPoints.filter((k) => k.covered)) {
        expect(point.evidence).toBeTruthy();
        const words = point.evidence!.replace(/…$/, "").split(" ").slice(0, 6).join(" ");
        expect(g.answer.replace(/\s+/g, " ")).toContain(words);
      }
  });

  test("an instruction inside the answer does not move its score", () => {
    for (const g of graded.filter((a) => /ignore (your|all|previous)/i.test(a.answer))) {
      const without = g.answer.replace(/[^.!?]*ignore (your|all|previous)[^.!?]*[.!?]/gi, "");
      const q = questionFor(g.technology, g.questionId);
      expect(g.grade.score).toBeLessThanOrEqual(gradeAnswer(without, q).score);
      expect(g.grade.score).toBeLessThan(50);
    }
  });

  test("a list of keywords without sentences is marked down and says why", () => {
    const lists = graded.filter((g) => g.label === "keywords-only");
    expect(lists.length).toBeGreaterThan(0);
    for (const g of lists) expect(g.grade.penalty).toContain("lists terms");
  });

  test("an empty answer scores nothing", () => {
    const q = questionFor(graded[0]!.technology, graded[0]!.questionId);
    expect(gradeAnswer("", q)).toMatchObject({ score: 0, penalty: null });
    expect(gradeAnswer("I don't know.", q).score).toBe(0);
  });

  test("everyday words meet the key point's technical terms", () => {
    const q = {
      title: "What does the A in ACID stand for?",
      keyPoints: ["Atomic: a transaction's changes are applied all or none; a crash or power loss leaves no partial work"],
    };
    const own = gradeAnswer("The transaction is indivisible: its changes land all or nothing, even if someone pulls the plug.", q);
    const unrelated = gradeAnswer("Indexes make lookups faster because the rows are kept sorted in a tree.", q);
    expect(own.keyPoints[0]!.covered).toBe(true);
    expect(unrelated.score).toBeLessThan(own.score);
  });

  test("an answer claiming the opposite of a key point scores below one that agrees", () => {
    const q = {
      title: "Is box-sizing inherited?",
      keyPoints: ["<code>box-sizing</code> is not inherited, so resets set it on every element"],
    };
    const agrees = gradeAnswer("No, box-sizing is not inherited, so a reset has to set it on every element.", q);
    const contradicts = gradeAnswer("Yes, box-sizing is inherited, so a reset only has to set it on the body element.", q);
    expect(contradicts.keyPoints[0]!.strength).toBeLessThan(COVERED);
    expect(contradicts.score).toBeLessThan(agrees.score);
  });

  test("the other word of a pair of opposites agrees with a negated key point", () => {
    const q = { title: "What is highWaterMark?", keyPoints: ["<code>highWaterMark</code> is a threshold for the buffer, not a hard cap"] };
    const soft = gradeAnswer("highWaterMark is a soft threshold for the buffer.", q).keyPoints[0]!;
    const silent = gradeAnswer("highWaterMark is a threshold for the buffer.", q).keyPoints[0]!;
    const hard = gradeAnswer("highWaterMark is a hard threshold for the buffer.", q).keyPoints[0]!;
    expect(soft.strength).toBeGreaterThan(silent.strength);
    expect(silent.strength).toBeGreaterThan(hard.strength);
  });

  test("an identifier in the answer also says the words of its camelCase parts", () => {
    const q = { title: "How do you avoid leaking memory in a page?", keyPoints: ["Listeners are removed"] };
    expect(gradeAnswer("Call removeEventListener when the widget goes.", q).keyPoints[0]!.covered).toBe(true);
  });

  // The held-out set was written apart from the grader and never used to tune it: how the grader
  // does on answers it has not met (77% of pairs when it was written; 71% before the lexicon).
  test("orders the held-out answers at least as well as when they were written", () => {
    const heldOut = gradeLabelledSet("held-out");
    expect(heldOut.graded.length).toBeGreaterThanOrEqual(30);
    expect(heldOut.ordered / heldOut.pairs).toBeGreaterThanOrEqual(0.75);
  });

  test("the lexicon's groups and opposites are well formed", () => {
    for (const group of CONCEPTS) {
      expect(group.length, group.join(", ")).toBeGreaterThanOrEqual(2);
      expect(new Set(group).size, group.join(", ")).toBe(group.length);
    }
    for (const pair of OPPOSITES) expect(pair[0], pair.join(" / ")).not.toBe(pair[1]);
  });
});
