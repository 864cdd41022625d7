import { useCallback, useEffect, useState } from "react";
import { storageKeys } from "~/lib/site";
import { readStored, writeStored } from "~/lib/storage";

/**
 * Practice mode (issue #6): answers and levels stay hidden until asked for. Remembered in
 * local storage; read after hydration so the server's HTML (never in practice mode) matches.
 */
export function usePracticeMode(): [boolean, (on: boolean) => void] {
  const [practice, setPractice] = useState(false);
  useEffect(() => setPractice(readStored(storageKeys.practiceMode) === "true"), []);
  const change = useCallback((on: boolean) => {
    setPractice(on);
    writeStored(storageKeys.practiceMode, on ? "true" : null);
  }, []);
  return [practice, change];
}
