/** Calendar arithmetic on `YYYY-MM-DD` days, in UTC. */

/** The day n days after (or, for negative n, before) `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The UTC day of `now` (take it from the request's clock). */
export function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}
