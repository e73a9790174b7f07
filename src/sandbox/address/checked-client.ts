/**
 * An HTTP client for a running address sandbox (or any server of the address interface) that
 * checks every answer against the document: the operation is found from method and path, and
 * the body is validated for its status by the framework's validator and the strict one.
 * Tests assert `problems` is empty so the sandbox cannot drift from `schema/address.yaml`.
 */
import type { OpenApiContract } from '../openapi-contract.js';
import { StrictResponses } from './strict-responses.js';

export interface CheckedAnswer<T = unknown> {
  status: number;
  /** Parsed JSON, or the text of a non-JSON answer. */
  body: T;
  headers: Headers;
  operationId: string | undefined;
  /** Differences from the document; empty when the answer is as documented. */
  problems: string[];
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

export class CheckedClient {
  private readonly strict: StrictResponses;

  constructor(
    readonly baseUrl: string,
    private readonly contract: OpenApiContract,
  ) {
    this.strict = new StrictResponses(contract);
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<CheckedAnswer<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
    const body = (isJson ? JSON.parse(text) : text) as T;
    const operationId = this.contract.match(method, url.pathname)?.operationId;
    const problems = operationId
      ? [
          ...this.contract.validateResponse(operationId, response.status, structuredClone(body)),
          ...this.strict.problems(operationId, response.status, body),
        ]
      : [`no operation serves ${method} ${url.pathname}`];
    return { status: response.status, body, headers: response.headers, operationId, problems };
  }

  get<T = unknown>(path: string, query?: RequestOptions['query'], headers?: Record<string, string>): Promise<CheckedAnswer<T>> {
    return this.request<T>('GET', path, { query, headers });
  }
}
