/**
 * What each live field follows upstream, and how its value is read from the polled answer. The
 * keys are chosen so subscribers share them: all rate fields follow D's one USD table (as the
 * money fields do), token prices follow one key per set of tokens, whatever their order.
 */
import { addDays, today } from '../../days.js';
import type { CryptoEnvelope, TokenRecordWire } from '../../interfaces/crypto-analytics/wire.js';
import type { Envelope, RateTableWire } from '../../interfaces/country-data/wire.js';
import type { LiveSource } from '../../live/live-poller.js';
import { upstreamError } from '../../errors.js';
import { PIVOT_CURRENCY } from '../money/rate-loader.js';
import type { MarketIndicatorWire } from './wire.js';

/** "Latest" daily records are looked for in this many recent days (A's data may lag a day or two). */
const RECENT_DAYS = 7;

function recentDays(now: Date): { startDate: string; endDate: string } {
  const endDate = today(now);
  return { startDate: addDays(endDate, -RECENT_DAYS), endDate };
}

/** The newest record by its day, or null. */
function newest<T extends { DATE?: string | undefined }>(rows: readonly T[]): T | null {
  return rows.reduce<T | null>((best, row) => (!best || String(row.DATE) > String(best.DATE) ? row : best), null);
}

/** The daily candles of these tokens over the last days; one key per set of ids. */
export function tokenPricesSource(ids: readonly number[]): LiveSource {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return {
    feed: 'prices',
    upstream: 'crypto-analytics',
    template: '/v1/price',
    parameters: { tokens: sorted.map(String), limit: sorted.length * (RECENT_DAYS + 1) },
    moving: recentDays,
  };
}

/** Each token's newest candle, in the order of `ids`; tokens without one are left out. */
export function latestPrices(value: unknown, ids: readonly number[]): TokenRecordWire[] {
  const rows = (value as CryptoEnvelope<TokenRecordWire>).data;
  return ids.flatMap((id) => {
    const latest = newest(rows.filter((row) => row.TOKEN_ID === id));
    return latest ? [latest] : [];
  });
}

export const MARKET_INDICATOR_SOURCE: LiveSource = {
  feed: 'market',
  upstream: 'crypto-analytics',
  template: '/v1/market-indicator',
  parameters: { limit: RECENT_DAYS + 1 },
  moving: recentDays,
};

/** The newest whole-market record, or null. */
export function latestMarketIndicator(value: unknown): MarketIndicatorWire | null {
  return newest((value as CryptoEnvelope<MarketIndicatorWire>).data);
}

export const STABLECOIN_STATE_SOURCE: LiveSource = {
  feed: 'stablecoin',
  upstream: 'blockchain-utility',
  template: '/stablecoin/info',
  parameters: {},
};

export const RATES_SOURCE: LiveSource = {
  feed: 'rates',
  upstream: 'country-data',
  // The path form, as rate-loader.ts and `exchangeRates(base:)` ask: one URL for one table, so a
  // poll and a query share one shared-cache entry.
  template: '/currencies/v1/rates/{base}',
  parameters: { base: PIVOT_CURRENCY },
};

/** D's USD table from a polled answer; an answer without it is the upstream failing (as in rate-loader.ts). */
export function usdTable(value: unknown): RateTableWire {
  const table = (value as Envelope<RateTableWire>).data.objects[0];
  if (!table)
    throw upstreamError(
      { upstream: 'country-data', status: 200, message: `the answer held no rate table for ${PIVOT_CURRENCY}` },
      'UPSTREAM_ERROR',
    );
  return table;
}
