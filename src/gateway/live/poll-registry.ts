/**
 * One poll per live key for the whole process, and with a shared bus for the whole fleet. A key
 * (interface, path and query, the credentials' hash: live-key.ts) gets one timer however many
 * subscribers follow it; each tick the process asks the bus for the key's lease, polls when it
 * holds it and publishes the value, else relays what the holder publishes. Every subscriber (one
 * per shared execution: shared-live.ts) gets every outcome; deciding whether what its subscribers
 * selected changed is the GraphQL side's business, so the registry owns no GraphQL, and the
 * resolvers own no timers.
 */
import { GraphQLError } from 'graphql';
import type { UpstreamName } from '../config.js';
import { liveLimitError } from '../errors.js';
import type { Logger } from '../logger.js';
import { HELD, type Lease, type LiveBus } from './live-bus.js';
import type { LiveFeed, LiveSettings } from './live-settings.js';

/** What one poll found: the value and, when the upstream said, how long it stays fresh. */
export interface Polled {
  value: unknown;
  maxAgeMs: number | undefined;
}

/** What a subscriber receives each time: a whole value, or the error that stood in its way. */
export type LiveOutcome = { readonly value: unknown } | { readonly error: unknown };

/** A live key and how to poll it once. */
export interface PollSpec {
  key: string;
  feed: LiveFeed;
  upstream: UpstreamName;
  poll(): Promise<Polled>;
}

export interface LiveSubscriber {
  next(outcome: LiveOutcome): void;
  /** The registry is closing (drain): no more outcomes will come. */
  end(): void;
}

/** What the registry reports (metrics.ts implements it); subscribers are counted where they join (shared-live.ts). */
export interface LiveObserver {
  liveKeys(count: number): void;
  livePoll(upstream: UpstreamName, outcome: 'ok' | 'error' | 'relayed'): void;
}

/** Timers, so tests can run the registry without waiting. */
export interface LiveTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PollRegistryOptions {
  bus: LiveBus;
  settings: Pick<LiveSettings, 'intervalsMs' | 'defaultIntervalMs' | 'maxBackoffMs' | 'maxKeys'>;
  logger: Logger;
  observer?: LiveObserver | undefined;
  timers?: LiveTimers;
  /** In [0, 1): spreads each key's ticks so keys do not poll in lockstep. */
  random?: () => number;
}

/** The share of an interval added at random to each tick. */
const JITTER = 0.1;
/**
 * A lease lasts this many intervals: past the longest tick (1.1 intervals), so its holder renews it
 * with 0.4 of an interval to spare for a late event loop; and a survivor, asking again as it runs
 * out, takes a dead holder's key over 1.5 intervals after its last renewal (made just before each
 * poll), within the two promised.
 */
export const LEASE_INTERVALS = 1.5;
/** A replica that does not hold a key asks again this long after the holder's lease should run out (clocks tick apart). */
const TAKEOVER_SLACK_MS = 10;
/** The least wait, as a share of the interval, before asking again for a lease held elsewhere (no tight loop on a stale answer). */
const MIN_RETRY_SHARE = 0.05;
/** Doublings of the interval while an upstream's breaker stays open. */
const MAX_BACKOFF_STEPS = 6;

interface Entry {
  spec: PollSpec;
  subscribers: Set<LiveSubscriber>;
  /** Settles when the first outcome is known; every newcomer starts from `last`. */
  first: Promise<void>;
  last: LiveOutcome | undefined;
  /** The last value's text, so a relayed value equal to it (our own, echoed) is not sent twice. */
  lastText: string | undefined;
  maxAgeMs: number | undefined;
  /** Consecutive polls refused by an open breaker. */
  openBreakerPolls: number;
  timer: unknown;
  unlisten: Promise<() => Promise<void>> | undefined;
  stopped: boolean;
}

const defaultTimers: LiveTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

function codeOf(error: unknown): unknown {
  return error instanceof GraphQLError ? error.extensions.code : undefined;
}

export class PollRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly timers: LiveTimers;
  private readonly random: () => number;
  private closed = false;

  constructor(private readonly options: PollRegistryOptions) {
    this.timers = options.timers ?? defaultTimers;
    this.random = options.random ?? Math.random;
  }

  /** Keys polled or relayed now. */
  get keyCount(): number {
    return this.entries.size;
  }

  /**
   * Adds `subscriber` to the key of `spec`, starting its poll when it is the first; resolves with
   * the key's current outcome once one is known (a fresh cached answer makes that at once). The
   * returned `leave` removes the subscriber; the last one to leave stops the key's poll.
   * Throws LIVE_KEY_LIMIT_EXCEEDED when the key is new and the process already follows LIVE_MAX_KEYS.
   */
  async subscribe(spec: PollSpec, subscriber: LiveSubscriber): Promise<{ current: LiveOutcome; leave: () => void }> {
    if (this.closed) throw liveLimitError('LIVE_KEY_LIMIT_EXCEEDED', 'The gateway is shutting down and opens no new live stream.');
    let entry = this.entries.get(spec.key);
    if (!entry) {
      const { maxKeys } = this.options.settings;
      if (this.entries.size >= maxKeys)
        throw liveLimitError(
          'LIVE_KEY_LIMIT_EXCEEDED',
          `This gateway process already follows ${maxKeys} distinct live keys (LIVE_MAX_KEYS); this subscription would start another.`,
        );
      entry = this.start(spec);
    }
    entry.subscribers.add(subscriber);
    this.reportCounts();
    const joined = entry;
    const leave = (): void => this.leave(joined, subscriber);
    await joined.first;
    // `first` always sets `last`; the fallback only satisfies the type.
    return { current: joined.last ?? { error: new Error('no outcome') }, leave };
  }

  /** Ends every stream (their subscribers are told) and stops every poll; for the drain. */
  async close(): Promise<void> {
    this.closed = true;
    const entries = [...this.entries.values()];
    for (const entry of entries) {
      for (const subscriber of entry.subscribers) subscriber.end();
      entry.subscribers.clear();
    }
    await Promise.all(entries.map((entry) => this.stop(entry)));
    this.reportCounts();
  }

  private start(spec: PollSpec): Entry {
    const entry: Entry = {
      spec,
      subscribers: new Set(),
      first: Promise.resolve(),
      last: undefined,
      lastText: undefined,
      maxAgeMs: undefined,
      openBreakerPolls: 0,
      timer: undefined,
      unlisten: undefined,
      stopped: false,
    };
    this.entries.set(spec.key, entry);
    entry.unlisten = this.options.bus.listen(spec.key, (text) => this.relay(entry, text));
    // The first value is polled here whoever holds the lease: a newcomer should not wait a whole
    // interval, and a fresh answer in the response cache (or the shared store) costs no call.
    entry.first = this.pollOnce(entry).then((outcome) => {
      entry.last = outcome;
      this.schedule(entry);
    });
    return entry;
  }

  private leave(entry: Entry, subscriber: LiveSubscriber): void {
    if (!entry.subscribers.delete(subscriber)) return;
    this.reportCounts();
    if (entry.subscribers.size === 0) void this.stop(entry);
  }

  private async stop(entry: Entry): Promise<void> {
    if (entry.stopped) return;
    entry.stopped = true;
    this.timers.clearTimeout(entry.timer);
    if (this.entries.get(entry.spec.key) === entry) this.entries.delete(entry.spec.key);
    this.reportCounts();
    try {
      const unlisten = await entry.unlisten;
      await Promise.all([unlisten?.(), this.options.bus.release(entry.spec.key)]);
    } catch (error) {
      this.options.logger.warn({ err: error, key: entry.spec.feed }, 'live: leaving a key on the bus failed');
    }
  }

  /** The key's interval now: its feed's, never under the upstream's max-age, backed off while the breaker is open. */
  private interval(entry: Entry): number {
    const { intervalsMs, defaultIntervalMs, maxBackoffMs } = this.options.settings;
    const base = Math.max(intervalsMs[entry.spec.feed] ?? defaultIntervalMs, entry.maxAgeMs ?? 0);
    const steps = Math.min(entry.openBreakerPolls, MAX_BACKOFF_STEPS);
    return steps === 0 ? base : Math.max(base, Math.min(maxBackoffMs, base * 2 ** steps));
  }

  /** The wait before the key's next poll: its interval plus jitter. */
  private nextDelay(entry: Entry): number {
    return Math.round(this.interval(entry) * (1 + JITTER * this.random()));
  }

  private schedule(entry: Entry, delayMs = this.nextDelay(entry)): void {
    if (entry.stopped) return;
    entry.timer = this.timers.setTimeout(() => void this.tick(entry), delayMs);
  }

  private async tick(entry: Entry): Promise<void> {
    if (entry.stopped) return;
    const interval = this.interval(entry);
    let lease: Lease = HELD;
    try {
      lease = await this.options.bus.lease(entry.spec.key, interval * LEASE_INTERVALS);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'live: the bus could not decide a lease; polling here');
    }
    if (lease.held) {
      if (!entry.stopped) {
        const outcome = await this.pollOnce(entry);
        if (!entry.stopped) this.deliver(entry, outcome);
      }
      this.schedule(entry);
      return;
    }
    // Another replica polls: ask again when its lease would run out, so a dead holder's key is
    // taken over then rather than up to a whole tick later.
    const retryMs = Math.max(interval * MIN_RETRY_SHARE, lease.freeInMs + TAKEOVER_SLACK_MS);
    this.schedule(entry, Math.min(this.nextDelay(entry), retryMs));
  }

  private async pollOnce(entry: Entry): Promise<LiveOutcome> {
    const { spec } = entry;
    try {
      const polled = await spec.poll();
      entry.maxAgeMs = polled.maxAgeMs;
      entry.openBreakerPolls = 0;
      this.options.observer?.livePoll(spec.upstream, 'ok');
      const text = JSON.stringify(polled.value);
      entry.lastText = text;
      this.options.bus.publish(spec.key, text).catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'live: publishing a value failed');
      });
      return { value: polled.value };
    } catch (error) {
      entry.openBreakerPolls = codeOf(error) === 'UPSTREAM_CIRCUIT_OPEN' ? entry.openBreakerPolls + 1 : 0;
      this.options.observer?.livePoll(spec.upstream, 'error');
      return { error };
    }
  }

  /** A value another replica polled: handed on as if polled here. */
  private relay(entry: Entry, text: string): void {
    if (entry.stopped || text === entry.lastText) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.options.logger.warn({ key: entry.spec.feed }, 'live: a relayed value was not JSON');
      return;
    }
    entry.lastText = text;
    this.options.observer?.livePoll(entry.spec.upstream, 'relayed');
    this.deliver(entry, { value });
  }

  private deliver(entry: Entry, outcome: LiveOutcome): void {
    entry.last = outcome;
    for (const subscriber of entry.subscribers) subscriber.next(outcome);
  }

  private reportCounts(): void {
    this.options.observer?.liveKeys(this.entries.size);
  }
}
