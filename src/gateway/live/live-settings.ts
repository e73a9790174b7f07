/**
 * How often live data is polled and how much of it one process and one caller may hold (the
 * LIVE_* and MAX_SUBSCRIPTIONS_* variables; see docs/live-data.md).
 */
import { wholeNumberVariable } from '../env-number.js';

/** The moving data a subscription follows; each has its own poll interval. */
export type LiveFeed = 'prices' | 'market' | 'stablecoin' | 'rates';

export const LIVE_FEEDS: readonly LiveFeed[] = ['prices', 'market', 'stablecoin', 'rates'];

export interface LiveSettings {
  /** The least time between two polls of one key, per feed; an upstream's max-age can only lengthen it. */
  intervalsMs: Readonly<Record<LiveFeed, number>>;
  /** The longest interval a failing poll backs off to while the upstream's breaker is open. */
  maxBackoffMs: number;
  /** Distinct keys this process polls or relays at once (LIVE_MAX_KEYS). */
  maxKeys: number;
  /** Open subscriptions on one connection (MAX_SUBSCRIPTIONS_PER_CONNECTION). */
  maxPerConnection: number;
  /** Open subscriptions of one caller (its id, else its address) in this process (MAX_SUBSCRIPTIONS_PER_CALLER). */
  maxPerCaller: number;
}

export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  intervalsMs: { prices: 10_000, market: 60_000, stablecoin: 30_000, rates: 60_000 },
  maxBackoffMs: 300_000,
  maxKeys: 1_000,
  maxPerConnection: 20,
  maxPerCaller: 50,
};

const INTERVAL_VARIABLES: Readonly<Record<LiveFeed, string>> = {
  prices: 'LIVE_INTERVAL_MS_PRICES',
  market: 'LIVE_INTERVAL_MS_MARKET',
  stablecoin: 'LIVE_INTERVAL_MS_STABLECOIN',
  rates: 'LIVE_INTERVAL_MS_RATES',
};

/** The least interval accepted: faster polling would only multiply upstream calls for the same data. */
const MIN_INTERVAL_MS = 100;

/** Reads the live settings from the environment; throws a TypeError naming the first malformed variable. */
export function loadLiveSettings(env: Readonly<Record<string, string | undefined>>): LiveSettings {
  const defaults = DEFAULT_LIVE_SETTINGS;
  const intervalsMs = Object.fromEntries(
    LIVE_FEEDS.map((feed) => [feed, wholeNumberVariable(env, INTERVAL_VARIABLES[feed], defaults.intervalsMs[feed], MIN_INTERVAL_MS)]),
  ) as Record<LiveFeed, number>;
  return {
    intervalsMs,
    maxBackoffMs: wholeNumberVariable(env, 'LIVE_MAX_BACKOFF_MS', defaults.maxBackoffMs, MIN_INTERVAL_MS),
    maxKeys: wholeNumberVariable(env, 'LIVE_MAX_KEYS', defaults.maxKeys, 1),
    maxPerConnection: wholeNumberVariable(env, 'MAX_SUBSCRIPTIONS_PER_CONNECTION', defaults.maxPerConnection, 1),
    maxPerCaller: wholeNumberVariable(env, 'MAX_SUBSCRIPTIONS_PER_CALLER', defaults.maxPerCaller, 1),
  };
}
