/**
 * GraphQL over HTTP to the letter: the graphql-http audit (every MUST and SHOULD), and the
 * client's mistakes answered with their HTTP status and a catalogued code, never masked.
 */
import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
}, 60_000);
afterAll(async () => gw?.close());

const GRAPHQL_RESPONSE = 'application/graphql-response+json';

async function post(body: string, accept = GRAPHQL_RESPONSE): Promise<Response> {
  return gw.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', accept }, body });
}

interface ErrorBody {
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  data?: unknown;
}

async function errorsOf(response: Response): Promise<NonNullable<ErrorBody['errors']>> {
  const body = (await response.json()) as ErrorBody;
  return body.errors ?? [];
}

describe('the graphql-http audit', () => {
  const audits = serverAudits({
    url: 'http://gateway.test/graphql',
    fetchFn: async (input: string, init?: RequestInit) => {
      const url = new URL(input);
      return gw.request(`${url.pathname}${url.search}`, init);
    },
  });
  for (const audit of audits) {
    it(audit.name, async () => {
      const result = await audit.fn();
      expect(result.status === 'ok' ? 'ok' : `${result.status}: ${result.reason}`).toBe('ok');
    });
  }
});

describe("a client's mistakes", () => {
  it('a variable of the wrong type is BAD_USER_INPUT naming the variable, HTTP 400', async () => {
    const response = await post(
      JSON.stringify({ query: 'query Q($code: CountryCode!) { country(code: $code) { __typename } }', variables: { code: 7 } }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain(GRAPHQL_RESPONSE);
    const [error] = await errorsOf(response);
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', variable: 'code' });
    expect(error?.message).toMatch(/\$code.*7/);
  });

  it('a missing required variable is BAD_USER_INPUT naming it', async () => {
    const response = await post(JSON.stringify({ query: 'query Q($code: CountryCode!) { country(code: $code) { __typename } }' }));
    expect(response.status).toBe(400);
    const [error] = await errorsOf(response);
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', variable: 'code' });
    expect(error?.message).toContain('was not provided');
  });

  it('a legacy application/json client gets 200 for the same variable error', async () => {
    const response = await post(
      JSON.stringify({ query: 'query Q($code: CountryCode!) { country(code: $code) { __typename } }' }),
      'application/json',
    );
    expect(response.status).toBe(200);
    expect((await errorsOf(response))[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('malformed JSON is BAD_REQUEST, HTTP 400', async () => {
    const response = await post('{"query": "{ __typename }"');
    expect(response.status).toBe(400);
    expect((await errorsOf(response))[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('a batched array is refused with BAD_REQUEST, HTTP 400', async () => {
    const response = await post(JSON.stringify([{ query: '{ __typename }' }, { query: '{ __typename }' }]));
    expect(response.status).toBe(400);
    expect((await errorsOf(response))[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('a syntax error is GRAPHQL_PARSE_FAILED, HTTP 400', async () => {
    const response = await post(JSON.stringify({ query: '{ country(code: "FR" { cca2 } }' }));
    expect(response.status).toBe(400);
    expect((await errorsOf(response))[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('an unknown field is GRAPHQL_VALIDATION_FAILED, HTTP 400', async () => {
    const response = await post(JSON.stringify({ query: '{ noSuchField }' }));
    expect(response.status).toBe(400);
    expect((await errorsOf(response))[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('a mutation over GET is METHOD_NOT_ALLOWED, HTTP 405 with Allow: POST', async () => {
    const query = encodeURIComponent('mutation { __typename }');
    const response = await gw.request(`/graphql?query=${query}`, { headers: { accept: GRAPHQL_RESPONSE } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect((await errorsOf(response))[0]?.extensions?.code).toBe('METHOD_NOT_ALLOWED');
  });

  it.each(['PUT', 'DELETE', 'PATCH'])('%s is METHOD_NOT_ALLOWED, HTTP 405 with Allow', async (method) => {
    const response = await gw.request('/graphql', {
      method,
      headers: { 'content-type': 'application/json', accept: GRAPHQL_RESPONSE },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
    expect((await errorsOf(response))[0]?.extensions?.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('keeps the argument-literal recoding: a bad scalar literal is BAD_USER_INPUT naming the argument', async () => {
    const response = await post(JSON.stringify({ query: '{ cryptoBrief(currency: "EURO") { headline } }' }));
    expect(response.status).toBe(400);
    expect((await errorsOf(response))[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'currency' });
  });

  it('names the argument of every bad element of a list, and of a wire-spelled enum value', async () => {
    const response = await post(
      JSON.stringify({ query: '{ indices(timeHorizon: quarter, exchanges: [COINBASE, kraken, okx]) { date } }' }),
    );
    expect(response.status).toBe(400);
    const errors = await errorsOf(response);
    expect(errors.map((error) => error.extensions)).toEqual([
      { code: 'BAD_USER_INPUT', argument: 'timeHorizon' },
      { code: 'BAD_USER_INPUT', argument: 'exchanges' },
      { code: 'BAD_USER_INPUT', argument: 'exchanges' },
    ]);
    expect(errors[0]?.message).toContain('Did you mean the enum value "QUARTER"?');
  });
});
