import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/sandbox-server.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

let gw: TestGateway;
let countryData: RunningSandbox;

type Data = Record<string, any>;

beforeAll(async () => {
  gw = await startTestGateway();
  countryData = gw.sandboxes['country-data'] as RunningSandbox;
});
afterAll(() => gw.close());
beforeEach(() => {
  countryData.requests.length = 0;
});

const operations = () => countryData.requests.map((request) => request.operationId).sort();

async function data(query: string, headers?: Record<string, string>): Promise<Data> {
  const result = await gw.query(query, { headers });
  expect(result.errors).toBeUndefined();
  return result.data as Data;
}

async function usdTable(): Promise<Record<string, number>> {
  const response = await fetch(`${countryData.url}/currencies/v1/rates?base=USD`, { headers: { authorization: 'Bearer rc_live_demo' } });
  const body = (await response.json()) as { data: { objects: { rates: Record<string, number> }[] } };
  return body.data.objects[0]?.rates ?? {};
}

describe('money on a Country', () => {
  it('countries(limit: 100) { currencyRate(to: "EUR") } costs one countries request and one rates request', async () => {
    const result = await data('{ countries(limit: 100) { nodes { codes { alpha2 } currencies { code } currencyRate(to: "EUR") } } }');
    expect(operations()).toEqual(['exchangeRates', 'listCountries']);
    const usd = await usdTable();
    const nodes = result.countries.nodes as Data[];
    expect(nodes).toHaveLength(100);
    for (const node of nodes) {
      const code = node.currencies[0]?.code;
      if (!code) {
        expect(node.currencyRate).toBeNull();
        continue;
      }
      const expected = code === 'USD' ? usd.EUR : (usd.EUR ?? Number.NaN) / (usd[code] ?? Number.NaN);
      if (code === 'USD' || usd[code] !== undefined) expect(node.currencyRate, node.codes.alpha2).toBeCloseTo(expected ?? Number.NaN, 10);
    }
  });

  it("convert and exchangeRates use the country's first currency and agree with D's own conversion", async () => {
    const result = await data(`{ country(code: "JP") { convert(amount: 1000, to: "GBP") { amount currency asOf }
      exchangeRates { base date rates(currencies: ["GBP"]) { rate } } }
      convertCurrency(from: "JPY", to: "GBP", amount: 1000) { result } }`);
    expect(result.country.convert.currency).toBe('GBP');
    expect(result.country.convert.asOf).toBe(result.country.exchangeRates.date);
    expect(result.country.convert.amount).toBeCloseTo(result.convertCurrency.result, 9);
    expect(result.country.exchangeRates.base).toBe('JPY');
    expect(result.country.exchangeRates.rates[0].rate * 1000).toBeCloseTo(result.convertCurrency.result, 9);
  });

  it('answers null for a country without a currency', async () => {
    const result = await data(
      '{ country(code: "AQ") { currencies { code } convert(amount: 1, to: "EUR") { amount } exchangeRates { base } } }',
    );
    expect(result.country).toEqual({ currencies: [], convert: null, exchangeRates: null });
  });

  it('costs nothing when the money fields are not selected', async () => {
    await data('{ countries(limit: 5) { nodes { codes { alpha2 } } } }');
    expect(operations()).not.toContain('exchangeRates');
  });

  it('refuses a malformed target currency with BAD_USER_INPUT naming the argument, before any request', async () => {
    const result = await gw.query(
      '{ country(code: "FR") { a: currencyRate(to: "EURO") b: currencyRate(to: "QQQ") c: convert(amount: 1, to: "1$x") { amount } } }',
    );
    expect(result.errors?.map((error) => [error.extensions?.code, error.extensions?.argument])).toEqual([
      ['BAD_USER_INPUT', 'to'],
      ['BAD_USER_INPUT', 'to'],
      ['BAD_USER_INPUT', 'to'],
    ]);
    expect(operations()).toEqual([]);
  });

  it('refuses an ISO currency the rate table lacks, naming the argument', async () => {
    const result = await gw.query('{ country(code: "FR") { currencyRate(to: "XAU") } }');
    expect(result.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', argument: 'to' });
    expect(result.data).toEqual({ country: { currencyRate: null } });
  });
});

describe('places: IpLookup.country', () => {
  it('resolves the full Country record of an address', async () => {
    const result = await data('{ ipLookup(ip: "8.8.8.8") { country { codes { alpha3 } currencies { code } } } }');
    expect(result.ipLookup.country).toEqual({ codes: { alpha3: 'USA' }, currencies: [{ code: 'USD' }] });
  });
});

describe('visitor', () => {
  const headers = {
    'x-forwarded-for': '81.2.69.142',
    'user-agent':
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  };

  it("works with a forwarded IP and no arguments (the issue's query)", async () => {
    const result = await data('{ visitor { country { names { common } } currency rates(symbols: ["USD"]) } }', headers);
    const usd = await usdTable();
    expect(result.visitor.country).toEqual({ names: { common: 'United Kingdom' } });
    expect(result.visitor.currency).toBe('GBP');
    expect(result.visitor.rates[0]).toBeCloseTo(1 / (usd.GBP ?? Number.NaN), 10);
  });

  it('tells the device, browser and OS, with one IP and one user-agent request', async () => {
    const result = await data('{ visitor { ip device { type vendor } browser { name } os { name version } } }', headers);
    expect(result.visitor).toEqual({
      ip: '81.2.69.142',
      device: { type: 'mobile', vendor: 'Apple' },
      browser: { name: 'Mobile Safari' },
      os: { name: 'iOS', version: '17.0' },
    });
    expect(operations()).toEqual(['ipLookup', 'userAgent']);
  });

  it('answers nulls, not errors, for a private address', async () => {
    const result = await data('{ visitor { country { uuid } currency rates(symbols: ["USD"]) } }', { 'x-forwarded-for': '10.1.2.3' });
    expect(result.visitor).toEqual({ country: null, currency: null, rates: null });
  });
});

describe('cross-request cache of slowly changing data', () => {
  it('serves a repeated country lookup without asking the upstream again, but never caches IP lookups', async () => {
    await data('{ country(code: "NO") { names { common } } }');
    expect(operations()).toEqual(['countriesByCode']);
    countryData.requests.length = 0;
    await data('{ country(code: "NO") { names { common } } }');
    expect(operations()).toEqual([]);
    await data('{ ipLookup(ip: "8.8.4.4") { ip } }');
    await data('{ ipLookup(ip: "8.8.4.4") { ip } }');
    expect(operations()).toEqual(['ipLookup', 'ipLookup']);
  });

  it('does not share cached answers between different keys', async () => {
    await data('{ country(code: "SE") { uuid } }');
    countryData.requests.length = 0;
    const result = await gw.query('{ country(code: "SE") { uuid } }', { headers: { 'x-country-api-key': 'rc_live_not_a_key' } });
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(operations()).toEqual(['countriesByCode']);
  });
});
