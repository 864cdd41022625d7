// Spec §9: dates as 'MMMM d, yyyy' ("October 14, 2026"), in UTC so that the server and
// the browser print the same day.
//
// Written out rather than with Intl.DateTimeFormat: the first Intl formatter a page creates loads
// the browser's locale data, 30–55 ms on this machine's Chromium (115–220 ms on Lighthouse's
// slowed CPU), and the blog pages created it while hydrating. One fixed English format does not
// need it; Lighthouse's TBT on Dev Insights and posts fell by about 100 ms (decision 013).
const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${iso}`);
  return `${months[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
