/**
 * The usage report and the CSV lookup log of a key, computed from the sandbox's own log of
 * paid lookups, with the vendor's interval rules: default the last 21 days, at most 90 days,
 * start before end, at most 3 tags.
 */
import { fail } from './envelope.js';
import type { LookupEntry } from './keys.js';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 21;
const MAX_DAYS = 90;
const MAX_TAGS = 3;
// Beyond this a millisecond count is not a date (ECMAScript's time value range).
const MAX_TIME = 8.64e15;

export interface Interval {
  start: number;
  end: number;
}

/** Checks and completes the requested interval (4005-4008 when it is wrong). */
export function intervalOf(start: unknown, end: unknown, now: number): Interval {
  if (end !== undefined && (typeof end !== 'number' || end < 0 || end > MAX_TIME)) fail(4006);
  if (start !== undefined && (typeof start !== 'number' || start < 0 || start > MAX_TIME)) fail(4005);
  const to = typeof end === 'number' ? end : now;
  const from = typeof start === 'number' ? start : to - DEFAULT_DAYS * DAY_MS;
  if (from > to) fail(4007);
  if (to - from > MAX_DAYS * DAY_MS) fail(4008);
  return { start: from, end: to };
}

/** The entries inside the interval that carry every tag and belong to the licensee, if given. */
export function selectEntries(entries: readonly LookupEntry[], interval: Interval, tags: string[] = [], licensee?: string): LookupEntry[] {
  if (tags.length > MAX_TAGS) fail(4009);
  return entries.filter(
    (entry) =>
      entry.time >= interval.start &&
      entry.time <= interval.end &&
      tags.every((tag) => entry.tags.includes(tag)) &&
      (licensee === undefined || entry.licensee === licensee),
  );
}

/** Lookups per UTC day, latest day first, days without lookups left out (as the vendor does). */
export function usageReport(entries: readonly LookupEntry[], interval: Interval) {
  const perDay = new Map<number, number>();
  for (const entry of entries) {
    const day = Math.floor(entry.time / DAY_MS) * DAY_MS;
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  return {
    start: new Date(interval.start).toISOString(),
    end: new Date(interval.end).toISOString(),
    total: entries.length,
    dailyCount: [...perDay].sort(([a], [b]) => b - a).map(([day, count]) => ({ date: new Date(day).toISOString(), count })),
  };
}

const OPERATION_LABELS: Record<string, string> = {
  postcodeAddresses: 'Postcode Lookup',
  addresses: 'Address Search',
  addressByUdprn: 'UDPRN Lookup',
  addressByUmprn: 'UMPRN Lookup',
  resolveUkAddress: 'Address Resolution (GBR)',
  resolveUsAddress: 'Address Resolution (USA)',
  cleanseAddress: 'Address Cleanse',
  emailValidation: 'Email Validation',
  phoneNumberValidation: 'Phone Number Validation',
  place: 'Place Resolution',
};

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The lookup log as CSV: time, IP, search term, URL, operation, tags; one line per lookup. */
export function lookupsCsv(entries: readonly LookupEntry[]): string {
  return entries
    .map((entry) =>
      [
        new Date(entry.time).toISOString(),
        entry.ip,
        entry.term,
        entry.url,
        OPERATION_LABELS[entry.operation] ?? entry.operation,
        entry.tags.join(','),
      ]
        .map(csvField)
        .join(','),
    )
    .map((line) => `${line}\n`)
    .join('');
}
