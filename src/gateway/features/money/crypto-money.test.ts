import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../../../test/support/gateway.js';

let gw: TestGateway;
type Data = Record<string, any>;

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());
beforeEach(() => {
  for (const sandbox of Object.values(gw.sandboxes)) if (sandbox) sandbox.requests.length = 0;
});

function operations(upstream: keyof TestGateway['sandboxes']): string[] {
  return (gw.sandboxes[upstream]?.requests ?? []).map((request) => request.operationId ?? '?').sort();
}

function countOf(upstream: keyof TestGateway['sandboxes'], operationId: string): number {
  return operations(upstream).filter((operation) => operation === operationId).length;
}

async function data(query: string): Promise<Data> {
  const result = await gw.query(query);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data ?? {};
}

async function sandboxJson(upstream: keyof TestGateway['sandboxes'], path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${gw.sandboxes[upstream]?.url}${path}`, { headers });
  return response.json();
}

const usdRates = async (): Promise<Record<string, number>> =>
  (await sandboxJson('country-data', '/currencies/v1/rates?base=USD', { authorization: 'Bearer rc_live_demo' })).data.objects[0].rates;

describe('Token money (A × D)', () => {
  it('tokens(limit: 50) { priceIn(country: "JP") } costs one A price request, one D country and one D rates request', async () => {
    const result = await data('{ tokens(limit: 50) { id priceIn(country: "JP") { amount currency asOf } } }');
    expect(operations('crypto-analytics')).toEqual(['tokenPrices', 'tokens']);
    // At most: slowly changing D answers may come from the cross-request cache.
    expect(countOf('country-data', 'countriesByCode')).toBeLessThanOrEqual(1);
    expect(countOf('country-data', 'exchangeRatesByPath')).toBeLessThanOrEqual(1);
    const tokens: Data[] = result.tokens;
    expect(tokens).toHaveLength(50);
    const jpy = (await usdRates()).JPY ?? Number.NaN;
    const today = gw.today();
    const ids = tokens
      .slice(0, 5)
      .map((token) => token.id)
      .join(',');
    const closes = (
      await sandboxJson('crypto-analytics', `/v1/price?tokens=${ids}&startDate=${today}&endDate=${today}`, { api_key: 'tm-sandbox-demo' })
    ).data;
    for (const row of closes) {
      const token = tokens.find((candidate) => candidate.id === row.TOKEN_ID);
      expect(token?.priceIn).toMatchObject({ currency: 'JPY', asOf: '2026-09-29' });
      expect(token?.priceIn.amount).toBeCloseTo(row.CLOSE * jpy, 6);
    }
  });

  it('Token.price defaults to USD, the latest close', async () => {
    const today = gw.today();
    const result = await data(
      `{ token(symbol: "BTC") { price { amount currency } eur: price(currency: "EUR") { amount } prices(startDate: "${today}", endDate: "${today}") { close } } }`,
    );
    const close = result.token.prices[0]?.close;
    expect(close).toEqual(expect.any(Number));
    expect(result.token.price).toEqual({ amount: close, currency: 'USD' });
    expect(result.token.eur.amount).toBeCloseTo(result.token.price.amount * ((await usdRates()).EUR ?? Number.NaN), 6);
  });
});

describe('Ergo money (B × D)', () => {
  it('prices ERG, SigUSD and SigRSV from the bank in any currency with one B and one D request', async () => {
    const result = await data(`{ stablecoinState { sigUsdPrice sigRsvPrice ergPrice(currency: "EUR") { amount currency }
      usd: sigUsdPriceIn(currency: "USD") { amount } rsv: sigRsvPriceIn(currency: "CHF") { amount currency } } }`);
    const state = result.stablecoinState;
    expect(operations('blockchain-utility')).toEqual(['stablecoinState']);
    expect(countOf('country-data', 'exchangeRatesByPath')).toBeLessThanOrEqual(1);
    // The bank's SigUSD price is its ERG/USD rate, so one SigUSD is worth one dollar.
    expect(state.usd.amount).toBeCloseTo(1, 9);
    const rates = await usdRates();
    const usdPerErg = 1e9 / (Number(state.sigUsdPrice) * 100);
    expect(state.ergPrice.amount).toBeCloseTo(usdPerErg * (rates.EUR ?? Number.NaN), 9);
    expect(state.rsv.amount).toBeCloseTo((Number(state.sigRsvPrice) / 1e9) * usdPerErg * (rates.CHF ?? Number.NaN), 9);
  });

  it('prices every Ergo token with one stablecoin request and one rates request', async () => {
    const result = await data('{ ergoTokenPrices { tokenId price priceIn(currency: "GBP") { amount currency } } }');
    const prices: Data[] = result.ergoTokenPrices;
    expect(prices.length).toBeGreaterThan(1);
    expect(operations('blockchain-utility')).toEqual(['ergoTokenPrices', 'stablecoinState']);
    expect(countOf('country-data', 'exchangeRatesByPath')).toBeLessThanOrEqual(1);
    const state = await sandboxJson('blockchain-utility', '/stablecoin/info');
    const usdPerErg = 1e9 / (Number(state.sigUsdPrice) * 100);
    const gbp = (await usdRates()).GBP ?? Number.NaN;
    for (const price of prices) {
      if (Number(price.price) === 0) {
        expect(price.priceIn).toBeNull();
        continue;
      }
      expect(price.priceIn.amount).toBeCloseTo((1e9 / Number(price.price)) * usdPerErg * gbp, 9);
    }
  });
});

describe('bad scalars', () => {
  it.each([
    ['a currency outside ISO 4217', '{ tokens(limit: 2) { price(currency: "BTC") { amount } } }'],
    ['a malformed country code', '{ tokens(limit: 2) { priceIn(country: "Japan") { amount } } }'],
    ['a malformed currency on B', '{ stablecoinState { ergPrice(currency: "euro") { amount } } }'],
  ])('%s costs no upstream request at all', async (_what, query) => {
    const result = await gw.query(query);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(Object.values(gw.sandboxes).flatMap((sandbox) => sandbox?.requests ?? [])).toEqual([]);
  });
});

describe('identical upstream requests within one GraphQL request', () => {
  it('are made once, whether Mesh or a hand-written resolver asks', async () => {
    await data('{ stablecoinState { reserveRatio } ergoTokenPrices { priceIn(currency: "USD") { amount } } }');
    expect(operations('blockchain-utility')).toEqual(['ergoTokenPrices', 'stablecoinState']);
  });
});
