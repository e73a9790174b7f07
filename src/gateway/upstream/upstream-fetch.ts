/**
 * The fetch every upstream call goes through, both Mesh's generated resolvers (they use
 * `context.fetch`) and the hand-written ones. Per GraphQL request it:
 * - recognises the upstream by its base URL and adds that vendor's credentials (a client's own
 *   key header wins over the configured key);
 * - forwards the caller's address and User-Agent, so "my IP" and "my browser" mean the caller;
 * - makes identical GETs once (later callers get a copy of the first answer), and reuses answers
 *   for slowly changing data across requests (see response-cache.ts);
 * - bounds every call with a time-out and retries a GET once when the connection fails;
 * - turns every non-2xx answer into a catalogued GraphQL error, so no vendor body or URL (which
 *   may carry a key) reaches the client.
 */
import type { UpstreamName } from '../config.js';
import { upstreamError } from '../errors.js';
import type { CachedAnswer, ResponseCache } from './response-cache.js';
import { type QueryValue, withQuery } from './query-string.js';
import { type Credentials, VENDORS } from './vendors.js';

export interface ResolvedUpstream {
  name: UpstreamName;
  url: string;
  credentials: Credentials;
}

export interface CallerInfo {
  /** The gateway request's headers (lower-case names). */
  headers: Headers;
  /** The caller's address as the gateway saw it, if known. */
  ip: string | undefined;
}

export type UpstreamFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** What loaders and helpers need to call upstreams. */
export interface UpstreamCaller {
  upstream: UpstreamClient;
}

/** One GraphQL request's way to its upstreams. */
export interface UpstreamClient {
  /** For Mesh's generated resolvers (`context.fetch`): the URL says which upstream it is. */
  fetch: UpstreamFetch;
  /** For hand-written code: GETs `path` (with `query`) from the named upstream and parses the JSON. */
  get<T>(upstream: UpstreamName, path: string, query?: Record<string, QueryValue>): Promise<T>;
}

const IDEMPOTENT = new Set(['GET', 'HEAD']);

/** The first `X-Forwarded-For` hop if a proxy set one, else the socket's address. */
export function callerIp(headers: Headers, socketAddress: string | undefined): string | undefined {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  const address = forwarded || socketAddress;
  return address?.startsWith('::ffff:') ? address.slice(7) : address;
}

function credentialsFor(upstream: ResolvedUpstream, caller: CallerInfo): Credentials {
  const { clientHeaders } = VENDORS[upstream.name];
  const clientKey = clientHeaders.key ? caller.headers.get(clientHeaders.key) : null;
  const clientToken = clientHeaders.userToken ? caller.headers.get(clientHeaders.userToken) : null;
  return {
    key: clientKey ?? upstream.credentials.key,
    userToken: clientToken ?? upstream.credentials.userToken,
  };
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

async function attempt(url: string, init: RequestInit, timeoutMs: number): Promise<CachedAnswer> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    body: await response.text(),
  };
}

export interface UpstreamFetchOptions {
  timeoutMs: number;
  /** Shared across requests; only paths a vendor marks as slowly changing use it. */
  cache?: ResponseCache;
}

/** Creates the upstream client of one GraphQL request. */
export function createUpstreamClient(
  upstreams: readonly ResolvedUpstream[],
  caller: CallerInfo,
  { timeoutMs, cache }: UpstreamFetchOptions,
): UpstreamClient {
  const inFlight = new Map<string, Promise<CachedAnswer>>();

  async function send(upstream: ResolvedUpstream, url: string, init: RequestInit): Promise<CachedAnswer> {
    // The caller has already upper-cased the method.
    const tries = IDEMPOTENT.has(init.method ?? 'GET') ? 2 : 1;
    for (let round = 1; ; round += 1) {
      try {
        return await attempt(url, init, timeoutMs);
      } catch (error) {
        if (isTimeout(error)) {
          throw upstreamError({ upstream: upstream.name, message: `no answer within ${timeoutMs} ms` }, 'UPSTREAM_TIMEOUT');
        }
        if (round >= tries) {
          throw upstreamError({ upstream: upstream.name, message: 'the service could not be reached' });
        }
      }
    }
  }

  async function request(upstream: ResolvedUpstream, url: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    const credentialHeaders = VENDORS[upstream.name].authHeaders(credentialsFor(upstream, caller));
    for (const [name, value] of Object.entries(credentialHeaders)) headers.set(name, value);
    if (caller.ip) headers.set('x-forwarded-for', caller.ip);
    const userAgent = caller.headers.get('user-agent');
    if (userAgent) headers.set('user-agent', userAgent);
    const method = (init.method ?? 'GET').toUpperCase();
    const request = { ...init, method, headers };
    // What can change a GET's answer is its URL and what the gateway adds: credentials and the
    // caller. Mesh's resolvers and the hand-written ones send different Accept headers for the
    // same resource, which must not make it two requests.
    const key = IDEMPOTENT.has(method)
      ? `${method} ${url} ${JSON.stringify(credentialHeaders)} ${caller.ip ?? ''} ${userAgent ?? ''}`
      : undefined;
    // Slowly changing answers do not depend on who asks, only on the credentials that may see them.
    const shared = key && cache && VENDORS[upstream.name].slowlyChanging?.test(new URL(url).pathname) ? cache : undefined;
    const sharedKey = `${url} ${JSON.stringify(credentialHeaders)}`;
    let pending = key ? inFlight.get(key) : undefined;
    if (!pending) {
      const cached = shared?.get(sharedKey);
      pending = cached ? Promise.resolve(cached) : send(upstream, url, request);
      if (key) inFlight.set(key, pending);
      if (shared && !cached)
        void pending.then(
          (answer) => shared.offer(sharedKey, answer),
          () => undefined,
        );
    }
    const answer = await pending;
    if (answer.status < 200 || answer.status > 299) {
      const detail = VENDORS[upstream.name].describeFailure(answer.status, answer.body);
      throw upstreamError({ upstream: upstream.name, status: answer.status, ...detail });
    }
    const body = VENDORS[upstream.name].rewriteBody?.(answer.body) ?? answer.body;
    return new Response(body, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
  }

  function named(name: UpstreamName): ResolvedUpstream {
    const upstream = upstreams.find((candidate) => candidate.name === name);
    if (!upstream) throw new TypeError(`No upstream is configured for ${name}`);
    return upstream;
  }

  return {
    fetch: async (url, init = {}) => {
      const upstream = upstreams.find((candidate) => url === candidate.url || url.startsWith(`${candidate.url}/`));
      if (!upstream) throw new TypeError(`No upstream is configured for ${new URL(url).origin}`);
      return request(upstream, url, init);
    },
    async get<T>(name: UpstreamName, path: string, query: Record<string, QueryValue> = {}): Promise<T> {
      const upstream = named(name);
      const response = await request(upstream, withQuery(`${upstream.url}${path}`, query), {});
      try {
        return JSON.parse(await response.text()) as T;
      } catch {
        throw upstreamError({ upstream: name, status: response.status, message: 'the answer was not JSON' }, 'UPSTREAM_ERROR');
      }
    },
  };
}
