/**
 * Two drivers of one gateway side by side, for the differential tests of the fast path
 * (fast-path.test.ts, fast-path-production.test.ts): each gateway served on node:http with its
 * own log lines and metrics, requests sent with raw node:http (the target as given), and what a
 * client reads of each answer, with what differs between any two requests (a generated id, the
 * gateway's own origin) made comparable.
 */
import { createServer, request as httpRequest, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../src/gateway/logger.js';
import { GatewayMetrics } from '../../src/gateway/ops/metrics.js';
import type { GatewayOptions } from '../../src/gateway/server.js';
import { UpstreamTransport } from '../../src/gateway/upstream/upstream-transport.js';

export interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

export interface Sent {
  method?: 'GET' | 'POST';
  /** The request target; `/graphql` unless given (a GET carries its parameters here). */
  path?: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Served {
  port: number;
  server: Server;
  metrics: GatewayMetrics;
  lines: Record<string, unknown>[];
  transport: UpstreamTransport;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An Origin header naming the gateway's own origin (which differs between two gateways by port). */
export const SAME_ORIGIN = '<same origin>';

/** Serves the listener `make` builds from `base` on loopback, with its own logger (lines kept), metrics and transport. */
export async function serve(
  make: (options: GatewayOptions) => RequestListener,
  base: Omit<GatewayOptions, 'logger' | 'metrics' | 'transport'>,
): Promise<Served> {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  const metrics = new GatewayMetrics((): ReturnType<UpstreamTransport['breakerStates']> => transport.breakerStates());
  const transport = new UpstreamTransport({ timeoutMs: base.upstreamTimeoutMs, logger, observer: metrics });
  const server = createServer(make({ ...base, logger, metrics, transport }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server, metrics, lines, transport };
}

/** Sends `sent` to the gateway on `port` and reads the `compared` headers of its answer. */
export function send(port: number, sent: Sent, compared: readonly string[]): Promise<Answer> {
  const ownOrigin = `http://127.0.0.1:${port}`;
  const headers: Record<string, string> = {
    ...(sent.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(sent.body)) }),
    ...sent.headers,
  };
  if (headers.origin === SAME_ORIGIN) headers.origin = ownOrigin;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path: sent.path ?? '/graphql', method: sent.method ?? 'POST', headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const picked: Record<string, string | undefined> = {};
          for (const name of compared) {
            const value = response.headers[name];
            picked[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          // A generated id differs between any two requests; that it was generated is what must agree.
          if (picked['x-request-id'] && UUID.test(picked['x-request-id'])) picked['x-request-id'] = '<generated>';
          if (picked['access-control-allow-origin'] === ownOrigin) picked['access-control-allow-origin'] = SAME_ORIGIN;
          resolve({ status: response.statusCode ?? 0, headers: picked, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(sent.body);
  });
}

/** A gateway's log line without what differs between any two requests (time, duration, generated ids). */
export function comparable(line: Record<string, unknown>): Record<string, unknown> {
  const { time: _time, durationMs: _duration, pid: _pid, requestId, ...rest } = line;
  return { ...rest, requestId: typeof requestId === 'string' && UUID.test(requestId) ? '<generated>' : requestId };
}
