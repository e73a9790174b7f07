/**
 * Sandbox A (crypto analytics) for the tests that recompute its outputs: started on port 0 at a
 * pinned today, read over HTTP with every answer checked against `schema/crypto-analytics.yaml`,
 * and the comparisons those recomputations share.
 */
import { expect } from 'vitest';
import { createCryptoAnalyticsSandbox, SANDBOX_DEMO_KEY } from '../../src/sandbox/crypto-analytics/index.js';
import type { TokenCategory } from '../../src/sandbox/crypto-analytics/token-universe.js';
import { startSandbox } from '../../src/sandbox/sandbox-server.js';

/** The today the sandbox is pinned to, so its generated history is the same on every run. */
export const TODAY = '2026-11-22';

/** One record of any operation, as read from JSON. */
export type Row = Record<string, number | string | null>;

/** One day of a token's prices (`tokenPrices`). */
export interface Candle {
  DATE: string;
  TOKEN_ID: number;
  OPEN: number;
  HIGH: number;
  LOW: number;
  CLOSE: number;
  VOLUME: number;
}

/** The fields of a `tokens` record the recomputations use. */
export interface Token {
  TOKEN_ID: number;
  TOKEN_SYMBOL: string;
  CATEGORY: TokenCategory;
  CIRCULATING_SUPPLY: number;
  EXCHANGE_LIST: string[];
}

/** A running crypto-analytics sandbox, read the way the recomputing tests read it. */
export interface CryptoAnalyticsSandbox {
  /** GETs an operation's records with the demo key, expecting 200 and an answer as documented. */
  records<T = Row>(operationId: string, path: string): Promise<T[]>;
  /** A token's whole price history, oldest first. */
  history(id: number): Promise<Candle[]>;
  /** Stops the sandbox. */
  close(): Promise<void>;
}

/** Starts the crypto-analytics sandbox at `TODAY` on port 0. */
export async function startCryptoAnalyticsSandbox(): Promise<CryptoAnalyticsSandbox> {
  const definition = createCryptoAnalyticsSandbox({ today: TODAY });
  const { contract } = definition;
  const running = await startSandbox(definition, 0);
  async function records<T = Row>(operationId: string, path: string): Promise<T[]> {
    const response = await fetch(`${running.url}${path}`, { headers: { api_key: SANDBOX_DEMO_KEY } });
    const body = (await response.json()) as { data: T[] };
    expect(response.status).toBe(200);
    expect(contract.validateResponse(operationId, 200, body)).toEqual([]);
    return body.data;
  }
  return {
    records,
    // The sandbox answers newest first.
    history: async (id) => (await records<Candle>('tokenPrices', `/v1/price?tokens=${id}&limit=10000`)).reverse(),
    close: () => running.close(),
  };
}

/** The day of a record's `DATE` (`YYYY-MM-DD`), or '' when there is no record. */
export const day = (row: { DATE?: unknown } | undefined) => String(row?.DATE ?? '').slice(0, 10);

/** The position of `date` in a history, -1 when it is not there. */
export const indexOfDay = (candles: Candle[], date: string) => candles.findIndex((c) => day(c) === date);

/** Expects a number within `tolerance`, relative to `expected` (absolute below 1). */
export function expectClose(actual: unknown, expected: number, tolerance = 1e-9): void {
  expect(typeof actual).toBe('number');
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(tolerance * Math.max(1, Math.abs(expected)));
}
