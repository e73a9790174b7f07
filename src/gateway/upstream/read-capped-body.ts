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
export async function readCappedBody(body: Readable, maxBytes: number, contentLength?: number): Promise<string> {
  if (contentLength !== undefined && contentLength > maxBytes) {
    body.destroy();
    throw new BodyTooLargeError(maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxBytes) {
      body.destroy();
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
