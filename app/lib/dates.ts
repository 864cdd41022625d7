// Spec §9: dates as 'MMMM d, yyyy' ("October 14, 2026"), in UTC so that the server and
// the browser print the same day.
const longDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}
