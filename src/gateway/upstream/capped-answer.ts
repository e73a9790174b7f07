/**
 * One upstream exchange read whole: status, headers and the body as text, the body failing the
 * moment it passes the size cap instead of after it has filled the memory (and then the event
 * loop, parsing it).
 *
 * It is undici's dispatch handler rather than `request()` and a body stream: an answer the
 * gateway always reads whole needs no stream, and the stream's objects, listeners and ticks were
 * about 4.6 of the 32 µs an exchange took (2 % of a one-country request). undici still does the
 * connection, the parsing, the headers and body time-outs and the pool; headers are named by its
 * own function, so they read as `request()` gave them.
 */
import { type Dispatcher, util } from 'undici';

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

/** One upstream answer: the status, the headers (repeated ones joined), the body decoded once and not yet parsed. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** The limits one exchange is read under. */
export interface AnswerLimits {
  /** The cap on one body, in bytes (UPSTREAM_MAX_BODY_BYTES). */
  maxBytes: number;
  /** The bytes all bodies being read may hold at once, shared by the process's calls. */
  budget?: BufferBudget | undefined;
  /**
   * Ends the exchange when it emits `'abort'` (the call's deadline, call-deadline.ts), failing it
   * with its `reason`; an emitter rather than an AbortSignal, as undici's `signal` takes.
   */
  signal?: {
    aborted: boolean;
    reason?: Error | undefined;
    once(event: 'abort', listener: () => void): unknown;
    removeListener(event: 'abort', listener: () => void): unknown;
  };
}

/**
 * The raw header lines as one object: names as undici's parser spells them (lower case, the
 * common ones interned), values as UTF-8, a repeated header's values joined with `, `. One pass
 * over the lines rather than undici's object of arrays and a second one flattening it.
 */
function flatHeaders(raw: Buffer[]): Record<string, string> {
  const flat: Record<string, string> = {};
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = util.headerNameToString(raw[index] as Buffer);
    const value = (raw[index + 1] as Buffer).toString('utf8');
    const earlier = flat[name];
    flat[name] = earlier === undefined ? value : `${earlier}, ${value}`;
  }
  return flat;
}

/** Reads one exchange's answer; every path ends in exactly one of `resolve` or `reject`, once. */
class AnswerReader implements Dispatcher.DispatchHandlers {
  private status = 0;
  private headers: Record<string, string> = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private settled = false;
  private abort: ((error: Error) => void) | undefined;
  private readonly onAbort = (): void => {
    this.cutOff(this.limits.signal?.reason ?? new Error('the call was aborted'));
  };

  constructor(
    private readonly limits: AnswerLimits,
    private readonly resolve: (answer: RawAnswer) => void,
    private readonly reject: (error: Error) => void,
  ) {
    limits.signal?.once('abort', this.onAbort);
  }

  onConnect(abort: (error?: Error) => void): void {
    if (this.settled) return abort();
    this.abort = abort;
    if (this.limits.signal?.aborted) this.onAbort();
  }

  onHeaders(status: number, raw: Buffer[]): boolean {
    // An informational answer (100 Continue) is followed by the real one.
    if (status < 200) return true;
    this.status = status;
    this.headers = flatHeaders(raw);
    const declared = this.headers['content-length'];
    // A declared length over the cap fails before a byte is read.
    if (declared !== undefined && Number(declared) > this.limits.maxBytes) return this.cutOff(new BodyTooLargeError(this.limits.maxBytes));
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.settled) return false;
    if (this.size + chunk.length > this.limits.maxBytes) return this.cutOff(new BodyTooLargeError(this.limits.maxBytes));
    const { budget } = this.limits;
    if (budget && !budget.take(chunk.length)) return this.cutOff(new BufferBudgetExceededError(budget.limitBytes));
    this.size += chunk.length;
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.settled) return;
    const { chunks, size } = this;
    const text = chunks.length === 1 && chunks[0] ? chunks[0].toString('utf8') : Buffer.concat(chunks, size).toString('utf8');
    this.finish();
    this.resolve({ status: this.status, headers: this.headers, text });
  }

  onError(error: Error): void {
    if (this.settled) return;
    this.finish();
    this.reject(error);
  }

  /** Fails the exchange with `error` and tells undici to drop it (its socket with it); false stops the parser. */
  private cutOff(error: Error): false {
    if (!this.settled) {
      this.finish();
      this.reject(error);
    }
    this.abort?.(error);
    return false;
  }

  private finish(): void {
    this.settled = true;
    this.limits.budget?.give(this.size);
    this.size = 0;
    this.chunks.length = 0;
    this.limits.signal?.removeListener('abort', this.onAbort);
  }
}

/**
 * Sends `options` through `dispatcher` and reads the answer whole under `limits`: rejects with
 * BodyTooLargeError or BufferBudgetExceededError past a cap, with the signal's reason when it
 * aborts, and with undici's error when the exchange fails (refused, reset, timed out, cut short).
 */
export function readAnswer(dispatcher: Dispatcher, options: Dispatcher.DispatchOptions, limits: AnswerLimits): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    dispatcher.dispatch(options, new AnswerReader(limits, resolve, reject));
  });
}
