/**
 * Interface A's loaders. Every Token field that reaches another operation is batched: all the
 * tokens of one GraphQL request that select it cost one upstream request (one per date range
 * for prices). A batch is split only when its answer could pass the vendor's largest page.
 */
import DataLoader from 'dataloader';
import type { CryptoEnvelope, TokenRecordWire } from '../../interfaces/crypto-analytics/wire.js';
import { addDays, today } from '../../days.js';
import type { Clock } from '../../clock.js';
import type { QueryValue } from '../../upstream/query-string.js';
import type { UpstreamCaller } from '../../upstream/upstream-fetch.js';

/** The largest `limit` the document allows. */
const MAX_LIMIT = 10_000;
/** "Latest" daily records are looked for in this many recent days (data may lag a day or two). */
const RECENT_DAYS = 7;

type Rows = TokenRecordWire[];

/**
 * The records of `path` for the given token ids, in as few requests as fit under MAX_LIMIT
 * (`rowsPerToken` is the expected count); a full answer is split and asked again, since the
 * vendor would have cut it short.
 */
async function rowsForTokens(
  caller: UpstreamCaller,
  path: string,
  ids: readonly number[],
  query: Record<string, QueryValue>,
  rowsPerToken: number,
): Promise<Rows> {
  const fetchChunk = async (chunk: readonly number[]): Promise<Rows> => {
    const answer = await caller.upstream.get<CryptoEnvelope<TokenRecordWire>>('crypto-analytics', path, {
      ...query,
      tokens: chunk.map(String),
      limit: MAX_LIMIT,
    });
    if (answer.data.length < MAX_LIMIT || chunk.length === 1) return answer.data;
    const half = Math.ceil(chunk.length / 2);
    return (await Promise.all([fetchChunk(chunk.slice(0, half)), fetchChunk(chunk.slice(half))])).flat();
  };
  const size = Math.max(1, Math.floor(MAX_LIMIT / Math.max(1, rowsPerToken)));
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += size) chunks.push(ids.slice(start, start + size));
  return (await Promise.all(chunks.map(fetchChunk))).flat();
}

function groupByToken(ids: readonly number[], rows: Rows): Rows[] {
  const groups = new Map<number, Rows>(ids.map((id) => [id, []]));
  for (const row of rows) groups.get(row.TOKEN_ID)?.push(row);
  return ids.map((id) => groups.get(id) ?? []);
}

/** A loader from token id to all its records of one operation. */
function rowsLoader(
  caller: UpstreamCaller,
  path: string,
  query: Record<string, QueryValue>,
  rowsPerToken: number,
): DataLoader<number, Rows> {
  return new DataLoader(async (ids) => groupByToken(ids, await rowsForTokens(caller, path, ids, query, rowsPerToken)));
}

/** A loader from token id to its newest record of a daily operation, or null. */
function latestLoader(caller: UpstreamCaller & { clock: Clock }, path: string): DataLoader<number, TokenRecordWire | null> {
  const endDate = today(caller.clock());
  const recent = { startDate: addDays(endDate, -RECENT_DAYS), endDate };
  return new DataLoader(async (ids) =>
    groupByToken(ids, await rowsForTokens(caller, path, ids, recent, RECENT_DAYS + 1)).map((rows) =>
      rows.reduce<TokenRecordWire | null>((newest, row) => (!newest || String(row.DATE) > String(newest.DATE) ? row : newest), null),
    ),
  );
}

function days(startDate: string, endDate: string): number {
  return Math.max(1, (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000 + 1);
}

export interface CryptoAnalyticsLoaders {
  tokenById: DataLoader<number, TokenRecordWire | null>;
  tokenBySymbol: DataLoader<string, TokenRecordWire | null>;
  latestInvestorGrade: DataLoader<number, TokenRecordWire | null>;
  latestTraderGrade: DataLoader<number, TokenRecordWire | null>;
  latestSentiment: DataLoader<number, TokenRecordWire | null>;
  /** The newest daily candle (for prices in other currencies). */
  latestPrice: DataLoader<number, TokenRecordWire | null>;
  quantMetrics: DataLoader<number, TokenRecordWire | null>;
  resistanceSupport: DataLoader<number, Rows>;
  predictions: DataLoader<number, Rows>;
  correlations: DataLoader<number, Rows>;
  /** Daily prices of the tokens in one date range (a loader per distinct range). */
  prices(startDate: string, endDate: string): DataLoader<number, Rows>;
}

/** The per-request loaders of interface A. */
export function createCryptoAnalyticsLoaders(caller: UpstreamCaller & { clock: Clock }): CryptoAnalyticsLoaders {
  const priceLoaders = new Map<string, DataLoader<number, Rows>>();
  const tokensWhere = async (name: 'token_ids' | 'token_symbols', values: readonly string[]) =>
    (await caller.upstream.get<CryptoEnvelope<TokenRecordWire>>('crypto-analytics', '/v1/tokens', { [name]: values, limit: MAX_LIMIT }))
      .data;
  return {
    tokenById: new DataLoader(async (ids) => {
      const found = await tokensWhere('token_ids', ids.map(String));
      return ids.map((id) => found.find((token) => token.TOKEN_ID === id) ?? null);
    }),
    tokenBySymbol: new DataLoader(
      async (symbols) => {
        const found = await tokensWhere('token_symbols', symbols);
        return symbols.map((symbol) => found.find((token) => token.TOKEN_SYMBOL.toUpperCase() === symbol.toUpperCase()) ?? null);
      },
      { cacheKeyFn: (symbol) => symbol.toUpperCase() },
    ),
    latestInvestorGrade: latestLoader(caller, '/v1/investor-grades'),
    latestTraderGrade: latestLoader(caller, '/v1/trader-grades'),
    latestSentiment: latestLoader(caller, '/v1/sentiments'),
    latestPrice: latestLoader(caller, '/v1/price'),
    quantMetrics: new DataLoader(async (ids) =>
      groupByToken(ids, await rowsForTokens(caller, '/v1/quantitative-tier-1', ids, {}, 1)).map((rows) => rows[0] ?? null),
    ),
    resistanceSupport: rowsLoader(caller, '/v1/resistance-support', {}, 40),
    predictions: rowsLoader(caller, '/v1/price-prediction', {}, 7),
    correlations: rowsLoader(caller, '/v1/correlation', {}, 200),
    prices(startDate, endDate) {
      const key = `${startDate}/${endDate}`;
      let loader = priceLoaders.get(key);
      if (!loader) {
        loader = rowsLoader(caller, '/v1/price', { startDate, endDate }, days(startDate, endDate));
        priceLoaders.set(key, loader);
      }
      return loader;
    },
  };
}
