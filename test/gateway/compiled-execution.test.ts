/**
 * Compiled execution (GRAPHQL_JIT, on by default) answers exactly what graphql-js answers: data,
 * abstract types (with TYPE_PREFIX too), errors with their codes and arguments, and variables
 * that do not coerce, which fall back to graphql-js for its message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/gateway/config.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

let compiled: TestGateway;
let interpreted: TestGateway;
let prefixed: TestGateway;

beforeAll(async () => {
  [compiled, interpreted, prefixed] = await Promise.all([
    startTestGateway(),
    startTestGateway({ jit: false }),
    startTestGateway({ typePrefix: 'Rest' }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([compiled?.close(), interpreted?.close(), prefixed?.close()]);
});

const SAME: { query: string; variables?: Record<string, unknown> }[] = [
  {
    query:
      '{ country(code: "FR") { names { common } codes { alpha2 } capitals { name } population borderCountries { names { common } } } }',
  },
  { query: '{ countries(limit: 5, sort: "-population") { total nodes { names { common } cars { drivingSide } } } }' },
  { query: '{ tokens(limit: 3) { symbol prices { date close } investorGrade { tmInvestorGrade } } }' },
  { query: '{ addresses(query: "Room 1, Block 1 Arthur Vick CV4 7AL") { hits { __typename ... on UkAddress { dataset udprn } } } }' },
  { query: '{ emailValidation(email: "someone@example.com") { result } indices(timeHorizon: QUARTER, limit: 2) { date exchange } }' },
  { query: '{ country(code: "QQQQ") { population } }' },
  { query: 'query ($c: CountryCode!) { country(code: $c) { names { common } } }', variables: { c: 'DE' } },
  { query: 'query ($d: Date) { tokenPrices(startDate: $d) { close } }', variables: { d: '2025-02-30' } },
  { query: '{ country(code: "SE") { names { common } } ipLookup(ip: "not-an-ip") { ip } }' },
];

describe('compiled execution', () => {
  it.each(SAME)('answers $query as graphql-js does', async ({ query, variables }) => {
    const options = variables ? { variables } : {};
    const [fast, plain] = await Promise.all([compiled.query(query, options), interpreted.query(query, options)]);
    expect(fast).toEqual(plain);
  });

  it('resolves abstract types under TYPE_PREFIX', async () => {
    const result = await prefixed.query(
      '{ addresses(query: "1600 Pennsylvania Ave NW, Washington, DC 20500") { hits { __typename ... on RestAddress { countryIso2 } } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ addresses: { hits: [{ __typename: 'RestUsAddress', countryIso2: 'US' }] } });
  });

  it('is on unless GRAPHQL_JIT=false', () => {
    expect(loadConfig({}).jit).toBe(true);
    expect(loadConfig({ GRAPHQL_JIT: 'false' }).jit).toBe(false);
    expect(() => loadConfig({ GRAPHQL_JIT: 'fast' })).toThrow(/GRAPHQL_JIT must be true or false, got "fast"/);
  });
});
