/**
 * The USD rate table has one URL: the money fields' loader and `exchangeRates(base:)` ask for it
 * in the same (path) form, so one request for both costs one call to D, and a later request is
 * served from the same shared-cache entry. Observed at D's sandbox, a real loopback upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../../../test/support/gateway.js';

// A gateway of this file's own: its shared cache starts empty, so the first request is the one that fetches.
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

/** D's requests for a rate table, as the sandbox received them. */
function rateRequests(): string[] {
  const requests = gw.sandboxes['country-data']?.requests ?? expect.fail('no country-data sandbox');
  return requests.filter((request) => request.path.startsWith('/currencies/v1/rates')).map((r) => `${r.path}${r.query}`);
}

describe('the rate table', () => {
  it('is fetched once for exchangeRates(base: "USD") and a country’s currencyRate in one request, then served from the cache', async () => {
    const both = '{ exchangeRates(base: "USD") { base } country(code: "FR") { currencyRate(to: "EUR") } }';
    const first = await gw.query(both);
    expect(first.errors).toBeUndefined();
    expect(first.data).toMatchObject({ exchangeRates: { base: 'USD' }, country: { currencyRate: expect.any(Number) } });
    expect(rateRequests()).toEqual(['/currencies/v1/rates/USD']);

    const again = await gw.query('{ country(code: "DE") { currencyRate(to: "JPY") } exchangeRates(base: "USD") { base } }');
    expect(again.errors).toBeUndefined();
    expect(rateRequests()).toHaveLength(1);
  });
});
