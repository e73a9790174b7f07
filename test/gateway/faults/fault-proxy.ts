/**
 * A small fault-injection proxy for the fault suite: node:http on 127.0.0.1, forwarding to a real
 * sandbox unless a mode says to misbehave. `refuse` closes the listening socket, so connections
 * are refused, and `heal()` listens again on the same port.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { forwardTo } from '../../support/flaky-proxy.js';
import type { AddressInfo } from 'node:net';

export type FaultMode = 'pass' | 'latency' | '5xx' | '429' | 'reset-mid-body' | 'malformed' | 'slow-body' | 'oversized' | 'drop' | 'refuse';

export interface FaultProxy {
  url: string;
  /** Requests that reached the proxy since the last `setMode`. */
  readonly requests: number;
  setMode(mode: FaultMode, options?: { everyOther?: boolean }): Promise<void>;
  close(): Promise<void>;
}

const OVERSIZED_BYTES = 50 * 1024 * 1024;

function streamOversized(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  response.write('[');
  const pump = (): void => {
    while (sent < OVERSIZED_BYTES && !response.destroyed) {
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    if (!response.destroyed) response.end(']');
  };
  pump();
}

/** Starts a proxy in front of `targetUrl`, passing everything through until told otherwise. */
export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  let mode: FaultMode = 'pass';
  let everyOther = false;
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests += 1;
    if (everyOther && requests % 2 === 0) return forwardTo(target, request, response);
    switch (mode) {
      case 'pass':
        return forwardTo(target, request, response);
      case 'latency':
        return void setTimeout(() => forwardTo(target, request, response), 300);
      case '5xx':
        response.writeHead(503, { 'content-type': 'text/plain' });
        return void response.end('overloaded');
      case '429':
        // Only the first request is throttled; the retry after one second goes through.
        if (requests === 1) {
          response.writeHead(429, { 'retry-after': '1', 'content-type': 'text/plain' });
          return void response.end('slow down');
        }
        return forwardTo(target, request, response);
      case 'reset-mid-body':
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        response.write('{"reserveRatio": 4');
        return void setTimeout(() => request.socket.destroy(), 20);
      case 'malformed':
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end('{"reserveRatio": 4');
      case 'slow-body':
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"reserveRatio": ');
        return void setTimeout(() => response.end('400}'), 60_000).unref();
      case 'oversized':
        return streamOversized(response);
      case 'drop':
        return void request.socket.destroy();
      case 'refuse':
        return void request.socket.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let listening = true;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    async setMode(next, options = {}) {
      requests = 0;
      everyOther = options.everyOther ?? false;
      if (next === 'refuse' && listening) {
        listening = false;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      } else if (next !== 'refuse' && !listening) {
        listening = true;
        await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      }
      mode = next;
    },
    async close() {
      server.closeAllConnections();
      if (listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
