/**
 * Binding the port before the slow part of the start (Mesh, the sandboxes), so a busy port or a
 * bad host is a one-line error within a second rather than a crash after a full start.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listening server whose requests go to whatever handler is current. */
export interface BoundServer {
  server: Server;
  /** The address actually bound (the real port when PORT=0). */
  address: AddressInfo;
  /** Routes every later request to `handler` (the gateway, once it is built). */
  serve(handler: RequestListener): void;
}

/** The listen failure in one line an operator can act on. */
export function describeListenError(error: NodeJS.ErrnoException, host: string, port: number): string {
  if (error.code === 'EADDRINUSE') return `PORT ${port} is already in use on ${host}`;
  if (error.code === 'EACCES') return `PORT ${port} on ${host} needs privileges this process does not have`;
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') return `HOST ${host} is not an address of this machine`;
  return `cannot listen on ${host}:${port}: ${error.message}`;
}

/**
 * Listens on host:port at once. Until `serve` is called, `/healthz` answers 200 (the process is
 * alive) and everything else 503 with Retry-After, so early callers get an answer, not a hang.
 */
export function bindEarly(host: string, port: number): Promise<BoundServer> {
  let handler: RequestListener = (request, response) => {
    const alive = request.url === '/healthz';
    response.writeHead(alive ? 200 : 503, { 'content-type': 'application/json', 'retry-after': '5' });
    response.end(JSON.stringify({ status: alive ? 'alive' : 'starting' }));
  };
  const server = createServer((request, response) => handler(request, response));
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(new Error(describeListenError(error, host, port))));
    server.listen(port, host, () => {
      const address = server.address();
      // A TCP listen always has an address object; a string would mean a pipe, null a closed server.
      if (address === null || typeof address === 'string') return reject(new Error(`PORT ${port} on ${host} gave no TCP address`));
      resolve({
        server,
        address,
        serve: (next) => {
          handler = next;
        },
      });
    });
  });
}
