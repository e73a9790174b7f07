/**
 * Reads an upstream body into one buffer, failing the moment it passes the size cap instead of
 * after it has filled the memory (and then the event loop, parsing it).
 */
import type { Readable } from 'node:stream';

/** Thrown when a body passes the configured maximum; the transport maps it to a catalogued error. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';

  constructor(readonly limitBytes: number) {
    super(`the answer is larger than ${limitBytes} bytes`);
  }
}

/** The whole body as UTF-8 text, decoded once; destroys the stream and throws past `maxBytes`. */
export function readCappedBody(body: Readable, maxBytes: number, contentLength?: number): Promise<string> {
  if (contentLength !== undefined && contentLength > maxBytes) {
    body.destroy();
    return Promise.reject(new BodyTooLargeError(maxBytes));
  }
  // Events rather than an async iterator: a small answer arrives in one or two chunks, and the
  // iterator's promise per chunk cost more than reading them.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer | string) => {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buffer.length;
      if (size > maxBytes) {
        body.destroy();
        reject(new BodyTooLargeError(maxBytes));
        return;
      }
      chunks.push(buffer);
    });
    body.once('end', () =>
      resolve(chunks.length === 1 && chunks[0] ? chunks[0].toString('utf8') : Buffer.concat(chunks, size).toString('utf8')),
    );
    body.once('error', reject);
    body.once('close', () => {
      if (!body.readableEnded) reject(body.errored ?? new Error('the body ended early'));
    });
  });
}
