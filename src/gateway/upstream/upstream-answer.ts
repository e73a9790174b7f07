/**
 * One upstream answer, immutable once made, so the callers of one GraphQL request and (through the
 * response cache) later requests can share it. Its body is decoded once by the transport and
 * parsed at most once, lazily, only when hand-written code asks for the value. Mesh's generated
 * resolvers read `text()` and parse it themselves (they decorate the objects they parse), so the
 * text they get is the decoded text as it is: no Response re-encodes it and nothing else parses it.
 */
import { deepFreeze } from './deep-freeze.js';

/** What Mesh's HTTP resolvers read from `context.fetch`'s answer (a subset of `Response`). */
export interface UpstreamResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: Headers;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

export class UpstreamAnswer {
  private parsed: { value: unknown } | undefined;
  private checked: { problem: string | undefined } | undefined;
  private rewritten: string | undefined;
  private sharedAcrossRequests = false;

  constructor(
    readonly status: number,
    readonly headers: Readonly<Record<string, string>>,
    /** The body as decoded from the wire. */
    private readonly received: string,
    /** Applied to the text before anyone reads it (B's int64 amounts, see lossless-json.ts). */
    private readonly rewrite: (text: string) => string = (text) => text,
  ) {}

  /** Whether the status is a success (2xx). */
  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  /** The body's text as received, rewritten once. */
  text(): string {
    this.rewritten ??= this.rewrite(this.received);
    return this.rewritten;
  }

  /**
   * The parsed body, shared by every caller of this answer; throws SyntaxError when not JSON.
   * Deeply frozen once the answer is shared across requests, so no request can change what
   * another reads; within one request the resolvers are ours and read only, and freezing every
   * list of a hundred records would cost more than the parse.
   */
  value(): unknown {
    if (!this.parsed) {
      const value: unknown = JSON.parse(this.text());
      this.parsed = { value: this.sharedAcrossRequests ? deepFreeze(value) : value };
    }
    return this.parsed.value;
  }

  /** Whether the body is JSON (parsed once; the answer keeps the value for its readers). */
  parses(): boolean {
    try {
      this.value();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * `check`'s verdict on this answer (what does not fit, or undefined), reached once in the
   * answer's life: every caller of a shared or cached answer gets the first verdict, so an answer
   * is checked once however often it is read. Every check of one answer is the same check (the
   * answer of one URL), so whichever comes first may decide.
   */
  verdict(check: (answer: this) => string | undefined): string | undefined {
    this.checked ??= { problem: check(this) };
    return this.checked.problem;
  }

  /** Marks the answer as shared across requests (the response cache keeps it): its value is frozen from now on. */
  share(): this {
    this.sharedAcrossRequests = true;
    if (this.parsed) deepFreeze(this.parsed.value);
    return this;
  }

  /** The Response-like object Mesh reads. */
  toResponse(): UpstreamResponse {
    const text = (): Promise<string> => Promise.resolve(this.text());
    return {
      status: this.status,
      statusText: '',
      ok: this.ok,
      headers: new Headers(this.headers),
      text,
      // A fresh copy: Mesh adds metadata to the objects it gets.
      json: async () => JSON.parse(await text()),
    };
  }
}
