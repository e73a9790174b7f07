/**
 * Days as integers. The market is daily and UTC, so every date is held as a day number (days
 * since 1970-01-01 UTC), which makes ranges and windows plain integer arithmetic.
 */

const MS_PER_DAY = 86_400_000;

/** Day number of a `YYYY-MM-DD` date, or undefined when the text is not a real calendar date. */
export function parseDay(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // Date.UTC rolls 2025-02-30 over to March; a real date survives the round trip.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return ms / MS_PER_DAY;
}

/** The UTC day a JavaScript date falls on. */
export function dayOf(date: Date): number {
  return Math.floor(date.getTime() / MS_PER_DAY);
}

/** `YYYY-MM-DD` of a day number. */
export function formatDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** `YYYY-MM` of a day number (the calendar month it falls in). */
export function formatMonth(day: number): string {
  return formatDay(day).slice(0, 7);
}

/** Midnight UTC of the day as an ISO date-time, the vendor's `DATE` form. */
export function isoDateTime(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString();
}

/** Unix seconds at midnight UTC of the day, the vendor's `EPOCH`. */
export function epochSeconds(day: number): number {
  return day * 86_400;
}

/** Month of the year (1–12) and day of the month (1–31) of a day number. */
export function calendarParts(day: number): { month: number; dayOfMonth: number } {
  const date = new Date(day * MS_PER_DAY);
  return { month: date.getUTCMonth() + 1, dayOfMonth: date.getUTCDate() };
}
