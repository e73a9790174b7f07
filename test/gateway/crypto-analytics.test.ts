/**
 * Interface A through the gateway: every root field and Token field end to end against the
 * sandbox, batching counted at the sandbox, credentials, and every error path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCryptoAnalyticsSandbox, SANDBOX_DEMO_KEY } from '../../src/sandbox/crypto-analytics/index.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

const CONFIGURED_KEY = 'tm-configured-secret';
const CLIENT_KEY = 'tm-client-secret';
const BTC = 3375;
const ETH = 3306;

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({
    definitions: { 'crypto-analytics': createCryptoAnalyticsSandbox({ apiKeys: [CONFIGURED_KEY, CLIENT_KEY] }) },
    credentials: { 'crypto-analytics': { key: CONFIGURED_KEY } },
  });
});
afterAll(() => gw.close());

// biome-ignore lint/suspicious/noExplicitAny: GraphQL results are checked field by field.
type Data = Record<string, any>;

function sandbox() {
  const running = gw.sandboxes['crypto-analytics'];
  if (!running) throw new Error('the crypto-analytics sandbox is not running');
  return running;
}

/** The sandbox's own REST answer, to compare the gateway's fields with. */
async function rest(path: string): Promise<Data[]> {
  const response = await fetch(`${sandbox().url}${path}`, { headers: { api_key: CONFIGURED_KEY } });
  return ((await response.json()) as { data: Data[] }).data;
}

async function data(query: string, options: { headers?: Record<string, string>; variables?: Record<string, unknown> } = {}): Promise<Data> {
  const result = await gw.query(query, options);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data as Data;
}

async function errorOf(query: string, options: { headers?: Record<string, string>; variables?: Record<string, unknown> } = {}) {
  const result = await gw.query(query, options);
  expect(result.errors?.length, JSON.stringify(result)).toBeGreaterThan(0);
  return { error: result.errors?.[0] as { message: string; extensions: Record<string, unknown> }, result };
}

/** Runs a query and returns the operations it cost at the sandbox. */
async function upstreamCalls(query: string): Promise<{ result: Data; operations: string[] }> {
  sandbox().requests.length = 0;
  const result = await data(query);
  return { result, operations: sandbox().requests.map((request) => request.operationId ?? request.path) };
}

describe('the issue\'s "done when" query', () => {
  it('answers from the sandbox', async () => {
    const result = await data(`{ token(symbol: "BTC") { name prices(startDate: "2026-01-01", endDate: "2026-01-31") { date close }
      quantMetrics { sharpe maxDrawdown } investorGrade { tmInvestorGrade } }
      correlations(tokens: [3375, 3306]) { token2Symbol correlation } }`);
    expect(result.token.name).toBe('Bitcoin');
    const candles = await rest(`/v1/price?tokens=${BTC}&startDate=2026-01-01&endDate=2026-01-31`);
    expect(result.token.prices).toEqual(candles.map((c) => ({ date: c.DATE.slice(0, 10), close: c.CLOSE })));
    expect(result.token.prices).toHaveLength(31);
    const [tier1] = await rest(`/v1/quantitative-tier-1?tokens=${BTC}`);
    expect(result.token.quantMetrics).toEqual({ sharpe: tier1?.SHARPE, maxDrawdown: tier1?.MAX_DRAWDOWN });
    const [grade] = await rest(`/v1/investor-grades?tokens=${BTC}&limit=1`);
    expect(result.token.investorGrade).toEqual({ tmInvestorGrade: grade?.TM_INVESTOR_GRADE });
    const correlations = await rest(`/v1/correlation?tokens=${BTC},${ETH}`);
    expect(result.correlations).toEqual(correlations.map((c) => ({ token2Symbol: c.TOKEN_2_SYMBOL, correlation: c.CORRELATION })));
    expect(result.correlations.find((c: Data) => c.token2Symbol === 'ETH').correlation).toBeGreaterThan(0.3);
  });
});

describe('batching', () => {
  it('tokens(limit: 100) { investorGrade sentiment } costs one upstream request per operation', async () => {
    const { result, operations } = await upstreamCalls(
      '{ tokens(limit: 100) { id investorGrade { tmInvestorGrade fundamentalGrade } sentiment { sentimentIndex polarityIndex } } }',
    );
    expect(result.tokens).toHaveLength(100);
    expect(result.tokens.every((t: Data) => typeof t.investorGrade?.tmInvestorGrade === 'number')).toBe(true);
    expect(result.tokens.every((t: Data) => typeof t.sentiment?.sentimentIndex === 'number')).toBe(true);
    expect(operations.sort()).toEqual(['investorGrades', 'sentiments', 'tokens']);
  });

  it('every Token field is one request for all tokens (one per date range for prices)', async () => {
    const { result, operations } = await upstreamCalls(`{ tokens(limit: 12) { symbol
      recent: prices { date close } january: prices(startDate: "2026-01-01", endDate: "2026-01-31") { close } again: prices(startDate: "2026-01-01", endDate: "2026-01-31") { open }
      investorGrade { tmInvestorGrade } traderGrade { tmTraderGrade taGrade quantGrade } sentiment { polarityTwitter }
      quantMetrics { volatility beta } resistanceSupport { level levelType } prediction { date close forecastHorizonDays }
      correlations(limit: 3) { token2Symbol correlation } } }`);
    expect(operations.sort()).toEqual([
      'correlations',
      'investorGrades',
      'pricePredictions',
      'quantMetricsTier1',
      'resistanceSupport',
      'sentiments',
      'tokenPrices',
      'tokenPrices',
      'tokens',
      'traderGrades',
    ]);
    for (const token of result.tokens) {
      expect(token.recent).toHaveLength(30);
      expect(token.january).toHaveLength(31);
      expect(token.prediction.map((p: Data) => p.forecastHorizonDays)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(token.correlations).toHaveLength(3);
      expect(token.traderGrade.tmTraderGrade).toBeCloseTo((token.traderGrade.taGrade + token.traderGrade.quantGrade) / 2, 10);
      expect(token.resistanceSupport.length).toBeGreaterThan(0);
    }
  });

  it('gives each token its own records', async () => {
    const result = await data(
      `{ tokens(ids: [${BTC}, ${ETH}]) { id quantMetrics { tokenId } prediction { tokenId } correlations(limit: 2) { tokenId token2Id } } }`,
    );
    for (const token of result.tokens) {
      expect(token.quantMetrics.tokenId).toBe(token.id);
      expect(token.prediction.every((p: Data) => p.tokenId === token.id)).toBe(true);
      expect(token.correlations.every((c: Data) => c.tokenId === token.id && c.token2Id !== token.id)).toBe(true);
    }
  });
});

describe('token(id | symbol)', () => {
  it('finds a token by id or by symbol in any case, null when there is none', async () => {
    const result = await data(`{ byId: token(id: ${ETH}) { id name symbol category exchangeList circulatingSupply }
      bySymbol: token(symbol: "sol") { id symbol } missing: token(id: 424242) { id } unknown: token(symbol: "NOPE") { id } }`);
    expect(result.byId).toMatchObject({ id: ETH, name: 'Ethereum', symbol: 'ETH' });
    expect(result.byId.exchangeList.length).toBeGreaterThan(0);
    expect(result.bySymbol.symbol).toBe('SOL');
    expect(result.missing).toBeNull();
    expect(result.unknown).toBeNull();
  });

  it.each([
    ['{ token { id } }', 'id'],
    [`{ token(id: ${BTC}, symbol: "BTC") { id } }`, 'symbol'],
    ['{ token(id: 0) { id } }', 'id'],
    ['{ token(symbol: "B T C") { id } }', 'symbol'],
  ])('refuses %s as BAD_USER_INPUT before any upstream call', async (query, argument) => {
    sandbox().requests.length = 0;
    const { error } = await errorOf(query);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    expect(sandbox().requests).toHaveLength(0);
  });
});

describe('root fields', () => {
  it('tokens: filters and paging, with camelCase fields', async () => {
    const result = await data(`{ some: tokens(ids: [${ETH}, ${BTC}]) { id } named: tokens(names: ["solana"], symbols: ["SOL"]) { symbol }
      page: tokens(limit: 5, page: 1) { id } all: tokens(limit: 10) { id } }`);
    expect(result.some.map((t: Data) => t.id)).toEqual([BTC, ETH]);
    expect(result.named).toEqual([{ symbol: 'SOL' }]);
    expect(result.page).toEqual(result.all.slice(5, 10));
  });

  it.each([
    [
      'tokenPrices',
      `tokenPrices(tokens: [${BTC}], startDate: "2025-03-01", endDate: "2025-03-03") { tokenSymbol date open high low close volume epoch }`,
      `/v1/price?tokens=${BTC}&startDate=2025-03-01&endDate=2025-03-03`,
      'CLOSE',
      'close',
    ],
    [
      'investorGrades',
      `investorGrades(tokens: [${BTC}], startDate: "2025-03-01", endDate: "2025-03-03") { tmInvestorGrade valuationGrade }`,
      `/v1/investor-grades?tokens=${BTC}&startDate=2025-03-01&endDate=2025-03-03`,
      'TM_INVESTOR_GRADE',
      'tmInvestorGrade',
    ],
    [
      'traderGrades',
      `traderGrades(tokens: [${ETH}], limit: 5) { tmTraderGrade }`,
      `/v1/trader-grades?tokens=${ETH}&limit=5`,
      'TM_TRADER_GRADE',
      'tmTraderGrade',
    ],
    [
      'marketIndicator',
      'marketIndicator(limit: 3) { date totalCryptoMcap tmGradePercHighCoins tmGradeSignal lastTmGradeSignal }',
      '/v1/market-indicator?limit=3',
      'TOTAL_CRYPTO_MCAP',
      'totalCryptoMcap',
    ],
    [
      'tradingIndicators',
      `tradingIndicators(tokens: [${BTC}], limit: 4) { tradingSignal fastMa slowMa }`,
      `/v1/trading-indicator?tokens=${BTC}&limit=4`,
      'TRADING_SIGNAL',
      'tradingSignal',
    ],
    [
      'resistanceSupport',
      `resistanceSupport(tokens: [${BTC}]) { level levelType touches lastTouchDate }`,
      `/v1/resistance-support?tokens=${BTC}`,
      'LEVEL',
      'level',
    ],
    [
      'pricePredictions',
      `pricePredictions(tokens: [${BTC}], date: "2025-06-30") { date close forecastDate forecastModel }`,
      `/v1/price-prediction?tokens=${BTC}&date=2025-06-30`,
      'CLOSE',
      'close',
    ],
    [
      'sentiments',
      `sentiments(tokens: [${BTC}], limit: 3) { sentimentIndex polarityReddit }`,
      `/v1/sentiments?tokens=${BTC}&limit=3`,
      'SENTIMENT_INDEX',
      'sentimentIndex',
    ],
    [
      'quantMetricsTier1',
      `quantMetricsTier1(tokens: [${BTC}, ${ETH}], date: "2024-12-31") { startPeriod endPeriod sortino cagr }`,
      `/v1/quantitative-tier-1?tokens=${BTC},${ETH}&date=2024-12-31`,
      'SORTINO',
      'sortino',
    ],
    [
      'quantMetricsTier2',
      `quantMetricsTier2(tokens: [${ETH}]) { bestDay bestMonth avgUpMonth stdMonthlyReturn }`,
      `/v1/quantitative-tier-2?tokens=${ETH}`,
      'BEST_MONTH',
      'bestMonth',
    ],
    [
      'scenarioAnalysis',
      `scenarioAnalysis(tokens: [${ETH}]) { currentDominance dominance totalMarketCap prediction }`,
      `/v1/scenario-analysis?tokens=${ETH}`,
      'PREDICTION',
      'prediction',
    ],
    [
      'correlations',
      `correlations(tokens: [${ETH}], limit: 5) { tokenSymbol token2Id token2Name correlation }`,
      `/v1/correlation?tokens=${ETH}&limit=5`,
      'CORRELATION',
      'correlation',
    ],
    [
      'indices',
      'indices(timeHorizon: QUARTER, lowCap: true, exchanges: [COINBASE, KRAKEN], startDate: "2025-01-01", endDate: "2025-12-31") { date exchange initialPrice blWeight }',
      '/v1/indices?timeHorizon=quarter&lowCap=true&exchanges=coinbase,kraken&startDate=2025-01-01&endDate=2025-12-31',
      'BL_WEIGHT',
      'blWeight',
    ],
  ])('%s returns the records inside the envelope', async (field, selection, path, wireKey, graphKey) => {
    const result = await data(`{ ${selection} }`);
    const expected = await rest(path);
    expect(expected.length).toBeGreaterThan(0);
    expect(result[field]).toHaveLength(expected.length);
    expect(result[field].map((r: Data) => r[graphKey])).toEqual(expected.map((r) => r[wireKey]));
  });

  it('answers an empty list for an unknown token id', async () => {
    const result = await data(
      '{ tokenPrices(tokens: [424242]) { close } quantMetricsTier1(tokens: [424242]) { sharpe } correlations(tokens: [424242]) { correlation } }',
    );
    expect(result).toEqual({ tokenPrices: [], quantMetricsTier1: [], correlations: [] });
  });
});

describe('errors', () => {
  it.each([
    ['{ tokenPrices(startDate: "2025-13-01") { close } }', /YYYY-MM-DD/, 'startDate'],
    ['{ investorGrades(endDate: "2025-02-30") { tmInvestorGrade } }', /YYYY-MM-DD/, 'endDate'],
    ['{ quantMetricsTier1(date: "31/12/2024") { sharpe } }', /YYYY-MM-DD/, 'date'],
    ['{ token(id: 3375) { prices(startDate: "yesterday") { close } } }', /YYYY-MM-DD/, 'startDate'],
    ['{ indices(timeHorizon: week) { blWeight } }', /IndexTimeHorizon/, 'timeHorizon'],
    ['{ tokenPrices(limit: 0) { close } }', /positive/i, undefined],
    ['{ tokenPrices(tokens: ["BTC"]) { close } }', /positive whole number.*received "BTC"/i, undefined],
  ])('malformed argument %s is BAD_USER_INPUT before any upstream call', async (query, message, argument) => {
    sandbox().requests.length = 0;
    const { error } = await errorOf(query);
    expect(error.extensions.code).toBe('BAD_USER_INPUT');
    expect(error.message).toMatch(message);
    if (argument) expect(error.extensions.argument).toBe(argument);
    expect(sandbox().requests).toHaveLength(0);
  });

  it('a malformed date in variables is BAD_USER_INPUT too', async () => {
    const { error, result } = await errorOf('query ($d: Date) { tokenPrices(startDate: $d) { close } }', {
      variables: { d: '2025-02-30' },
    });
    expect(error.extensions.code).toBe('BAD_USER_INPUT');
    expect(error.message).toMatch(/YYYY-MM-DD/);
    expect(result.data ?? null).toBeNull();
  });

  it('a well-formed date in variables reaches the vendor as YYYY-MM-DD', async () => {
    sandbox().requests.length = 0;
    const result = await data('query ($d: Date) { tokenPrices(tokens: [3375], startDate: $d, endDate: $d) { date } }', {
      variables: { d: '2025-02-28' },
    });
    expect(result.tokenPrices).toEqual([{ date: '2025-02-28' }]);
    expect(sandbox().requests[0]?.query).toContain('startDate=2025-02-28&');
  });

  it('a range the vendor refuses surfaces as its 400, other fields still resolving', async () => {
    const result = await gw.query(
      `{ tokenPrices(startDate: "2025-02-01", endDate: "2025-01-01") { close } tokens(ids: [${BTC}]) { symbol } }`,
    );
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      upstream: 'crypto-analytics',
      status: 400,
      retryable: false,
    });
    expect(result.errors?.[0]?.message).toMatch(/startDate must not be after endDate/);
    expect(result.data).toEqual({ tokenPrices: null, tokens: [{ symbol: 'BTC' }] });
  });

  it('Token.prices refuses a reversed range before calling the upstream', async () => {
    const { error } = await errorOf(`{ token(id: ${BTC}) { prices(startDate: "2025-02-01", endDate: "2025-01-01") { close } } }`);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'startDate' });
  });

  it('Token.correlations refuses a limit below 1', async () => {
    const { error } = await errorOf(`{ token(id: ${BTC}) { correlations(limit: 0) { correlation } } }`);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'limit' });
  });
});

describe('credentials', () => {
  it('sends the configured key, lets a client key win, and never echoes either', async () => {
    const query = `{ tokens(ids: [${BTC}]) { symbol } }`;
    const configured = await gw.query(query);
    const client = await gw.query(query, { headers: { 'x-crypto-api-key': CLIENT_KEY } });
    expect(configured.errors).toBeUndefined();
    expect(client.errors).toBeUndefined();
    const refused = await gw.query(query, { headers: { 'x-crypto-api-key': 'not-a-key' } });
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      upstream: 'crypto-analytics',
      status: 401,
      retryable: false,
    });
    for (const answer of [configured, client, refused]) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain(CONFIGURED_KEY);
      expect(text).not.toContain(CLIENT_KEY);
    }
  });

  it('reports a throttled upstream as RATE_LIMITED and retryable', async () => {
    const limited = await startTestGateway({
      definitions: { 'crypto-analytics': createCryptoAnalyticsSandbox({ rateLimit: { requests: 1, windowSeconds: 60 } }) },
      credentials: { 'crypto-analytics': { key: SANDBOX_DEMO_KEY } },
    });
    try {
      await limited.query(`{ tokens(ids: [${BTC}]) { symbol } }`);
      const result = await limited.query(`{ tokens(ids: [${ETH}]) { symbol } }`);
      expect(result.errors?.[0]?.extensions).toMatchObject({
        code: 'RATE_LIMITED',
        upstream: 'crypto-analytics',
        status: 429,
        retryable: true,
      });
    } finally {
      await limited.close();
    }
  });
});

describe('market cap', () => {
  it("Token.marketCap and a day's marketCap are A's MARKET_CAP: price x circulating supply", async () => {
    const result = await data(`{ token(symbol: "BTC") { marketCap circulatingSupply }
      tokenPrices(tokens: [${BTC}], startDate: "2025-03-01", endDate: "2025-03-01") { close marketCap } }`);
    const [rawToken] = await rest(`/v1/tokens?token_ids=${BTC}`);
    expect(result.token.marketCap).toBe(rawToken?.MARKET_CAP);
    expect(result.token.marketCap).toBeGreaterThan(0);
    const [day] = result.tokenPrices;
    expect(day.marketCap).toBeCloseTo(day.close * result.token.circulatingSupply, 0);
  });
});
