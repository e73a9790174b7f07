/**
 * Load generators. autocannon for one query at fixed concurrency; for operations of several
 * requests (the client-side N+1 of Q3), a loop of operations over an undici pool. Both come from
 * bench/peers/node_modules, so the project's own install stays lean.
 */
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

/** Fires one GraphQL query at `url` for `seconds` with `connections` in flight. */
export async function autocannonLoad(url: string, query: string, seconds: number, connections: number): Promise<LoadResult> {
  const autocannon = requireFromPeers('autocannon') as Autocannon;
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
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

/** A GraphQL client over an undici pool of `connections` keep-alive connections. */
export function graphqlPool(url: string, connections: number): { post: Post; close(): Promise<void> } {
  const { Pool } = requireFromPeers('undici') as { Pool: UndiciPoolClass };
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections });
  return {
    async post(query, variables) {
      const response = await pool.request({
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
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
