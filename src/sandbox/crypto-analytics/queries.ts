/**
 * How the sandbox reads the shared query parameters (already validated and typed by the
 * contract): which tokens, which days, how many records. Ranges are clamped to the history;
 * records come newest day first, tokens in request order.
 */
import { parseDay } from './calendar.js';
import { badRequest } from './envelope.js';
import type { SandboxMarket } from './market.js';
import type { TokenInfo } from './token-universe.js';

/** Defaults the document states for `limit` and `page`. */
export const DEFAULT_LIMIT = 1000;
export const DEFAULT_PAGE = 0;

export type Query = Record<string, unknown>;

/** An inclusive range of history indices. */
export interface IndexRange {
  from: number;
  to: number;
}

/** The `tokens` requested, known ones only, in request order without repeats; all when omitted. */
export function requestedTokens(market: SandboxMarket, query: Query, name = 'tokens'): readonly TokenInfo[] {
  const ids = query[name];
  if (!Array.isArray(ids)) return market.tokens;
  const known = [...new Set(ids as number[])].map((id) => market.token(id));
  return known.filter((token): token is TokenInfo => token !== undefined);
}

function dayParameter(query: Query, name: string): number | undefined {
  const text = query[name];
  if (typeof text !== 'string') return undefined;
  const day = parseDay(text);
  if (day === undefined) throw badRequest(`${name} must be a real date in YYYY-MM-DD form (got "${text}")`);
  return day;
}

/**
 * The startDate..endDate range as history indices, clamped to the history; undefined when it
 * lies wholly outside. `defaultSpan` (days) sets the start relative to the end when no
 * startDate is given; otherwise the range starts with the history.
 */
export function dateRange(market: SandboxMarket, query: Query, defaultSpan?: number): IndexRange | undefined {
  const end = dayParameter(query, 'endDate') ?? market.lastDay;
  const start = dayParameter(query, 'startDate') ?? (defaultSpan === undefined ? market.firstDay : end - defaultSpan + 1);
  if (start > end) throw badRequest('startDate must not be after endDate');
  const from = Math.max(0, market.indexOf(start));
  const to = Math.min(market.dayCount - 1, market.indexOf(end));
  return from <= to ? { from, to } : undefined;
}

/** The as-of `date` as a history index (default today); undefined outside the history. */
export function asOfIndex(market: SandboxMarket, query: Query): number | undefined {
  const index = market.indexOf(dayParameter(query, 'date') ?? market.lastDay);
  return index >= 0 && index < market.dayCount ? index : undefined;
}

/** The records of one page: skips `page * limit` records and takes `limit`, lazily. */
export function takePage<T>(records: Iterable<T>, query: Query): T[] {
  const limit = typeof query.limit === 'number' ? query.limit : DEFAULT_LIMIT;
  const skip = (typeof query.page === 'number' ? query.page : DEFAULT_PAGE) * limit;
  const taken: T[] = [];
  let seen = 0;
  for (const record of records) {
    if (taken.length >= limit) break;
    if (seen >= skip) taken.push(record);
    seen += 1;
  }
  return taken;
}

/**
 * Daily records for the tokens over a range, newest day first, skipping days before
 * `firstIndex` (where the analytic is not defined yet) and days `build` declines.
 */
export function* dailyRecords<T>(
  tokens: readonly TokenInfo[],
  range: IndexRange | undefined,
  firstIndex: number,
  build: (token: TokenInfo, index: number) => T | undefined,
): Generator<T> {
  if (!range) return;
  for (let t = range.to; t >= Math.max(range.from, firstIndex); t -= 1) {
    for (const token of tokens) {
      const record = build(token, t);
      if (record !== undefined) yield record;
    }
  }
}
