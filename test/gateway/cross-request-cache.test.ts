import { describe, expect, it } from 'vitest';
import { useCountryDataGateway } from '../support/country-data-gateway.js';

const { gateway, countryData, operations, data } = useCountryDataGateway();

describe('cross-request cache of slowly changing data', () => {
  it('serves a repeated country lookup without asking the upstream again, but never caches IP lookups', async () => {
    await data('{ country(code: "NO") { names { common } } }');
    expect(operations()).toEqual(['countriesByCode']);
    countryData().requests.length = 0;
    await data('{ country(code: "NO") { names { common } } }');
    expect(operations()).toEqual([]);
    await data('{ ipLookup(ip: "8.8.4.4") { ip } }');
    await data('{ ipLookup(ip: "8.8.4.4") { ip } }');
    expect(operations()).toEqual(['ipLookupByPath', 'ipLookupByPath']);
  });

  it('does not share cached answers between different keys', async () => {
    await data('{ country(code: "SE") { uuid } }');
    countryData().requests.length = 0;
    const result = await gateway().query('{ country(code: "SE") { uuid } }', { headers: { 'x-country-api-key': 'rc_live_not_a_key' } });
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(operations()).toEqual(['countriesByCode']);
  });
});
