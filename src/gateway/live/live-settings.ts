/**
 * How often live data is polled and how much of it one process and one caller may hold (the
 * LIVE_* and MAX_SUBSCRIPTIONS_* variables; see docs/live-data.md). The feeds are the ones the
 * interfaces declare (`liveFeeds` in interfaces/<name>/interface.ts), handed in by the composition.
 */
import { wholeNumberVariable } from '../env-number.js';

/** The name of a moving data a subscription follows, as an interface declares it; each has its own poll interval. */
export type LiveFeed = string;

/** A feed as an interface declares it: its name and the least time between two polls of one key unless configured. */
export interface LiveFeedDeclaration {
  readonly name: LiveFeed;
  readonly intervalMs: number;
}

/** The variable that sets `feed`'s interval: `LIVE_INTERVAL_MS_<FEED>`. */
export function intervalVariable(feed: LiveFeed): string {
  return `LIVE_INTERVAL_MS_${feed.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export interface LiveSettings {
  /** The least time between two polls of one key, per feed; an upstream's max-age can only lengthen it. */
  intervalsMs: Readonly<Partial<Record<LiveFeed, number>>>;
  /** The interval of a feed no declaration names (a gateway built without the registry's feeds, as tests build one). */
  defaultIntervalMs: number;
  /** The longest interval a failing poll backs off to while the upstream's breaker is open. */
  maxBackoffMs: number;
  /** Distinct keys this process polls or relays at once (LIVE_MAX_KEYS). */
  maxKeys: number;
  /** Open subscriptions on one connection (MAX_SUBSCRIPTIONS_PER_CONNECTION). */
  maxPerConnection: number;
  /** Open subscriptions of one caller (its id, else its address) in this process (MAX_SUBSCRIPTIONS_PER_CALLER). */
  maxPerCaller: number;
}

/** The settings without any variable set and without any declared feed. */
export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  intervalsMs: {},
  defaultIntervalMs: 60_000,
  maxBackoffMs: 300_000,
  maxKeys: 1_000,
  maxPerConnection: 20,
  maxPerCaller: 50,
};

/** The least interval accepted: faster polling would only multiply upstream calls for the same data. */
const MIN_INTERVAL_MS = 100;

/**
 * Reads the live settings of the declared `feeds` from the environment; throws a TypeError naming
 * the first malformed variable.
 */
export function loadLiveSettings(env: Readonly<Record<string, string | undefined>>, feeds: readonly LiveFeedDeclaration[]): LiveSettings {
  const defaults = DEFAULT_LIVE_SETTINGS;
  const intervalsMs = Object.fromEntries(
    feeds.map(({ name, intervalMs }) => [name, wholeNumberVariable(env, intervalVariable(name), intervalMs, MIN_INTERVAL_MS)]),
  );
  return {
    intervalsMs,
    defaultIntervalMs: defaults.defaultIntervalMs,
    maxBackoffMs: wholeNumberVariable(env, 'LIVE_MAX_BACKOFF_MS', defaults.maxBackoffMs, MIN_INTERVAL_MS),
    maxKeys: wholeNumberVariable(env, 'LIVE_MAX_KEYS', defaults.maxKeys, 1),
    maxPerConnection: wholeNumberVariable(env, 'MAX_SUBSCRIPTIONS_PER_CONNECTION', defaults.maxPerConnection, 1),
    maxPerCaller: wholeNumberVariable(env, 'MAX_SUBSCRIPTIONS_PER_CALLER', defaults.maxPerCaller, 1),
  };
}
