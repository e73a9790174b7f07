/**
 * Crypto-analytics sandbox over HTTP: auth, envelope, every operation against the document,
 * filters, date ranges, paging, limits and every error path.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createCryptoAnalyticsSandbox, SANDBOX_DEMO_KEY } from '../../src/sandbox/crypto-analytics/index.js';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../src/sandbox/crypto-analytics/queries.js';
import type { OpenApiContract } from '../../src/sandbox/openapi-contract.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/sandbox-server.js';

const TODAY = '2026-11-22';
const BTC = 3375;
const ETH = 3306;

interface Envelope<T = Record<string, unknown>> {
  success: boolean;
  message: string;
  length: number;
  data: T[];
}

let sandbox: RunningSandbox;
let contract: OpenApiContract;

async function call(path: string, headers: Record<string, string> = { api_key: SANDBOX_DEMO_KEY }) {
  const response = await fetch(`${sandbox.url}${path}`, { headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Envelope };
}

/** Calls an operation and checks the answer against the document before returning it. */
async function operation(operationId: string, path: string): Promise<{ status: number; body: Envelope }> {
  const answer = await call(path);
  expect(contract.validateResponse(operationId, answer.status, answer.body)).toEqual([]);
  return answer;
}

const dates = (records: Envelope['data']) => records.map((record) => String(record.DATE).slice(0, 10));

beforeAll(async () => {
  const definition = createCryptoAnalyticsSandbox({ today: TODAY });
  contract = definition.contract;
  sandbox = await startSandbox(definition, 0);
});

afterAll(async () => {
  await sandbox.close();
});

describe('authentication', () => {
  it('refuses a request without a key with the vendor envelope', async () => {
    const { status, body } = await call('/v1/tokens', {});
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false, length: 0, data: [] });
    expect(contract.validateResponse('tokens', 401, body)).toEqual([]);
  });

  it('refuses an unknown key', async () => {
    const { status, body } = await call('/v1/tokens', { api_key: 'not-a-key' });
    expect(status).toBe(401);
    expect(body.message).toMatch(/invalid api key/i);
  });

  it('accepts the key in x-api-key as newer clients send it', async () => {
    const { status } = await call('/v1/tokens?token_ids=3375', { 'x-api-key': SANDBOX_DEMO_KEY });
    expect(status).toBe(200);
  });

  it('answers 429 with Retry-After once a configured budget is spent', async () => {
    const limited = await startSandbox(createCryptoAnalyticsSandbox({ today: TODAY, rateLimit: { requests: 2, windowSeconds: 60 } }), 0);
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 3; i += 1) {
        last = await fetch(`${limited.url}/v1/tokens?token_ids=3375`, { headers: { api_key: SANDBOX_DEMO_KEY } });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const body = (await last?.json()) as Envelope;
      expect(body).toMatchObject({ success: false, length: 0, data: [] });
      expect(contract.validateResponse('tokens', 429, body)).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});

describe('every operation', () => {
  const cases: Array<[operationId: string, path: string]> = [
    ['tokens', '/v1/tokens'],
    ['tokenPrices', '/v1/price?tokens=3375,3306&limit=20'],
    ['investorGrades', '/v1/investor-grades?tokens=3375&startDate=2021-01-01&endDate=2022-02-01'],
    ['traderGrades', '/v1/trader-grades?tokens=3375,3306&limit=50'],
    ['marketIndicator', '/v1/market-indicator?limit=30'],
    ['tradingIndicators', '/v1/trading-indicator?tokens=3375,3306'],
    ['resistanceSupport', '/v1/resistance-support?tokens=3375,3306'],
    ['pricePredictions', '/v1/price-prediction?tokens=3375,3306'],
    ['sentiments', '/v1/sentiments?tokens=3375&limit=30'],
    ['quantMetricsTier1', '/v1/quantitative-tier-1'],
    ['quantMetricsTier2', '/v1/quantitative-tier-2'],
    ['scenarioAnalysis', '/v1/scenario-analysis?tokens=3375'],
    ['correlations', '/v1/correlation?tokens=3375'],
    ['indices', '/v1/indices?limit=100'],
  ];

  it('covers all operations of the document', () => {
    expect(cases.map(([id]) => id).sort()).toEqual([...contract.operationIds].sort());
  });

  it.each(cases)('%s answers a documented, non-empty sandbox envelope', async (operationId, path) => {
    const { status, body } = await operation(operationId, path);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/sandbox/i);
    expect(body.length).toBe(body.data.length);
    expect(body.length).toBeGreaterThan(0);
  });

  it.each(cases.filter(([id]) => !['tokens', 'marketIndicator', 'indices'].includes(id)))(
    '%s gives an empty list for an unknown token id',
    async (operationId, path) => {
      const url = new URL(path, 'http://x');
      url.searchParams.set('tokens', '424242');
      const { status, body } = await operation(operationId, `${url.pathname}${url.search}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, length: 0, data: [] });
    },
  );

  it.each([
    ['tokenPrices', '/v1/price?startDate=2024-13-01'],
    ['tokenPrices', '/v1/price?endDate=2024-02-30'],
    ['investorGrades', '/v1/investor-grades?startDate=yesterday'],
    ['traderGrades', '/v1/trader-grades?endDate=2024/01/01'],
    ['marketIndicator', '/v1/market-indicator?startDate=2024-1-1'],
    ['resistanceSupport', '/v1/resistance-support?endDate=20240101'],
    ['pricePredictions', '/v1/price-prediction?date=2025-02-29'],
    ['sentiments', '/v1/sentiments?startDate=not-a-date'],
    ['quantMetricsTier1', '/v1/quantitative-tier-1?date=2024-00-10'],
    ['quantMetricsTier2', '/v1/quantitative-tier-2?date=31-12-2024'],
    ['indices', '/v1/indices?endDate=2024-06-31'],
  ])('%s refuses a malformed date with 400 (%s)', async (operationId, path) => {
    const { status, body } = await operation(operationId, path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, length: 0, data: [] });
    expect(body.message).toMatch(/date/i);
  });
});

describe('parameters and errors', () => {
  it.each([
    ['/v1/price?tokens=3375,abc', /tokens/],
    ['/v1/price?limit=0', /limit/],
    ['/v1/price?limit=10001', /limit/],
    ['/v1/price?limit=ten', /limit/],
    ['/v1/price?page=-1', /page/],
    ['/v1/indices?timeHorizon=week', /timeHorizon/],
    ['/v1/indices?exchanges=binance,nowhere', /exchanges/],
    ['/v1/indices?lowCap=maybe', /lowCap/],
    ['/v1/price?startDate=2025-02-01&endDate=2025-01-01', /startDate/],
  ])('400 for %s', async (path, message) => {
    const { status, body } = await call(path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, length: 0, data: [] });
    expect(body.message).toMatch(message);
  });

  it('404 in the envelope for an unknown path', async () => {
    const { status, body } = await call('/v1/no-such-thing');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, length: 0, data: [] });
  });

  it('uses the defaults the document states for limit and page', () => {
    const parameters = (
      parseYaml(readFileSync('schema/crypto-analytics.yaml', 'utf8')) as {
        components: { parameters: Record<string, { schema: { default: unknown } }> };
      }
    ).components.parameters;
    expect(parameters.Limit?.schema.default).toBe(DEFAULT_LIMIT);
    expect(parameters.Page?.schema.default).toBe(DEFAULT_PAGE);
  });
});

describe('tokens', () => {
  it('lists at least 100 tokens with the vendor ids for Bitcoin and Ethereum', async () => {
    const { body } = await operation('tokens', '/v1/tokens');
    expect(body.length).toBeGreaterThanOrEqual(100);
    expect(body.data[0]).toMatchObject({ TOKEN_ID: BTC, TOKEN_NAME: 'Bitcoin', TOKEN_SYMBOL: 'BTC' });
    expect(body.data).toContainEqual(expect.objectContaining({ TOKEN_ID: ETH, TOKEN_SYMBOL: 'ETH' }));
    expect(new Set(body.data.map((t) => t.TOKEN_ID)).size).toBe(body.length);
    expect(new Set(body.data.map((t) => t.TOKEN_SYMBOL)).size).toBe(body.length);
  });

  it('filters by ids, names and symbols (case-insensitive), all filters applying at once', async () => {
    const symbols = (body: Envelope) => body.data.map((t) => t.TOKEN_SYMBOL);
    expect(symbols((await call('/v1/tokens?token_ids=3306,3375')).body)).toEqual(['BTC', 'ETH']);
    expect(symbols((await call('/v1/tokens?token_names=bitcoin,SOLANA')).body)).toEqual(['BTC', 'SOL']);
    expect(symbols((await call('/v1/tokens?token_symbols=eth,doge')).body)).toEqual(['ETH', 'DOGE']);
    expect(symbols((await call('/v1/tokens?token_ids=3375&token_symbols=ETH')).body)).toEqual([]);
    expect(symbols((await call('/v1/tokens?token_ids=3375&token_symbols=btc')).body)).toEqual(['BTC']);
  });

  it('pages the list with limit and page', async () => {
    const all = (await call('/v1/tokens')).body.data;
    const second = (await operation('tokens', '/v1/tokens?limit=10&page=1')).body.data;
    expect(second).toEqual(all.slice(10, 20));
  });
});

describe('prices: ranges, ordering and paging', () => {
  it('runs from 2021-01-01 to the pinned today, newest first, with consistent candles', async () => {
    const { body } = await operation('tokenPrices', `/v1/price?tokens=${BTC}&limit=10000`);
    const days = dates(body.data);
    expect(days[0]).toBe(TODAY);
    expect(days.at(-1)).toBe('2021-01-01');
    expect(body.length).toBe((Date.parse(TODAY) - Date.parse('2021-01-01')) / 86_400_000 + 1);
    expect(body.length).toBeGreaterThanOrEqual(3 * 365);
    const candles = body.data as Array<Record<'OPEN' | 'HIGH' | 'LOW' | 'CLOSE' | 'VOLUME' | 'EPOCH' | 'CURRENT_PRICE', number>>;
    for (const [i, c] of candles.entries()) {
      expect(c.LOW).toBeLessThanOrEqual(Math.min(c.OPEN, c.CLOSE));
      expect(c.HIGH).toBeGreaterThanOrEqual(Math.max(c.OPEN, c.CLOSE));
      expect(c.VOLUME).toBeGreaterThan(0);
      expect(c.EPOCH).toBe(Date.parse(days[i] ?? '') / 1000);
      // Open is the previous day's close (the market trades around the clock).
      if (i + 1 < candles.length) expect(c.OPEN).toBe(candles[i + 1]?.CLOSE);
      expect(c.CURRENT_PRICE).toBe(candles[0]?.CLOSE);
    }
  });

  it('keeps an inclusive date range and orders tokens as requested within a day', async () => {
    const { body } = await call(`/v1/price?tokens=${ETH},${BTC}&startDate=2024-02-27&endDate=2024-03-01`);
    expect(dates(body.data)).toEqual([
      '2024-03-01',
      '2024-03-01',
      '2024-02-29',
      '2024-02-29',
      '2024-02-28',
      '2024-02-28',
      '2024-02-27',
      '2024-02-27',
    ]);
    expect(body.data.map((r) => r.TOKEN_ID)).toEqual([ETH, BTC, ETH, BTC, ETH, BTC, ETH, BTC]);
  });

  it('clamps ranges to the history and answers empty outside it', async () => {
    expect(dates((await call(`/v1/price?tokens=${BTC}&startDate=2020-12-30&endDate=2021-01-02`)).body.data)).toEqual([
      '2021-01-02',
      '2021-01-01',
    ]);
    expect(dates((await call(`/v1/price?tokens=${BTC}&startDate=2026-11-21&endDate=2027-01-01`)).body.data)).toEqual([TODAY, '2026-11-21']);
    expect((await call(`/v1/price?tokens=${BTC}&startDate=2027-01-01`)).body.length).toBe(0);
  });

  it('pages with limit and a zero-based page', async () => {
    const all = (await call(`/v1/price?tokens=${BTC},${ETH}&startDate=2025-01-01&endDate=2025-01-10`)).body.data;
    expect(all).toHaveLength(20);
    const pages = await Promise.all(
      [0, 1, 2, 3].map(
        async (p) => (await call(`/v1/price?tokens=${BTC},${ETH}&startDate=2025-01-01&endDate=2025-01-10&limit=6&page=${p}`)).body.data,
      ),
    );
    expect(pages.map((p) => p.length)).toEqual([6, 6, 6, 2]);
    expect(pages.flat()).toEqual(all);
    expect((await call(`/v1/price?tokens=${BTC}&startDate=2025-01-01&endDate=2025-01-10&limit=5&page=9`)).body.length).toBe(0);
  });

  it('returns DEFAULT_LIMIT records when no limit is given', async () => {
    expect((await call('/v1/price')).body.length).toBe(DEFAULT_LIMIT);
  });

  it('skips unknown ids among known ones', async () => {
    const { body } = await call(`/v1/price?tokens=424242,${ETH}&startDate=2025-01-01&endDate=2025-01-01`);
    expect(body.data.map((r) => r.TOKEN_ID)).toEqual([ETH]);
  });
});

describe('limits, as-of dates and warm-up periods of the analytics', () => {
  it('caps every list operation at limit', async () => {
    for (const path of [
      '/v1/trader-grades',
      '/v1/investor-grades',
      '/v1/sentiments',
      '/v1/market-indicator',
      '/v1/trading-indicator',
      '/v1/correlation',
      '/v1/scenario-analysis',
      '/v1/price-prediction',
      '/v1/resistance-support',
      '/v1/quantitative-tier-1',
      '/v1/indices',
    ]) {
      expect((await call(`${path}?limit=7`)).body.length, path).toBe(7);
    }
  });

  it('starts grades, sentiment and the market indicator once their windows are full', async () => {
    const first = async (path: string) =>
      dates((await call(`${path}&startDate=2021-01-01&endDate=2021-12-31&limit=10000`)).body.data).at(-1);
    expect(await first(`/v1/trader-grades?tokens=${BTC}`)).toBe('2021-04-01');
    expect(await first(`/v1/investor-grades?tokens=${BTC}`)).toBe('2021-01-30');
    expect(await first(`/v1/sentiments?tokens=${BTC}`)).toBe('2021-01-15');
    expect(await first('/v1/market-indicator?')).toBe('2021-04-01');
  });

  it('leaves VALUATION_GRADE null for the first year only', async () => {
    const grades = (await call(`/v1/investor-grades?tokens=${BTC}&startDate=2021-12-30&endDate=2022-01-01`)).body.data;
    expect(grades.map((g) => g.VALUATION_GRADE === null)).toEqual([false, false, true]);
  });

  it('predicts the seven days after the as-of date, and nothing for a future or too early date', async () => {
    const { body } = await call(`/v1/price-prediction?tokens=${BTC}&date=2025-06-30`);
    expect(dates(body.data)).toEqual(['2025-07-01', '2025-07-02', '2025-07-03', '2025-07-04', '2025-07-05', '2025-07-06', '2025-07-07']);
    expect(body.data.every((r) => r.FORECAST_DATE === '2025-06-30')).toBe(true);
    expect((await call(`/v1/price-prediction?tokens=${BTC}&date=2026-11-23`)).body.length).toBe(0);
    expect((await call(`/v1/price-prediction?tokens=${BTC}&date=2021-01-20`)).body.length).toBe(0);
  });

  it('computes quantitative metrics as of a date, one record per token', async () => {
    const { body } = await call(`/v1/quantitative-tier-1?tokens=${BTC},${ETH}&date=2023-06-30`);
    expect(body.data.map((r) => [r.TOKEN_ID, r.START_PERIOD, r.END_PERIOD])).toEqual([
      [BTC, '2021-01-01', '2023-06-30'],
      [ETH, '2021-01-01', '2023-06-30'],
    ]);
    expect((await call('/v1/quantitative-tier-2?date=2021-01-10')).body.length).toBe(0);
    expect((await call('/v1/quantitative-tier-1')).body.length).toBeGreaterThanOrEqual(100);
  });

  it('lists trading-signal changes newest first, each differing from the one before', async () => {
    const changes = (await call(`/v1/trading-indicator?tokens=${BTC}&limit=10000`)).body.data;
    const days = dates(changes);
    expect([...days].sort().reverse()).toEqual(days);
    for (let i = 0; i + 1 < changes.length; i += 1) expect(changes[i]?.TRADING_SIGNAL).not.toBe(changes[i + 1]?.TRADING_SIGNAL);
  });

  it('rebalances indices on the first day of each period in the range, newest first', async () => {
    const monthly = (await call('/v1/indices?startDate=2025-01-01&endDate=2025-12-31&limit=10000')).body;
    expect([...new Set(dates(monthly.data))]).toEqual([
      '2025-12-01',
      '2025-11-01',
      '2025-10-01',
      '2025-09-01',
      '2025-08-01',
      '2025-07-01',
      '2025-06-01',
      '2025-05-01',
      '2025-04-01',
      '2025-03-01',
      '2025-02-01',
      '2025-01-01',
    ]);
    const quarterly = (await call('/v1/indices?timeHorizon=quarter&startDate=2025-01-01&endDate=2025-12-31&limit=10000')).body;
    expect([...new Set(dates(quarterly.data))]).toEqual(['2025-10-01', '2025-07-01', '2025-04-01', '2025-01-01']);
    const yearly = (await call('/v1/indices?timeHorizon=year&limit=10000')).body;
    expect([...new Set(dates(yearly.data))]).toEqual(['2026-01-01', '2025-01-01', '2024-01-01', '2023-01-01', '2022-01-01', '2021-01-01']);
    expect(quarterly.data.filter((r) => r.DATE === '2025-10-01T00:00:00.000Z')).toHaveLength(20);
  });
});

describe('determinism', () => {
  it('gives the same market for the same seed and another market for another seed', async () => {
    const twin = await startSandbox(createCryptoAnalyticsSandbox({ today: TODAY }), 0);
    const other = await startSandbox(createCryptoAnalyticsSandbox({ today: TODAY, seed: 'another seed' }), 0);
    try {
      const path = `/v1/price?tokens=${BTC},${ETH}&startDate=2023-03-01&endDate=2023-03-05`;
      const get = async (url: string) =>
        (await (await fetch(`${url}${path}`, { headers: { api_key: SANDBOX_DEMO_KEY } })).json()) as Envelope;
      const [mine, twins, others] = await Promise.all([get(sandbox.url), get(twin.url), get(other.url)]);
      expect(twins.data).toEqual(mine.data);
      expect(others.data.map((r) => r.CLOSE)).not.toEqual(mine.data.map((r) => r.CLOSE));
    } finally {
      await Promise.all([twin.close(), other.close()]);
    }
  });

  it('keeps past prices when today moves on', async () => {
    const later = await startSandbox(createCryptoAnalyticsSandbox({ today: '2027-03-01' }), 0);
    try {
      const path = `/v1/price?tokens=${BTC}&startDate=2024-05-01&endDate=2024-05-03`;
      const body = (await (await fetch(`${later.url}${path}`, { headers: { api_key: SANDBOX_DEMO_KEY } })).json()) as Envelope;
      expect(body.data.map((r) => r.CLOSE)).toEqual((await call(path)).body.data.map((r) => r.CLOSE));
    } finally {
      await later.close();
    }
  });

  it('refuses a today that leaves less than three years of history', () => {
    expect(() => createCryptoAnalyticsSandbox({ today: '2023-06-01' })).toThrow(/three years/);
    expect(() => createCryptoAnalyticsSandbox({ today: '2026-02-30' })).toThrow(/YYYY-MM-DD/);
  });
});
