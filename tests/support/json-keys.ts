/**
 * Every key anywhere in a JSON value. With `skipNull`, keys whose value is null are left out
 * (a snapshot's `reveal: null` says nothing).
 */
export function keysIn(value: unknown, options: { skipNull?: boolean } = {}, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysIn(v, options, found));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      if (v !== null || !options.skipNull) found.add(k);
      keysIn(v, options, found);
    }
  return found;
}
