/**
 * GraphQL over WebSocket (the `graphql-transport-ws` protocol of `graphql-ws`) at the GraphQL
 * endpoint, beside HTTP and SSE on the same port.
 *
 * Each operation a client subscribes to is relayed through the gateway's own HTTP handler, as a
 * POST asking for `text/event-stream`, with the upgrade request's headers and the connection's
 * params, rather than run on Yoga's envelop (`yoga.getEnveloped`, the graphql-yoga recipe). The
 * envelop runs only the GraphQL phases; every check this gateway makes as a request arrives
 * would be skipped over WebSocket: caller identity and rate limits, PERSISTED_ONLY and APQ,
 * MAX_QUERY_BYTES, the error catalogue's masking, the request log and its metrics. Relayed, an
 * operation gets exactly what it would get over HTTP, codes included, for the price of writing
 * and reading each event as SSE once, in process (no socket between the two).
 *
 * What a connection holds is freed when it goes: graphql-ws returns each operation's stream,
 * which cancels the relayed response, and Yoga returns the subscription's iterator.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type ExecutionArgs,
  type ExecutionResult,
  type FormattedExecutionResult,
  GraphQLError,
  type GraphQLFormattedError,
  GraphQLSchema,
  parse,
} from 'graphql';
import { CloseCode, type Context, handleProtocols, makeServer, type SubscribePayload } from 'graphql-ws';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { CALLER_CREDENTIAL_HEADERS } from '../callers/static-keys.js';
import type { Logger } from '../logger.js';
import { DEFAULT_CORS_ORIGINS, isAllowedOrigin } from './cors.js';

/** What the relay needs of the gateway: its HTTP handler (a Yoga instance is one). */
export interface GraphqlHandler {
  fetch(request: Request, serverContext: { req: IncomingMessage }): Response | Promise<Response>;
}

export interface GraphqlWsOptions {
  /** The only path upgrades are accepted on: the GraphQL endpoint. */
  path?: string;
  /** MAX_REQUEST_BYTES: the largest message a client may send; a larger one closes the connection with 1009. */
  maxPayloadBytes: number;
  /** How often each client is pinged; one that has not answered by the next ping is cut. */
  keepAliveMs?: number;
  /** How long a client may take to send `connection_init` after the upgrade before it is closed with 4408. */
  connectionInitTimeoutMs?: number;
  /** How long `close()` waits for clients to answer the 1001 before their sockets are destroyed. */
  closeGraceMs?: number;
  /** CORS_ORIGINS: the browser origins (besides the gateway's own) whose pages may connect. */
  corsOrigins?: readonly string[];
  /** Where relay failures go (the relayed requests log themselves, as HTTP requests do). */
  logger: Logger;
  /**
   * The connection params taken as request headers (lower case): the caller's own credentials, which
   * a browser cannot set as headers on a WebSocket; CALLER_CREDENTIAL_HEADERS where absent (the
   * composition root adds the vendors' client key headers). Nothing else is taken from the params:
   * who and where the caller is (X-Forwarded-For, X-Real-IP, the request id) comes from the
   * upgrade, as over HTTP.
   */
  credentialHeaders?: readonly string[];
}

export interface GraphqlWs {
  /** Completes every operation, closes every connection with 1001 and stops accepting upgrades. */
  close(): Promise<void>;
  /** Open connections and operations in flight (for tests and metrics). */
  stats(): { connections: number; operations: number };
}

/**
 * Well inside balancers' idle timeouts (60 s for nginx and AWS ALB), so a quiet subscription's
 * connection is not cut between events; a peer that is gone is noticed within two intervals.
 */
const DEFAULT_KEEP_ALIVE_MS = 12_000;
/** graphql-ws's own default: enough for a client that sends `connection_init` as it opens. */
const DEFAULT_CONNECTION_INIT_TIMEOUT_MS = 3_000;
const DEFAULT_CLOSE_GRACE_MS = 1_000;

/** Headers of the upgrade that describe the WebSocket handshake itself, not the caller: not relayed. */
const HANDSHAKE_HEADERS: ReadonlySet<string> = new Set(['connection', 'upgrade', 'content-length', 'transfer-encoding', 'accept-encoding']);

/**
 * graphql-ws picks `execute` or `subscribe` by the operation it finds in the document it is given;
 * both relay here, and the gateway parses (and caches) the real document, so this stands in.
 */
const RELAYED_DOCUMENT = parse('{ __typename }');
const RELAYED_SCHEMA = new GraphQLSchema({});

/** The results of one relayed SSE response, in order; `return()` cancels the response. */
class RelayedStream implements AsyncIterableIterator<ExecutionResult> {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  private finished = false;

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    /** Results as the gateway formatted them, sent as they are (graphql-ws would re-format GraphQLErrors). */
    private readonly formatted: WeakMap<ExecutionResult, FormattedExecutionResult>,
    private readonly onEnd: () => void,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<ExecutionResult>> {
    while (!this.finished) {
      const event = this.takeEvent();
      if (event?.name === 'complete') break;
      if (event?.name === 'next' && event.data !== '') {
        // The gateway's own SSE encoder wrote this line: it is a JSON execution result.
        const result = JSON.parse(event.data) as FormattedExecutionResult;
        const shell: ExecutionResult = {};
        this.formatted.set(shell, result);
        return { done: false, value: shell };
      }
      if (event) continue;
      const chunk = await this.reader.read();
      if (chunk.done) break;
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
    return this.return();
  }

  /** Ends the stream; a pending `next()` resolves as done, since cancelling resolves its read. */
  async return(): Promise<IteratorResult<ExecutionResult>> {
    if (!this.finished) {
      this.finished = true;
      this.onEnd();
      await this.reader.cancel().catch(() => undefined);
    }
    return { done: true, value: undefined };
  }

  /** The next whole event in the buffer (comments are keep-alive pings and carry nothing). */
  private takeEvent(): { name: string; data: string } | undefined {
    const end = this.buffer.indexOf('\n\n');
    if (end < 0) return undefined;
    const block = this.buffer.slice(0, end);
    this.buffer = this.buffer.slice(end + 2);
    let name = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    return { name, data: data.join('\n') };
  }
}

/** What each connection's graphql-ws context carries besides the protocol's state. */
interface Extra {
  readonly socket: WebSocket;
  /** The HTTP upgrade request: its headers and socket address stand for the caller's. */
  readonly request: IncomingMessage;
}

/** One operation of one connection, from `subscribe` until graphql-ws has completed it. */
interface Operation {
  abort: AbortController;
  stream?: RelayedStream;
  /** Resolves once graphql-ws has sent (or, for a departed client, skipped) the `complete`. */
  completed: Promise<void>;
  complete(): void;
}

/** The relayed request's headers: the upgrade's, the connection params on top, asking for SSE. */
function relayedHeaders(
  upgrade: IncomingMessage,
  params: Readonly<Record<string, unknown>> | undefined,
  credentialHeaders: ReadonlySet<string>,
): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(upgrade.headers)) {
    if (HANDSHAKE_HEADERS.has(name) || name.startsWith('sec-websocket-') || value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  for (const [name, value] of Object.entries(params ?? {})) {
    const header = name.toLowerCase();
    if (typeof value === 'string' && credentialHeaders.has(header)) headers.set(header, value);
  }
  // Set last: the upgrade's own Accept and Content-Type describe the handshake, not this request.
  headers.set('content-type', 'application/json');
  headers.set('accept', 'text/event-stream');
  return headers;
}

/** A refusal of the upgrade as a plain HTTP answer, before any WebSocket exists. */
function refuseUpgrade(socket: Duplex, status: 403 | 404 | 503, reason: string): void {
  const body = JSON.stringify({ errors: [{ message: reason }] });
  socket.end(
    `HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : status === 404 ? 'Not Found' : 'Service Unavailable'}\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** The errors of an answer refused before execution (no `data` at all), which graphql-ws sends as one `error` message. */
function refusedBeforeExecution(result: FormattedExecutionResult): readonly GraphQLFormattedError[] | undefined {
  return result.data === undefined && result.errors?.length ? result.errors : undefined;
}

/** No results: an operation ended before it began (its client left, or the drain started). */
const ENDED: AsyncIterableIterator<ExecutionResult> = {
  [Symbol.asyncIterator]() {
    return this;
  },
  next: () => Promise.resolve({ done: true, value: undefined }),
  return: () => Promise.resolve({ done: true, value: undefined }),
};

/** `rest` with `first` (already read from it) put back in front. */
function prepend(first: IteratorResult<ExecutionResult>, rest: RelayedStream): AsyncIterableIterator<ExecutionResult> {
  let pending: IteratorResult<ExecutionResult> | undefined = first;
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next() {
      const taken = pending;
      pending = undefined;
      return taken ? Promise.resolve(taken) : rest.next();
    },
    return: () => rest.return(),
  };
}

/**
 * Serves GraphQL over WebSocket on `server`'s upgrades to `options.path`, relaying each operation
 * to `gateway`. Browsers' pages are held to CORS_ORIGINS (a WebSocket has no CORS of its own).
 */
export function attachGraphqlWs(server: Server, gateway: GraphqlHandler, options: GraphqlWsOptions): GraphqlWs {
  const path = options.path ?? '/graphql';
  const allowList = options.corsOrigins ?? DEFAULT_CORS_ORIGINS;
  const { logger } = options;
  const credentialHeaders: ReadonlySet<string> = new Set(
    (options.credentialHeaders ?? CALLER_CREDENTIAL_HEADERS).map((name) => name.toLowerCase()),
  );
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes, handleProtocols });
  /** Each connection's operations by id, from `subscribe` until graphql-ws completes them. */
  const operations = new Map<WebSocket, Map<string, Operation>>();
  const formatted = new WeakMap<ExecutionResult, FormattedExecutionResult>();
  /** The formatted errors behind the GraphQLErrors handed to graphql-ws, which insists on instances. */
  const refusals = new WeakMap<readonly GraphQLError[], readonly GraphQLFormattedError[]>();
  /** Each relayed operation's results, by the context value graphql-ws hands back to execute or subscribe. */
  const streams = new WeakMap<object, AsyncIterableIterator<ExecutionResult>>();
  let closing: Promise<void> | undefined;

  const operationsOf = (socket: WebSocket): Map<string, Operation> => {
    let held = operations.get(socket);
    if (!held) operations.set(socket, (held = new Map()));
    return held;
  };
  const forget = (socket: WebSocket, id: string): void => {
    const held = operations.get(socket);
    held?.get(id)?.complete();
    held?.delete(id);
    if (held?.size === 0) operations.delete(socket);
  };
  const refusal = (errors: readonly GraphQLFormattedError[]): readonly GraphQLError[] => {
    const instances = errors.map((error) => new GraphQLError(error.message));
    refusals.set(instances, errors);
    return instances;
  };

  /** Execution args that make graphql-ws send `results`, then `complete`. */
  const relayedArgs = (results: AsyncIterableIterator<ExecutionResult>): ExecutionArgs => {
    const token = {};
    streams.set(token, results);
    return { schema: RELAYED_SCHEMA, document: RELAYED_DOCUMENT, contextValue: token };
  };

  /** Relays one operation; its first result decides between a stream and an `error` message. */
  const relay = async (
    ctx: Context<Record<string, unknown>, Extra>,
    id: string,
    payload: SubscribePayload,
  ): Promise<ExecutionArgs | readonly GraphQLError[]> => {
    let complete = (): void => undefined;
    const completed = new Promise<void>((resolve) => (complete = resolve));
    const operation: Operation = { abort: new AbortController(), completed, complete };
    const { request: upgrade, socket } = ctx.extra;
    operationsOf(socket).set(id, operation);
    const body = JSON.stringify({
      query: payload.query,
      ...(payload.operationName ? { operationName: payload.operationName } : {}),
      ...(payload.variables ? { variables: payload.variables } : {}),
      ...(payload.extensions ? { extensions: payload.extensions } : {}),
    });
    let response: Response;
    try {
      const request = new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: relayedHeaders(upgrade, ctx.connectionParams, credentialHeaders),
        body,
        signal: operation.abort.signal,
      });
      response = await gateway.fetch(request, { req: upgrade });
    } catch (error) {
      if (operation.abort.signal.aborted) return relayedArgs(ENDED);
      forget(socket, id);
      logger.error({ err: error }, 'websocket: relaying an operation failed');
      return refusal([{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }]);
    }
    // The client left, or the drain began, while the gateway was answering.
    if (operation.abort.signal.aborted) {
      await response.body?.cancel().catch(() => undefined);
      return relayedArgs(ENDED);
    }
    if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) {
      // Refused before Yoga chose a result format (identity, rate limit): a JSON GraphQL answer.
      forget(socket, id);
      const answer = (await response.json().catch(() => ({}))) as FormattedExecutionResult;
      return refusal(
        refusedBeforeExecution(answer) ?? [
          { message: `The gateway answered HTTP ${response.status}.`, extensions: { code: 'BAD_REQUEST' } },
        ],
      );
    }
    const stream = new RelayedStream(response.body.getReader(), formatted, () => operation.abort.abort());
    operation.stream = stream;
    const first = await stream.next();
    const firstResult = first.done ? undefined : formatted.get(first.value);
    const refused = firstResult && refusedBeforeExecution(firstResult);
    if (refused) {
      await stream.return();
      forget(socket, id);
      return refusal(refused);
    }
    // The first result was read to choose between `next` and `error`; it is sent first.
    return relayedArgs(prepend(first, stream));
  };

  const results = ({ contextValue }: ExecutionArgs): AsyncIterableIterator<ExecutionResult> =>
    (typeof contextValue === 'object' && contextValue !== null && streams.get(contextValue)) || ENDED;

  /** Ends an operation wherever it is: before the gateway answered, or streaming. */
  const end = (operation: Operation): void => {
    operation.abort.abort();
    void operation.stream?.return();
  };

  /**
   * A client's `complete` ends its operation here as well: graphql-ws returns only the streams it
   * already iterates, and merely forgets an id whose first answer is still awaited (a subscription
   * waiting for its first poll), which would hold the relay until that answer came.
   */
  const endIfCompleted = (socket: WebSocket, text: string): void => {
    if (!text.includes('"complete"')) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null || Reflect.get(message, 'type') !== 'complete') return;
    const id: unknown = Reflect.get(message, 'id');
    const operation = typeof id === 'string' ? operations.get(socket)?.get(id) : undefined;
    if (operation) end(operation);
  };

  const protocol = makeServer<Record<string, unknown>, Extra>({
    connectionInitWaitTimeout: options.connectionInitTimeoutMs ?? DEFAULT_CONNECTION_INIT_TIMEOUT_MS,
    onConnect: () => closing === undefined,
    onSubscribe: (ctx, id, payload) => relay(ctx, id, payload),
    execute: results,
    subscribe: results,
    onNext: (_ctx, _id, _payload, _args, result) => formatted.get(result),
    onError: (_ctx, _id, _payload, errors) => refusals.get(errors),
    onComplete: (ctx, id) => forget(ctx.extra.socket, id),
    onClose: (ctx) => {
      for (const [id, operation] of operations.get(ctx.extra.socket) ?? []) {
        end(operation);
        forget(ctx.extra.socket, id);
      }
    },
  });

  // graphql-ws's own `ws` glue (graphql-ws/use/ws) prints a stack trace to the console for every
  // client that breaks the protocol (an oversized message is enough); this one logs a line.
  const keepAliveMs = options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    // ws has already closed the socket with the matching code (1009 for an oversized message).
    socket.on('error', (error) => logger.info({ err: error.message }, 'websocket: client broke the protocol'));
    let answered = true;
    socket.on('pong', () => (answered = true));
    const pinger = setInterval(() => {
      // ping() throws on a socket that is already closing.
      if (socket.readyState !== socket.OPEN) return;
      if (!answered) return socket.terminate();
      answered = false;
      socket.ping();
    }, keepAliveMs);
    const closed = protocol.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, (error) => (error ? reject(error) : resolve()));
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', (data: RawData) => {
            // Text frames arrive as one Buffer (ws's default binary type).
            const text = String(data);
            endIfCompleted(socket, text);
            handle(text).catch((error: unknown) => {
              logger.error({ err: error }, 'websocket: handling a message failed');
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            });
          }),
      },
      { socket, request },
    );
    socket.once('close', (code, reason) => {
      clearInterval(pinger);
      void closed(code, reason.toString());
    });
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // Split, not parsed: a request line's target can be anything, and a URL that throws here would end the process.
    const pathname = (request.url ?? '/').split('?')[0] ?? '/';
    if (pathname !== path) {
      // Another upgrade listener may serve other paths; alone, this one answers for the server.
      if (server.listenerCount('upgrade') === 1) refuseUpgrade(socket, 404, `No WebSocket endpoint at ${pathname}; use ${path}.`);
      return;
    }
    if (closing !== undefined) return refuseUpgrade(socket, 503, 'The gateway is shutting down.');
    const origin = request.headers.origin;
    if (origin !== undefined && !isAllowedOrigin(allowList, origin, `http://${request.headers.host ?? 'localhost'}${path}`)) {
      return refuseUpgrade(socket, 403, `Pages from ${origin} may not connect (CORS_ORIGINS).`);
    }
    wss.handleUpgrade(request, socket, head, (client) => wss.emit('connection', client, request));
  };
  server.on('upgrade', onUpgrade);

  const close = async (): Promise<void> => {
    // Upgrades are still refused (503) until the server stops listening; only the drain calls this.
    const held = [...operations.values()].flatMap((byId) => [...byId.values()]);
    // Ending each stream ends graphql-ws's loop over it, which sends the client `complete`.
    for (const operation of held) end(operation);
    await Promise.all(held.map((operation) => operation.completed));
    // graphql-ws sends `complete` just after its onComplete: let those writes reach the socket first.
    await new Promise((resolve) => setImmediate(resolve));
    const clients = [...wss.clients];
    const gone = clients.map((client) => new Promise((resolve) => client.once('close', resolve)));
    for (const client of clients) client.close(1001, 'Going away');
    const grace = setTimeout(() => {
      for (const client of clients) client.terminate();
    }, options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS);
    await Promise.all(gone);
    clearTimeout(grace);
    await new Promise((resolve) => wss.close(resolve));
  };

  return {
    close: () => (closing ??= close()),
    stats: () => ({
      connections: wss.clients.size,
      operations: [...operations.values()].reduce((sum, byId) => sum + byId.size, 0),
    }),
  };
}
