/**
 * The HTTP shell every sandbox shares: it routes by the interface's OpenAPI document, validates
 * the request against it, runs the interface's own auth and handler, and writes the answer in
 * the interface's own error envelope. Each sandbox supplies only what is particular to it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContractIssue, OpenApiContract, ValidatedParameters } from './openapi-contract.js';

export interface SandboxRequest {
  operationId: string;
  method: string;
  /** The path as received, without the query string. */
  path: string;
  params: ValidatedParameters;
  /** The raw query, for interfaces that accept open-ended filters. */
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
  /** The caller's address: the first `X-Forwarded-For` hop if present, else the socket's. */
  clientIp: string;
}

export interface SandboxResponse {
  status: number;
  /** A JSON value, or a string sent as text/plain. */
  body: unknown;
  headers?: Record<string, string>;
}

export type SandboxHandler = (request: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>;

/** How one interface phrases its errors on the wire. */
export interface ErrorEnvelope {
  badRequest(issues: ContractIssue[]): SandboxResponse;
  notFound(message: string): SandboxResponse;
  internal(message: string): SandboxResponse;
}

export interface SandboxDefinition {
  name: string;
  contract: OpenApiContract;
  handlers: Record<string, SandboxHandler>;
  errors: ErrorEnvelope;
  /** Runs before validation; returning a response refuses the request (401, 403, 429, 503...). */
  guard?: (request: SandboxRequest) => SandboxResponse | undefined | Promise<SandboxResponse | undefined>;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number;
}

/** One request as the sandbox saw it; tests count these to prove batching. */
export interface RequestRecord {
  operationId: string | undefined;
  method: string;
  path: string;
  query: string;
}

export interface RunningSandbox {
  name: string;
  url: string;
  server: Server;
  /** Every request received since start (or since the caller emptied it). */
  requests: RequestRecord[];
  close(): Promise<void>;
}

/** Thrown by handlers for an answer other than 200 (the envelope is the handler's choice). */
export class SandboxAnswer extends Error {
  constructor(readonly response: SandboxResponse) {
    super(`sandbox answer ${response.status}`);
  }
}

function clientIpOf(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  if (first) return first;
  const socketAddress = req.socket.remoteAddress ?? '';
  // Node reports IPv4 peers on dual-stack sockets as IPv4-mapped IPv6.
  return socketAddress.startsWith('::ffff:') ? socketAddress.slice(7) : socketAddress;
}

async function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new RangeError(`request body is larger than ${limit} bytes`);
    chunks.push(buffer);
  }
  return size === 0 ? undefined : Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, response: SandboxResponse): void {
  const isText = typeof response.body === 'string';
  const payload = isText ? (response.body as string) : JSON.stringify(response.body);
  res.writeHead(response.status, {
    'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    ...response.headers,
  });
  res.end(payload);
}

async function answer(
  definition: SandboxDefinition,
  req: IncomingMessage,
  onRequest?: (record: RequestRecord) => void,
): Promise<SandboxResponse> {
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const method = req.method ?? 'GET';
  const match = definition.contract.match(method, url.pathname);
  onRequest?.({ operationId: match?.operationId, method, path: url.pathname, query: url.search });
  if (!match) {
    if (definition.contract.hasPath(url.pathname)) {
      return { ...definition.errors.notFound(`${method} is not allowed on ${url.pathname}`), status: 405 };
    }
    return definition.errors.notFound(`No such resource: ${url.pathname}`);
  }
  let rawBody: string | undefined;
  try {
    rawBody = await readBody(req, definition.maxBodyBytes ?? 1_000_000);
  } catch (error) {
    return definition.errors.badRequest([{ in: 'body', name: 'body', message: (error as Error).message }]);
  }
  let body: unknown;
  if (rawBody !== undefined) {
    try {
      body = JSON.parse(rawBody);
    } catch {
      return definition.errors.badRequest([{ in: 'body', name: 'body', message: 'body is not valid JSON' }]);
    }
  }
  const request: SandboxRequest = {
    operationId: match.operationId,
    method,
    path: url.pathname,
    params: { path: match.pathParams, query: {}, header: {} },
    query: url.searchParams,
    headers: req.headers,
    body,
    clientIp: clientIpOf(req),
  };
  const refused = await definition.guard?.(request);
  if (refused) return refused;
  const checked = definition.contract.validateRequest(match.operationId, {
    pathParams: match.pathParams,
    query: url.searchParams,
    headers: req.headers,
    body,
  });
  if (!checked.ok) return definition.errors.badRequest(checked.issues);
  const handler = definition.handlers[match.operationId];
  if (!handler) return definition.errors.internal(`${match.operationId} is documented but not implemented`);
  try {
    return await handler({ ...request, params: checked.params });
  } catch (error) {
    if (error instanceof SandboxAnswer) return error.response;
    console.error(`[sandbox ${definition.name}] ${match.operationId} failed:`, error);
    return definition.errors.internal('The sandbox failed to answer this request');
  }
}

/** Creates (but does not start) the HTTP server for one sandbox. */
export function createSandboxServer(definition: SandboxDefinition, onRequest?: (record: RequestRecord) => void): Server {
  const missing = definition.contract.operationIds.filter((id) => !(id in definition.handlers));
  if (missing.length > 0) {
    throw new TypeError(`Sandbox ${definition.name} has no handler for: ${missing.join(', ')}`);
  }
  return createServer((req, res) => {
    answer(definition, req, onRequest).then(
      (response) => send(res, response),
      (error: unknown) => {
        console.error(`[sandbox ${definition.name}] unexpected failure:`, error);
        send(res, definition.errors.internal('The sandbox failed to answer this request'));
      },
    );
  });
}

/** Starts a sandbox on loopback; port 0 picks a free port (what tests and `npm start` use). */
export async function startSandbox(definition: SandboxDefinition, port = 0, host = '127.0.0.1'): Promise<RunningSandbox> {
  const requests: RequestRecord[] = [];
  const server = createSandboxServer(definition, (record) => requests.push(record));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    name: definition.name,
    url: `http://${hostPart}:${address.port}`,
    server,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
