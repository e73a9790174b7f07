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

/** Thrown when the process is already holding `limitBytes` of upstream bodies being read. */
export class BufferBudgetExceededError extends Error {
  override readonly name = 'BufferBudgetExceededError';

  constructor(readonly limitBytes: number) {
    super(`the gateway is already reading ${limitBytes} bytes of upstream answers; this one was cut off, retry shortly`);
  }
}

/**
 * The bytes of upstream bodies held at once across the process (UPSTREAM_MAX_BUFFERED_BYTES).
 * Each body is capped on its own, but many capped bodies at once (a vendor streaming oversized
 * answers to every concurrent call) would still hold calls × cap; past the budget, the body that
 * asks for more is cut off, so the memory the process holds for answers stays bounded.
 */
export class BufferBudget {
  private used = 0;

  constructor(readonly limitBytes: number) {}

  /** Takes `bytes`; false (nothing taken) when they would pass the budget. */
  take(bytes: number): boolean {
    if (this.used + bytes > this.limitBytes) return false;
    this.used += bytes;
    return true;
  }

  /** Gives back what a body took once it is read or dropped. */
  give(bytes: number): void {
    this.used -= bytes;
  }
}

/**
 * The whole body as UTF-8 text, decoded once; destroys the stream and throws past `maxBytes`, or
 * when `budget` (shared by the process's calls) has no room for the next chunk.
 */
export function readCappedBody(body: Readable, maxBytes: number, contentLength?: number, budget?: BufferBudget): Promise<string> {
  // Events rather than an async iterator: a small answer arrives in one or two chunks, and the
  // iterator's promise per chunk cost more than reading them.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const release = (): void => {
      budget?.give(size);
      chunks.length = 0;
    };
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      release();
      reject(error);
    };
    const cutOff = (error: Error): void => {
      fail(error);
      body.removeListener('data', onData);
      body.destroy();
    };
    const onData = (chunk: Buffer | string): void => {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      if (size + buffer.length > maxBytes) return cutOff(new BodyTooLargeError(maxBytes));
      if (budget && !budget.take(buffer.length)) return cutOff(new BufferBudgetExceededError(budget.limitBytes));
      size += buffer.length;
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
      const text = chunks.length === 1 && chunks[0] ? chunks[0].toString('utf8') : Buffer.concat(chunks, size).toString('utf8');
      release();
      resolve(text);
    });
    // A declared length over the cap fails before a byte is read.
    if (contentLength !== undefined && contentLength > maxBytes) return cutOff(new BodyTooLargeError(maxBytes));
    body.on('data', onData);
  });
}
