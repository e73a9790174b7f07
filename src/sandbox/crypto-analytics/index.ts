/**
 * Sandbox of interface A, crypto analytics (the Token Metrics data API v1): the same paths,
 * `api_key` header, envelope and errors, answering from a seeded, generated market (see
 * README.md beside this file). It is not real market data, and every answer says so.
 *
 * Demo key: `tm-sandbox-demo` (SANDBOX_DEMO_KEY), accepted in `api_key` or `x-api-key`.
 */
import { fileURLToPath } from 'node:url';
import { OpenApiContract } from '../openapi-contract.js';
import type { SandboxDefinition } from '../sandbox-server.js';
import { analyticsHandlers } from './analytics-handlers.js';
import { dayOf, parseDay } from './calendar.js';
import { cryptoAnalyticsErrors } from './envelope.js';
import { createGuard, type RateLimit } from './guard.js';
import { SandboxMarket } from './market.js';
import { marketHandlers } from './market-handlers.js';

export const SANDBOX_DEMO_KEY = 'tm-sandbox-demo';
export const DEFAULT_SEED = 'tm-sandbox';

export interface CryptoAnalyticsSandboxOptions {
  /** Seed of the generated market; the same seed gives the same market. */
  seed?: string | number;
  /** Last day of the history, `YYYY-MM-DD` (UTC) or a date; default the current UTC day. */
  today?: string | Date;
  /** Accepted API keys; default the demo key only. */
  apiKeys?: readonly string[];
  /** A request budget per key; default unlimited. */
  rateLimit?: RateLimit;
}

const documentPath = fileURLToPath(new URL('../../../schema/crypto-analytics.yaml', import.meta.url));

function todayOf(option: string | Date | undefined): number {
  if (option === undefined) return dayOf(new Date());
  if (option instanceof Date) return dayOf(option);
  const day = parseDay(option);
  if (day === undefined) throw new TypeError(`today must be a YYYY-MM-DD date (got "${option}")`);
  return day;
}

/** Builds the crypto-analytics sandbox; the market is generated lazily, on first use. */
export function createCryptoAnalyticsSandbox(options: CryptoAnalyticsSandboxOptions = {}): SandboxDefinition {
  const market = new SandboxMarket(String(options.seed ?? DEFAULT_SEED), todayOf(options.today));
  return {
    name: 'crypto-analytics',
    contract: new OpenApiContract(documentPath),
    handlers: { ...marketHandlers(market), ...analyticsHandlers(market) },
    errors: cryptoAnalyticsErrors,
    guard: createGuard(options.apiKeys ?? [SANDBOX_DEMO_KEY], options.rateLimit),
  };
}
