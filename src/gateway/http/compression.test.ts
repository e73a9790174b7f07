import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  AnswerCompression,
  type ContentCoding,
  encode,
  encodeSync,
  isCompressible,
  negotiateCoding,
  SUPPORTED_CODINGS,
  THRESHOLD_BYTES,
  varyWithAcceptEncoding,
  writeAnswer,
} from './compression.js';

const ALL: readonly ContentCoding[] = ['br', 'zstd', 'gzip'];
const NO_ZSTD: readonly ContentCoding[] = ['br', 'gzip'];

describe('negotiateCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1, br;q=0.8', 'gzip'],
    ['gzip ; q=0.2 , br ; q=0.3', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['zstd', 'zstd'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'zstd'],
    ['*;q=0', undefined],
    ['deflate', undefined],
    ['gzip;q=0.5, identity', undefined],
    ['gzip;q=0.5, identity;q=0.4', 'gzip'],
    ['gzip;q=2', undefined],
    ['gzip;q=abc', undefined],
  ])('%s → %s', (header, coding) => {
    expect(negotiateCoding(header, ALL).coding).toBe(coding);
  });

  it('offers zstd only where this Node has it', () => {
    expect(negotiateCoding('zstd', NO_ZSTD).coding).toBeUndefined();
    expect(SUPPORTED_CODINGS.includes('zstd')).toBe(typeof (zlib as { zstdCompressSync?: unknown }).zstdCompressSync === 'function');
  });

  it('says when identity is refused, by name or by *', () => {
    expect(negotiateCoding('gzip, identity;q=0', ALL)).toEqual({ coding: 'gzip', identityRefused: true });
    expect(negotiateCoding('*;q=0', ALL)).toEqual({ coding: undefined, identityRefused: true });
    expect(negotiateCoding('*;q=0, identity', ALL).identityRefused).toBe(false);
    expect(negotiateCoding('gzip', ALL).identityRefused).toBe(false);
  });
});

describe('AnswerCompression', () => {
  const on = new AnswerCompression(true);

  it('compresses from the threshold on, and says Vary from there', () => {
    expect(on.encodingFor('gzip', THRESHOLD_BYTES - 1)).toEqual({ coding: undefined, varies: false });
    expect(on.encodingFor('gzip', THRESHOLD_BYTES)).toEqual({ coding: 'gzip', varies: true });
    expect(on.encodingFor(undefined, THRESHOLD_BYTES)).toEqual({ coding: undefined, varies: true });
  });

  it('compresses a short answer for a client that refuses identity', () => {
    expect(on.encodingFor('gzip, identity;q=0', 10)).toEqual({ coding: 'gzip', varies: true });
  });

  it('off, never compresses nor varies', () => {
    expect(new AnswerCompression(false).encodingFor('gzip, identity;q=0', 1_000_000)).toEqual({ coding: undefined, varies: false });
  });
});

describe('headers', () => {
  it('merges Accept-Encoding into Vary once', () => {
    expect(varyWithAcceptEncoding(null)).toBe('Accept-Encoding');
    expect(varyWithAcceptEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyWithAcceptEncoding('origin, accept-encoding')).toBe('origin, accept-encoding');
    expect(varyWithAcceptEncoding('*')).toBe('*');
  });

  it.each([
    ['application/json; charset=utf-8', true],
    ['application/graphql-response+json; charset=utf-8', true],
    ['text/html', true],
    ['text/event-stream', false],
    ['multipart/mixed; boundary="-"', false],
    ['image/png', false],
    [null, false],
  ])('%s compressible: %s', (contentType, compressible) => {
    expect(isCompressible(contentType)).toBe(compressible);
  });
});

describe('encode', () => {
  const body = Buffer.from(JSON.stringify({ data: Array.from({ length: 500 }, (_, index) => ({ index, name: `country ${index}` })) }));
  const decoders: Record<ContentCoding, (bytes: Buffer) => Buffer> = {
    br: (bytes) => zlib.brotliDecompressSync(bytes),
    gzip: (bytes) => zlib.gunzipSync(bytes),
    zstd: (bytes) => (zlib as unknown as { zstdDecompressSync: (input: Buffer) => Buffer }).zstdDecompressSync(bytes),
  };

  it.each(SUPPORTED_CODINGS)('%s, inline and on the thread pool, decodes to the body', async (coding) => {
    expect(decoders[coding](encodeSync(body, coding)).equals(body)).toBe(true);
    expect(decoders[coding](await encode(body, coding)).equals(body)).toBe(true);
  });
});

describe('writeAnswer', () => {
  /** Answers `text` through writeAnswer and reads it back raw. */
  async function roundTrip(text: string, acceptEncoding: string, head: string[] = []) {
    const server = createServer(
      (request, response) => void writeAnswer(new AnswerCompression(true), request, response, 200, [...head], text),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      return await new Promise<{ headers: Record<string, string | string[] | undefined>; raw: Buffer }>((resolve, reject) => {
        const { port } = server.address() as AddressInfo;
        httpRequest({ host: '127.0.0.1', port, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, raw: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    } finally {
      server.close();
    }
  }

  it('compresses a long answer, on the thread pool past the inline limit too', async () => {
    for (const text of ['é'.repeat(2_000), 'x'.repeat(300_000)]) {
      const { headers, raw } = await roundTrip(text, 'gzip', ['Vary', 'Origin']);
      expect(headers['content-encoding']).toBe('gzip');
      expect(headers.vary).toBe('Origin, Accept-Encoding');
      expect(Number(headers['content-length'])).toBe(raw.length);
      expect(zlib.gunzipSync(raw).toString('utf8')).toBe(text);
    }
  });

  it('measures a short answer in bytes, not characters', async () => {
    const { headers, raw } = await roundTrip('é'.repeat(400), 'gzip');
    expect(headers['content-encoding']).toBeUndefined();
    expect(Number(headers['content-length'])).toBe(800);
    expect(raw.toString('utf8')).toBe('é'.repeat(400));
  });
});
