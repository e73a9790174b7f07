import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../../test/support/gateway.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());
beforeEach(() => {
  for (const sandbox of Object.values(gw.sandboxes)) if (sandbox) sandbox.requests.length = 0;
});

/** Every request the four sandboxes received since the test began. */
const upstreamRequests = () => Object.values(gw.sandboxes).flatMap((sandbox) => sandbox?.requests ?? []);

async function refusal(query: string, variables?: Record<string, unknown>) {
  const result = await gw.query(query, { variables });
  expect(result.errors, JSON.stringify(result.data)).toHaveLength(1);
  return result.errors?.[0];
}

describe('documented limits are checked before any upstream call', () => {
  it.each([
    ['{ tokens(limit: 1000000) { symbol } }', 'limit', 'a whole number from 1 to 10000', 1000000],
    ['{ countries(limit: -1) { total } }', 'limit', 'a whole number from 1 to 100', -1],
    ['{ countries(limit: 101) { total } }', 'limit', 'a whole number from 1 to 100', 101],
    ['{ countries(offset: -3) { total } }', 'offset', 'a whole number of at least 0', -3],
    ['{ countriesByName(q: "fr", limit: 500) { total } }', 'limit', 'a whole number from 1 to 100', 500],
    ['{ addresses(query: "10 Downing Street", limit: 0) { total } }', 'limit', 'a whole number from 1 to 100', 0],
  ])('%s', async (query, argument, expected, received) => {
    const error = await refusal(query);
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    expect(error?.message).toBe(`Argument "${argument}" must be ${expected}; received ${JSON.stringify(received)}.`);
    expect(upstreamRequests()).toEqual([]);
  });

  it('refuses a sort field the country record does not have, naming the choices', async () => {
    const error = await refusal('{ countries(sort: "nonexistent") { total } }');
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'sort' });
    expect(error?.message).toMatch(/^Argument "sort" must be a field path of D's country record .*received "nonexistent"\.$/);
    expect(upstreamRequests()).toEqual([]);
  });

  it('passes values inside the limits on to the upstream', async () => {
    const result = await gw.query('{ countries(limit: 100, sort: "-population") { nodes { names { common } } } }');
    expect(result.errors).toBeUndefined();
    expect(result.data?.countries).toMatchObject({ nodes: expect.arrayContaining([{ names: { common: 'China' } }]) });
    expect(upstreamRequests().map((request) => request.operationId)).toEqual(['listCountries']);
  });
});

describe('scalar refusals say what was expected and what came', () => {
  it.each([
    ['{ tokens(limit: -5) { symbol } }', 'PositiveInt must be a positive whole number (1 or more); received -5'],
    ['{ countriesByName(q: "") { total } }', 'SearchText must be a string of 1 to 200 characters; received ""'],
    ['{ countriesByName(q: "fr", offset: -1) { total } }', 'NonNegativeInt must be a whole number of 0 or more; received -1'],
  ])('literal %s', async (query, message) => {
    const error = await refusal(query);
    expect(error?.message).toContain(message);
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(upstreamRequests()).toEqual([]);
  });

  it('a variable', async () => {
    const error = await refusal('query ($limit: PositiveInt) { tokens(limit: $limit) { symbol } }', { limit: 0 });
    expect(error?.message).toContain('PositiveInt must be a positive whole number (1 or more); received 0');
    expect(upstreamRequests()).toEqual([]);
  });
});
