import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../../../test/support/gateway.js';

let gw: TestGateway;
/** The sandbox of interface D, whose request log the tests count. */
let countryData: NonNullable<TestGateway['sandboxes']['country-data']>;

type Data = Record<string, any>;

beforeAll(async () => {
  gw = await startTestGateway();
  const sandbox = gw.sandboxes['country-data'];
  if (!sandbox) throw new Error('the test gateway started no country-data sandbox');
  countryData = sandbox;
});
afterAll(() => gw.close());
beforeEach(() => {
  countryData.requests.length = 0;
});

const operations = () => countryData.requests.map((request) => request.operationId).sort();

async function data(query: string, headers?: Record<string, string>): Promise<Data> {
  const result = await gw.query(query, { headers });
  expect(result.errors).toBeUndefined();
  return result.data ?? {};
}

async function usdTable(): Promise<Record<string, number>> {
  const response = await fetch(`${countryData.url}/currencies/v1/rates?base=USD`, { headers: { authorization: 'Bearer rc_live_demo' } });
  const body: { data: { objects: { rates: Record<string, number> }[] } } = await response.json();
  return body.data.objects[0]?.rates ?? {};
}

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
