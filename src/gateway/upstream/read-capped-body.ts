/**
 * Reads an upstream body into one buffer, failing the moment it passes the size cap instead of
 * after it has filled the memory (and then the event loop, parsing it).
 *
 * Every listener is attached before the stream can be destroyed: undici's body stream emits
 * `'error'` (RequestAbortedError) when it is destroyed before its end, and an `'error'` nobody
 * listens to is an uncaught exception that ends the process.
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
  // Events rather than an async iterator: a small answer arrives in one or two chunks, and the
  // iterator's promise per chunk cost more than reading them.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    const tooLarge = (): void => {
      fail(new BodyTooLargeError(maxBytes));
      body.removeListener('data', onData);
      body.destroy();
    };
    const onData = (chunk: Buffer | string): void => {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buffer.length;
      if (size > maxBytes) return tooLarge();
      chunks.push(buffer);
    };
    // `on`, not `once`: a destroyed stream may still emit a second error, which must find a listener.
    body.on('error', fail);
    body.once('close', () => {
      if (!body.readableEnded) fail(body.errored ?? new Error('the body ended early'));
    });
    body.once('end', () => {
      if (settled) return;
      settled = true;
      resolve(chunks.length === 1 && chunks[0] ? chunks[0].toString('utf8') : Buffer.concat(chunks, size).toString('utf8'));
    });
    // A declared length over the cap fails before a byte is read.
    if (contentLength !== undefined && contentLength > maxBytes) return tooLarge();
    body.on('data', onData);
  });
}
