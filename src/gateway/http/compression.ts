/**
 * Compressed answers, negotiated by `Accept-Encoding` (RFC 9110 §12.5.3): brotli, gzip, and zstd
 * where node:zlib has it (Node 22.15 and 24; not Node 20). One policy for both drivers: the fast
 * path writes its JSON answers through `writeAnswer`, and `useCompression` re-encodes Yoga's.
 *
 * Choices, measured on Q2's answer (100 countries, ~20-28 kB of JSON) on this machine:
 * - Levels for throughput: brotli quality 4 (~110 µs, 1.9 kB) and gzip level 6 (~95 µs, 2.2 kB);
 *   brotli 5 costs twice as much for 10 % fewer bytes. That CPU is the price of the bytes saved;
 *   behind a proxy that compresses already, COMPRESSION=false spends none of it.
 * - Small bodies are compressed synchronously: gzip 6 on 20 kB costs 95 µs inline against 275 µs
 *   through zlib's thread pool (the hop and its callback cost more than the work). Past
 *   SYNC_LIMIT_BYTES the thread pool keeps the event loop free.
 * - Under THRESHOLD_BYTES nothing is compressed: such an answer fits one TCP segment either way,
 *   so compressing it saves no round trip and costs ~17 µs each.
 * - Server-Sent Events and multipart/mixed (@defer) are never compressed: a compressor holds
 *   bytes back until flushed, flushing per event gives back most of the gain on events this
 *   small, and each open stream would keep a compressor's window (up to hundreds of kB) for life.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'graphql-yoga';
import { ForgetfulMemo } from '../shared/forgetful-memo.js';

export type ContentCoding = 'br' | 'gzip' | 'zstd';

/** Bytes a Response takes as its body (never over shared memory). */
export type Bytes = Buffer<ArrayBuffer>;

/** zlib's options for any of the three codings. */
export type ZlibOptions = zlib.BrotliOptions & zlib.ZlibOptions;

/** Answers shorter than this go uncompressed (see the module's comment). */
export const THRESHOLD_BYTES = 1024;

/** Bodies up to this length are compressed inline; longer ones on zlib's thread pool. */
export const SYNC_LIMIT_BYTES = 128 * 1024;

/** The zstd functions of node:zlib, which Node 20's types and runtime lack. */
interface ZstdZlib {
  zstdCompressSync?: (body: Buffer, options?: ZlibOptions) => Bytes;
  zstdCompress?: (body: Buffer, options: ZlibOptions, done: (error: Error | null, result: Bytes) => void) => void;
}
const zstd = zlib as unknown as ZstdZlib;

/** Which coding wins among those a client weighs equally: best ratio per CPU first. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'zstd', 'gzip'];

/** The codings this Node can produce. */
export const SUPPORTED_CODINGS: readonly ContentCoding[] = PREFERENCE.filter(
  (coding) => coding !== 'zstd' || typeof zstd.zstdCompressSync === 'function',
);

/** What a client's Accept-Encoding allows: the coding to use, and whether an uncompressed answer was refused. */
export interface Negotiated {
  coding: ContentCoding | undefined;
  identityRefused: boolean;
}

const NOTHING_NEGOTIATED: Negotiated = { coding: undefined, identityRefused: false };

/** A weight `q=0.5`; one that does not parse counts as 0, so an unreadable preference never picks a coding. */
function weightOf(parameters: string[]): number {
  const q = parameters.find((parameter) => parameter.startsWith('q='));
  if (q === undefined) return 1;
  const weight = /^q=(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(q) ? Number(q.slice(2)) : 0;
  return weight;
}

/**
 * The coding for an answer to this Accept-Encoding, among `available`: the highest weight wins,
 * `*` weighs every coding not named, identity is acceptable unless given q=0 (by name or by `*`)
 * and wins only when named with a higher weight, and a tie goes to the order of `available`. No header (or an empty one) asks for no coding.
 */
export function negotiateCoding(header: string | null | undefined, available: readonly ContentCoding[] = SUPPORTED_CODINGS): Negotiated {
  if (!header) return NOTHING_NEGOTIATED;
  const weights = new Map<string, number>();
  for (const entry of header.toLowerCase().split(',')) {
    const [token = '', ...parameters] = entry.split(';').map((part) => part.trim());
    if (token === '') continue;
    weights.set(token === 'x-gzip' ? 'gzip' : token, weightOf(parameters));
  }
  const anyOther = weights.get('*');
  const identity = weights.get('identity') ?? (anyOther === 0 ? 0 : 1);
  let coding: ContentCoding | undefined;
  let best = 0;
  for (const candidate of available) {
    const weight = weights.get(candidate) ?? anyOther ?? 0;
    if (weight > best) {
      best = weight;
      coding = candidate;
    }
  }
  // Identity named and weighed above every coding (`gzip;q=0.5, identity`) is the client's choice
  // too; unnamed, it is merely acceptable (RFC 9110 gives it no weight to outrank a coding).
  const identityNamed = weights.get('identity');
  if (coding !== undefined && identityNamed !== undefined && identityNamed > best) coding = undefined;
  return { coding, identityRefused: identity === 0 };
}

/** zlib's options per coding: levels chosen for throughput (module comment). */
function zlibOptions(coding: ContentCoding, length: number): ZlibOptions {
  switch (coding) {
    case 'br':
      return {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length,
        },
      };
    case 'gzip':
      return { level: 6 };
    case 'zstd':
      // zstd's default level (3), and as fast as gzip 1 for a ratio near gzip 6.
      return {};
  }
}

/** `body` in `coding`, compressed inline. */
export function encodeSync(body: Buffer, coding: ContentCoding, options = zlibOptions(coding, body.length)): Bytes {
  switch (coding) {
    case 'br':
      return zlib.brotliCompressSync(body, options);
    case 'gzip':
      return zlib.gzipSync(body, options);
    case 'zstd':
      if (!zstd.zstdCompressSync) throw new TypeError('zstd is not available in this Node');
      return zstd.zstdCompressSync(body, options);
  }
}

const brotliAsync: (body: Buffer, options: ZlibOptions) => Promise<Bytes> = promisify(zlib.brotliCompress);
const gzipAsync: (body: Buffer, options: ZlibOptions) => Promise<Bytes> = promisify(zlib.gzip);

/** `body` in `coding`, compressed on zlib's thread pool. */
export function encode(body: Buffer, coding: ContentCoding, options = zlibOptions(coding, body.length)): Promise<Bytes> {
  switch (coding) {
    case 'br':
      return brotliAsync(body, options);
    case 'gzip':
      return gzipAsync(body, options);
    case 'zstd': {
      const compress = zstd.zstdCompress;
      if (!compress) return Promise.reject(new TypeError('zstd is not available in this Node'));
      return new Promise((resolve, reject) => compress(body, options, (error, result) => (error ? reject(error) : resolve(result))));
    }
  }
}

/** `vary` with Accept-Encoding added once, after what it names already. */
export function varyWithAcceptEncoding(vary: string | null | undefined): string {
  if (!vary) return 'Accept-Encoding';
  const named = vary.split(',').map((name) => name.trim().toLowerCase());
  return named.includes('accept-encoding') || named.includes('*') ? vary : `${vary}, Accept-Encoding`;
}

/** Media types whose answers are compressed: JSON and text, never an event stream (module comment). */
export function isCompressible(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (mediaType === 'text/event-stream') return false;
  return mediaType.startsWith('text/') || mediaType === 'application/json' || mediaType.endsWith('+json');
}

/** Clients send few distinct Accept-Encoding headers: each is negotiated once. */
const NEGOTIATION_MEMO_SIZE = 64;

/** What an answer of some length gets: its coding (none for identity), and whether it carries `Vary: Accept-Encoding`. */
export interface AnswerEncoding {
  coding: ContentCoding | undefined;
  varies: boolean;
}

const IDENTITY_FIXED: AnswerEncoding = { coding: undefined, varies: false };

/** The gateway's compression policy (COMPRESSION): which answers get which coding. */
export class AnswerCompression {
  private readonly negotiated = new ForgetfulMemo<string, Negotiated>(NEGOTIATION_MEMO_SIZE);

  constructor(readonly enabled: boolean) {}

  /** How an answer of `length` bytes to a request with this Accept-Encoding is sent. */
  encodingFor(acceptEncoding: string | null | undefined, length: number): AnswerEncoding {
    if (!this.enabled) return IDENTITY_FIXED;
    const { coding, identityRefused } = this.negotiate(acceptEncoding);
    const compresses = coding !== undefined && (length >= THRESHOLD_BYTES || identityRefused);
    // A shorter answer is the same whatever the client accepts, so caches need not key on it.
    return { coding: compresses ? coding : undefined, varies: compresses || length >= THRESHOLD_BYTES };
  }

  private negotiate(header: string | null | undefined): Negotiated {
    if (!header) return NOTHING_NEGOTIATED;
    return this.negotiated.get(header) ?? this.negotiated.remember(header, negotiateCoding(header));
  }
}

/** The index of a raw header's name in a node `writeHead` array, or -1. */
function headerIndex(head: string[], name: string): number {
  for (let index = 0; index < head.length; index += 2) if (head[index]?.toLowerCase() === name) return index;
  return -1;
}

/**
 * Writes an answer on node:http as `useCompression` leaves Yoga's: `head` (raw name/value pairs,
 * without Content-Length) plus Content-Length, and Content-Encoding and Vary where the policy says.
 * Returns a promise only when the body is compressed on the thread pool.
 */
export function writeAnswer(
  compression: AnswerCompression | undefined,
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  head: string[],
  text: string,
): Promise<void> | undefined {
  // Three bytes per UTF-16 unit at most: most answers are known short without measuring them.
  const length = compression?.enabled && text.length * 3 >= THRESHOLD_BYTES ? Buffer.byteLength(text) : 0;
  const { coding, varies } = compression?.encodingFor(request.headers['accept-encoding'], length) ?? IDENTITY_FIXED;
  if (varies) {
    const vary = headerIndex(head, 'vary');
    if (vary < 0) head.push('Vary', 'Accept-Encoding');
    else head[vary + 1] = varyWithAcceptEncoding(head[vary + 1]);
  }
  if (coding === undefined) {
    response.writeHead(status, [...head, 'content-length', String(length || Buffer.byteLength(text))]).end(text);
    return undefined;
  }
  const send = (body: Bytes): void => {
    response.writeHead(status, [...head, 'content-encoding', coding, 'content-length', String(body.length)]).end(body);
  };
  const body = Buffer.from(text);
  if (body.length <= SYNC_LIMIT_BYTES) {
    send(encodeSync(body, coding));
    return undefined;
  }
  return encode(body, coding).then(send);
}

/** A page served from its own cache of representations (graphiql-page.ts), in place of Yoga's answer. */
export interface CachedPage {
  /** This request's answer when it is a visit of the page and the page is at hand; undefined otherwise. */
  answer(
    request: Request,
    response: Response,
    compression: AnswerCompression,
    fetchAPI: { Response: typeof Response; Headers: typeof Headers },
  ): Promise<Response> | undefined;
}

/**
 * Compresses Yoga's answers as the policy says, last of the plugins so the body and headers it
 * encodes are final; `page` (GraphiQL's) answers from its own cache of encoded representations.
 */
export function useCompression(compression: AnswerCompression, page?: CachedPage): Plugin {
  return {
    onResponse({ request, response, setResponse, fetchAPI }) {
      const cached = page?.answer(request, response, compression, fetchAPI);
      if (cached) return cached.then(setResponse);
      // The body is not touched to ask whether there is one: the ponyfill's getter makes it a stream.
      if (!compression.enabled || request.method === 'HEAD' || response.status === 204 || response.status === 304) return undefined;
      const { headers } = response;
      if (headers.has('content-encoding') || !isCompressible(headers.get('content-type'))) return undefined;
      const acceptEncoding = request.headers.get('accept-encoding');
      const declared = headers.get('content-length');
      if (declared !== null && !compression.encodingFor(acceptEncoding, Number(declared)).varies) return undefined;
      return response.arrayBuffer().then(async (bytes) => {
        const body = Buffer.from(bytes);
        const { coding, varies } = compression.encodingFor(acceptEncoding, body.length);
        const answerHeaders = new fetchAPI.Headers(headers);
        if (varies) answerHeaders.set('vary', varyWithAcceptEncoding(headers.get('vary')));
        const encoded =
          coding === undefined ? body : body.length <= SYNC_LIMIT_BYTES ? encodeSync(body, coding) : await encode(body, coding);
        if (coding !== undefined) answerHeaders.set('content-encoding', coding);
        answerHeaders.set('content-length', String(encoded.length));
        setResponse(new fetchAPI.Response(encoded, { status: response.status, statusText: response.statusText, headers: answerHeaders }));
      });
    },
  };
}
