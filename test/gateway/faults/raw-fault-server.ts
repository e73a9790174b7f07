/**
 * The fault matrix's stand-in upstream: a node:net server that reads one HTTP request per
 * connection and writes the answer byte for byte, so the framing of a faulty body (Content-Length,
 * chunked, HTTP/1.0 close-delimited) is exactly what the cell names. node:http would choose the
 * framing itself and refuses to declare a length it does not send. Every answer closes its
 * connection, so no pooled connection outlives a cell and `refuse()` refuses every new call.
 */
import { request as httpRequest, STATUS_CODES } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export type Framing = 'content-length' | 'chunked' | 'close';

export interface RawRequest {
  method: string;
  /** Path and query as received. */
  path: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Buffer;
}

/** A complete answer of the real sandbox, to be re-framed. */
export interface RealAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Writes one answer on a raw socket in one framing; bodies may be declared longer than sent, or cut. */
export class RawAnswer {
  constructor(
    private readonly socket: Socket,
    readonly framing: Framing,
  ) {}

  get destroyed(): boolean {
    return this.socket.destroyed;
  }

  /** The status line and headers; `declaredLength` is what a Content-Length answer announces. */
  head(status: number, headers: Record<string, string>, declaredLength = 0): void {
    const lines = [`${this.framing === 'close' ? 'HTTP/1.0' : 'HTTP/1.1'} ${status} ${STATUS_CODES[status] ?? 'Unknown'}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (this.framing === 'content-length') lines.push(`Content-Length: ${declaredLength}`);
    if (this.framing === 'chunked') lines.push('Transfer-Encoding: chunked');
    lines.push('Connection: close');
    this.socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  }

  /** Body bytes (one chunk when chunked); false when the socket wants a drain first or is gone. */
  write(data: Buffer | string): boolean {
    if (this.socket.destroyed) return false;
    const bytes = Buffer.from(data);
    if (this.framing !== 'chunked') return this.socket.write(bytes);
    return this.socket.write(Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]));
  }

  /** Resolves once the socket may take more, or has gone. */
  drained(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      const done = (): void => {
        this.socket.off('drain', done);
        this.socket.off('close', done);
        resolve();
      };
      this.socket.once('drain', done);
      this.socket.once('close', done);
    });
  }

  /** Completes the body (the terminating chunk when chunked) and closes the connection. */
  end(): void {
    if (this.socket.destroyed) return;
    if (this.framing === 'chunked') this.socket.write('0\r\n\r\n');
    this.socket.end();
  }

  /** A whole answer, its length declared truthfully where the framing declares one. */
  send(status: number, headers: Record<string, string>, body: Buffer | string): void {
    const bytes = Buffer.from(body);
    this.head(status, headers, bytes.length);
    if (bytes.length > 0) this.write(bytes);
    this.end();
  }

  /** Closes the connection cleanly (FIN) without completing the body. */
  close(): void {
    this.socket.end();
  }

  /** Resets the connection (RST), as a crashed peer or a middlebox does. */
  reset(): void {
    if (!this.socket.destroyed) this.socket.resetAndDestroy();
  }
}

export type RawHandler = (request: RawRequest, answer: (framing: Framing) => RawAnswer) => void;

export interface RawFaultServer {
  url: string;
  /** Stops listening, so connections are refused, until `heal()`. */
  refuse(): Promise<void>;
  heal(): Promise<void>;
  close(): Promise<void>;
}

const HEADER_END = Buffer.from('\r\n\r\n');

function parseHead(head: string): Omit<RawRequest, 'body'> {
  const [requestLine = '', ...lines] = head.split('\r\n');
  const [method = 'GET', path = '/'] = requestLine.split(' ');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { method, path, headers };
}

/** Listens on 127.0.0.1 (port 0) and hands each connection's first request to `handle`. */
export async function startRawFaultServer(handle: RawHandler): Promise<RawFaultServer> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // The gateway closes connections mid-answer on purpose (deadline, size cap); that is no error here.
    socket.on('error', () => undefined);
    let received = Buffer.alloc(0);
    const onData = (data: Buffer): void => {
      received = Buffer.concat([received, data]);
      const headEnd = received.indexOf(HEADER_END);
      if (headEnd < 0) return;
      const head = parseHead(received.subarray(0, headEnd).toString('latin1'));
      const length = Number(head.headers['content-length'] ?? 0);
      const body = received.subarray(headEnd + HEADER_END.length);
      if (body.length < length) return;
      socket.off('data', onData);
      handle({ ...head, body: body.subarray(0, length) }, (framing) => new RawAnswer(socket, framing));
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let listening = true;
  const stop = async (): Promise<void> => {
    if (!listening) return;
    listening = false;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    url: `http://127.0.0.1:${port}`,
    refuse: stop,
    async heal() {
      if (listening) return;
      listening = true;
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: stop,
  };
}

/** Headers that describe one connection or one framing, not the answer: the re-framer sets its own. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'content-length', 'transfer-encoding', 'host', 'date']);

/** Sends `request` to the real sandbox at `target` with `credentials` in place of the gateway's, and reads all of its answer. */
export function fetchReal(target: URL, request: RawRequest, credentials: Record<string, string>): Promise<RealAnswer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (!HOP_HEADERS.has(name) && name !== 'authorization' && name !== 'api_key') headers[name] = value;
  Object.assign(headers, credentials, { 'content-length': String(request.body.length) });
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: target.hostname, port: target.port, path: request.path, method: request.method, headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.once('error', reject);
        answer.once('end', () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (!HOP_HEADERS.has(name) && value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : value;
          resolve({ status: answer.statusCode ?? 502, headers: kept, body: Buffer.concat(chunks) });
        });
      },
    );
    outgoing.once('error', reject);
    outgoing.end(request.body);
  });
}
