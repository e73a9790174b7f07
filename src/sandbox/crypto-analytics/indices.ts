/**
 * Sandbox crypto indices, rebalanced on the first day of each month, quarter or year
 * (`timeHorizon`).
 *
 * Universe: tokens listed on at least one of the requested exchanges (all when none given).
 * Constituents: ranked by market cap on the rebalancing day; the large-cap index takes ranks
 * 1–20, the low-cap index (`lowCap=true`) ranks 21–50.
 * Weights (BL_WEIGHT): Black–Litterman with no investor views returns the market-equilibrium
 * portfolio, i.e. capitalisation weights; the sandbox states no views, so BL_WEIGHT is the cap
 * weight, capped at 25 % per token with the excess shared pro rata among the uncapped tokens
 * (repeated until none exceeds the cap; the cap rises to 1/n when n tokens cannot fill 100 %).
 * INITIAL_PRICE is the close on the rebalancing day; EXCHANGE is the first requested exchange
 * (or the token's first exchange) that lists the token.
 */
import { calendarParts } from './calendar.js';
import type { SandboxMarket } from './market.js';
import { valueAt } from './statistics.js';
import type { TokenInfo } from './token-universe.js';

export const TIME_HORIZONS = ['month', 'quarter', 'year'] as const;
export type TimeHorizon = (typeof TIME_HORIZONS)[number];
export const LARGE_CAP_RANKS = { first: 1, last: 20 } as const;
export const LOW_CAP_RANKS = { first: 21, last: 50 } as const;
export const WEIGHT_CAP = 0.25;

export interface IndexConstituent {
  token: TokenInfo;
  EXCHANGE: string;
  INITIAL_PRICE: number;
  MARKET_CAP: number;
  BL_WEIGHT: number;
}

const REBALANCE_MONTHS: Record<TimeHorizon, ReadonlySet<number>> = {
  month: new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
  quarter: new Set([1, 4, 7, 10]),
  year: new Set([1]),
};

/** Rebalancing days (day numbers) between `from` and `to` inclusive, newest first. */
export function rebalanceDays(horizon: TimeHorizon, from: number, to: number): number[] {
  const days: number[] = [];
  for (let day = to; day >= from; day -= 1) {
    const { month, dayOfMonth } = calendarParts(day);
    if (dayOfMonth === 1 && REBALANCE_MONTHS[horizon].has(month)) days.push(day);
  }
  return days;
}

/** Capitalisation weights with a per-token cap, the excess redistributed pro rata. */
export function cappedWeights(caps: readonly number[], cap: number): number[] {
  const limit = Math.max(cap, 1 / caps.length);
  const weights = new Array<number>(caps.length).fill(0);
  const capped = new Set<number>();
  for (;;) {
    const free = caps.map((_, i) => i).filter((i) => !capped.has(i));
    const freeCap = free.reduce((total, i) => total + (caps[i] ?? 0), 0);
    const freeShare = 1 - capped.size * limit;
    for (const i of free) weights[i] = (freeShare * (caps[i] ?? 0)) / freeCap;
    for (const i of capped) weights[i] = limit;
    const over = free.filter((i) => (weights[i] ?? 0) > limit);
    if (over.length === 0) return weights;
    for (const i of over) capped.add(i);
  }
}

/** The index constituents on history index `t`, largest weight first. */
export function indexConstituents(
  market: SandboxMarket,
  t: number,
  exchanges: readonly string[] | undefined,
  lowCap: boolean,
): IndexConstituent[] {
  const ranks = lowCap ? LOW_CAP_RANKS : LARGE_CAP_RANKS;
  const eligible = market.tokens
    .map((token) => ({ token, exchange: exchanges ? exchanges.find((name) => token.exchanges.includes(name)) : token.exchanges[0] }))
    .filter((entry): entry is { token: TokenInfo; exchange: string } => entry.exchange !== undefined)
    .map((entry) => ({ ...entry, cap: valueAt(market.marketCaps(entry.token), t) }))
    .sort((a, b) => b.cap - a.cap)
    .slice(ranks.first - 1, ranks.last);
  const weights = cappedWeights(
    eligible.map((entry) => entry.cap),
    WEIGHT_CAP,
  );
  return eligible
    .map((entry, i) => ({
      token: entry.token,
      EXCHANGE: entry.exchange,
      INITIAL_PRICE: valueAt(market.history(entry.token).close, t),
      MARKET_CAP: entry.cap,
      BL_WEIGHT: weights[i] ?? 0,
    }))
    .sort((a, b) => b.BL_WEIGHT - a.BL_WEIGHT);
}
