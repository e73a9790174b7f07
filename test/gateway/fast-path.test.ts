/**
 * The request fast path (src/gateway/http/fast-path.ts) answers exactly as Yoga's path does. Two
 * gateways over the same sandboxes and schema, one served by `createGatewayServer().listener`
 * (fast path in front of Yoga), the other by Yoga alone, get the same requests over node:http:
 * every query of the example documents (test/examples/), and generated mixes of Accept and Content-Type
 * headers, request ids, variables, malformed bodies and error answers. Status, the headers a
 * client reads, the body and the request log line must be the same, byte for byte; the fast
 * gateway's metrics must show that it did answer them itself. Then the fast path's own reading
 * of a body: split across packets, pipelined, cut off mid-way, with the process alive after each.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import fc from 'fast-check';
import { Kind, parse, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../src/gateway/build-schema.js';
import { createGateway, createGatewayServer } from '../../src/gateway/server.js';
import { createAddressSandbox } from '../../src/sandbox/address/index.js';
import { SANDBOXES } from '../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/sandbox-server.js';
import { ROOT } from '../support/gateway.js';
import { sandboxUpstreams } from '../support/vendors.js';
import { type Answer, comparable, SAME_ORIGIN, type Sent, send as sendTo, serve, type Served } from '../support/differential.js';

/** What a client reads of an answer besides its body; Date and Keep-Alive are node's, the same on both paths. */
const COMPARED_HEADERS = [
  'content-type',
  'content-length',
  'x-request-id',
  'vary',
  'connection',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'access-control-allow-methods',
  'access-control-allow-headers',
];

/**
 * Every query operation of the example documents (test/examples/), both ways a client sends one: the
 * whole file with the operation's name, and the operation alone with its fragments.
 */
function exampleQueries(): { query: string; operationName: string }[] {
  const folder = `${ROOT}test/examples/`;
  return readdirSync(folder)
    .filter((file) => file.endsWith('.graphql'))
    .flatMap((file) => {
      const query = readFileSync(`${folder}${file}`, 'utf8');
      const { definitions } = parse(query);
      const fragments = definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION);
      return definitions.flatMap((definition) =>
        definition.kind === Kind.OPERATION_DEFINITION && definition.operation === 'query' && definition.name
          ? [
              { query, operationName: definition.name.value },
              { query: print({ kind: Kind.DOCUMENT, definitions: [definition, ...fragments] }), operationName: definition.name.value },
            ]
          : [],
      );
    });
}

/** Sends `sent` to a gateway, reading the headers both paths must agree on. */
const send = (port: number, sent: Sent): Promise<Answer> => sendTo(port, sent, COMPARED_HEADERS);

let sandboxes: RunningSandbox[] = [];
let dataRoot: string;
let fast: Served;
let slow: Served;
let destroySchema: () => void;

beforeAll(async () => {
  // One instant for the sandboxes and both gateways, so "today" is the same wherever it is read.
  const now = new Date();
  const clock = (): Date => now;
  dataRoot = mkdtempSync(join(tmpdir(), 'fast-path-test-'));
  sandboxes = await Promise.all(
    SANDBOXES.map((entry) =>
      startSandbox(
        // C's per-address limit (30 a second) would answer one gateway and refuse the other; both gateways share these sandboxes.
        entry.upstream === 'address'
          ? createAddressSandbox({ dataDir: join(dataRoot, 'address'), now: () => now.getTime(), requestsPerSecond: 1_000_000 })
          : entry.create({ clock, dataDir: join(dataRoot, entry.upstream) }),
      ),
    ),
  );
  const built = await buildGatewaySchema(ROOT, {});
  destroySchema = built.destroy;
  const base = {
    schema: built.schema,
    upstreams: sandboxUpstreams(sandboxes),
    upstreamTimeoutMs: 10_000,
    // Uncached on both: a cache hit on one side only would show in extensions.cost.
    cacheTtlMs: 0,
    clock,
    sandboxUpstreams: SANDBOXES.map((entry) => entry.upstream),
  };
  fast = await serve((options) => createGatewayServer(options).listener, base);
  slow = await serve((options) => createGateway(options), base);
}, 60_000);

afterAll(async () => {
  for (const served of [fast, slow]) {
    await new Promise<void>((resolve) => served.server.close(() => resolve()));
    await served.transport.close();
  }
  destroySchema();
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  rmSync(dataRoot, { recursive: true, force: true });
});

/** Sends `sent` to both gateways (twice to the fast one: the first makes its plan) and expects the same answer and request line. */
async function expectSameAnswer(sent: Sent): Promise<Answer> {
  await send(fast.port, sent);
  const fastLines = fast.lines.length;
  const slowLines = slow.lines.length;
  const [fastAnswer, slowAnswer] = await Promise.all([send(fast.port, sent), send(slow.port, sent)]);
  expect({ sent, answer: fastAnswer }).toEqual({ sent, answer: slowAnswer });
  const requestLine = (served: Served, from: number) => {
    const line = served.lines.slice(from).find((candidate) => candidate.msg === 'graphql request');
    return line && comparable(line);
  };
  expect(requestLine(fast, fastLines)).toEqual(requestLine(slow, slowLines));
  return fastAnswer;
}

async function fastPathCount(result: 'answered' | 'handed_over'): Promise<number> {
  const metric = await fast.metrics.registry.getSingleMetric('gateway_fast_path_operations_total')?.get();
  return metric?.values.find((value) => value.labels.result === result)?.value ?? 0;
}

const JSON_POST = { 'content-type': 'application/json' };
const ONE_COUNTRY = '{ country(code: "FR") { names { common official } codes { alpha2 alpha3 } population } }';

describe('the fast path answers as Yoga does', () => {
  it('for every query of the example documents, and answers them itself', async () => {
    const queries = exampleQueries();
    expect(queries.length).toBeGreaterThan(20);
    const answered = await fastPathCount('answered');
    const handedOver = await fastPathCount('handed_over');
    for (const { query, operationName } of queries) {
      const answer = await expectSameAnswer({ headers: JSON_POST, body: JSON.stringify({ query, operationName }) });
      expect(answer.status).toBe(200);
    }
    // Each one's second request ran on the fast path (the first made its plan): answered, or handed over with its errors.
    expect((await fastPathCount('answered')) - answered + (await fastPathCount('handed_over')) - handedOver).toBe(queries.length);
    expect(await fastPathCount('answered')).toBeGreaterThan(answered);
  }, 120_000);

  it('for an answer with errors, which Yoga finishes without calling the upstream again', async () => {
    const handedOver = await fastPathCount('handed_over');
    const query = '{ convertCurrency(from: "XXX", to: "EUR", amount: 1) { rate } }';
    const answer = await expectSameAnswer({ headers: JSON_POST, body: JSON.stringify({ query }) });
    expect(JSON.parse(answer.body)).toMatchObject({
      data: { convertCurrency: null },
      extensions: { cost: { calls: { 'country-data': 1 } } },
    });
    expect(await fastPathCount('handed_over')).toBe(handedOver + 1);
  });

  it('for a browser page: CORS headers for an allowed origin, Vary alone for another, both answered fast', async () => {
    const body = JSON.stringify({ query: ONE_COUNTRY });
    await send(fast.port, { headers: JSON_POST, body });
    const answered = await fastPathCount('answered');
    const allowed = await expectSameAnswer({ headers: { ...JSON_POST, origin: 'http://localhost:5173' }, body });
    expect(allowed.headers).toMatchObject({
      'access-control-allow-origin': 'http://localhost:5173',
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'x-request-id',
      vary: 'Origin',
    });
    const sameOrigin = await expectSameAnswer({ headers: { ...JSON_POST, origin: SAME_ORIGIN }, body });
    expect(sameOrigin.headers['access-control-allow-origin']).toBe(SAME_ORIGIN);
    const elsewhere = await expectSameAnswer({ headers: { ...JSON_POST, origin: 'https://elsewhere.example' }, body });
    expect(elsewhere.headers).toMatchObject({ 'access-control-allow-origin': undefined, vary: 'Origin' });
    // Two requests to the fast gateway each, all with the plan the first request above made.
    expect(await fastPathCount('answered')).toBe(answered + 6);
  });

  it('for generated mixes of headers, ids, variables and bodies', async () => {
    const withVariable = 'query One($code: String!) { country(code: $code) { names { common } population } }';
    const twoOperations = `query A { country(code: "DE") { population } } query B { country(code: "JP") { population } }`;
    const bodies = fc.oneof(
      fc.constant(JSON.stringify({ query: ONE_COUNTRY })),
      fc.constantFrom('FR', 'de', 'JPN', 'ZZ', '').map((code) => JSON.stringify({ query: withVariable, variables: { code } })),
      fc.constant(JSON.stringify({ query: withVariable, variables: { code: 5 } })),
      fc.constant(JSON.stringify({ query: withVariable })),
      fc.constant(JSON.stringify({ query: withVariable, variables: null, operationName: null })),
      fc.constantFrom('A', 'B', 'C', null).map((operationName) => JSON.stringify({ query: twoOperations, operationName })),
      fc.constant(JSON.stringify({ query: ONE_COUNTRY, extensions: {} })),
      fc.constant(JSON.stringify({ query: ONE_COUNTRY, unexpected: 1 })),
      fc.constant(JSON.stringify({ query: ONE_COUNTRY, variables: 'code=FR' })),
      fc.constant(JSON.stringify({ query: 1 })),
      fc.constant(JSON.stringify([{ query: ONE_COUNTRY }])),
      fc.constant(`{"query": ${JSON.stringify(ONE_COUNTRY)}`),
      fc.constant(JSON.stringify({ query: 'mutation { createApiKey { key } }' })),
      fc.constant(JSON.stringify({ query: '{ __schema { queryType { name } } }' })),
      fc.constant(JSON.stringify({ query: '{ country(code: "FR") { nonsense } }' })),
    );
    const accepts = fc.constantFrom(
      undefined,
      '*/*',
      'application/json',
      'application/graphql-response+json',
      'application/graphql-response+json, application/json',
      'application/json, application/graphql-response+json',
      'application/json; charset=utf-16',
      'application/*',
      'text/html',
      'text/event-stream',
      'multipart/mixed',
      'application/graphql-response+json;q=0.5, application/json;q=1',
    );
    const contentTypes = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON;Charset=UTF-8',
      'application/json; charset=latin1',
      'text/plain',
      'application/graphql-response+json',
    );
    const requestIds = fc.constantFrom(undefined, 'req-7.a:b', 'two words');
    const origins = fc.constantFrom(undefined, undefined, 'http://localhost:5173', 'https://elsewhere.example', SAME_ORIGIN, 'null');
    const preflightHeaders = fc.constantFrom(undefined, undefined, 'access-control-request-method', 'access-control-request-headers');
    await fc.assert(
      fc.asyncProperty(
        bodies,
        accepts,
        contentTypes,
        requestIds,
        origins,
        preflightHeaders,
        async (body, accept, contentType, requestId, origin, preflightHeader) => {
          const headers: Record<string, string> = { 'content-type': contentType };
          if (accept !== undefined) headers.accept = accept;
          if (requestId !== undefined) headers['x-request-id'] = requestId;
          if (origin !== undefined) headers.origin = origin;
          if (preflightHeader !== undefined) headers[preflightHeader] = 'x-custom';
          await expectSameAnswer({ headers, body });
        },
      ),
      { numRuns: 120 },
    );
  }, 120_000);
});

/** Writes `parts` to a raw connection `gapMs` apart and resolves with everything the server sent until it closed or went quiet. */
function rawExchange(port: number, parts: readonly string[], gapMs: number, endAfter = true): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let quiet: NodeJS.Timeout | undefined;
    const finish = (): void => {
      socket.destroy();
      resolve(received);
    };
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      clearTimeout(quiet);
      quiet = setTimeout(finish, 300);
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    void (async () => {
      for (const part of parts) {
        socket.write(part);
        await new Promise((wait) => setTimeout(wait, gapMs));
      }
      if (endAfter) quiet = setTimeout(finish, 2_000);
      else socket.destroy();
    })();
  });
}

function rawPost(body: string, extra = ''): { head: string; body: string } {
  return {
    head: `POST /graphql HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${extra}\r\n`,
    body,
  };
}

describe('the fast path reads a body however it arrives', () => {
  const body = JSON.stringify({ query: ONE_COUNTRY });

  it('in pieces, packets apart', async () => {
    await send(fast.port, { headers: JSON_POST, body });
    const { head } = rawPost(body);
    for (const gapMs of [0, 5, 40]) {
      const pieces = [head, body.slice(0, 7), body.slice(7, 30), body.slice(30)];
      const received = await rawExchange(fast.port, pieces, gapMs);
      expect(received).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(received).toContain('"common":"France"');
    }
  });

  it('pipelined, two requests in one write, answered in order', async () => {
    const first = rawPost(JSON.stringify({ query: '{ country(code: "DE") { names { common } } }' }));
    const second = rawPost(body);
    await send(fast.port, { headers: JSON_POST, body: first.body });
    const received = await rawExchange(fast.port, [first.head + first.body + second.head + second.body], 0);
    expect(received.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(received.indexOf('Germany')).toBeLessThan(received.indexOf('France'));
  });

  it('cut off mid-body, then closed, leaving the server serving', async () => {
    const { head } = rawPost(body);
    for (const cut of [0, 1, Math.floor(body.length / 2), body.length - 1]) {
      await rawExchange(fast.port, [head, body.slice(0, cut)], 10, false);
    }
    const answer = await send(fast.port, { headers: JSON_POST, body });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"common":"France"');
  });
});
