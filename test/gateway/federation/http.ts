/**
 * Real HTTP for composition tests: peers and federation gateways reach the in-process test
 * gateway (and each other) over loopback, on port 0.
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  /** The server's /graphql address. */
  url: string;
  close(): Promise<void>;
}

/** Serves a Node request listener (a Yoga instance is one) on a free loopback port. */
export async function listen(listener: RequestListener): Promise<Listening> {
  const server = createServer(listener);
  // Node closes an idle keep-alive socket after 5 s; a client reusing it at that moment gets
  // ECONNRESET (seen when a slow suite leaves a gap between two calls). Idle sockets stay open
  // instead, and close() ends them.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A listener that hands each request to a fetch-style handler, such as the test gateway's `request`. */
export function fetchListener(handle: (path: string, init: RequestInit) => Promise<Response>): RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.entries(req.headers).flatMap(([name, value]) =>
        typeof value === 'string' ? [[name, value] as [string, string]] : [],
      );
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      handle(req.url ?? '/', { method: req.method, headers, body })
        .then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        })
        .catch((error: unknown) => {
          res.writeHead(500);
          res.end(String(error));
        });
    });
  };
}
