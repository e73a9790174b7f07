/**
 * The per-caller daily quota per vendor, counted in the vendor's unit (quota-units.ts) and checked
 * before the call is sent: `spend` per upstream call (the upstream client calls it), `operationRefusal` for
 * an operation's estimate before execution. The counter's key holds the UTC day of the injected
 * clock, so a quota resets at midnight UTC without any timer, and tests choose the day.
 */
import { type DocumentNode, getOperationAST, GraphQLError, type GraphQLSchema } from 'graphql';
import type { Clock } from '../clock.js';
import type { UpstreamName } from '../config.js';
import { type CallerLimitSettings, dailyQuotaOf, type QuotaDeclarations } from './caller-limits.js';
import type { Counter, CounterStore, CountState } from './counter-store.js';
import { allKnown, type AtOnce, whenKnown } from '../shared/at-once.js';
import { estimateUpstreamUnits } from './estimate-units.js';
import { type LimitPolicy, limitHeaders } from './rate-limit-headers.js';
import type { Caller } from './caller.js';
import { quotaUnits, unitName } from './quota-units.js';

const DAY_SECONDS = 86_400;
/** Counters outlive their day by a day, so a clock a little ahead of Redis's never finds one gone early. */
const COUNTER_SECONDS = 2 * DAY_SECONDS;

/** A vendor operation a request is expected to call once: `path` below the base URL, without the query. */
export interface EstimatedOperation {
  upstream: UpstreamName;
  method: string;
  path: string;
}

/**
 * What a request is expected to spend (estimate-units.ts): the units its hand-written fields
 * declare (one per call) and the vendor operations its generated fields call, which each vendor's
 * declared `quota` prices when the estimate is checked.
 */
export interface UnitEstimate {
  declared: Partial<Record<UpstreamName, number>>;
  operations: readonly EstimatedOperation[];
}

/** `estimate` in units per upstream, its operations priced by `vendors`' quotas. */
export function unitsByUpstream(estimate: UnitEstimate, vendors: QuotaDeclarations): Partial<Record<UpstreamName, number>> {
  const units = { ...estimate.declared };
  for (const { upstream, method, path } of estimate.operations) {
    units[upstream] = (units[upstream] ?? 0) + quotaUnits(vendors[upstream]?.quota, method, path);
  }
  return units;
}

/** One vendor's quota of one caller, as `extensions.cost` and a refusal show it. */
export interface QuotaState {
  limit: number;
  used: number;
  remaining: number;
  /** When it starts again: the next midnight UTC, ISO 8601. */
  resetsAt: string;
}

function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** A caller's quota at every upstream where it has one. */
type QuotaStates = Readonly<Partial<Record<UpstreamName, QuotaState>>>;

/** A caller's states as read, with the count of this process's spends and the day they were read under. */
interface RemainingRead {
  readonly states: QuotaStates;
  /** Both moved on in place when a later read finds the states unchanged. */
  spends: number;
  resetsAt: string;
}

/** Whether `states` says exactly what `limited`, `spent` and `resetsAt` say. */
function unchanged(
  states: QuotaStates,
  limited: readonly { upstream: UpstreamName; limit: number }[],
  spent: readonly number[],
  resetsAt: string,
): boolean {
  if (Object.keys(states).length !== limited.length) return false;
  return limited.every(({ upstream, limit }, index) => {
    const state = states[upstream];
    return state !== undefined && state.limit === limit && state.used === spent[index] && state.resetsAt === resetsAt;
  });
}

/**
 * `read` once a take at `upstream` has counted `consumed`: that vendor's state made again, the
 * others' kept, in the order a read gives them.
 */
function afterSpend(read: RemainingRead, upstream: UpstreamName, limit: number, consumed: number, spends: number): RemainingRead {
  const state = quotaState(limit, Math.min(limit, consumed), read.resetsAt);
  return { states: Object.freeze({ ...read.states, [upstream]: state }), spends, resetsAt: read.resetsAt };
}

/** One vendor's state with `used` of `limit` spent, frozen: answers share it. */
function quotaState(limit: number, used: number, resetsAt: string): QuotaState {
  return Object.freeze({ limit, used, remaining: limit - used, resetsAt });
}

/** The UTC day of `now` as counters' keys hold it (YYYY-MM-DD) and when the next one starts, worked out once per day. */
class UtcDay {
  private start = Number.NaN;
  private text = '';
  private next = '';

  of(now: Date): string {
    this.settle(now);
    return this.text;
  }

  /** The next midnight UTC, ISO 8601. */
  resetsAt(now: Date): string {
    this.settle(now);
    return this.next;
  }

  private settle(now: Date): void {
    const time = now.getTime();
    if (time >= this.start && time < this.start + DAY_SECONDS * 1000) return;
    this.start = time - (time % (DAY_SECONDS * 1000));
    this.text = now.toISOString().slice(0, 10);
    this.next = nextUtcMidnight(now).toISOString();
  }
}

export class CallerQuota {
  /** Each parsed document's estimate per operation name (null: no such operation). */
  private readonly estimates = new WeakMap<DocumentNode, Map<string | null | undefined, UnitEstimate | null>>();
  private readonly prices = new WeakMap<UnitEstimate, readonly [UpstreamName, number][]>();
  private readonly day = new UtcDay();
  private readonly upstreams: readonly UpstreamName[];
  /** Each caller object's limits (limitedFor) and counter keys for the day (key). */
  private readonly limits = new WeakMap<Caller, readonly { upstream: UpstreamName; limit: number }[]>();
  private readonly keys = new WeakMap<Caller, { day: string; byUpstream: Map<UpstreamName, string> }>();
  /**
   * Each caller's state as last read, the same (frozen) object for as long as nothing in it
   * changes: what is made of it, a cached answer's cost with the quota left, is made once. With
   * counters in memory a spend makes it again from what its take counted, so a request's check,
   * its spends and its quota left read no counter.
   */
  private readonly lastRemaining = new WeakMap<Caller, RemainingRead>();
  /**
   * Spends made by this process so far. With counters only in its memory nothing else counts, so
   * while this stands (and the day) a caller's state read before stands too: a cached answer,
   * which spends nothing, shows the quota left without reading four counters each time.
   */
  private spends = 0;

  constructor(
    private readonly settings: CallerLimitSettings,
    private readonly store: CounterStore,
    private readonly clock: Clock,
  ) {
    this.upstreams = Object.keys(settings.vendors) as UpstreamName[];
  }

  /**
   * Spends `units` of the caller's daily quota at `upstream` before a call is sent; rejects with
   * QUOTA_EXCEEDED (the call must then not be sent) when they are not left. Spent at once, with
   * nothing to wait for, when the counters are in memory and the units were left.
   */
  spend(caller: Caller, upstream: UpstreamName, units: number): AtOnce<void> {
    const limit = dailyQuotaOf(this.settings, caller, upstream);
    if (limit === undefined || units <= 0) return;
    const now = this.clock();
    const current = this.currentRead(caller, now);
    const spends = (this.spends += 1);
    const settled = (state: CountState): AtOnce<void> => {
      // The caller's read stays current with what this take counted, if nothing else was spent meanwhile.
      if (current && this.spends === spends) this.lastRemaining.set(caller, afterSpend(current, upstream, limit, state.consumed, spends));
      return state.consumed > limit ? Promise.reject(quotaError(this.settings.vendors, upstream, limit, units, now, false)) : undefined;
    };
    const taken = whenKnown(this.counter(limit), (counter) => counter.take(this.key(caller, upstream, now), units));
    // Redis and its insurance both failing lets the call through: an outage never blocks traffic.
    return whenKnown(taken, settled, () => undefined);
  }

  /**
   * The refusal of an operation's estimated units (`refusal`): the one check both paths run before
   * execution. The estimate reads only the document, so it is worked out once per parsed document
   * and operation.
   */
  operationRefusal(
    caller: Caller,
    schema: GraphQLSchema,
    document: DocumentNode,
    operationName: string | null | undefined,
  ): AtOnce<GraphQLError | undefined> {
    let byName = this.estimates.get(document);
    if (!byName) this.estimates.set(document, (byName = new Map()));
    let estimate = byName.get(operationName);
    if (estimate === undefined) {
      const operation = getOperationAST(document, operationName);
      estimate = operation ? estimateUpstreamUnits(schema, document, operation) : null;
      byName.set(operationName, estimate);
    }
    return estimate ? this.refusal(caller, estimate) : undefined;
  }

  /**
   * QUOTA_EXCEEDED for an operation whose estimate needs more units than the caller has left at
   * any vendor, found before anything executes (HTTP 429, Retry-After and the quota's RateLimit
   * fields); undefined when it may run. Spends nothing: each call spends when it is made. Known at
   * once when the counters are in memory.
   */
  refusal(caller: Caller, estimate: UnitEstimate): AtOnce<GraphQLError | undefined> {
    const now = this.clock();
    const needs: { upstream: UpstreamName; units: number; limit: number }[] = [];
    for (const [upstream, units] of this.priced(estimate)) {
      const limit = dailyQuotaOf(this.settings, caller, upstream);
      if (limit !== undefined && units > 0) needs.push({ upstream, units, limit });
    }
    if (needs.length === 0) return undefined;
    const refused = (used: readonly number[]): GraphQLError | undefined => {
      for (const [index, { upstream, units, limit }] of needs.entries()) {
        const spent = used[index] ?? 0;
        if (spent + units > limit) return quotaError(this.settings.vendors, upstream, limit, units, now, true, Math.max(0, limit - spent));
      }
      return undefined;
    };
    // A current read says what the counters would: its `used` stops at the limit, which refuses the same.
    const current = this.currentRead(caller, now);
    if (current) return refused(needs.map(({ upstream }) => current.states[upstream]?.used ?? 0));
    return whenKnown(this.usedAt(caller, needs, now), refused);
  }

  /** `estimate`'s units per upstream, priced once per estimate: the vendors' quotas are fixed for the gateway's life. */
  private priced(estimate: UnitEstimate): readonly [UpstreamName, number][] {
    let units = this.prices.get(estimate);
    if (units === undefined) {
      units = Object.entries(unitsByUpstream(estimate, this.settings.vendors)) as [UpstreamName, number][];
      this.prices.set(estimate, units);
    }
    return units;
  }

  /** The caller's state at every upstream where it has a quota, read at one instant; at once when the counters are in memory. */
  remaining(caller: Caller): AtOnce<QuotaStates> {
    const now = this.clock();
    const current = this.currentRead(caller, now);
    if (current) return current.states;
    const resetsAt = this.day.resetsAt(now);
    const last = this.lastRemaining.get(caller);
    const { spends } = this;
    const limited = this.limitedFor(caller);
    return whenKnown(this.usedAt(caller, limited, now), (used) => {
      const spent = limited.map(({ limit }, index) => Math.min(limit, used[index] ?? 0));
      if (last && unchanged(last.states, limited, spent, resetsAt)) {
        last.spends = spends;
        last.resetsAt = resetsAt;
        return last.states;
      }
      const states: Partial<Record<UpstreamName, QuotaState>> = {};
      limited.forEach(({ upstream, limit }, index) => {
        states[upstream] = quotaState(limit, spent[index] ?? 0, resetsAt);
      });
      this.lastRemaining.set(caller, { states: Object.freeze(states), spends, resetsAt });
      return states;
    });
  }

  /**
   * The caller's state as last read, when it still says what its counters hold: counted in this
   * process's memory alone, nothing spent since by anyone, the same day. Then nothing is read.
   */
  private currentRead(caller: Caller, now: Date): RemainingRead | undefined {
    if (this.store.shared) return undefined;
    const last = this.lastRemaining.get(caller);
    return last && last.spends === this.spends && last.resetsAt === this.day.resetsAt(now) ? last : undefined;
  }

  private counter(limit: number): AtOnce<Counter> {
    return this.store.counter('quota', limit, COUNTER_SECONDS);
  }

  /** The upstreams where the caller has a quota, with its limit at each: fixed for a caller object's life. */
  private limitedFor(caller: Caller): readonly { upstream: UpstreamName; limit: number }[] {
    let limited = this.limits.get(caller);
    if (limited === undefined) {
      limited = this.upstreams.flatMap((upstream) => {
        const limit = dailyQuotaOf(this.settings, caller, upstream);
        return limit === undefined ? [] : [{ upstream, limit }];
      });
      this.limits.set(caller, limited);
    }
    return limited;
  }

  /** The caller's counter key at `upstream` for the day of `now`, spelt once a day per caller object. */
  private key(caller: Caller, upstream: UpstreamName, now: Date): string {
    const day = this.day.of(now);
    let known = this.keys.get(caller);
    if (known?.day !== day) {
      known = { day, byUpstream: new Map() };
      this.keys.set(caller, known);
    }
    let key = known.byUpstream.get(upstream);
    if (key === undefined) {
      key = `${caller.id}:${upstream}:${day}`;
      known.byUpstream.set(upstream, key);
    }
    return key;
  }

  /** What the caller used at each of `places`, in their order, read at one instant. */
  private usedAt(caller: Caller, places: readonly { upstream: UpstreamName; limit: number }[], now: Date): AtOnce<number[]> {
    return allKnown(places.map(({ upstream, limit }) => this.used(caller, upstream, limit, now)));
  }

  /** What the caller used; 0 when the counters cannot be read (an outage never blocks traffic). */
  private used(caller: Caller, upstream: UpstreamName, limit: number, now: Date): AtOnce<number> {
    const key = this.key(caller, upstream, now);
    const read = whenKnown(this.counter(limit), (counter) => counter.read(key));
    return whenKnown(
      read,
      (state) => state?.consumed ?? 0,
      () => 0,
    );
  }
}

/** The quota as a RateLimit policy: named after the vendor, a day's window, restarting at midnight UTC. */
function quotaPolicy(upstream: UpstreamName, limit: number, remaining: number, now: Date): LimitPolicy {
  const resetSeconds = Math.max(1, Math.ceil((nextUtcMidnight(now).getTime() - now.getTime()) / 1000));
  return { name: `${upstream}-daily`, quota: limit, windowSeconds: DAY_SECONDS, remaining, resetSeconds };
}

/**
 * QUOTA_EXCEEDED naming the vendor, the limit and when it resets. `refusesRequest` adds HTTP 429
 * and the headers: for the estimate, which refuses the whole request; a single call's refusal is
 * one field's error among others that may still resolve.
 */
function quotaError(
  vendors: QuotaDeclarations,
  upstream: UpstreamName,
  limit: number,
  units: number,
  now: Date,
  refusesRequest: boolean,
  left = 0,
): GraphQLError {
  const quota = vendors[upstream]?.quota;
  const policy = quotaPolicy(upstream, limit, left, now);
  const resetsAt = nextUtcMidnight(now).toISOString();
  const message = refusesRequest
    ? `${upstream}: this operation needs at least ${units} ${unitName(quota, units)}, and this caller has ${left} of its daily quota of ${limit} left; it resets at ${resetsAt}.`
    : `${upstream}: this caller's daily quota of ${limit} ${unitName(quota, limit)} is used up; it resets at ${resetsAt}.`;
  return new GraphQLError(message, {
    extensions: {
      code: 'QUOTA_EXCEEDED',
      upstream,
      limit: {
        policy: policy.name,
        upstream,
        quota: limit,
        unit: unitName(quota, 1),
        windowSeconds: DAY_SECONDS,
        remaining: left,
        resetsAt,
        resetSeconds: policy.resetSeconds,
      },
      retryable: false,
      ...(refusesRequest ? { http: { status: 429, headers: limitHeaders(policy, true) } } : {}),
    },
  });
}
