import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../../../test/support/gateway.js';

let gw: TestGateway;
type Data = Record<string, any>;

beforeAll(async () => {
  // The cross-request cache would hide requests from the counts; each test counts its own.
  gw = await startTestGateway({ cacheTtlMs: 0 });
});
afterAll(() => gw.close());
beforeEach(() => {
  for (const sandbox of Object.values(gw.sandboxes)) if (sandbox) sandbox.requests.length = 0;
});

const countryRequests = () => (gw.sandboxes['country-data']?.requests ?? []).map((request) => request.operationId);

async function data(query: string): Promise<Data> {
  const result = await gw.query(query);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data ?? {};
}

describe('places on interface C resolve to the full D Country', () => {
  it('a UK address: England, Scotland... belong to the United Kingdom', async () => {
    const { postcodeAddresses } = await data(
      '{ postcodeAddresses(postcode: "SW1A 2AA") { addresses { countryName countryIso2 country { codes { alpha2 } names { common } } } } }',
    );
    expect(postcodeAddresses.addresses[0]).toEqual({
      countryName: 'England',
      countryIso2: 'GB',
      country: { codes: { alpha2: 'GB' }, names: { common: 'United Kingdom' } },
    });
  });

  it('a page of 100 addresses costs one D request', async () => {
    const { postcodeAddresses } = await data('{ postcodeAddresses(postcode: "CV4 7AL") { addresses { country { codes { alpha3 } } } } }');
    expect(postcodeAddresses.addresses.length).toBeGreaterThanOrEqual(100);
    expect(postcodeAddresses.addresses.every((address: Data) => address.country.codes.alpha3 === 'GBR')).toBe(true);
    expect(countryRequests()).toEqual(['countriesByCode']);
  });

  it('a US address, a place, a place suggestion and a key context', async () => {
    const result = await data(`{
      addresses(query: "1600 Pennsylvania Ave NW, Washington, DC 20500") { hits { ... on UsAddress { country { names { common } } } } }
      place(id: "uscity_ny_new-york") { country { codes { alpha2 } } }
      places(query: "new york") { country { codes { alpha2 } } }
      apiKey(key: "iddqd") { contexts { iso2 country { codes { alpha2 } currencies { code } } } } }`);
    expect(result.addresses.hits[0]).toEqual({ country: { names: { common: 'United States' } } });
    expect(result.place).toEqual({ country: { codes: { alpha2: 'US' } } });
    expect(result.places.every((place: Data) => place.country.codes.alpha2 === 'US')).toBe(true);
    expect(
      result.apiKey.contexts.map((context: Data) => [context.iso2, context.country.codes.alpha2, context.country.currencies[0].code]),
    ).toEqual([
      ['GB', 'GB', 'GBP'],
      ['US', 'US', 'USD'],
    ]);
    // One look-up per distinct code (places carry alpha-3 codes, the rest alpha-2), whatever the number of parents.
    const codes = (gw.sandboxes['country-data']?.requests ?? []).map((request) => new URLSearchParams(request.query).get('q'));
    expect(codes.sort()).toEqual(['GB', 'US', 'USA']);
  });

  it('asks D nothing when country is not selected', async () => {
    await data('{ postcodeAddresses(postcode: "CV4 7AL") { addresses { countryName } } }');
    expect(countryRequests()).toEqual([]);
  });
});

describe('places: IpLookup.country', () => {
  it('resolves the full Country record of an address', async () => {
    const result = await data('{ ipLookup(ip: "8.8.8.8") { country { codes { alpha3 } currencies { code } } } }');
    expect(result.ipLookup.country).toEqual({ codes: { alpha3: 'USA' }, currencies: [{ code: 'USD' }] });
  });
});
