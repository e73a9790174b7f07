/**
 * The per-process side of the upstream client: one keep-alive undici pool per upstream origin,
 * one circuit breaker and one retry budget per upstream. Every call gets one deadline that covers
 * connecting, the headers and the whole body, retries included; bodies are read once, capped in
 * size while they stream. Per-request concerns (credentials, de-duplication, error mapping) live
 * in upstream-fetch.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from '@opentelemetry/api';
import { CircuitState, circuitBreaker, SamplingBreaker, handleAll, isBrokenCircuitError, type CircuitBreakerPolicy } from 'cockatiel';
import { Pool } from 'undici';
import type { UpstreamName } from '../config.js';
import { upstreamError } from '../errors.js';
import { type Logger, silentLogger } from '../logger.js';
import { CallDeadline } from './call-deadline.js';
import { BodyTooLargeError, BufferBudget, BufferBudgetExceededError, readAnswer, type RawAnswer } from './capped-answer.js';
import { isIdempotent, isRetryableStatus, parseRetryAfter, RetryBudget, retryDelayMs } from './retry-policy.js';
import { DEFAULT_UPSTREAM_SETTINGS, type UpstreamSettings } from './upstream-settings.js';
import type { UpstreamObserver } from './upstream-observers.js';
import { REQUEST_ID_HEADER } from '../shared/request-id-header.js';
import { tracingRegistered } from '../shared/tracer-name.js';
import { records, traceExchange } from './upstream-spans.js';
import type { VendorProfile } from './vendor-profile.js';

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface OutgoingCall {
  upstream: UpstreamName;
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer | undefined;
  /** The vendor's redaction of key segments in the path, so the exchange's span never records a key. */
  redactPath?: VendorProfile['redactPath'];
  /** The context the exchange's span is a child of (upstream-spans.ts); a trace of its own where absent. */
  trace?: Context | undefined;
}

export interface TransportOptions extends Partial<UpstreamSettings> {
  /** The deadline of one call, retries included. */
  timeoutMs: number;
  /** The interfaces this process calls (the registry's), whose circuits are reported before their first call. */
  upstreams?: readonly UpstreamName[];
  logger?: Logger;
  /** Told of every HTTP exchange (metrics). */
  observer?: UpstreamObserver | undefined;
}

/** A 5xx answer left after the retries, thrown inside the breaker so it counts as a failure, then unwrapped. */
class FailedAnswer extends Error {
  constructor(readonly answer: RawAnswer) {
    super(`HTTP ${answer.status}`);
  }
}

const BREAKER_STATES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Isolated]: 'open',
};

/** Owns the pools and breakers of one gateway process; create it once and `close()` it on shutdown. */
export class UpstreamTransport {
  readonly settings: UpstreamSettings;
  private readonly timeoutMs: number;
  private readonly logger: Logger;
  private readonly observer: UpstreamObserver | undefined;
  private readonly upstreams: readonly UpstreamName[];
  /**
   * Whether a tracer was registered when the transport was made (the composition root starts
   * tracing first): without one the CLIENT span, its URL parse and its context switch are skipped.
   */
  private readonly traced: boolean;
  private readonly pools = new Map<string, Pool>();
  private readonly breakers = new Map<UpstreamName, CircuitBreakerPolicy>();
  private readonly budgets = new Map<UpstreamName, RetryBudget>();
  /** The bytes of answers all calls may hold at once while they are read. */
  private readonly bufferBudget: BufferBudget;

  constructor({ timeoutMs, logger, observer, upstreams, ...settings }: TransportOptions) {
    this.settings = { ...DEFAULT_UPSTREAM_SETTINGS, ...settings };
    this.bufferBudget = new BufferBudget(this.settings.maxBufferedBytes);
    this.timeoutMs = timeoutMs;
    this.logger = logger ?? silentLogger;
    this.observer = observer;
    this.upstreams = upstreams ?? [];
    this.traced = tracingRegistered();
  }

  /** The circuit of each upstream named at construction or called since, for readiness and metrics; one not yet called is closed. */
  breakerStates(): Partial<Record<UpstreamName, BreakerState>> {
    const names = new Set([...this.upstreams, ...this.breakers.keys()]);
    return Object.fromEntries(
      [...names].map((name) => {
        const breaker = this.breakers.get(name);
        return [name, breaker ? BREAKER_STATES[breaker.state] : 'closed'];
      }),
    );
  }

  /** Closes every pool (idle keep-alive connections would otherwise hold the process open). */
  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
    this.pools.clear();
  }

  /**
   * Sends a call, retrying idempotent ones within the deadline and the budget. Resolves with any
   * answer that has a status (callers map non-2xx); rejects with a catalogued GraphQL error when
   * none came: time-out, unreachable, too large or circuit open.
   */
  async send(call: OutgoingCall): Promise<RawAnswer> {
    const started = performance.now();
    const deadline = new CallDeadline(this.timeoutMs);
    try {
      // The breaker judges the call once its retries are spent, not each attempt: an upstream
      // that fails half its attempts still answers most calls, and must stay in service.
      return await this.breakerFor(call.upstream).execute(() => this.sendWithRetries(call, deadline, started));
    } catch (error) {
      if (error instanceof FailedAnswer) return error.answer;
      throw this.describe(call, error, deadline.passedBy(error), started);
    } finally {
      deadline.clear();
    }
  }

  /** The attempts of one call; a 5xx left after them is thrown as a FailedAnswer so the breaker counts it. */
  private async sendWithRetries(call: OutgoingCall, deadline: CallDeadline, started: number): Promise<RawAnswer> {
    const budget = this.budgetFor(call.upstream);
    budget.recordCall();
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.exchange(call, deadline).then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error }),
      );
      const retryAfterMs = 'answer' in outcome ? parseRetryAfter(outcome.answer.headers['retry-after'], Date.now()) : undefined;
      const wait = retryDelayMs(attempt, retryAfterMs, { baseMs: this.settings.retryBaseDelayMs, maxMs: this.settings.retryMaxDelayMs });
      const remaining = this.timeoutMs - (performance.now() - started);
      const worthRetrying =
        'answer' in outcome
          ? isRetryableStatus(outcome.answer.status)
          : !deadline.aborted && !(outcome.error instanceof BodyTooLargeError) && !(outcome.error instanceof BufferBudgetExceededError);
      if (worthRetrying && isIdempotent(call.method) && attempt < this.settings.maxAttempts && wait < remaining && budget.tryRetry()) {
        // The wait ends before the deadline (wait < remaining), so it needs no signal of its own.
        await sleep(wait);
        if (!deadline.aborted) continue;
      }
      if ('error' in outcome) throw outcome.error;
      if (outcome.answer.status >= 400) this.logFailure(call, started, outcome.answer.status);
      if (outcome.answer.status >= 500) throw new FailedAnswer(outcome.answer);
      return outcome.answer;
    }
  }

  private async exchange(call: OutgoingCall, deadline: CallDeadline): Promise<RawAnswer> {
    const started = performance.now();
    const seconds = (): number => (performance.now() - started) / 1000;
    try {
      const answer =
        this.traced && records(call.trace)
          ? await traceExchange(call, (headers) => this.exchangeOnce({ ...call, headers }, deadline))
          : await this.exchangeOnce(call, deadline);
      this.observer?.upstreamExchange(call.upstream, call.method, answer.status, seconds());
      return answer;
    } catch (error) {
      this.observer?.upstreamExchange(call.upstream, call.method, undefined, seconds());
      throw error;
    }
  }

  private exchangeOnce(call: OutgoingCall, deadline: CallDeadline): Promise<RawAnswer> {
    const url = new URL(call.url);
    return readAnswer(
      this.poolFor(url.origin),
      {
        path: `${url.pathname}${url.search}`,
        method: call.method as 'GET',
        headers: call.headers,
        body: call.body ?? null,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      },
      { maxBytes: this.settings.maxBodyBytes, budget: this.bufferBudget, signal: deadline },
    );
  }

  private describe(call: OutgoingCall, error: unknown, timedOut: boolean, started: number): Error {
    const { upstream } = call;
    if (isBrokenCircuitError(error)) {
      return upstreamError({ upstream, message: 'the service is failing; calls are paused for a moment' }, 'UPSTREAM_CIRCUIT_OPEN');
    }
    this.logFailure(call, started, undefined, error);
    if (timedOut) return upstreamError({ upstream, message: `no complete answer within ${this.timeoutMs} ms` }, 'UPSTREAM_TIMEOUT');
    if (error instanceof BufferBudgetExceededError)
      return upstreamError({ upstream, message: error.message }, 'UPSTREAM_RESPONSE_TOO_LARGE');
    if (error instanceof BodyTooLargeError) {
      return upstreamError({ upstream, status: 200, message: error.message }, 'UPSTREAM_RESPONSE_TOO_LARGE');
    }
    return upstreamError({ upstream, message: 'the service could not be reached' }, 'UPSTREAM_UNAVAILABLE');
  }

  private logFailure(call: OutgoingCall, started: number, status: number | undefined, error?: unknown): void {
    // Only names and numbers: URLs and vendor bodies may carry a key.
    const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    const reason = error instanceof Error ? (code ?? error.name) : undefined;
    this.logger.warn(
      {
        requestId: call.headers[REQUEST_ID_HEADER],
        upstream: call.upstream,
        method: call.method,
        status,
        durationMs: Math.round(performance.now() - started),
        reason,
      },
      'upstream call failed',
    );
  }

  private poolFor(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, { keepAliveTimeout: 10_000, connect: { timeout: this.timeoutMs } });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  private breakerFor(upstream: UpstreamName): CircuitBreakerPolicy {
    let breaker = this.breakers.get(upstream);
    if (!breaker) {
      // Everything thrown inside the breaker is a call that failed after its retries: refused or
      // dropped connections, time-outs, oversized bodies and 5xx answers. 4xx and 429 are answers.
      // It opens on a failure rate over a sliding window that holds enough calls to be one.
      const { breakerFailureRate, breakerWindowMs, breakerMinCalls, breakerHalfOpenAfterMs } = this.settings;
      breaker = circuitBreaker(handleAll, {
        halfOpenAfter: breakerHalfOpenAfterMs,
        breaker: new SamplingBreaker({
          threshold: breakerFailureRate,
          duration: breakerWindowMs,
          minimumRps: breakerMinCalls / (breakerWindowMs / 1000),
        }),
      });
      this.breakers.set(upstream, breaker);
    }
    return breaker;
  }

  private budgetFor(upstream: UpstreamName): RetryBudget {
    let budget = this.budgets.get(upstream);
    if (!budget) {
      budget = new RetryBudget(this.settings.retryBudgetRatio);
      this.budgets.set(upstream, budget);
    }
    return budget;
  }
}
