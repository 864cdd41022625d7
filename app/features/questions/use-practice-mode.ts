import { useCallback, useEffect, useState } from "react";

const KEY = "practiceMode";

/**
 * Practice mode (issue #6): answers and levels stay hidden until asked for. Remembered in
 * local storage; read after hydration so the server's HTML (never in practice mode) matches.
 */
export function usePracticeMode(): [boolean, (on: boolean) => void] {
  const [practice, setPractice] = useState(false);
  useEffect(() => {
    try {
      setPractice(localStorage.getItem(KEY) === "true");
    } catch {
      // Storage unavailable: practice mode starts off.
    }
  }, []);
  const change = useCallback((on: boolean) => {
    setPractice(on);
    try {
      if (on) localStorage.setItem(KEY, "true");
      else localStorage.removeItem(KEY);
    } catch {
      // Not remembered, but applied for this page.
    }
  }, []);
  return [practice, change];
}
