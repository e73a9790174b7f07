/**
 * The gateway as an Apollo Federation v2 subgraph, proven with a real peer subgraph over HTTP,
 * composed by @theguild/federation-composition and executed by a federation gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../support/gateway.js';
import { composeSupergraph, federationGateway, serviceSdl } from './compose.js';
import { fetchListener, listen, type Listening } from './http.js';
import { createPeerSubgraph, type PeerUser } from './peer-subgraph.js';

const BTC = 3375;
const ETH = 3306;
const USERS: PeerUser[] = [
  { id: 'u1', name: 'Ada', countryCode: 'GB', tokenId: BTC },
  { id: 'u2', name: 'Grace', countryCode: 'US', tokenId: ETH },
  { id: 'u3', name: 'Marie', countryCode: 'FR', tokenId: BTC },
  { id: 'u4', name: 'Emmy', countryCode: 'DE', tokenId: ETH },
  { id: 'u5', name: 'Hedy', countryCode: 'AT', tokenId: BTC },
];

let gw: TestGateway;
let ours: Listening;
let peer: Listening;
let federation: ReturnType<typeof federationGateway>;

beforeAll(async () => {
  gw = await startTestGateway();
  ours = await listen(fetchListener(gw.request));
  peer = await listen(createPeerSubgraph(USERS));
  federation = federationGateway(
    await composeSupergraph([
      { name: 'rest', url: ours.url },
      { name: 'peer', url: peer.url },
    ]),
  );
}, 60_000);

afterAll(async () => {
  await federation?.close();
  await Promise.all([ours?.close(), peer?.close()]);
  await gw?.close();
});

describe('the subgraph SDL', () => {
  it('links federation v2.9 (for @authenticated, @requiresScopes, @cost and @listSize) and keys the entities', async () => {
    const sdl = await serviceSdl(ours.url);
    expect(sdl).toContain('@link(url: "https://specs.apollo.dev/federation/v2.9"');
    expect(sdl).toMatch(/type Country @key\(fields: "code"\) \{/);
    expect(sdl).toMatch(/type Currency @key\(fields: "code"\) \{/);
    expect(sdl).toMatch(/type Token @key\(fields: "id"\) \{/);
    expect(sdl).toMatch(/type UkAddress implements Address @key\(fields: "udprn"\) \{/);
    expect(sdl).toMatch(/type Money @shareable \{/);
    expect(sdl).not.toMatch(/_entities|_service|_sdl|_Any/);
  });
});

describe('through a federation gateway', () => {
  it('resolves the peer pointing at our Country and Token', async () => {
    const result = await federation.query('{ users { name country { names { common } } favouriteToken { name } } }');
    expect(result.errors).toBeUndefined();
    expect(result.data?.['users']).toEqual([
      { name: 'Ada', country: { names: { common: 'United Kingdom' } }, favouriteToken: { name: 'Bitcoin' } },
      { name: 'Grace', country: { names: { common: 'United States' } }, favouriteToken: { name: 'Ethereum' } },
      { name: 'Marie', country: { names: { common: 'France' } }, favouriteToken: { name: 'Bitcoin' } },
      { name: 'Emmy', country: { names: { common: 'Germany' } }, favouriteToken: { name: 'Ethereum' } },
      { name: 'Hedy', country: { names: { common: 'Austria' } }, favouriteToken: { name: 'Bitcoin' } },
    ]);
  });

  it('resolves the field the peer adds to our Country', async () => {
    const result = await federation.query('{ country(code: "GB") { names { common } residents { name favouriteToken { symbol } } } }');
    expect(result.errors).toBeUndefined();
    expect(result.data?.['country']).toEqual({
      names: { common: 'United Kingdom' },
      residents: [{ name: 'Ada', favouriteToken: { symbol: 'BTC' } }],
    });
  });
});

describe('_entities', () => {
  const entities = async (representations: unknown[], selection: string) =>
    gw.query(`query ($r: [_Any!]!) { _entities(representations: $r) { __typename ${selection} } }`, { variables: { r: representations } });

  it('costs one request to A for any number of tokens, and one currency list for any number of currencies', async () => {
    const a = gw.sandboxes['crypto-analytics'];
    const d = gw.sandboxes['country-data'];
    if (!a || !d) throw new Error('sandboxes not started');
    a.requests.length = 0;
    d.requests.length = 0;
    const tokens = [BTC, ETH, BTC, ETH, BTC].map((id) => ({ __typename: 'Token', id }));
    const currencies = ['EUR', 'USD', 'GBP', 'JPY'].map((code) => ({ __typename: 'Currency', code }));
    const result = await entities([...tokens, ...currencies], '... on Token { symbol } ... on Currency { code name }');
    expect(result.errors).toBeUndefined();
    expect(result.data?.['_entities']).toHaveLength(9);
    expect(a.requests.map((request) => request.path)).toEqual(['/v1/tokens']);
    expect(d.requests.map((request) => request.path)).toEqual(['/currencies/v1/symbols']);
  });

  it('batches countries through the country loader and finds a UK address by UDPRN', async () => {
    const d = gw.sandboxes['country-data'];
    if (!d) throw new Error('sandbox not started');
    d.requests.length = 0;
    const countries = ['GB', 'US', 'FR', 'DE', 'AT', 'JP'].map((code) => ({ __typename: 'Country', code }));
    const result = await entities(
      [...countries, { __typename: 'UkAddress', udprn: 0 }],
      '... on Country { code } ... on UkAddress { udprn postcode }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.['_entities']).toEqual([
      ...['GB', 'US', 'FR', 'DE', 'AT', 'JP'].map((code) => ({ __typename: 'Country', code })),
      { __typename: 'UkAddress', udprn: expect.any(Number), postcode: expect.any(String) },
    ]);
    // Six codes are past the loader's one-by-one limit: the list is read in pages, never code by code.
    expect(d.requests.every((request) => request.path === '/countries/v5')).toBe(true);
  });

  it('gives null and an error at its index for an unknown or malformed representation, never a failed batch', async () => {
    const result = await entities(
      [
        { __typename: 'Country', code: 'GB' },
        { __typename: 'Country', code: 'QQ' },
        { __typename: 'Country', code: 'G!' },
        { __typename: 'Planet', code: 'GB' },
        { __typename: 'Token', id: BTC },
        { __typename: 'constructor' },
      ],
      '... on Country { code } ... on Token { id }',
    );
    expect(result.data?.['_entities']).toEqual([
      { __typename: 'Country', code: 'GB' },
      null,
      null,
      null,
      { __typename: 'Token', id: BTC },
      null,
    ]);
    const byIndex = Object.fromEntries((result.errors ?? []).map((error) => [error.path?.[1], error.extensions]));
    expect(byIndex).toEqual({
      1: { code: 'NOT_FOUND', argument: 'representations[1].code' },
      2: { code: 'BAD_USER_INPUT', argument: 'representations[2].code' },
      3: { code: 'BAD_USER_INPUT', argument: 'representations[3]' },
      5: { code: 'BAD_USER_INPUT', argument: 'representations[5]' },
    });
  });
});
