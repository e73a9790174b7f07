/**
 * Interface C through the gateway: the "done when" query, every field end to end
 * against sandbox C, the Address interface, bad input to every kind of field (a GraphQL error
 * with a stable code and the vendor's code), the config round trip surviving a sandbox
 * restart, and no key or user token in any answer.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressSandbox, DEFAULT_KEYS } from '../../src/sandbox/address/index.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

const KEY = 'ak_configured_secret';
const TOKEN = 'uk_configured_secret';
const keys = [
  ...DEFAULT_KEYS,
  { key: KEY, userToken: TOKEN, balance: 1_000, datasets: { paf: true, mr: true, nyb: false }, contexts: ['GBR', 'USA'] },
];

let gw: TestGateway;
let dataDir: string;
/** Every answer of this file, to prove no credential leaks into any of them. */
const answers: string[] = [];

type Data = Record<string, any>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'address-gateway-'));
  gw = await startTestGateway({
    definitions: { address: createAddressSandbox({ dataDir, keys, requestsPerSecond: 100_000 }) },
    credentials: { address: { key: KEY, userToken: TOKEN } },
  });
});

afterAll(async () => {
  await gw.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function run(query: string, headers?: Record<string, string>, via = gw) {
  const result = await via.query(query, { headers });
  answers.push(JSON.stringify(result));
  return result;
}

async function data(query: string, headers?: Record<string, string>): Promise<Data> {
  const result = await run(query, headers);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data as Data;
}

async function failure(query: string, headers?: Record<string, string>, via = gw) {
  const result = await run(query, headers, via);
  expect(result.errors?.length, JSON.stringify(result)).toBe(1);
  return result.errors?.[0] as { message: string; extensions: Record<string, unknown> };
}

describe('the issue\'s "done when" query', () => {
  it('answers from the sandbox', async () => {
    const result = await data(`{ addressSuggestions(query: "10 downing") { id suggestion udprn urls { udprn } }
      postcodeAddresses(postcode: "SW1A 2AA") { total page limit addresses { id line1 line2 postTown postcode udprn umprn longitude latitude eastings northings } }
      emailValidation(email: "info@mailinator.com") { disposable role } }`);
    expect(result.addressSuggestions[0]).toEqual({
      id: 'paf_23747771',
      suggestion: 'Prime Minister & First Lord Of The Treasury, 10 Downing Street, London, SW1A',
      udprn: 23747771,
      urls: { udprn: '/v1/udprn/23747771' },
    });
    expect(result.postcodeAddresses).toEqual({
      total: 1,
      page: 0,
      limit: 100,
      addresses: [
        {
          id: 'paf_23747771',
          line1: 'Prime Minister & First Lord Of The Treasury',
          line2: '10 Downing Street',
          postTown: 'LONDON',
          postcode: 'SW1A 2AA',
          udprn: 23747771,
          umprn: null,
          longitude: -0.12767,
          latitude: 51.503541,
          eastings: 530047,
          northings: 179951,
        },
      ],
    });
    expect(result.emailValidation).toEqual({ disposable: true, role: true });
  });
});

describe('UK and US records', () => {
  it('share the Address interface, with their own fields beside it', async () => {
    const { addresses } =
      await data(`{ addresses(query: "Ship to 1600 Pennsylvania Ave NW, Washington, DC 20500 and to Room 1, Block 1 Arthur Vick CV4 7AL") {
      total limit page hits { __typename ... on Address { id line1 line2 countryName countryIso countryIso2 }
        ... on UsAddress { city stateAbbreviation zipCode zipPlus4Code lastLine financeNumber congressionalDistrictNumber countyNumber }
        ... on UkAddress { udprn umprn postcode dataset } } } }`);
    expect(addresses).toMatchObject({ total: 2, limit: 10, page: 0 });
    expect(addresses.hits[0]).toMatchObject({
      __typename: 'UsAddress',
      line1: '1600 PENNSYLVANIA AVE NW',
      line2: '',
      countryName: 'United States',
      countryIso: 'USA',
      countryIso2: 'US',
      city: 'WASHINGTON',
      stateAbbreviation: 'DC',
      zipCode: '20500',
      zipPlus4Code: '',
      lastLine: 'WASHINGTON DC 20500',
      financeNumber: null,
      congressionalDistrictNumber: null,
      countyNumber: null,
    });
    expect(addresses.hits[1]).toEqual({
      __typename: 'UkAddress',
      id: 'mr_50906066',
      line1: 'Room 1, Block 1 Arthur Vick',
      line2: 'Gibbet Hill Road',
      countryName: 'England',
      countryIso: 'GBR',
      countryIso2: 'GB',
      udprn: 5770157,
      umprn: 50906066,
      postcode: 'CV4 7AL',
      dataset: 'MR',
    });
  });

  it('suggests and resolves US addresses', async () => {
    const { addressSuggestions } = await data(
      '{ addressSuggestions(query: "350 5th Ave, New York, NY 10118", context: "usa") { id suggestion udprn } }',
    );
    expect(addressSuggestions).toEqual([
      { id: expect.stringMatching(/^usps_/), suggestion: '350 5TH AVE, New York, NY 10118', udprn: null },
    ]);
    const { resolveUsAddress } = await data(
      `{ resolveUsAddress(id: "${addressSuggestions[0].id}") { line1 city state stateAbbreviation zipCode recordTypeCode countryName } }`,
    );
    expect(resolveUsAddress).toEqual({
      line1: '350 5TH AVE',
      city: 'NEW YORK',
      state: 'New York',
      stateAbbreviation: 'NY',
      zipCode: '10118',
      recordTypeCode: 'S',
      countryName: 'United States',
    });
  });
});

describe('every other field', () => {
  it('UK lookups: resolution, UDPRN, UMPRN and Multiple Residence paging', async () => {
    const result = await data(`{ resolveUkAddress(id: "paf_23747208") { line1 line2 postcode }
      byUdprn: addressByUdprn(udprn: 23747208) { organisationName buildingName umprn }
      byUmprn: addressByUmprn(umprn: 50906066) { line1 umprn udprn dataset }
      page1: postcodeAddresses(postcode: "cv47al", page: 1) { total page addresses { umprn } } }`);
    expect(result.resolveUkAddress).toEqual({ line1: 'House Of Commons', line2: 'Houses Of Parliament', postcode: 'SW1A 0AA' });
    expect(result.byUdprn).toEqual({ organisationName: 'House Of Commons', buildingName: 'Houses Of Parliament', umprn: null });
    expect(result.byUmprn).toEqual({ line1: 'Room 1, Block 1 Arthur Vick', umprn: 50906066, udprn: 5770157, dataset: 'MR' });
    expect(result.page1.total).toBeGreaterThan(100);
    expect(result.page1.addresses).toHaveLength(result.page1.total - 100);
  });

  it('cleansing, e-mail, phone numbers and places', async () => {
    const result =
      await data(`{ cleanseAddress(input: { query: "10 downing st london", postcode: "SW1A 2AA" }) { query count confidence fit organisationMatch premiseMatch postcodeMatch localityMatch match { udprn } }
      emailValidation(email: "jane@gmail.com") { result deliverable free disposable role catchall }
      phoneNumberValidation(number: "07400 123456", currentCarrier: true) { valid nationalFormat internationalFormat isoCountry isoCountry2 country currentCarrier { networkType country name networkCode } originalCarrier { networkType } }
      places(query: "coventry", countryIso: ["GBR"]) { id name descriptiveName countryIso }
      place(id: "posttown_gbr_coventry") { id dataset name descriptiveName countryIso language longitude latitude } }`);
    expect(result.cleanseAddress).toMatchObject({
      count: 1,
      confidence: 0.8947,
      fit: 1,
      premiseMatch: 'FULL',
      postcodeMatch: 'FULL',
      organisationMatch: 'MISSING',
      localityMatch: 'NA',
      match: { udprn: 23747771 },
    });
    expect(result.emailValidation).toEqual({
      result: 'UNKNOWN',
      deliverable: null,
      free: true,
      disposable: false,
      role: false,
      catchall: null,
    });
    expect(result.phoneNumberValidation).toEqual({
      valid: true,
      nationalFormat: '07400 123456',
      internationalFormat: '447400123456',
      isoCountry: 'GBR',
      isoCountry2: 'GB',
      country: 'United Kingdom',
      currentCarrier: { networkType: 'MOBILE', country: 'GB', name: null, networkCode: null },
      originalCarrier: { networkType: 'MOBILE' },
    });
    expect(result.places).toEqual([
      { id: 'posttown_gbr_coventry', name: 'Coventry', descriptiveName: 'Coventry, England, United Kingdom', countryIso: 'GBR' },
    ]);
    expect(result.place).toMatchObject({ id: 'posttown_gbr_coventry', dataset: 'paf-sample', countryIso: 'GBR', language: 'en' });
    expect(result.place.latitude).toBeCloseTo(52.3858, 3);
  });

  it('key availability, details, usage and the CSV log', async () => {
    const result = await data(`{ apiKey(key: "idkfa") { available context contexts { iso3 iso2 description emoji rgeo } }
      apiKeyDetails(key: "${KEY}") { lookupsRemaining dailyLimit { limit consumed } individualLimit { limit ipForwarding } allowedUrls notifications { enabled } automatedTopups { enabled } datasets { paf mr nyb } currentPurchases { purchased consumed } }
      apiKeyUsage(key: "${KEY}") { total dailyCount { count } }
      apiKeyLookups(key: "${KEY}") }`);
    expect(result.apiKey).toEqual({
      available: false,
      context: 'GBR',
      contexts: [{ iso3: 'GBR', iso2: 'GB', description: 'United Kingdom', emoji: '🇬🇧', rgeo: true }],
    });
    const consumed = result.apiKeyDetails.currentPurchases[0].consumed;
    expect(consumed).toBeGreaterThan(0);
    expect(result.apiKeyDetails).toMatchObject({
      lookupsRemaining: 1_000 - consumed,
      dailyLimit: { limit: null, consumed },
      datasets: { paf: true, mr: true, nyb: false },
    });
    expect(result.apiKeyUsage.total).toBe(consumed);
    expect(result.apiKeyLookups.trimEnd().split('\n')).toHaveLength(consumed);
  });

  it('config round trip through the mutations', async () => {
    const created = await data(
      `mutation { createKeyConfig(key: "${KEY}", input: { name: "checkout", payload: "{\\"v\\":1}" }) { name payload createdAt updatedAt } }`,
    );
    expect(created.createKeyConfig).toMatchObject({ name: 'checkout', payload: '{"v":1}' });
    const updated = await data(
      `mutation { updateKeyConfig(key: "${KEY}", name: "checkout", input: { payload: "{\\"v\\":2}" }) { name payload } }`,
    );
    expect(updated.updateKeyConfig).toEqual({ name: 'checkout', payload: '{"v":2}' });
    const listed = await data(`{ keyConfigs(key: "${KEY}") { name payload } keyConfig(key: "${KEY}", name: "checkout") { payload } }`);
    expect(listed).toEqual({ keyConfigs: [{ name: 'checkout', payload: '{"v":2}' }], keyConfig: { payload: '{"v":2}' } });
    expect((await data(`mutation { deleteKeyConfig(key: "${KEY}", name: "checkout") { deleted } }`)).deleteKeyConfig).toEqual({
      deleted: 1,
    });
    expect((await data(`{ keyConfigs(key: "${KEY}") { name } }`)).keyConfigs).toEqual([]);
  });

  it('licensee round trip through the mutations', async () => {
    const created = (
      await data(
        `mutation { createLicensee(key: "${KEY}", input: { name: "Widgets Ltd", postcode: "e144hd", daily: { limit: 50 } }) { id key name postcode daily { limit count } } }`,
      )
    ).createLicensee;
    expect(created).toMatchObject({ name: 'Widgets Ltd', postcode: 'E14 4HD', daily: { limit: 50, count: 0 } });
    const updated = await data(
      `mutation { updateLicensee(key: "${KEY}", id: "${created.key}", input: { name: "Widgets Group" }) { name postcode } }`,
    );
    expect(updated.updateLicensee).toEqual({ name: 'Widgets Group', postcode: 'E14 4HD' });
    const listed = await data(
      `{ licensees(key: "${KEY}", limit: 10) { hasMore licensees { key name } } licensee(key: "${KEY}", id: "${created.key}") { id } }`,
    );
    expect(listed).toEqual({
      licensees: { hasMore: false, licensees: [{ key: created.key, name: 'Widgets Group' }] },
      licensee: { id: created.id },
    });
    expect((await data(`mutation { deleteLicensee(key: "${KEY}", id: "${created.key}") { deleted } }`)).deleteLicensee).toEqual({
      deleted: 1,
    });
  });
});

describe('bad input', () => {
  const long = 'a'.repeat(151);
  const cases: [string, string, string, number][] = [
    ['unknown postcode', '{ postcodeAddresses(postcode: "ZZ1 1ZZ") { total } }', 'NOT_FOUND', 4040],
    ['unknown UDPRN', '{ addressByUdprn(udprn: 85753460) { line1 } }', 'NOT_FOUND', 4044],
    ['unknown UMPRN', '{ addressByUmprn(umprn: 56908329) { line1 } }', 'NOT_FOUND', 4046],
    ['unknown suggestion', '{ resolveUkAddress(id: "paf_1") { line1 } }', 'NOT_FOUND', 4044],
    ['empty query', '{ addressSuggestions(query: "") { id } }', 'BAD_USER_INPUT', 4001],
    ['over-long query', `{ addressSuggestions(query: "${long}") { id } }`, 'BAD_USER_INPUT', 4001],
    ['nothing to search for', '{ addresses { total } }', 'BAD_USER_INPUT', 4001],
    ['unknown key', '{ apiKey(key: "foo") { available } }', 'NOT_FOUND', 4042],
    ['unknown config', `{ keyConfig(key: "${KEY}", name: "nope") { name } }`, 'NOT_FOUND', 4040],
    [
      'config name over 32',
      `mutation { createKeyConfig(key: "${KEY}", input: { name: "${'n'.repeat(33)}", payload: "" }) { name } }`,
      'BAD_USER_INPUT',
      4001,
    ],
    [
      'payload over 4096 chars',
      `mutation { createKeyConfig(key: "${KEY}", input: { name: "big", payload: "${'p'.repeat(4097)}" }) { name } }`,
      'BAD_USER_INPUT',
      4001,
    ],
    ['wrong user token', `{ apiKeyDetails(key: "iddqd") { lookupsRemaining } }`, 'UNAUTHENTICATED', 4012],
    [
      'interval start after end',
      `{ apiKeyUsage(key: "${KEY}", start: "1700000000000", end: "1600000000000") { total } }`,
      'BAD_USER_INPUT',
      4007,
    ],
    ['unknown licensee', `{ licensee(key: "${KEY}", id: "sk_nope") { name } }`, 'NOT_FOUND', 4045],
    ['unknown place', '{ place(id: "nowhere") { name } }', 'NOT_FOUND', 4040],
  ];

  it.each(cases)('%s → the vendor code in upstreamCode', async (_name, query, code, upstreamCode) => {
    const error = await failure(query);
    expect(error.extensions).toMatchObject({ code, upstream: 'address', upstreamCode });
  });

  it.each([
    ['a malformed postcode', '{ postcodeAddresses(postcode: "FOO") { total } }', 'postcode'],
    ['an empty e-mail', '{ emailValidation(email: "") { result } }', 'email'],
    ['a malformed e-mail', '{ emailValidation(email: "jane at example") { result } }', 'email'],
  ])('%s is refused by the gateway, naming the argument, with no upstream request', async (_name, query, argument) => {
    const before = gw.sandboxes.address?.requests.length;
    const error = await failure(query);
    expect(error.extensions).toEqual({ code: 'BAD_USER_INPUT', argument });
    expect(gw.sandboxes.address?.requests.length).toBe(before);
  });

  it('a duplicate config name is refused with the vendor code', async () => {
    await data(`mutation { createKeyConfig(key: "${KEY}", input: { name: "dup", payload: "1" }) { name } }`);
    const error = await failure(`mutation { createKeyConfig(key: "${KEY}", input: { name: "dup", payload: "2" }) { name } }`);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', upstreamCode: 4001 });
  });

  it('keeps the other fields of the request (partial data)', async () => {
    const result = await run('{ ok: apiKey(key: "iddqd") { available } bad: addressByUdprn(udprn: -1) { line1 } }');
    expect(result.data).toEqual({ ok: { available: true }, bad: null });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', upstreamCode: 4044 });
  });

  it("uses a client's own key header over the configured key", async () => {
    const depleted = await failure('{ postcodeAddresses(postcode: "SW1A 2AA") { total } }', { 'x-address-api-key': 'idkfa' });
    expect(depleted.extensions).toMatchObject({ code: 'PAYMENT_REQUIRED', upstreamCode: 4020 });
    expect(
      (await data('{ postcodeAddresses(postcode: "SW1A 2AA") { total } }', { 'x-address-api-key': 'iddqd' })).postcodeAddresses.total,
    ).toBe(1);
  });
});

describe('a gateway without a user token, after a sandbox restart', () => {
  let clock = Date.parse('2026-11-22T12:00:00.000Z');
  let restarted: TestGateway;

  beforeAll(async () => {
    await data(`mutation { createKeyConfig(key: "${KEY}", input: { name: "persisted", payload: "kept" }) { name } }`);
    restarted = await startTestGateway({
      definitions: { address: createAddressSandbox({ dataDir, keys, requestsPerSecond: 3, now: () => clock }) },
      credentials: { address: { key: KEY } },
    });
  });

  afterAll(() => restarted.close());

  it('still serves the configs stored before, and refuses account fields without a token', async () => {
    const kept = await restarted.query(`{ keyConfig(key: "${KEY}", name: "persisted") { payload } }`);
    answers.push(JSON.stringify(kept));
    expect(kept).toMatchObject({ data: { keyConfig: { payload: 'kept' } } });
    const refused = await failure(`{ keyConfigs(key: "${KEY}") { name } }`, undefined, restarted);
    expect(refused.extensions).toMatchObject({ code: 'UNAUTHENTICATED', upstreamCode: 4012 });
  });

  it('reports the vendor rate limit as RATE_LIMITED and retryable', async () => {
    await restarted.query('{ apiKey(key: "iddqd") { available } }');
    const limited = await failure('{ apiKey(key: "iddqd") { available } }', undefined, restarted);
    expect(limited.extensions).toMatchObject({ code: 'RATE_LIMITED', status: 503, upstreamCode: 5030, retryable: true });
    clock += 1_001;
    expect((await restarted.query('{ apiKey(key: "iddqd") { available } }')).data).toEqual({ apiKey: { available: true } });
  });
});

describe('credentials', () => {
  it('never appear in any answer', () => {
    expect(answers.length).toBeGreaterThan(30);
    for (const answer of answers) {
      expect(answer).not.toContain(KEY);
      expect(answer).not.toContain(TOKEN);
    }
  });
});

describe("C's CORS preflights", () => {
  it('answer OPTIONS without credentials: 204, any origin, the methods of the path and the documented headers', async () => {
    const url = gw.sandboxes.address?.url;
    const answer = await fetch(`${url}/keys/ak_test/configs`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(answer.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
    expect(gw.sandboxes.address?.requests.at(-1)?.operationId).toBe('preflightKeysKeyConfigs');
  });

  it('are no GraphQL fields', async () => {
    const result = await gw.query('{ __type(name: "Mutation") { fields { name } } }');
    const names = (result.data?.__type as { fields: { name: string }[] }).fields.map((field) => field.name);
    expect(names.filter((name) => name.startsWith('preflight'))).toEqual([]);
    expect(names).toContain('createKeyConfig');
  });
});
