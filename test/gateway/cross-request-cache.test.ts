import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

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
  return result.data as Data;
}

describe('cross-request cache of slowly changing data', () => {
  it('serves a repeated country lookup without asking the upstream again, but never caches IP lookups', async () => {
    await data('{ country(code: "NO") { names { common } } }');
    expect(operations()).toEqual(['countriesByCode']);
    countryData.requests.length = 0;
    await data('{ country(code: "NO") { names { common } } }');
    expect(operations()).toEqual([]);
    await data('{ ipLookup(ip: "8.8.4.4") { ip } }');
    await data('{ ipLookup(ip: "8.8.4.4") { ip } }');
    expect(operations()).toEqual(['ipLookupByPath', 'ipLookupByPath']);
  });

  it('does not share cached answers between different keys', async () => {
    await data('{ country(code: "SE") { uuid } }');
    countryData.requests.length = 0;
    const result = await gw.query('{ country(code: "SE") { uuid } }', { headers: { 'x-country-api-key': 'rc_live_not_a_key' } });
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(operations()).toEqual(['countriesByCode']);
  });
});
