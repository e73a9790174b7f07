/**
 * What the live tests share: the real schema, the sandboxes on port 0 with one fixed clock, an
 * upstream for interface B that the test controls (it serves the sandbox's own `/stablecoin/info`
 * answer, which the test changes, fails or counts), and gateways served by node:http on port 0,
 * so clients speak real SSE over real sockets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { buildGatewaySchema } from '../../../src/gateway/build-schema.js';
import { DEFAULT_LIVE_SETTINGS, type LiveSettings } from '../../../src/gateway/live/live-settings.js';
import type { PollRegistry } from '../../../src/gateway/live/poll-registry.js';
import { createGatewayServer, createPollRegistry } from '../../../src/gateway/server.js';
import type { ResolvedUpstream } from '../../../src/gateway/upstream/upstream-fetch.js';
import { GatewayMetrics } from '../../../src/gateway/ops/metrics.js';
import type { Logger } from '../../../src/gateway/logger.js';
import { SANDBOXES } from '../../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/sandbox-server.js';
import { ROOT } from '../../support/gateway.js';
import { VENDORS } from '../../support/vendors.js';

/** The one instant of the sandboxes and the gateway: no test depends on the calendar. */
export const CLOCK = (): Date => new Date('2026-09-30T12:00:00Z');

/** Interface B as the test wants it: the sandbox's answer, changed, failed or delayed at will. */
export interface ControlledUpstream {
  url: string;
  /** The `/stablecoin/info` body served now (the sandbox's, as first fetched); change its fields to make news. */
  state: Record<string, unknown>;
  /** When set, every request is answered with this status and a plain-text body. */
  failWith: number | undefined;
  /** Every `/stablecoin/info` request received. */
  readonly polls: number[];
  close(): Promise<void>;
}

export interface LiveWorld {
  schema: GraphQLSchema;
  upstreams: ResolvedUpstream[];
  b: ControlledUpstream;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function controlledUpstream(sandbox: RunningSandbox): Promise<ControlledUpstream> {
  const state = (await (await fetch(`${sandbox.url}/stablecoin/info`)).json()) as Record<string, unknown>;
  const polls: number[] = [];
  const control: Omit<ControlledUpstream, 'url' | 'close'> = { state, failWith: undefined, polls };
  const server = createServer((request, response) => {
    if (request.url !== '/stablecoin/info') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    polls.push(Date.now());
    if (control.failWith !== undefined) {
      response.writeHead(control.failWith, { 'content-type': 'text/plain' }).end('the bank box is out of reach');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(control.state));
  });
  const url = await listen(server);
  return Object.assign(control, { url, close: () => stop(server) });
}

/** The schema, the sandboxes and B under the test's control. */
export async function startLiveWorld(): Promise<LiveWorld> {
  const dataRoot = mkdtempSync(join(tmpdir(), 'live-test-'));
  const sandboxes: RunningSandbox[] = [];
  const upstreams: ResolvedUpstream[] = [];
  let b: ControlledUpstream | undefined;
  for (const entry of SANDBOXES) {
    const running = await startSandbox(entry.create({ dataDir: join(dataRoot, entry.upstream), clock: CLOCK }));
    sandboxes.push(running);
    if (entry.upstream === 'blockchain-utility') b = await controlledUpstream(running);
    upstreams.push({
      name: entry.upstream,
      url: b && entry.upstream === 'blockchain-utility' ? b.url : running.url,
      credentials: entry.credentials,
      vendor: VENDORS[entry.upstream],
    });
  }
  if (!b) throw new TypeError('no blockchain-utility sandbox is registered');
  const controlled = b;
  const { schema, destroy } = await buildGatewaySchema(ROOT, {});
  return {
    schema,
    upstreams,
    b: controlled,
    async close() {
      destroy();
      await controlled.close();
      await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
      rmSync(dataRoot, { recursive: true, force: true });
    },
  };
}

export interface LiveGateway {
  /** The GraphQL endpoint, `http://127.0.0.1:<port>/graphql`. */
  url: string;
  server: Server;
  registry: PollRegistry;
  metrics: GatewayMetrics;
  close(): Promise<void>;
}

/** A gateway over `world`, served by node:http on port 0, with its own registry and these live settings. */
export async function startLiveGateway(world: LiveWorld, live: Partial<LiveSettings> = {}, logger?: Logger): Promise<LiveGateway> {
  const settings: LiveSettings = { ...DEFAULT_LIVE_SETTINGS, ...live };
  const metrics = new GatewayMetrics();
  const registry = createPollRegistry({ settings, metrics, logger });
  // As `npm start` serves it: the fast path in front of Yoga, so a document's later subscriptions stream from the fast path.
  const gateway = createGatewayServer({
    schema: world.schema,
    upstreams: world.upstreams,
    upstreamTimeoutMs: 5_000,
    cacheTtlMs: 3_600_000,
    clock: CLOCK,
    metrics,
    logger,
    live: { settings, registry },
  });
  const server = createServer(gateway.listener);
  const base = await listen(server);
  return {
    url: `${base}/graphql`,
    server,
    registry,
    metrics,
    async close() {
      await registry.close();
      if (server.listening) await stop(server);
    },
  };
}

/** One SSE event as an EventSource would dispatch it. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A subscription over plain SSE (`Accept: text/event-stream`, EventSource's framing): events as
 * they come, until `close()` (the client going away) or the server completes the stream.
 */
export interface SseStream {
  /** Every event so far; `next` events' data is parsed in `results`. */
  readonly events: SseEvent[];
  readonly results: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] }[];
  /** The HTTP status of the answer. */
  status: number;
  /** Resolves when the stream has ended (completed by the server, or closed here). */
  readonly ended: Promise<void>;
  /** Resolves once `count` results have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Opens `query` over SSE at `url`. */
export async function openSse(url: string, query: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ query }),
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const results: SseStream['results'] = [];
  const waiters: (() => void)[] = [];
  const ended = (async () => {
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    if (!reader) return;
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split('\n').filter((line) => !line.startsWith(':') && line !== '');
          if (lines.length === 0) continue;
          const field = (name: string): string =>
            lines
              .filter((line) => line.startsWith(`${name}:`))
              .map((line) => line.slice(name.length + 1).trimStart())
              .join('\n');
          const event = { event: field('event') || 'message', data: field('data') };
          events.push(event);
          if (event.event === 'next') results.push(JSON.parse(event.data) as SseStream['results'][number]);
          for (const wake of waiters.splice(0)) wake();
        }
      }
    } catch {
      // Aborted by close(): the client went away.
    } finally {
      for (const wake of waiters.splice(0)) wake();
    }
  })();
  let done = false;
  void ended.then(() => (done = true));
  return {
    events,
    results,
    status: response.status,
    ended,
    async waitFor(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (results.length < count) {
        if (done) throw new Error(`the stream ended after ${results.length} of ${count} results`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${results.length} of ${count} results after ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    close: () => abort.abort(),
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
