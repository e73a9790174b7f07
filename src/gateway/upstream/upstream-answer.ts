/**
 * One upstream answer as a GraphQL request's callers share it. Its body was decoded once by the
 * transport; it is parsed at most once, and only when hand-written code asks for the value.
 * Mesh's generated resolvers read `text()` and parse it themselves, so they get the decoded text
 * as it is, with no Response re-encoding it.
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

type Source = { text: string } | { value: unknown };

export class UpstreamAnswer {
  private parsed: { value: unknown } | undefined;
  private rewritten: string | undefined;

  constructor(
    readonly status: number,
    readonly headers: Readonly<Record<string, string>>,
    private readonly source: Source,
    /** Applied to the text before it is parsed (B's int64 amounts, see lossless-json.ts). */
    private readonly rewrite: (text: string) => string = (text) => text,
  ) {
    if ('value' in source) this.parsed = { value: source.value };
  }

  /** The body's text: as received (rewritten), or the cached value serialised. */
  text(): string {
    this.rewritten ??= 'text' in this.source ? this.rewrite(this.source.text) : JSON.stringify(this.source.value);
    return this.rewritten;
  }

  /** The parsed body, deeply frozen because every caller of this request shares it; throws SyntaxError when not JSON. */
  value(): unknown {
    this.parsed ??= { value: deepFreeze(JSON.parse(this.text())) };
    return this.parsed.value;
  }

  /** The Response-like object Mesh reads. */
  toResponse(): UpstreamResponse {
    const text = (): Promise<string> => Promise.resolve(this.text());
    return {
      status: this.status,
      statusText: '',
      ok: this.status >= 200 && this.status <= 299,
      headers: new Headers(this.headers),
      text,
      // A fresh copy: Mesh adds metadata to the objects it gets.
      json: async () => JSON.parse(await text()),
    };
  }
}
