/**
 * Fuzzing the GraphQL-over-HTTP parameters against the real gateway process: every JSON type in
 * each of `query`, `operationName`, `variables` and `extensions` (and as the whole body), and
 * nesting from 1 to 100,000 levels in documents (list literals, input objects, selection sets) and
 * in variables and extensions (arrays and objects). The body and query limits are raised so deep
 * nesting reaches the gateway's own checks instead of stopping at MAX_REQUEST_BYTES. Each answer is
 * a 2xx or a 4xx with an `extensions.code`, never a 5xx, never a stack or a source path; the
 * process logs nothing at error level and is alive after each case. Deep values are written as
 * text: JSON.stringify itself recurses.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/gateway.js';
import { type GatewayProcess, spawnGateway } from '../ops/gateway-process.js';
import { fuzzParameters, TEST_TIMEOUT_MS } from './fuzz-settings.js';

let gateway: GatewayProcess;
let port: number;

beforeAll(async () => {
  gateway = spawnGateway({ PORT: '0', LOG_LEVEL: 'info', MAX_REQUEST_BYTES: '2000000', MAX_QUERY_BYTES: '2000000' }, ROOT);
  port = Number(new URL(String((await gateway.logLine('gateway ready')).url)).port);
}, 90_000);

afterAll(() => {
  if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
});

/** Marks of a stack trace or of the gateway's own files in an answer. */
const LEAKS = [/\bat [\w$.<>]+ \(/, /\.[cm]?[jt]s:\d+/, /node:internal/, /\/work\//, /dist\/gateway/, /node_modules/];

interface Sent {
  method: 'POST' | 'GET';
  /** The body (POST) or the query string (GET), as text. */
  text: string;
}

async function send(request: Sent): Promise<{ status: number; body: string }> {
  const url = `http://127.0.0.1:${port}/graphql${request.method === 'GET' ? `?${request.text}` : ''}`;
  const response = await fetch(url, {
    method: request.method,
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
    ...(request.method === 'POST' ? { body: request.text } : {}),
  });
  return { status: response.status, body: await response.text() };
}

/** The property: a 2xx, or a 4xx naming its code; no 5xx; nothing of the server's insides; still alive. */
async function expectClientAnswer(request: Sent): Promise<void> {
  const { status, body } = await send(request);
  const what = `${request.method} ${request.text.slice(0, 160)} -> ${status} ${body.slice(0, 300)}`;
  expect(status, what).toBeLessThan(500);
  for (const leak of LEAKS) expect(leak.test(body), `${what} leaks ${leak}`).toBe(false);
  if (status >= 400) {
    const answer = JSON.parse(body) as { errors?: { extensions?: { code?: unknown } }[] };
    expect(answer.errors?.length, what).toBeGreaterThan(0);
    for (const error of answer.errors ?? []) expect(typeof error.extensions?.code, what).toBe('string');
  }
  expect(gateway.child.exitCode, what).toBeNull();
}

/** `open` `depth` times, then `middle`, then `close` `depth` times: a nested value as text. */
const nested = (open: string, middle: string, close: string, depth: number): string =>
  `${open.repeat(depth)}${middle}${close.repeat(depth)}`;

const depth = fc.oneof(
  fc.integer({ min: 1, max: 200 }),
  fc.integer({ min: 200, max: 100_000 }),
  fc.constantFrom(99, 100, 101, 1_500, 2_500, 45_000, 100_000),
);

/** A document nested `depth` deep in one of the ways a parser recurses. */
const deepDocument = fc.tuple(fc.constantFrom('list', 'object', 'selection', 'mixed'), depth).map(([kind, levels]) => {
  switch (kind) {
    case 'list':
      return `{ countries(codes: ${nested('[', '"FR"', ']', levels)}) { total } }`;
    case 'object':
      return `{ countries(where: ${nested('{ a: ', '1', ' }', levels)}) { total } }`;
    case 'selection':
      return `${nested('{ a ', '', '}', levels)}`;
    default:
      return `query { countries(codes: ${nested('[{a:(', '1', ')}]', Math.ceil(levels / 3))}) { total } }`;
  }
});

/** Variables (or extensions) nested `depth` deep, as JSON text. */
const deepJson = fc.tuple(fc.constantFrom('array', 'object', 'mixed'), depth).map(([kind, levels]) => {
  if (kind === 'array') return nested('[', '1', ']', levels);
  if (kind === 'object') return nested('{"a":', '1', '}', levels);
  return nested('[{"a":', '"FR"', '}]', Math.ceil(levels / 2));
});

const ENTITIES = 'query($r: [_Any!]!) { _entities(representations: $r) { __typename } }';
const COUNTRIES = 'query($codes: [String!]) { countries(codes: $codes) { total } }';

/** A body whose parameters may each be any JSON value; the whole body may be any JSON value too. */
const anyParameters: fc.Arbitrary<Sent> = fc
  .oneof(
    fc.record(
      {
        query: fc.oneof(
          fc.jsonValue(),
          fc.constantFrom('{ __typename }', COUNTRIES, ENTITIES, '{ country(code: "FR") { names { common } } }'),
        ),
        operationName: fc.jsonValue(),
        variables: fc.jsonValue(),
        extensions: fc.jsonValue(),
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue(),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue(), { maxKeys: 4 }),
  )
  .map((body) => ({ method: 'POST' as const, text: JSON.stringify(body) }));

const deepPosts: fc.Arbitrary<Sent> = fc.oneof(
  deepDocument.map((query) => ({ method: 'POST' as const, text: JSON.stringify({ query }) })),
  fc.tuple(fc.constantFrom(ENTITIES, COUNTRIES), deepJson, fc.constantFrom('variables', 'extensions')).map(([query, json, where]) => ({
    method: 'POST' as const,
    text:
      where === 'variables'
        ? `{"query":${JSON.stringify(query)},"variables":{"r":[{"__typename":"Country","code":${json}}],"codes":${json}}}`
        : `{"query":${JSON.stringify(query)},"extensions":{"x":${json}}}`,
  })),
);

/** GET carries the same parameters in the query string, within what a URL may hold (a 431 has no GraphQL body to check). */
const deepGets: fc.Arbitrary<Sent> = fc
  .tuple(fc.integer({ min: 1, max: 1_500 }), fc.constantFrom('query', 'variables', 'operationName'))
  .map(([levels, where]) => {
    const params = new URLSearchParams({
      query: where === 'query' ? `{ countries(codes: ${nested('[', '"FR"', ']', levels)}) { total } }` : COUNTRIES,
    });
    if (where === 'variables') params.set('variables', `{"codes":${nested('[', '"FR"', ']', levels)}}`);
    if (where === 'operationName') params.set('operationName', nested('[', '1', ']', levels));
    return { method: 'GET' as const, text: params.toString() };
  });

describe('malformed and deeply nested request parameters', () => {
  it.each([
    ['an operationName object', '{"query":"{ __typename }","operationName":{"toString":1}}'],
    ['a query object', '{"query":{"toString":1}}'],
    ['variables as an array', '{"query":"{ __typename }","variables":[1]}'],
    ['extensions as a string', '{"query":"{ __typename }","extensions":"x"}'],
    ['a list literal 2,500 deep', JSON.stringify({ query: `{ countries(codes: ${nested('[', '"FR"', ']', 2_500)}) { total } }` })],
    [
      '_Any variables 45,000 deep',
      `{"query":${JSON.stringify(ENTITIES)},"variables":{"r":[{"__typename":"Country","code":${nested('[', '1', ']', 45_000)}}]}}`,
    ],
  ])('%s: a 400 with a code', async (_name, text) => {
    const { status, body } = await send({ method: 'POST', text });
    expect(status).toBe(400);
    expect((JSON.parse(body) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toMatch(
      /^(BAD_REQUEST|MAX_NESTING_EXCEEDED)$/,
    );
  });

  it('any JSON in any parameter', { timeout: TEST_TIMEOUT_MS }, async () => {
    await fc.assert(fc.asyncProperty(anyParameters, expectClientAnswer), fuzzParameters(31_001, 150, 0.3));
  });

  it('documents, variables and extensions nested up to 100,000 deep, over POST and GET', { timeout: TEST_TIMEOUT_MS }, async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(deepPosts, deepGets), expectClientAnswer), fuzzParameters(31_002, 80, 0.7));
  });

  it("logged nothing at error level: every case was the client's mistake", () => {
    const errors = gateway
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level?: number; msg?: string })
      .filter((line) => (line.level ?? 0) >= 50);
    expect(errors).toEqual([]);
    expect(gateway.child.exitCode).toBeNull();
  });
});
