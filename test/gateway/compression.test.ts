/**
 * Compressed answers (src/gateway/http/compression.ts) over real node:http sockets: Q2 asked in
 * every coding on the fast path and on Yoga's path decodes to the same JSON, with consistent
 * headers; small answers and COMPRESSION=false stay uncompressed; GraphiQL's page carries an
 * ETag and a lifetime and revalidates to 304; an SSE stream with compression asked for still
 * delivers each event as soon as its poll returns.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../src/gateway/build-schema.js';
import { SUPPORTED_CODINGS, THRESHOLD_BYTES } from '../../src/gateway/http/compression.js';
import { GRAPHIQL_CACHE_CONTROL } from '../../src/gateway/http/graphiql-page.js';
import { GatewayMetrics } from '../../src/gateway/ops/metrics.js';
import { createGatewayServer } from '../../src/gateway/server.js';
import { SANDBOXES } from '../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/sandbox-server.js';
import { ROOT } from '../support/gateway.js';
import { sandboxUpstreams } from '../support/vendors.js';
import { type LiveGateway, type LiveWorld, sleep, startLiveGateway, startLiveWorld } from './live/live-harness.js';

const Q2 =
  '{ countries(limit: 100) { nodes { uuid names { common official } codes { alpha2 alpha3 ccn3 } region subregion population landlocked } } }';
const ONE_COUNTRY = '{ country(code: "FR") { names { common } } }';

interface Served {
  port: number;
  server: Server;
  metrics: GatewayMetrics;
}

interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  /** The bytes on the wire. */
  raw: Buffer;
  /** The body, decoded per Content-Encoding. */
  body: Buffer;
}

function decode(raw: Buffer, coding: string | undefined): Buffer {
  switch (coding) {
    case undefined:
      return raw;
    case 'gzip':
      return zlib.gunzipSync(raw);
    case 'br':
      return zlib.brotliDecompressSync(raw);
    case 'zstd': {
      const { zstdDecompressSync } = zlib as unknown as { zstdDecompressSync: (body: Buffer) => Buffer };
      return zstdDecompressSync(raw);
    }
    default:
      throw new TypeError(`unexpected Content-Encoding ${coding}`);
  }
}

function send(
  port: number,
  options: { method: 'GET' | 'POST'; path?: string; headers: Record<string, string>; body?: string },
): Promise<Answer> {
  const headers = {
    ...options.headers,
    ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }),
  };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path: options.path ?? '/graphql', method: options.method, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const picked: Record<string, string | undefined> = {};
          for (const [name, value] of Object.entries(response.headers)) picked[name] = Array.isArray(value) ? value.join(', ') : value;
          resolve({ status: response.statusCode ?? 0, headers: picked, raw, body: decode(raw, picked['content-encoding']) });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

const post = (port: number, query: string, headers: Record<string, string> = {}): Promise<Answer> =>
  send(port, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });

const get = (port: number, query: string, headers: Record<string, string> = {}): Promise<Answer> =>
  send(port, { method: 'GET', path: `/graphql?query=${encodeURIComponent(query)}`, headers: { accept: 'application/json', ...headers } });

/** A POST the fast path leaves to Yoga's path: a Content-Type spelling it does not take (Yoga ignores the parameter's case). */
const yogaPost = (port: number, query: string, headers: Record<string, string> = {}): Promise<Answer> =>
  post(port, query, { 'content-type': 'application/json; charset=UTF-8', ...headers });

/** The answer's data: its extensions (cost, provenance) say how it was made, which differs between two asks. */
function dataOf(answer: Answer): unknown {
  return (JSON.parse(answer.body.toString('utf8')) as { data?: unknown }).data;
}

/** Answers the fast path answered itself so far. */
async function fastAnswers(served: Served): Promise<number> {
  const metric = await served.metrics.registry.getSingleMetric('gateway_fast_path_operations_total')?.get();
  return metric?.values.find((value) => value.labels.result === 'answered')?.value ?? 0;
}

/** Headers that must agree with the body: the length on the wire, the coding named, Vary naming Accept-Encoding once. */
function expectConsistent(answer: Answer, coding: string | undefined): void {
  expect(answer.headers['content-encoding']).toBe(coding);
  expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
  expect(answer.headers.vary?.split(',').filter((name) => name.trim().toLowerCase() === 'accept-encoding')).toHaveLength(1);
}

let sandboxes: RunningSandbox[] = [];
let dataRoot: string;
let destroySchema: () => void;
let compressing: Served;
let plain: Served;

async function serve(compression: boolean | undefined): Promise<Served> {
  const metrics = new GatewayMetrics();
  const server = createServer(
    createGatewayServer({
      schema: built.schema,
      upstreams: sandboxUpstreams(sandboxes),
      upstreamTimeoutMs: 10_000,
      cacheTtlMs: 60_000,
      metrics,
      ...(compression === undefined ? {} : { compression }),
    }).listener,
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server, metrics };
}

let built: Awaited<ReturnType<typeof buildGatewaySchema>>;

beforeAll(async () => {
  const now = new Date('2026-09-30T12:00:00Z');
  dataRoot = mkdtempSync(join(tmpdir(), 'compression-test-'));
  sandboxes = await Promise.all(
    SANDBOXES.map((entry) => startSandbox(entry.create({ clock: () => now, dataDir: join(dataRoot, entry.upstream) }))),
  );
  built = await buildGatewaySchema(ROOT, {});
  destroySchema = built.destroy;
  // Compression's default (on), and COMPRESSION=false as the composition root passes it.
  compressing = await serve(undefined);
  plain = await serve(false);
}, 60_000);

afterAll(async () => {
  for (const served of [compressing, plain]) {
    served?.server.closeAllConnections();
    await new Promise<void>((resolve) => served?.server.close(() => resolve()));
  }
  destroySchema?.();
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  rmSync(dataRoot, { recursive: true, force: true });
});

const ENCODINGS: { asked: string | undefined; coding: string | undefined }[] = [
  { asked: 'br', coding: 'br' },
  { asked: 'gzip', coding: 'gzip' },
  ...(SUPPORTED_CODINGS.includes('zstd') ? [{ asked: 'zstd', coding: 'zstd' }] : []),
  { asked: 'gzip;q=0.5, br;q=0.9', coding: 'br' },
  { asked: '*', coding: 'br' },
  { asked: 'identity', coding: undefined },
  { asked: 'gzip;q=0.5, identity', coding: undefined },
  { asked: 'br;q=0, gzip;q=0', coding: undefined },
  { asked: undefined, coding: undefined },
];

describe('Q2 in every coding', () => {
  let reference: unknown;

  beforeAll(async () => {
    const answer = await post(plain.port, Q2);
    reference = dataOf(answer);
    expect(answer.raw.length).toBeGreaterThan(THRESHOLD_BYTES);
    // The fast path makes its plan on a document's first run; every later POST of Q2 is its own.
    await post(compressing.port, Q2);
  });

  it.each(ENCODINGS)('on the fast path, Accept-Encoding: $asked', async ({ asked, coding }) => {
    const before = await fastAnswers(compressing);
    const answer = await post(compressing.port, Q2, asked === undefined ? {} : { 'accept-encoding': asked });
    expect(await fastAnswers(compressing)).toBe(before + 1);
    expect(answer.status).toBe(200);
    expectConsistent(answer, coding);
    expect(dataOf(answer)).toEqual(reference);
    if (coding) expect(answer.raw.length).toBeLessThan(answer.body.length / 4);
  });

  it.each(ENCODINGS)("on Yoga's path, Accept-Encoding: $asked", async ({ asked, coding }) => {
    const before = await fastAnswers(compressing);
    const answer = await yogaPost(compressing.port, Q2, asked === undefined ? {} : { 'accept-encoding': asked });
    expect(await fastAnswers(compressing)).toBe(before);
    expect(answer.status).toBe(200);
    expectConsistent(answer, coding);
    expect(dataOf(answer)).toEqual(reference);
  });

  it('merges Accept-Encoding into the Vary that CORS adds, on both paths alike', async () => {
    const origin = { origin: 'https://elsewhere.example', 'accept-encoding': 'gzip' };
    const [fast, yoga] = await Promise.all([post(compressing.port, Q2, origin), yogaPost(compressing.port, Q2, origin)]);
    expect([fast.headers.vary, yoga.headers.vary]).toEqual(['Origin, Accept-Encoding', 'Origin, Accept-Encoding']);
  });

  it('compresses an error answer, which Yoga writes', async () => {
    // Twenty unknown fields: twenty validation errors, past the threshold together.
    const query = `{ countries(limit: 1) { nodes { ${Array.from({ length: 20 }, (_, index) => `unknownField${index}`).join(' ')} } } }`;
    const answer = await post(compressing.port, query, { 'accept-encoding': 'gzip' });
    expectConsistent(answer, 'gzip');
    expect((JSON.parse(answer.body.toString('utf8')) as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
  });
});

describe('left uncompressed', () => {
  it('a small answer, with no Vary: it is the same whatever the client accepts', async () => {
    await post(compressing.port, ONE_COUNTRY);
    for (const answer of [
      await post(compressing.port, ONE_COUNTRY, { 'accept-encoding': 'gzip, br' }),
      await get(compressing.port, ONE_COUNTRY, { 'accept-encoding': 'gzip, br' }),
    ]) {
      expect(answer.raw.length).toBeLessThan(THRESHOLD_BYTES);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBeUndefined();
      expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
    }
  });

  it('a small answer to a client refusing identity is compressed all the same', async () => {
    const answer = await post(compressing.port, ONE_COUNTRY, { 'accept-encoding': 'gzip, identity;q=0' });
    expectConsistent(answer, 'gzip');
  });

  it('everything with COMPRESSION=false', async () => {
    await post(plain.port, Q2);
    for (const answer of [
      await post(plain.port, Q2, { 'accept-encoding': 'gzip, br' }),
      await get(plain.port, Q2, { 'accept-encoding': 'gzip, br' }),
    ]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBeUndefined();
      expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
      expect(answer.raw.length).toBeGreaterThan(THRESHOLD_BYTES);
    }
  });
});

describe("GraphiQL's page", () => {
  const visit = (port: number, headers: Record<string, string> = {}): Promise<Answer> =>
    send(port, { method: 'GET', headers: { accept: 'text/html', ...headers } });

  it('is compressed, carries a strong ETag and a lifetime, and revalidates to 304', async () => {
    const identity = await visit(compressing.port);
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['cache-control']).toBe(GRAPHIQL_CACHE_CONTROL);
    expect(identity.headers.etag).toMatch(/^"[\w-]+"$/);
    for (const coding of SUPPORTED_CODINGS) {
      const answer = await visit(compressing.port, { 'accept-encoding': coding });
      expect(answer.status).toBe(200);
      expectConsistent(answer, coding);
      expect(answer.body.equals(identity.body)).toBe(true);
      expect(answer.raw.length).toBeLessThan(identity.raw.length / 3);
      expect(answer.headers.etag).not.toBe(identity.headers.etag);
      const again = await visit(compressing.port, { 'accept-encoding': coding, 'if-none-match': answer.headers.etag ?? '' });
      expect(again.status).toBe(304);
      expect(again.raw.length).toBe(0);
      expect(again.headers.etag).toBe(answer.headers.etag);
      expect(again.headers['cache-control']).toBe(GRAPHIQL_CACHE_CONTROL);
    }
    const stale = await visit(compressing.port, { 'accept-encoding': 'gzip', 'if-none-match': '"an-older-page"' });
    expect(stale.status).toBe(200);
  }, 30_000);

  it('with COMPRESSION=false, still an ETag and a 304', async () => {
    const first = await visit(plain.port, { 'accept-encoding': 'gzip, br' });
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers.vary).toBeUndefined();
    expect(first.headers.etag).toBeDefined();
    const again = await visit(plain.port, { 'accept-encoding': 'gzip, br', 'if-none-match': `W/${first.headers.etag ?? ''}` });
    expect(again.status).toBe(304);
  }, 30_000);
});

describe('an SSE stream with compression asked for', () => {
  const INTERVAL_MS = 200;
  let world: LiveWorld;
  let live: LiveGateway;

  beforeAll(async () => {
    world = await startLiveWorld();
    live = await startLiveGateway(world, {
      intervalsMs: { prices: INTERVAL_MS, market: INTERVAL_MS, stablecoin: INTERVAL_MS, rates: INTERVAL_MS },
    });
  }, 120_000);

  afterAll(async () => {
    await live?.close();
    await world?.close();
  });

  /** Opens the subscription and records when each `next` event's bytes arrive. */
  function open(
    method: 'POST' | 'GET',
  ): Promise<{ headers: Record<string, string | string[] | undefined>; arrivals: { at: number; ratio: number }[]; close(): void }> {
    const query = 'subscription { stablecoinState { reserveRatio } }';
    const url = new URL(live.url);
    const path = method === 'GET' ? `${url.pathname}?query=${encodeURIComponent(query)}` : url.pathname;
    const body = method === 'POST' ? JSON.stringify({ query }) : undefined;
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path,
          method,
          headers: {
            accept: 'text/event-stream',
            'accept-encoding': 'gzip, br',
            ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
          },
        },
        (response) => {
          const arrivals: { at: number; ratio: number }[] = [];
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            buffer += chunk;
            for (const match of buffer.matchAll(/data: (\{.*\})\n/g)) {
              const parsed = JSON.parse(match[1] ?? '{}') as { data?: { stablecoinState?: { reserveRatio: number } } };
              arrivals.push({ at: Date.now(), ratio: parsed.data?.stablecoinState?.reserveRatio ?? Number.NaN });
            }
            buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
          });
          response.on('error', () => undefined);
          resolve({ headers: response.headers, arrivals, close: () => outgoing.destroy() });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  it.each(['POST', 'GET'] as const)(
    'delivers each event when its poll returns (%s)',
    async (method) => {
      const stream = await open(method);
      try {
        expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
        expect(['none', undefined]).toContain(stream.headers['content-encoding']);
        for (let i = 0; i < 50 && stream.arrivals.length === 0; i += 1) await sleep(20);
        expect(stream.arrivals).toHaveLength(1);
        const ratio = Number(world.b.state.reserveRatio);
        for (const step of [1, 2]) {
          world.b.state = { ...world.b.state, reserveRatio: ratio + step };
          const polled = world.b.polls.length;
          for (let i = 0; i < 100 && stream.arrivals.length < step + 1; i += 1) await sleep(5);
          const arrival = stream.arrivals[step];
          expect(arrival?.ratio).toBe(ratio + step);
          // The poll that saw the change is the one just before the event: a held-back event would arrive a poll or more later.
          const poll = world.b.polls.filter((at) => at <= (arrival?.at ?? 0)).at(-1) ?? 0;
          expect(world.b.polls.length).toBeGreaterThan(polled - 1);
          expect((arrival?.at ?? Infinity) - poll).toBeLessThan(INTERVAL_MS / 2);
        }
        world.b.state = { ...world.b.state, reserveRatio: ratio };
      } finally {
        stream.close();
      }
    },
    20_000,
  );
});
