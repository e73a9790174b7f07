/**
 * A node:http proxy on loopback in front of a sandbox: it records every request's method and path
 * (so a test counts what reached the vendor) and answers 503 to a share of them, chosen by a
 * seeded generator so a run can be replayed.
 */
import { createServer, type IncomingMessage, request as forward, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededRandom } from './seeded-random.js';

export interface FlakyProxy {
  /** The base URL to give the gateway: the proxy, with the sandbox's path prefix. */
  url: string;
  /** Every request that reached the proxy, as `METHOD /path?query`. */
  readonly seen: string[];
  /** The share of requests answered 503 (0 passes everything through). */
  failureShare: number;
  close(): Promise<void>;
}

/** Forwards `request` to `target` and pipes its answer back; a failed upstream drops the connection. */
export function forwardTo(target: URL, request: IncomingMessage, response: ServerResponse): void {
  const upstream = forward(
    { host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => response.destroy());
  request.pipe(upstream);
}

/** Starts a proxy in front of `sandboxUrl`, passing everything through until `failureShare` is raised. */
export async function startFlakyProxy(sandboxUrl: string, seed = 1): Promise<FlakyProxy> {
  const target = new URL(sandboxUrl);
  const random = seededRandom(seed);
  const seen: string[] = [];
  const proxy = { failureShare: 0 };
  const server: Server = createServer((request, response) => {
    seen.push(`${request.method ?? 'GET'} ${request.url ?? '/'}`);
    if (random() < proxy.failureShare) {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('overloaded');
      return;
    }
    forwardTo(target, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${target.pathname.replace(/\/$/, '')}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
