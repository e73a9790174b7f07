/**
 * The gateway as a stitching subschema: `_sdl` with @key/@merge, merged through the plural
 * by-key field with batch delegation, and TYPE_PREFIX keeping a peer's same-named types apart.
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import { stitchingDirectives } from '@graphql-tools/stitching-directives';
import { composeServices } from '@theguild/federation-composition';
import { graphql, type GraphQLSchema, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTypePrefix } from '../../../src/gateway/config.js';
import { startTestGateway, type TestGateway } from '../../support/gateway.js';
import { serviceSdl } from './compose.js';
import { fetchListener, listen, type Listening } from './http.js';
import { remoteSubschema, stitch } from './stitch.js';

const CODES = ['GB', 'US', 'FR', 'DE', 'QQ', 'AT'];

/**
 * A peer with users in our countries (`countryType` is our Country's name as served) and its own
 * Address, Date and Weekday, which collide with ours unless TYPE_PREFIX is set.
 */
function peerSchema(countryType: string, { ownTypesPrefix: own = '' } = {}): GraphQLSchema {
  const { stitchingDirectivesTypeDefs } = stitchingDirectives();
  return makeExecutableSchema({
    typeDefs: [
      stitchingDirectivesTypeDefs,
      /* GraphQL */ `
        scalar ${own}Date
        enum ${own}Weekday { MON TUE }
        type ${own}Address { street: String! }
        type User { id: ID! address: ${own}Address! joined: ${own}Date! meets: ${own}Weekday! country: ${countryType} }
        type ${countryType} @key(selectionSet: "{ code }") { code: String! }
        type Query { users: [User!]! }
      `,
    ],
    resolvers: {
      Query: {
        users: () =>
          CODES.map((code, index) => ({
            id: `u${index}`,
            address: { street: `${index} Main St` },
            joined: '2026-01-01',
            meets: 'MON',
            country: { code },
          })),
      },
    },
  });
}

let gw: TestGateway;
let ours: Listening;
let calls: string[];

beforeAll(async () => {
  gw = await startTestGateway();
  calls = [];
  ours = await listen(
    fetchListener(async (path, init) => {
      calls.push(String(init.body));
      return gw.request(path, init);
    }),
  );
}, 60_000);

afterAll(async () => {
  await ours?.close();
  await gw?.close();
});

describe('countriesByCodes and tokensByIds', () => {
  it('answer in key order, null with an error at the index of a bad or unknown key', async () => {
    const result = await gw.query(
      '{ countriesByCodes(codes: ["fr", "QQ", "G1", "GB"]) { code } tokensByIds(ids: [3306, 0, 424242, 3375]) { symbol } }',
    );
    expect(result.data).toEqual({
      countriesByCodes: [{ code: 'FR' }, null, null, { code: 'GB' }],
      tokensByIds: [{ symbol: 'ETH' }, null, null, { symbol: 'BTC' }],
    });
    expect(result.errors?.map((error) => [error.path, error.extensions])).toEqual(
      expect.arrayContaining([
        [['countriesByCodes', 1], { code: 'NOT_FOUND', argument: 'codes[1]' }],
        [['countriesByCodes', 2], { code: 'BAD_USER_INPUT', argument: 'codes[2]' }],
        [['tokensByIds', 1], { code: 'BAD_USER_INPUT', argument: 'ids[1]' }],
        [['tokensByIds', 2], { code: 'NOT_FOUND', argument: 'ids[2]' }],
      ]),
    );
    expect(result.errors).toHaveLength(4);
  });
});

describe('stitched with a peer (batch delegation through countriesByCodes)', () => {
  it('resolves five good countries in one call and spoils only the unknown one', async () => {
    const schema = stitch([await remoteSubschema(ours.url), peerSchema('Country', { ownTypesPrefix: 'Peer' })]);
    calls.length = 0;
    const result = await graphql({ schema, source: '{ users { id country { code names { common } } } }' });
    expect(result.data?.['users']).toEqual([
      { id: 'u0', country: { code: 'GB', names: { common: 'United Kingdom' } } },
      { id: 'u1', country: { code: 'US', names: { common: 'United States' } } },
      { id: 'u2', country: { code: 'FR', names: { common: 'France' } } },
      { id: 'u3', country: { code: 'DE', names: { common: 'Germany' } } },
      { id: 'u4', country: null },
      { id: 'u5', country: { code: 'AT', names: { common: 'Austria' } } },
    ]);
    expect(result.errors?.map((error) => [error.path, error.extensions['code']])).toEqual([
      [['users', 4, 'country', 'names'], 'NOT_FOUND'],
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('countriesByCodes');
  });
});

describe('TYPE_PREFIX', () => {
  let prefixed: TestGateway;
  let served: Listening;

  beforeAll(async () => {
    prefixed = await startTestGateway({ typePrefix: 'Rest' });
    served = await listen(fetchListener(prefixed.request));
  }, 60_000);

  afterAll(async () => {
    await served?.close();
    await prefixed?.close();
  });

  it('is needed: without it a peer with its own Address does not stitch', async () => {
    expect(() => stitch([peerSchema('Country')])).not.toThrow();
    const ourSubschema = await remoteSubschema(ours.url);
    expect(() => stitch([ourSubschema, peerSchema('Country')])).toThrow(/Address/);
  });

  it('lets a peer with its own Address, Date and Weekday stitch beside ours', async () => {
    const schema = stitch([await remoteSubschema(served.url), peerSchema('RestCountry')]);
    for (const name of ['Address', 'Date', 'Weekday', 'RestAddress', 'RestDate', 'RestWeekday', 'RestCountry'])
      expect(schema.getType(name), name).toBeDefined();
    const result = await graphql({ schema, source: '{ users { address { street } joined meets country { code names { common } } } }' });
    // QQ is the peer's mistake; it spoils only its own user's country.
    expect(result.errors?.map((error) => error.path?.slice(0, 3))).toEqual([['users', 4, 'country']]);
    expect(result.data?.['users']).toContainEqual({
      address: { street: '0 Main St' },
      joined: '2026-01-01',
      meets: 'MON',
      country: { code: 'GB', names: { common: 'United Kingdom' } },
    });
  });

  it('lets a federation peer with its own Address, Date and Weekday compose beside ours, and is needed for it', async () => {
    const peer = (country: string) =>
      parse(`extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
        type Query { members: [Member!]! }
        type Member @key(fields: "id") { id: ID! address: Address joined: Date meets: Weekday country: ${country} }
        type Address { street: String! }
        scalar Date
        enum Weekday { MON TUE }
        type ${country} @key(fields: "code", resolvable: false) { code: String! }`);
    const prefixedSdl = await serviceSdl(served.url);
    const composed = composeServices([
      { name: 'rest', typeDefs: parse(prefixedSdl) },
      { name: 'peer', typeDefs: peer('RestCountry') },
    ]);
    expect(composed.errors ?? []).toEqual([]);
    expect(composed.supergraphSdl).toContain('type RestAddress');
    const unprefixed = composeServices([
      { name: 'rest', typeDefs: parse(await serviceSdl(ours.url)) },
      { name: 'peer', typeDefs: peer('Country') },
    ]);
    expect(unprefixed.errors?.map((error) => error.message).join('\n')).toMatch(/Address/);
  });

  it('is refused at start-up unless it is a GraphQL name', () => {
    expect(readTypePrefix({ TYPE_PREFIX: ' Rest ' })).toBe('Rest');
    expect(() => readTypePrefix({ TYPE_PREFIX: '1x' })).toThrow('TYPE_PREFIX must be a GraphQL name such as Rest, got "1x"');
  });

  it('applies to federation representations and the subgraph SDL', async () => {
    const result = await prefixed.query(
      '{ _service { sdl } _entities(representations: [{ __typename: "RestCountry", code: "FR" }]) { __typename ... on RestCountry { code } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.['_entities']).toEqual([{ __typename: 'RestCountry', code: 'FR' }]);
    expect(result.data?.['_service']).toEqual({ sdl: expect.stringContaining('type RestCountry @key(fields: "code")') });
  });

  it('renames types but not root fields, and abstract types still resolve', async () => {
    const result = await prefixed.query(`{ addresses(query: "1600 Pennsylvania Ave NW, Washington, DC 20500") {
      hits { __typename ... on RestAddress { countryIso2 } } } country(code: "GB") { __typename code } }`);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      addresses: { hits: [{ __typename: 'RestUsAddress', countryIso2: 'US' }] },
      country: { __typename: 'RestCountry', code: 'GB' },
    });
  });
});
