/**
 * Local storage that never throws: in private windows, with storage disabled or full, a
 * read gives null and a write is skipped; what the user typed stays on the page.
 */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores a value, or removes the key for null. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not kept in this browser; the page still has it.
  }
}
