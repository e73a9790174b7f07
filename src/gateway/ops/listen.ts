/**
 * Binding the port before the slow part of the start (Mesh, the sandboxes), so a busy port or a
 * bad host is a one-line error within a second rather than a crash after a full start. The
 * server's timeouts and connection cap are set here, deliberately, against hostile clients.
 *
 * No 'clientError' listener on purpose: Node's own handling answers malformed HTTP with 400 (408
 * on a timeout, 431 for oversized headers) when nothing has been sent yet, destroys the socket
 * and leaves a no-op 'error' listener on it, so an error after the destroy is never thrown. A
 * listener of ours would replace all of that and have to redo it.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { HEALTH_PATH } from '../http/routes.js';
import type { Logger } from '../logger.js';

/** How long a client may take, and how many connections it may hold (HTTP_* variables). */
export interface HttpServerLimits {
  /** Time from a request's first byte to the end of its headers. */
  headersTimeoutMs: number;
  /** Time from a request's first byte to the end of its body (the response is not counted). */
  requestTimeoutMs: number;
  /** How long a connection may sit idle between requests. */
  keepAliveTimeoutMs: number;
  /** Open connections at most; further ones are closed on accept. */
  maxConnections: number;
}

export const DEFAULT_HTTP_SERVER_LIMITS: Readonly<HttpServerLimits> = {
  // Node's 60 s lets one slowloris socket hold a slot a minute per header. Real clients and load
  // balancers send their headers in one packet; 10 s still covers a lossy mobile link.
  headersTimeoutMs: 10_000,
  // Node's 300 s. The body is at most MAX_REQUEST_BYTES (100 kB): 30 s allows 3.3 kB/s, slower
  // than any link a client should use, and cuts a body trickled a byte a second.
  requestTimeoutMs: 30_000,
  // Longer than the balancer's own idle timeout (nginx's upstream keepalive_timeout and AWS ALB's
  // are 60 s), so the balancer closes idle connections, never us: closing first races its next
  // request and shows as a 502. Clients that park idle connections are bounded by the cap.
  keepAliveTimeoutMs: 65_000,
  // Each connection is a file descriptor and its buffers; Node's default is no cap at all, and at
  // the descriptor limit accept fails for everyone. Keep it well below `ulimit -n`, leaving room
  // for the upstream pools (and the sandboxes' sockets when they run in this process).
  maxConnections: 10_000,
};

/** A listening server whose requests go to whatever handler is current. */
export interface BoundServer {
  server: Server;
  /** The address actually bound (the real port when PORT=0). */
  address: AddressInfo;
  /** Routes every later request to `handler` (the gateway, once it is built). */
  serve(handler: RequestListener): void;
}

export interface BindOptions {
  limits: HttpServerLimits;
  /** Where the cap being reached and failed accepts are reported. */
  logger: Logger;
}

/** The listen failure in one line an operator can act on. */
export function describeListenError(error: NodeJS.ErrnoException, host: string, port: number): string {
  if (error.code === 'EADDRINUSE') return `PORT ${port} is already in use on ${host}`;
  if (error.code === 'EACCES') return `PORT ${port} on ${host} needs privileges this process does not have`;
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') return `HOST ${host} is not an address of this machine`;
  return `cannot listen on ${host}:${port}: ${error.message}`;
}

/**
 * Requests one connection may have waiting for their answers. Node parses every request in a
 * packet before it pauses a socket whose client does not read, and queues each answer in memory:
 * 5,000 pipelined GETs of the GraphiQL page in one 250 kB write grew the process by gigabytes.
 * Browsers and balancers do not pipeline at all, so a connection deeper than this is closed.
 */
const MAX_PIPELINED_REQUESTS = 16;

/** `handler`, except that a connection pipelining more than MAX_PIPELINED_REQUESTS is closed. */
function boundedPipeline(handler: () => RequestListener): RequestListener {
  const waiting = new WeakMap<Socket, number>();
  const answering = new WeakMap<Socket, IncomingMessage>();
  return (request, response) => {
    const { socket } = request;
    const depth = (waiting.get(socket) ?? 0) + 1;
    if (depth > MAX_PIPELINED_REQUESTS) {
      socket.destroy();
      return;
    }
    waiting.set(socket, depth);
    response.once('close', () => waiting.set(socket, (waiting.get(socket) ?? 1) - 1));
    lingerOverUnreadBody(answering, request, socket);
    handler()(request, response);
  };
}

/**
 * How long a connection closed over an unread request body stays open, not reading, after its
 * answer has been sent. Long enough for a client to read the answer, short enough that a client
 * still sending holds its slot for about a second.
 */
const LINGER_MS = 1_000;

/**
 * A lingering close for answers that refuse a body still arriving (the 413 of MAX_REQUEST_BYTES).
 * Node closes such a connection as soon as the answer is written; with the client's bytes unread
 * in the kernel that close is a TCP reset, and a client that is still writing sees the reset on
 * its write and drops the 413 it had not yet read (Node's own client does). Instead the answer is
 * followed by a FIN, reading stops (so the body is never read, only held back by TCP's window),
 * and the connection is destroyed after LINGER_MS. nginx lingers for the same reason
 * (`lingering_close`), reading and discarding; not reading costs nothing and keeps the client's
 * writes from failing just the same.
 *
 * `destroySoon` is what Node's server calls to close after an answer with `Connection: close`;
 * it is replaced once per connection, and looks at the request being answered when it is called.
 */
function lingerOverUnreadBody(answering: WeakMap<Socket, IncomingMessage>, request: IncomingMessage, socket: Socket): void {
  const lingering = answering.has(socket);
  answering.set(socket, request);
  if (lingering) return;
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (answering.get(socket)?.complete !== false) return destroySoon();
    socket.pause();
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
  };
}

/** How often the server looks for requests past their timeouts; its 30 s default would let a 10 s timeout run to 40 s. */
function checkingIntervalMs(limits: HttpServerLimits): number {
  return Math.max(10, Math.min(1_000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 10)));
}

/** `action`, at most once per `ms`: a flood of refused connections is one log line a second, not one each. */
function atMostEvery<T extends unknown[]>(ms: number, action: (...args: T) => void): (...args: T) => void {
  let last = -Infinity;
  return (...args) => {
    const now = performance.now();
    if (now - last < ms) return;
    last = now;
    action(...args);
  };
}

/** The timeouts, the cap and the listeners that keep a listening server alive under hostile clients. */
function guard(server: Server, { limits, logger }: BindOptions): void {
  // Over the cap Node closes a new connection on accept, before it costs a parser or a request;
  // the connections already open (a balancer's, a client's keep-alive) are served on. Idle ones
  // are not evicted to make room: that would cut exactly those healthy clients during a flood.
  server.maxConnections = limits.maxConnections;
  server.on(
    'drop',
    atMostEvery(1_000, () => {
      logger.warn({ maxConnections: limits.maxConnections }, 'connection cap reached: refusing new connections (HTTP_MAX_CONNECTIONS)');
    }),
  );
  // After listening, the only server errors are failed accepts (EMFILE: out of file descriptors).
  // Unhandled they would end the process; the connection is lost, the server goes on.
  server.on(
    'error',
    atMostEvery(1_000, (error: Error) => {
      logger.error({ err: error }, 'accepting a connection failed: keep HTTP_MAX_CONNECTIONS well below ulimit -n');
    }),
  );
}

/**
 * Listens on host:port at once. Until `serve` is called, `/healthz` answers 200 (the process is
 * alive) and everything else 503 with Retry-After, so early callers get an answer, not a hang.
 */
export function bindEarly(host: string, port: number, options: BindOptions): Promise<BoundServer> {
  let handler: RequestListener = (request, response) => {
    const alive = request.url === HEALTH_PATH;
    response.writeHead(alive ? 200 : 503, { 'content-type': 'application/json', 'retry-after': '5' });
    response.end(JSON.stringify({ status: alive ? 'alive' : 'starting' }));
  };
  const { limits } = options;
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: checkingIntervalMs(limits),
    },
    boundedPipeline(() => handler),
  );
  return new Promise((resolve, reject) => {
    const onListenError = (error: NodeJS.ErrnoException): void => reject(new Error(describeListenError(error, host, port)));
    server.once('error', onListenError);
    server.listen(port, host, () => {
      server.off('error', onListenError);
      guard(server, options);
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
