/**
 * The upstream client's tunables from the environment (see docs/configuration.md). Kept apart from
 * config.ts so that file only gains one line for them.
 */
import { wholeNumberVariable } from '../env-number.js';

export interface UpstreamSettings {
  /** A response body larger than this fails as UPSTREAM_RESPONSE_TOO_LARGE while it streams. */
  maxBodyBytes: number;
  /** The bytes of bodies all calls of the process may hold at once while they are read. */
  maxBufferedBytes: number;
  /** Attempts per idempotent call, the first included. */
  maxAttempts: number;
  /** First back-off step; doubles per retry, with full jitter. */
  retryBaseDelayMs: number;
  /** The longest wait for a retry, `Retry-After` included. */
  retryMaxDelayMs: number;
  /** Retries may add at most this share of calls, per upstream (1: at most one retry per call on average). */
  retryBudgetRatio: number;
  /** The share of calls (each judged after its retries) that opens an upstream's circuit: above it, in (0, 1). */
  breakerFailureRate: number;
  /** The sliding window over which that share is measured. */
  breakerWindowMs: number;
  /** Calls the window must hold before it may open: a few failures of an idle upstream are not a rate. */
  breakerMinCalls: number;
  /** How long an open circuit fails fast before one probe may go through. */
  breakerHalfOpenAfterMs: number;
}

type Env = Record<string, string | undefined>;

export const DEFAULT_UPSTREAM_SETTINGS: UpstreamSettings = {
  maxBodyBytes: 10 * 1024 * 1024,
  maxBufferedBytes: 64 * 1024 * 1024,
  maxAttempts: 3,
  retryBaseDelayMs: 100,
  retryMaxDelayMs: 2000,
  retryBudgetRatio: 1,
  breakerFailureRate: 0.5,
  breakerWindowMs: 10_000,
  breakerMinCalls: 10,
  breakerHalfOpenAfterMs: 5000,
};

function positive(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new TypeError(`${name} must be a number of at least 0, got "${raw}"`);
  return value;
}

function share(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value >= 1)
    throw new TypeError(`${name} must be a number between 0 and 1 (both excluded), got "${raw}"`);
  return value;
}

/** Reads the upstream settings; throws a TypeError naming the variable when a value is malformed. */
export function loadUpstreamSettings(env: Env): UpstreamSettings {
  const d = DEFAULT_UPSTREAM_SETTINGS;
  const settings: UpstreamSettings = {
    maxBodyBytes: wholeNumberVariable(env, 'UPSTREAM_MAX_BODY_BYTES', d.maxBodyBytes, 1),
    maxBufferedBytes: wholeNumberVariable(env, 'UPSTREAM_MAX_BUFFERED_BYTES', d.maxBufferedBytes, 1),
    maxAttempts: wholeNumberVariable(env, 'UPSTREAM_MAX_ATTEMPTS', d.maxAttempts, 1),
    retryBaseDelayMs: d.retryBaseDelayMs,
    retryMaxDelayMs: wholeNumberVariable(env, 'UPSTREAM_RETRY_MAX_DELAY_MS', d.retryMaxDelayMs, 0),
    retryBudgetRatio: positive(env, 'UPSTREAM_RETRY_BUDGET_RATIO', d.retryBudgetRatio),
    breakerFailureRate: share(env, 'UPSTREAM_BREAKER_FAILURE_RATE', d.breakerFailureRate),
    breakerWindowMs: wholeNumberVariable(env, 'UPSTREAM_BREAKER_WINDOW_MS', d.breakerWindowMs, 1000),
    breakerMinCalls: wholeNumberVariable(env, 'UPSTREAM_BREAKER_MIN_CALLS', d.breakerMinCalls, 1),
    breakerHalfOpenAfterMs: wholeNumberVariable(env, 'UPSTREAM_BREAKER_HALF_OPEN_MS', d.breakerHalfOpenAfterMs, 1),
  };
  // A budget smaller than one body would refuse every answer of the largest size the cap allows.
  if (settings.maxBufferedBytes < settings.maxBodyBytes)
    throw new TypeError(
      `UPSTREAM_MAX_BUFFERED_BYTES (${settings.maxBufferedBytes}) must be at least UPSTREAM_MAX_BODY_BYTES (${settings.maxBodyBytes})`,
    );
  return settings;
}
