/**
 * The vendor's recorded answers through the gateway: a loopback server replays every
 * `@ideal-postcodes/api-fixtures` recording (matched by method, path, parameters and the
 * credentials sent), and the gateway must give back every recorded value — no GraphQL error,
 * no null where the recording has a value — and turn every recorded failure into the right
 * GraphQL error with the vendor's code.
 */
import * as fixtures from '@ideal-postcodes/api-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialsOf } from '../../src/sandbox/address/auth.js';
import { addressErrorEnvelope } from '../../src/sandbox/address/envelope.js';
import { ADDRESS_DOCUMENT_PATH } from '../../src/sandbox/address/index.js';
import { OpenApiContract } from '../../src/sandbox/openapi-contract.js';
import type { SandboxDefinition, SandboxRequest, SandboxResponse } from '../../src/sandbox/sandbox-server.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

interface Fixture {
  url: string;
  method?: string;
  query?: Record<string, string>;
  httpStatus: number;
  body?: any;
}

const { postcodes, addresses, autocomplete, keys, udprn, umprn, errors } = fixtures as unknown as Record<string, any>;

// Recorded when private key details were served at /keys/{key}?user_token=; now at .../details.
const PATH_OVERRIDES = new Map<Fixture, string>([[keys.private.success, '/keys/<VALID_API_KEY>/details']]);

const ALL: Fixture[] = [
  postcodes.success,
  postcodes.notFound,
  postcodes.multipleResidence.success,
  addresses.success,
  addresses.empty,
  addresses.multipleResidence.success,
  autocomplete.success,
  autocomplete.empty,
  autocomplete.multipleResidence.success,
  keys.check.available,
  keys.check.unavailable,
  keys.check.invalid,
  keys.private.success,
  keys.usage.success,
  udprn.success,
  udprn.notFound,
  umprn.success,
  umprn.notFound,
  errors.invalidKey,
  errors.invalidUrl,
  errors.balanceDepleted,
  errors.dailyLimitReached,
];

function replays(fixture: Fixture, request: SandboxRequest): boolean {
  const path = PATH_OVERRIDES.get(fixture) ?? fixture.url.replace(/^\/v1/, '');
  if ((fixture.method ?? 'GET') !== request.method || path !== decodeURIComponent(request.path)) return false;
  const sent = credentialsOf(request);
  return Object.entries(fixture.query ?? {}).every(([name, value]) => {
    if (name === 'api_key') return sent.apiKey === value;
    if (name === 'user_token') return sent.userToken === value;
    const given = request.query.get(name) ?? (name === 'q' ? request.query.get('query') : null);
    return given === value;
  });
}

/** A sandbox whose every operation answers with the matching recording. */
function replaySandbox(): SandboxDefinition {
  const contract = new OpenApiContract(ADDRESS_DOCUMENT_PATH);
  const replay = (request: SandboxRequest): SandboxResponse => {
    // The recorded not-found answer was for "FOO", which the gateway's UkPostcode scalar now
    // refuses itself; it stands for the vendor's answer to any postcode it has no recording of.
    const fixture =
      ALL.find((candidate) => replays(candidate, request)) ??
      (request.operationId === 'postcodeAddresses' ? postcodes.notFound : undefined);
    return fixture
      ? { status: fixture.httpStatus, body: fixture.body }
      : { status: 418, body: { code: 5000, message: `no recording for ${request.path}` } };
  };
  return {
    name: 'address-replay',
    contract,
    errors: addressErrorEnvelope,
    handlers: Object.fromEntries(contract.operationIds.map((id) => [id, replay])),
  };
}

// The record's country name is countryName in the graph, where country is the full D Country.
const camel = (name: string): string =>
  name === 'country' ? 'countryName' : name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

// The vendor sends these as a number or "" (not known); the graph gives null for "".
const NUMBER_OR_EMPTY = new Set(['umprn', 'longitude', 'latitude', 'eastings', 'northings']);

// Lists of objects that are empty in every recording, so their fields cannot be read off them.
const EMPTY_OBJECT_LISTS: Record<string, string> = { current_purchases: 'expires purchased consumed' };

/** The GraphQL selection that asks for every property of the recorded objects. */
function selection(samples: any[]): string {
  const merged: Record<string, any[]> = {};
  for (const sample of samples) for (const [name, value] of Object.entries(sample ?? {})) (merged[name] ??= []).push(value);
  return Object.entries(merged)
    .map(([name, values]) => {
      const objects = values
        .flatMap((value) => (Array.isArray(value) ? value : [value]))
        .filter((value) => value !== null && typeof value === 'object');
      if (objects.length > 0) return `${camel(name)} { ${selection(objects)} }`;
      return EMPTY_OBJECT_LISTS[name] ? `${camel(name)} { ${EMPTY_OBJECT_LISTS[name]} }` : camel(name);
    })
    .join(' ');
}

const MIDNIGHT_DAY = /^\d{4}-\d{2}-\d{2}T00:00:00(?:\.000)?Z$/;

/** Checks a GraphQL value against the recorded one, property by property. */
function expectSame(graph: any, recorded: any, path: string): void {
  if (Array.isArray(recorded)) {
    expect(graph, path).toHaveLength(recorded.length);
    recorded.forEach((item, index) => expectSame(graph[index], item, `${path}[${index}]`));
  } else if (recorded !== null && typeof recorded === 'object') {
    for (const [name, value] of Object.entries(recorded)) expectSame(graph?.[camel(name)], value, `${path}.${name}`);
  } else if (recorded === '' && NUMBER_OR_EMPTY.has(path.split('.').pop() ?? '')) {
    expect(graph, path).toBeNull();
  } else if (typeof recorded === 'string' && MIDNIGHT_DAY.test(recorded)) {
    // Days the vendor sends as their midnight UTC are `Date` in the graph: the day itself.
    expect(graph, path).toBe(recorded.slice(0, 10));
  } else {
    expect(graph, path).toEqual(recorded);
  }
}

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({
    definitions: { address: replaySandbox() },
    credentials: { address: { key: '<VALID_API_KEY>', userToken: '<USER_TOKEN>' } },
  });
});
afterAll(() => gw.close());

const MR = { 'x-address-api-key': '<VALID_MR_API_KEY>' };

async function answer(query: string, headers?: Record<string, string>): Promise<any> {
  const result = await gw.query(query, { headers });
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data;
}

describe('recorded successes come back intact', () => {
  it.each([
    ['postcodes.success', postcodes.success, 'SW1A2AA', {}],
    ['postcodes.multipleResidence.success', postcodes.multipleResidence.success, 'CV47AL', MR],
  ])('%s', async (_name, fixture, postcode, headers) => {
    const { result, code: _code, message: _message, ...paging } = fixture.body;
    const data = await answer(
      `{ postcodeAddresses(postcode: "${postcode}") { total page limit addresses { ${selection(result)} } } }`,
      headers,
    );
    expectSame(data.postcodeAddresses, { ...paging, addresses: result }, 'postcodeAddresses');
  });

  it.each([
    ['addresses.success', addresses.success, {}],
    ['addresses.empty', addresses.empty, {}],
    ['addresses.multipleResidence.success', addresses.multipleResidence.success, MR],
  ])('%s', async (_name, fixture, headers) => {
    const hits = fixture.body.result.hits;
    const fields = hits.length > 0 ? `hits { ... on UkAddress { ${selection(hits)} } }` : 'hits { __typename }';
    const data = await answer(`{ addresses(query: "${fixture.query.query}") { total limit page ${fields} } }`, headers);
    expectSame(data.addresses, fixture.body.result, 'addresses');
  });

  it.each([
    ['autocomplete.success', autocomplete.success, {}],
    ['autocomplete.empty', autocomplete.empty, {}],
    ['autocomplete.multipleResidence.success', autocomplete.multipleResidence.success, MR],
  ])('%s', async (_name, fixture, headers) => {
    const text = fixture.query.query ?? fixture.query.q;
    const hits = fixture.body.result.hits;
    const data = await answer(`{ addressSuggestions(query: "${text}") { ${hits.length > 0 ? selection(hits) : 'suggestion'} } }`, headers);
    expectSame(data.addressSuggestions, hits, 'addressSuggestions');
  });

  it('key availability', async () => {
    for (const [key, fixture] of [
      ['iddqd', keys.check.available],
      ['idkfa', keys.check.unavailable],
    ] as const) {
      const data = await answer(`{ apiKey(key: "${key}") { ${selection([fixture.body.result])} } }`);
      expectSame(data.apiKey, fixture.body.result, 'apiKey');
    }
  });

  it('key details and usage', async () => {
    const details = keys.private.success.body.result;
    const usage = keys.usage.success.body.result;
    const data = await answer(
      `{ apiKeyDetails(key: "<VALID_API_KEY>") { ${selection([details])} } apiKeyUsage(key: "<VALID_API_KEY>") { ${selection([usage])} } }`,
    );
    expectSame(data.apiKeyDetails, details, 'apiKeyDetails');
    expectSame(data.apiKeyUsage, usage, 'apiKeyUsage');
  });

  it('UDPRN and UMPRN lookups', async () => {
    const byUdprn = await answer(`{ addressByUdprn(udprn: 23747208) { ${selection([udprn.success.body.result])} } }`);
    expectSame(byUdprn.addressByUdprn, udprn.success.body.result, 'addressByUdprn');
    const byUmprn = await answer(`{ addressByUmprn(umprn: 50906066) { ${selection([umprn.success.body.result])} } }`, MR);
    expectSame(byUmprn.addressByUmprn, umprn.success.body.result, 'addressByUmprn');
  });
});

describe('recorded failures become GraphQL errors with the vendor code', () => {
  it.each([
    // A well-formed postcode the vendor does not know (a malformed one, FOO in the recording, is refused by the gateway's UkPostcode scalar).
    ['postcodes.notFound', postcodes.notFound, '{ postcodeAddresses(postcode: "ZZ1 1ZZ") { total } }', {}, 'NOT_FOUND'],
    ['keys.check.invalid', keys.check.invalid, '{ apiKey(key: "foo") { available } }', {}, 'NOT_FOUND'],
    ['udprn.notFound', udprn.notFound, '{ addressByUdprn(udprn: 85753460) { line1 } }', {}, 'NOT_FOUND'],
    ['umprn.notFound', umprn.notFound, '{ addressByUmprn(umprn: 56908329) { line1 } }', MR, 'NOT_FOUND'],
    [
      'errors.invalidKey',
      errors.invalidKey,
      '{ postcodeAddresses(postcode: "WC1A2SE") { total } }',
      { 'x-address-api-key': '<INVALID_API_KEY>' },
      'UNAUTHENTICATED',
    ],
    [
      'errors.invalidUrl',
      errors.invalidUrl,
      '{ postcodeAddresses(postcode: "WC1A2SE") { total } }',
      { 'x-address-api-key': '<URL_WHITELIST_KEY>' },
      'UNAUTHENTICATED',
    ],
    [
      'errors.balanceDepleted',
      errors.balanceDepleted,
      '{ postcodeAddresses(postcode: "W22LG") { total } }',
      { 'x-address-api-key': '<NO_BALANCE_KEY>' },
      'PAYMENT_REQUIRED',
    ],
    [
      'errors.dailyLimitReached',
      errors.dailyLimitReached,
      '{ postcodeAddresses(postcode: "UB69PR") { total } }',
      { 'x-address-api-key': '<DAILY_LIMIT_NIL_KEY>' },
      'PAYMENT_REQUIRED',
    ],
  ] as const)('%s', async (_name, fixture, query, headers, code) => {
    const result = await gw.query(query, { headers: { ...headers } });
    expect(result.errors).toHaveLength(1);
    expect(result.errors?.[0]?.message).toBe(`address: ${fixture.body.message}`);
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code,
      upstream: 'address',
      status: fixture.httpStatus,
      upstreamCode: fixture.body.code,
    });
  });
});
