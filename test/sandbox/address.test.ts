/**
 * Sandbox C, UK lookups and address search: postcode, UDPRN and UMPRN lookups against the
 * vendor's recorded answers, search, extraction from text, reverse geocoding, filters,
 * biases and paging. Every answer is checked against `schema/address.yaml`.
 */
import {
  addresses as addressFixtures,
  postcodes as postcodeFixtures,
  udprn as udprnFixtures,
  umprn as umprnFixtures,
} from '@ideal-postcodes/api-fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckedClient } from '../../src/sandbox/address/checked-client.js';
import { UK_SAMPLE } from '../../src/sandbox/address/data/uk-sample.js';
import type { UkAddress, UsAddress } from '../../src/sandbox/address/types.js';
import { type Envelope, refused, startAddressSandbox } from '../support/address-sandbox.js';

interface SearchResult {
  hits: (UkAddress | UsAddress)[];
  total: number;
  limit: number;
  page: number;
}

const sample = UK_SAMPLE.map((entry) => entry.address);
const at = (postcode: string, withMr = true) =>
  sample.filter((address) => address.postcode === postcode && (withMr || address.dataset !== 'mr'));

let client: CheckedClient;

beforeAll(async () => {
  // The per-IP rate limit has its own test (with a fake clock); here it must not interfere.
  const sandbox = await startAddressSandbox({ requestsPerSecond: 100_000 });
  client = sandbox.client;
  return () => sandbox.close();
});

async function ok<T>(path: string, query: Record<string, string | number | undefined>): Promise<Envelope<T>> {
  const answer = await client.get<Envelope<T>>(path, query);
  expect(answer.problems).toEqual([]);
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ code: 2000, message: 'Success' });
  return answer.body;
}

describe('postcode lookup', () => {
  it('answers as the vendor recorded, whatever the case and spacing', async () => {
    const body = await ok<UkAddress[]>('/postcodes/sw1a2aa', { api_key: 'iddqd' });
    expect(body).toMatchObject(postcodeFixtures.success.body);
    expect(body.result[0]).toMatchObject({ id: 'paf_23747771', dataset: 'paf', country_iso: 'GBR', country_iso_2: 'GB', language: 'en' });
  });

  it('shows Multiple Residence households only to keys with that dataset', async () => {
    const withoutMr = await ok<UkAddress[]>('/postcodes/CV4 7AL', { api_key: 'iddqd' });
    expect(withoutMr.result.map((address) => address.id)).toEqual(at('CV4 7AL', false).map((address) => address.id));
    expect(withoutMr.result.every((address) => address.umprn === '')).toBe(true);
    const firstPage = await ok<UkAddress[]>('/postcodes/CV47AL', { api_key: 'iddqdmr' });
    expect(firstPage).toMatchObject({ total: at('CV4 7AL').length, page: 0, limit: 100 });
    // The recording is page 0 of the real postcode; the sample holds it first, in order.
    expect(firstPage.result).toMatchObject(postcodeFixtures.multipleResidence.success.body.result);
  });

  it('pages postcodes with more than 100 premises', async () => {
    const all = at('CV4 7AL');
    expect(all.length).toBeGreaterThan(100);
    const first = await ok<UkAddress[]>('/postcodes/CV47AL', { api_key: 'iddqdmr', page: 0 });
    const second = await ok<UkAddress[]>('/postcodes/CV47AL', { api_key: 'iddqdmr', page: 1 });
    expect(first.result).toHaveLength(100);
    expect(second.result).toHaveLength(all.length - 100);
    expect([...first.result, ...second.result].map((address) => address.id)).toEqual(all.map((address) => address.id));
  });

  it('answers 4040 with similar existing postcodes, confusable characters first', async () => {
    expect((await refused(client, '/postcodes/SW1A 1AA', { api_key: 'iddqd' }, 404, 4040)).suggestions).toEqual(['SW1A 0AA', 'SW1A 2AA']);
    expect((await refused(client, '/postcodes/SW1AOAA', { api_key: 'iddqd' }, 404, 4040)).suggestions).toEqual(['SW1A 0AA', 'SW1A 2AA']);
    expect((await refused(client, '/postcodes/E14 4HF', { api_key: 'iddqd' }, 404, 4040)).suggestions).toEqual(['E14 4HD', 'E14 4HE']);
  });

  it('answers a malformed postcode as the vendor recorded it, with no suggestions', async () => {
    const body = await refused(client, '/postcodes/FOO', { api_key: 'iddqd' }, 404, 4040);
    expect(body).toEqual({ ...postcodeFixtures.notFound.body, suggestions: [] });
  });

  it('keeps only the requested fields with filter', async () => {
    const answer = await client.get<Envelope<Record<string, unknown>[]>>('/postcodes/SW1A2AA', {
      api_key: 'iddqd',
      filter: 'line_1,postcode',
    });
    expect(answer.status).toBe(200);
    // Filtered records are deliberately partial, so they do not satisfy the full record schema.
    expect(answer.body.result).toEqual([{ line_1: 'Prime Minister & First Lord Of The Treasury', postcode: 'SW1A 2AA' }]);
  });

  it('answers the vendor test postcodes with their documented failures', async () => {
    await refused(client, '/postcodes/ID1 CLIP', { api_key: 'iddqd' }, 402, 4020);
    await refused(client, '/postcodes/ID1CHOP', { api_key: 'iddqd' }, 402, 4021);
  });
});

describe('UDPRN and UMPRN lookups', () => {
  it('returns the recorded address by UDPRN', async () => {
    expect(await ok<UkAddress>('/udprn/23747208', { api_key: 'iddqd' })).toMatchObject(udprnFixtures.success.body);
  });

  it('answers an unknown UDPRN exactly as the vendor did', async () => {
    expect(await refused(client, '/udprn/85753460', { api_key: 'iddqd' }, 404, 4044)).toEqual(udprnFixtures.notFound.body);
  });

  it('answers the vendor test UDPRNs', async () => {
    const zero = await ok<UkAddress>('/udprn/0', { api_key: 'iddqd' });
    expect(zero.result.id).toBe(sample.find((address) => address.dataset === 'paf')?.id);
    await refused(client, '/udprn/-1', { api_key: 'iddqd' }, 404, 4044);
    await refused(client, '/udprn/-2', { api_key: 'iddqd' }, 402, 4020);
    await refused(client, '/udprn/-3', { api_key: 'iddqd' }, 402, 4021);
  });

  it('rejects a UDPRN that is not a number', async () => {
    const body = await refused(client, '/udprn/abc', { api_key: 'iddqd' }, 400, 4001);
    expect(body.errors).toEqual([expect.objectContaining({ path: '.path.udprn', errorCode: 'type.openapi.validation' })]);
  });

  it('returns a household by UMPRN to a Multiple Residence key only', async () => {
    expect(await ok<UkAddress>('/umprn/50906066', { api_key: 'iddqdmr' })).toMatchObject(umprnFixtures.success.body);
    await refused(client, '/umprn/50906066', { api_key: 'iddqd' }, 404, 4046);
    expect(await refused(client, '/umprn/56908329', { api_key: 'iddqdmr' }, 404, 4046)).toEqual(umprnFixtures.notFound.body);
    await refused(client, '/umprn/-3', { api_key: 'iddqdmr' }, 402, 4021);
  });
});

describe('address search', () => {
  it('finds the recorded addresses for the recorded query, in the recorded order', async () => {
    expect(await ok<SearchResult>('/addresses', { api_key: 'iddqd', query: '11 Westferry Circus' })).toMatchObject(
      addressFixtures.success.body,
    );
  });

  it('answers an unmatched query exactly as the vendor did', async () => {
    expect(await ok<SearchResult>('/addresses', { api_key: 'iddqd', query: 'bakirkoy' })).toEqual(addressFixtures.empty.body);
  });

  it('matches numbers and words within a postcode', async () => {
    const body = await ok<SearchResult>('/addresses', { api_key: 'iddqdmr', query: '10 cv4 7al', limit: 100 });
    const recordedHits = addressFixtures.multipleResidence.success.body.result.hits.map((hit) => hit.umprn);
    const hits = body.result.hits as UkAddress[];
    expect(hits.every((hit) => hit.postcode === 'CV4 7AL' && /\b10\b/.test(`${hit.line_1} ${hit.line_2} ${hit.premise}`))).toBe(true);
    expect(hits.map((hit) => hit.umprn)).toEqual(expect.arrayContaining(recordedHits));
    expect(body.result.total).toBe(hits.length);
  });

  it('tolerates abbreviations and typos', async () => {
    const body = await ok<SearchResult>('/addresses', { api_key: 'iddqd', query: '10 Downnig St londn' });
    expect((body.result.hits[0] as UkAddress).udprn).toBe(23747771);
  });

  it('lists a whole postcode for a bare postcode, ignoring limit', async () => {
    const body = await ok<SearchResult>('/addresses', { api_key: 'iddqd', query: 'e144he', limit: 1 });
    expect(body.result).toMatchObject({ total: 3, limit: 3, page: 0 });
    expect(body.result.hits.map((hit) => hit.id)).toEqual(at('E14 4HE').map((address) => address.id));
    expect((await refused(client, '/addresses', { api_key: 'iddqd', query: 'E14 4HF' }, 404, 4040)).suggestions).toEqual([
      'E14 4HD',
      'E14 4HE',
    ]);
  });

  it('extracts the addresses around the postcodes and ZIP codes a text mentions', async () => {
    const text =
      'Please ship one to 1600 Pennsylvania Ave NW, Washington, DC 20500, one to 10 Downing Street, London SW1A 2AA, and the rest to our Coventry office near CV4 7AL.';
    const body = await ok<SearchResult>('/addresses', { api_key: 'ak_sandbox', query: text, limit: 100 });
    const rest = await ok<SearchResult>('/addresses', { api_key: 'ak_sandbox', query: text, limit: 100, page: 1 });
    const [whiteHouse, downing, ...coventry] = [...body.result.hits, ...rest.result.hits];
    expect(whiteHouse).toMatchObject({
      dataset: 'usps',
      line_1: '1600 PENNSYLVANIA AVE NW',
      primary_number: '1600',
      street_name: 'PENNSYLVANIA',
      street_suffix_abbreviation: 'AVE',
      street_post_directional_abbreviation: 'NW',
      city: 'WASHINGTON',
      state_abbreviation: 'DC',
      state: 'District of Columbia',
      zip_code: '20500',
      last_line: 'WASHINGTON DC 20500',
      country_iso: 'USA',
    });
    expect(downing).toMatchObject({ udprn: 23747771 });
    // "Coventry office near" singles out no premise, so every address at the postcode counts.
    expect(coventry.map((hit) => hit.id)).toEqual(at('CV4 7AL').map((address) => address.id));
    expect(body.result.total).toBe(2 + at('CV4 7AL').length);
  });

  it('singles out the premises the words before a postcode name', async () => {
    const body = await ok<SearchResult>('/addresses', {
      api_key: 'iddqdmr',
      query: 'Deliver to Flat 10 Hurst, Gibbet Hill Road CV4 7AL please',
    });
    const hits = body.result.hits as UkAddress[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.building_name === 'Flat 10 Hurst')).toBe(true);
    expect(hits.length).toBe(at('CV4 7AL').filter((address) => address.building_name === 'Flat 10 Hurst').length);
  });

  it('checks US addresses against the ZIP dataset', async () => {
    const wrongState = await ok<SearchResult>('/addresses', { api_key: 'iddqd', query: '1600 Pennsylvania Ave NW, Washington, CA 20500' });
    expect(wrongState.result.total).toBe(0);
    const zipPlus4 = await ok<SearchResult>('/addresses', {
      api_key: 'iddqd',
      query: 'Office: 350 5th Ave Suite 3300, New York, NY 10118-0110',
    });
    expect(zipPlus4.result.hits).toEqual([
      expect.objectContaining({
        line_1: '350 5TH AVE STE 3300',
        secondary_number: '3300',
        address_secondary_abbreviation: 'STE',
        zip_plus_4_code: '10118-0110',
        plus_4_code: '0110',
        record_type_code: 'H',
        last_line: 'NEW YORK NY 10118-0110',
      }),
    ]);
    // A five-digit house number is not taken for a ZIP code.
    const houseNumber = await ok<SearchResult>('/addresses', { api_key: 'iddqd', query: '10001 Main St, Springfield IL 62701' });
    expect(houseNumber.result.hits).toEqual([
      expect.objectContaining({ primary_number: '10001', zip_code: '62701', city: 'SPRINGFIELD', state: 'Illinois' }),
    ]);
  });

  it('reverse geocodes within 100 metres, nearest first', async () => {
    const body = await ok<SearchResult>('/addresses', { api_key: 'iddqd', lon: -0.12767, lat: 51.503541 });
    const hits = body.result.hits as UkAddress[];
    expect(hits[0]?.udprn).toBe(23747771);
    // Equirectangular distance is exact enough at this scale to check the haversine radius.
    const metres = (address: UkAddress) =>
      Math.hypot(
        ((Number(address.longitude) + 0.12767) * Math.PI * 6_371_008.8 * Math.cos((51.503541 * Math.PI) / 180)) / 180,
        ((Number(address.latitude) - 51.503541) * Math.PI * 6_371_008.8) / 180,
      );
    const expected = sample.filter((address) => address.dataset === 'paf' && metres(address) <= 100);
    expect(hits.map((hit) => hit.id).sort()).toEqual(expected.map((address) => address.id).sort());
    expect(hits.map(metres)).toEqual([...hits.map(metres)].sort((a, b) => a - b));
    const alone = await refused(client, '/addresses', { api_key: 'iddqd', lon: -0.12767 }, 400, 4001);
    expect(alone.errors?.[0]?.path).toBe('.query.lat');
  });

  it('narrows with filters (OR within one, AND across) and pages', async () => {
    const within = await ok<SearchResult>('/addresses', { api_key: 'iddqd', query: '11 Westferry Circus', postcode: 'E14 4HE' });
    expect(within.result.hits.map((hit) => hit.id)).toEqual(at('E14 4HE').map((address) => address.id));
    const outward = await ok<SearchResult>('/addresses', { api_key: 'iddqd', postcode_outward: 'e14,SW1A', limit: 100 });
    const expected = sample.filter((address) => ['E14', 'SW1A'].includes(address.postcode_outward));
    expect(outward.result.hits.map((hit) => hit.id)).toEqual(expected.map((address) => address.id));
    const jersey = await ok<SearchResult>('/addresses', { api_key: 'iddqd', country: 'Jersey' });
    expect(jersey.result.hits.map((hit) => (hit as UkAddress).postcode)).toEqual(['JE1 8SB']);
    const large = await ok<SearchResult>('/addresses', { api_key: 'iddqd', postcode_type: 'L', su_organisation_indicator: 'Y' });
    expect(large.result.total).toBe(
      sample.filter((address) => address.postcode_type === 'L' && address.su_organisation_indicator === 'Y').length,
    );
    const byUprn = await ok<SearchResult>('/addresses', { api_key: 'iddqd', uprn: '100023336956' });
    expect(byUprn.result.hits.map((hit) => hit.id)).toEqual(['paf_23747771']);
    const boxed = await ok<SearchResult>('/addresses', { api_key: 'iddqd', box: '-0.13,51.51,-0.12,51.49', limit: 100 });
    expect(boxed.result.hits.map((hit) => hit.id).sort()).toEqual(['paf_23747208', 'paf_23747771']);
    const pages = await Promise.all(
      [0, 1, 2, 4, 5].map((page) => ok<SearchResult>('/addresses', { api_key: 'iddqdmr', postcode_outward: 'CV4', limit: 25, page })),
    );
    expect(pages.map((page) => page.result.hits.length)).toEqual([25, 25, 25, at('CV4 7AL').length - 100, 0]);
    expect(pages.every((page) => page.result.total === at('CV4 7AL').length && page.result.limit === 25)).toBe(true);
  });

  it('reorders with biases without dropping anything', async () => {
    const body = await ok<SearchResult>('/addresses', { api_key: 'iddqd', query: '11 Westferry Circus', bias_postcode: 'E14 4HE' });
    expect(body.result.hits.slice(0, 3).map((hit) => hit.id)).toEqual(at('E14 4HE').map((address) => address.id));
    expect(body.result.total).toBe(7);
  });

  it('refuses a search with nothing to search for, and the vendor test postcodes', async () => {
    const body = await refused(client, '/addresses', { api_key: 'iddqd' }, 400, 4001);
    expect(body.errors?.[0]).toMatchObject({ path: '.query.query', errorCode: 'required.openapi.validation' });
    await refused(client, '/addresses', { api_key: 'iddqd', query: 'ID1 CLIP' }, 402, 4020);
    await refused(client, '/addresses', { api_key: 'iddqd', q: 'ID1 CHOP' }, 402, 4021);
  });
});
