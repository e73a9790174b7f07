/**
 * A request id round-trips: taken from `x-request-id` when sane, generated otherwise, echoed on
 * every answer, forwarded to the upstream, and on the request's log lines: the request line, an
 * unexpected error's line and the upstream transport's failures. Mesh's own log calls come out as
 * JSON lines without colour codes.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayContext } from '../../../src/gateway/context.js';
import { createLogger } from '../../../src/gateway/logger.js';
import { meshLogger } from '../../../src/gateway/schema/mesh-logger.js';
import { createGateway } from '../../../src/gateway/server.js';
import { VENDORS } from '../../support/vendors.js';

interface LogLine {
  msg: string;
  level: number;
  requestId?: string;
  component?: string;
  source?: string;
  err?: { message?: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let upstream: Server;
const seen: IncomingHttpHeaders[] = [];
const lines: LogLine[] = [];
let yoga: ReturnType<typeof createGateway>;

beforeAll(async () => {
  // A country-data stand-in: /ok answers, /broken fails, so the transport logs a warning mid-request.
  upstream = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(request.url === '/ok' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: request.url === '/ok' }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const schema = makeExecutableSchema<GatewayContext>({
    typeDefs: 'type Query { ok: Boolean, broken: Boolean, crash: Boolean }',
    resolvers: {
      Query: {
        ok: async (_root, _args, context) => (await context.upstream.get<{ ok: boolean }>('country-data', '/ok')).ok,
        broken: async (_root, _args, context) => (await context.upstream.get<{ ok: boolean }>('country-data', '/broken')).ok,
        crash: () => {
          throw new Error('a bug in a resolver');
        },
      },
    },
  });
  const logger = createLogger('info', { write: (line) => lines.push(JSON.parse(line) as LogLine) });
  yoga = createGateway({
    schema,
    upstreams: [{ name: 'country-data', url, credentials: { key: 'k' }, vendor: VENDORS['country-data'] }],
    upstreamTimeoutMs: 2_000,
    cacheTtlMs: 0,
    logger,
    upstreamSettings: { maxAttempts: 1 },
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

async function post(query: string, headers: Record<string, string> = {}): Promise<Response> {
  return yoga.fetch(
    new Request('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    }),
  );
}

describe('request ids', () => {
  it('echoes a sane x-request-id, forwards it upstream and stamps every log line of the request', async () => {
    lines.length = 0;
    seen.length = 0;
    const response = await post('{ ok broken }', { 'x-request-id': 'req-42.a:b' });
    expect(response.headers.get('x-request-id')).toBe('req-42.a:b');
    expect(seen.map((headers) => headers['x-request-id'])).toEqual(['req-42.a:b', 'req-42.a:b']);
    const requestLine = lines.find((line) => line.msg === 'graphql request');
    const upstreamLine = lines.find((line) => line.msg === 'upstream call failed');
    expect(requestLine?.requestId).toBe('req-42.a:b');
    expect(upstreamLine?.requestId).toBe('req-42.a:b');
    expect(lines.every((line) => line.requestId === 'req-42.a:b')).toBe(true);
  });

  it('stamps the line of an unexpected error with the id of the request it broke', async () => {
    lines.length = 0;
    const response = await post('{ crash }', { 'x-request-id': 'crash-7' });
    expect(response.headers.get('x-request-id')).toBe('crash-7');
    const errorLine = lines.find((line) => line.msg === 'unexpected error');
    expect(errorLine?.err?.message).toBe('a bug in a resolver');
    expect(errorLine?.requestId).toBe('crash-7');
    expect(lines.every((line) => line.requestId === 'crash-7')).toBe(true);
  });

  it('generates an id when none is given, and replaces one that is not a sane token', async () => {
    const generated = await post('{ ok }');
    expect(generated.headers.get('x-request-id')).toMatch(UUID);
    const replaced = await post('{ ok }', { 'x-request-id': 'two words "quoted"' });
    expect(replaced.headers.get('x-request-id')).toMatch(UUID);
    expect(replaced.headers.get('x-request-id')).not.toBe(generated.headers.get('x-request-id'));
  });

  it('is on answers Yoga refuses before execution, and on GET', async () => {
    const malformed = await post('{ ok', { 'x-request-id': 'parse-fail', accept: 'application/graphql-response+json' });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('x-request-id')).toBe('parse-fail');
    const viaGet = await yoga.fetch(new Request('http://gateway.test/graphql?query=%7Bok%7D', { headers: { 'x-request-id': 'by-get' } }));
    expect(viaGet.headers.get('x-request-id')).toBe('by-get');
  });

  it('keeps concurrent requests apart in the log', async () => {
    lines.length = 0;
    await Promise.all(['one', 'two', 'three'].map((id) => post('{ ok }', { 'x-request-id': id })));
    const ids = lines.filter((line) => line.msg === 'graphql request').map((line) => line.requestId);
    expect(ids.sort()).toEqual(['one', 'three', 'two']);
  });

  it('lets a browser on an allowed origin read the id', async () => {
    const response = await post('{ ok }', { origin: 'http://localhost:5173' });
    expect(response.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('x-request-id');
  });
});

describe("Mesh's log calls", () => {
  it('become JSON lines of the gateway logger, tagged with the source, without ANSI colour codes', () => {
    const raw: string[] = [];
    const logger = meshLogger(createLogger('debug', { write: (line) => raw.push(line) }), 'CountryData');
    logger.info('resolved', { path: 'country' });
    logger.debug(() => 'built lazily');
    logger.child('Operation').error(new Error('upstream said no'));
    expect(raw.some((line) => line.includes('\u001b['))).toBe(false);
    const parsed = raw.map((line) => JSON.parse(line) as LogLine);
    expect(parsed.map((line) => [line.component, line.source, line.msg])).toEqual([
      ['mesh', 'CountryData', 'resolved {"path":"country"}'],
      ['mesh', 'CountryData', 'built lazily'],
      ['mesh', 'CountryData', 'upstream said no'],
    ]);
    expect(parsed[2]?.err?.message).toBe('upstream said no');
  });
});
