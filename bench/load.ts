/**
 * Load generators. autocannon for one query at fixed concurrency; for operations of several
 * requests (the client-side N+1 of Q3), a loop of operations over an undici pool. Both come from
 * bench/peers/node_modules, so the project's own install stays lean.
 */
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';

const requireFromPeers = createRequire(new URL('peers/package.json', import.meta.url));

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

interface UndiciPool {
  request(options: { path: string; method: string; headers: Record<string, string>; body: string }): Promise<{
    statusCode: number;
    body: { json(): Promise<any>; text(): Promise<string> };
  }>;
  close(): Promise<void>;
}
type UndiciPoolClass = new (origin: string, options: { connections: number; pipelining?: number }) => UndiciPool;

export interface LoadResult {
  /** Completed operations per second (requests per second for a one-request operation). */
  opsPerSecond: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
}

/** Fires one GraphQL query at `url` for `seconds` with `connections` in flight, each request with `headers`. */
export async function autocannonLoad(
  url: string,
  query: string,
  seconds: number,
  connections: number,
  headers: Readonly<Record<string, string>> = {},
): Promise<LoadResult> {
  const autocannon = requireFromPeers('autocannon') as Autocannon;
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ query }),
    connections,
    duration: seconds,
  });
  return {
    opsPerSecond: result.requests.total / result.duration,
    errors: result.errors + result.timeouts + result.non2xx,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

export type Post = (query: string, variables?: Record<string, unknown>) => Promise<any>;

/** A GraphQL client over an undici pool of `connections` keep-alive connections, each request with `headers`. */
export function graphqlPool(
  url: string,
  connections: number,
  headers: Readonly<Record<string, string>> = {},
): { post: Post; close(): Promise<void> } {
  const { Pool } = requireFromPeers('undici') as { Pool: UndiciPoolClass };
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections });
  return {
    async post(query, variables) {
      const response = await pool.request({
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${(await response.body.text()).slice(0, 200)}`);
      const body = await response.body.json();
      if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors).slice(0, 300)}`);
      return body;
    },
    close: () => pool.close(),
  };
}

/** Runs `operation` back to back on `concurrency` lanes for `seconds`. */
export async function operationLoad(operation: () => Promise<unknown>, seconds: number, concurrency: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const begun = performance.now();
        try {
          await operation();
          latencies.push(performance.now() - begun);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number): number => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
  return { opsPerSecond: latencies.length / elapsed, errors, p50Ms: at(0.5), p99Ms: at(0.99) };
}

/** One answer as it crossed the wire: its body's bytes undecoded, and the encoding it names. */
export interface WireAnswer {
  status: number;
  bytes: number;
  encoding: string;
}

/** POSTs `query` once over node:http, which decodes nothing, and counts the body's bytes as sent. */
export function wireAnswer(url: string, query: string, headers: Readonly<Record<string, string>>): Promise<WireAnswer> {
  const body = JSON.stringify({ query });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
