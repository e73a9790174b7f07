/**
 * One malformed key spoils only itself: a `@graphql-tools/stitch` gateway batching (`batch: true`)
 * seven `country(code:)` lookups into one operation gets six countries and one error, where
 * graphql-js would refuse the whole operation for its one variable that does not coerce. A single
 * request, and a literal, keep the errors they always had.
 */
import { buildHTTPExecutor } from '@graphql-tools/executor-http';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { stitchSchemas } from '@graphql-tools/stitch';
import { buildSchema, graphql } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../support/gateway.js';
import { fetchListener, listen, type Listening } from './http.js';

const CODES = ['GB', 'US', 'FR', 'DE', 'AT', 'JP', 'Z1'];
const Z1_REFUSED = 'got invalid value "Z1"; CountryCode must be two or three letters, or three digits; received "Z1"';

/** A peer whose users point at our countries by code, the last one with a malformed code. */
const peer = makeExecutableSchema({
  typeDefs: /* GraphQL */ `
    type User {
      id: ID!
      country: Country
    }
    type Country {
      code: String!
    }
    type Query {
      users: [User!]!
    }
  `,
  resolvers: { Query: { users: () => CODES.map((code, index) => ({ id: `u${index}`, country: { code } })) } },
});

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

async function post(body: unknown): Promise<{ status: number; answer: unknown }> {
  const response = await gw.request('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: await response.json() };
}

describe('a stitching gateway batching country(code:) lookups', () => {
  it('resolves the six good codes beside the malformed one, in one request to us', async () => {
    const sdl = (await post({ query: '{ _sdl }' })).answer as { data: { _sdl: string } };
    const schema = stitchSchemas({
      subschemas: [
        {
          schema: buildSchema(sdl.data._sdl),
          executor: buildHTTPExecutor({ endpoint: ours.url }),
          batch: true,
          merge: { Country: { fieldName: 'country', selectionSet: '{ code }', args: ({ code }: { code: string }) => ({ code }) } },
        },
        peer,
      ],
    });
    calls.length = 0;
    const result = await graphql({ schema, source: '{ users { id country { code names { common } } } }' });
    expect(result.data?.['users']).toEqual([
      { id: 'u0', country: { code: 'GB', names: { common: 'United Kingdom' } } },
      { id: 'u1', country: { code: 'US', names: { common: 'United States' } } },
      { id: 'u2', country: { code: 'FR', names: { common: 'France' } } },
      { id: 'u3', country: { code: 'DE', names: { common: 'Germany' } } },
      { id: 'u4', country: { code: 'AT', names: { common: 'Austria' } } },
      { id: 'u5', country: { code: 'JP', names: { common: 'Japan' } } },
      { id: 'u6', country: null },
    ]);
    expect(result.errors?.map((error) => [error.path?.slice(0, 3), error.message, error.extensions])).toEqual([
      [['users', 6, 'country'], `Variable "$_v6_code" ${Z1_REFUSED}`, { code: 'BAD_USER_INPUT', variable: '_v6_code' }],
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('_v6_country:country(code:$_v6_code)');
  });
});

describe('one operation of our own', () => {
  it('answers the good keys and fails the malformed one at its field', async () => {
    const { status, answer } = await post({
      query: 'query ($a: CountryCode!, $b: CountryCode!) { a: country(code: $a) { code } b: country(code: $b) { code } }',
      variables: { a: 'gb', b: 'Z1' },
    });
    expect(status).toBe(200);
    expect(answer).toEqual({
      data: { a: { code: 'GB' }, b: null },
      errors: [
        {
          message: `Variable "$b" ${Z1_REFUSED}`,
          locations: [{ line: 1, column: 26 }],
          path: ['b'],
          extensions: { code: 'BAD_USER_INPUT', variable: 'b' },
        },
      ],
      extensions: expect.any(Object),
    });
  });

  it('is refused whole, as before, when nothing else in it answers', async () => {
    const { status, answer } = await post({
      query: 'query ($code: CountryCode!) { country(code: $code) { code } again: country(code: $code) { code } }',
      variables: { code: 'Z1' },
    });
    expect(status).toBe(400);
    expect(answer).toEqual({
      errors: [
        {
          message: `Variable "$code" ${Z1_REFUSED}`,
          locations: [{ line: 1, column: 8 }],
          extensions: { code: 'BAD_USER_INPUT', variable: 'code' },
        },
      ],
    });
  });

  it('is refused whole when the refused key is below the root, as before', async () => {
    const { status, answer } = await post({
      query: 'query ($to: CountryCode!) { token(id: 3375) { priceIn(country: $to) { amount } } }',
      variables: { to: 5 },
    });
    expect(status).toBe(400);
    expect(answer).toMatchObject({
      errors: [
        {
          message: 'Variable "$to" got invalid value 5; CountryCode must be a string; received 5',
          locations: [{ line: 1, column: 8 }],
          extensions: { code: 'BAD_USER_INPUT', variable: 'to' },
        },
      ],
    });
    expect(answer).not.toHaveProperty('data');
  });

  it('still refuses a malformed literal in validation', async () => {
    const { status, answer } = await post({ query: '{ gb: country(code: "GB") { code } z1: country(code: "Z1") { code } }' });
    expect(status).toBe(400);
    expect(answer).toEqual({
      errors: [
        {
          message:
            'Expected value of type "CountryCode!", found "Z1"; CountryCode must be two or three letters, or three digits; received "Z1"',
          locations: [{ line: 1, column: 54 }],
          extensions: { code: 'BAD_USER_INPUT', argument: 'code' },
        },
      ],
    });
  });
});
