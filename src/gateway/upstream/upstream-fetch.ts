/**
 * The upstream client of one GraphQL request, used by Mesh's generated resolvers (they call
 * `context.fetch`) and the hand-written ones (`get`). Per request it:
 * - recognises the upstream by its base URL and adds that vendor's credentials (a client's own
 *   key header wins over the configured key);
 * - builds hand-written calls' URLs from a path template, each path parameter one encoded
 *   segment (path-parameters.ts; Mesh's resolvers get theirs encoded by schema/path-arguments.ts);
 * - forwards the caller's address and User-Agent, so "my IP" and "my browser" mean the caller;
 * - makes identical GETs once (callers share the answer, parsed at most once), and reuses parsed
 *   answers for slowly changing data across requests (see response-cache.ts);
 * - turns every non-2xx answer into a catalogued GraphQL error with every key scrubbed from it, so
 *   no vendor body, URL or credential reaches the client;
 * - checks every 2xx answer `get` reads against the operation's documented schema, once per
 *   answer, before any resolver reads it: one that does not fit is the upstream's error
 *   (UPSTREAM_ERROR naming the interface; see response-shapes.ts). Mesh's answers are checked
 *   where Mesh returns what it parsed (schema/mesh-sources.ts), so no body is parsed twice.
 * Pools, deadlines, size caps, retries and circuit breakers are per process: upstream-transport.ts.
 */
import { callerAddress, type ProxyTrust } from './caller-address.js';
import { REQUEST_ID_HEADER } from '../ops/request-id.js';
import type { UpstreamName } from '../config.js';
import { upstreamError } from '../errors.js';
import { fillPath } from './path-parameters.js';
import { type QueryValue, withQuery } from './query-string.js';
import { type ResponseCache, sharedKey } from './response-cache.js';
import { type DocumentedAnswer, documentedAnswer } from './response-shapes.js';
import type { CacheObserver } from '../ops/metrics.js';
import { traceUpstreamCall } from '../ops/tracing/upstream-spans.js';
import { scrubSecrets } from './scrub-secrets.js';
import { UpstreamAnswer, type UpstreamResponse } from './upstream-answer.js';
import type { UpstreamTransport } from './upstream-transport.js';
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
  /** The gateway request's id (request-id.ts), forwarded to the vendor. */
  requestId?: string | undefined;
}

export type UpstreamFetch = (url: string, init?: RequestInit) => Promise<UpstreamResponse>;

/** What loaders and helpers need to call upstreams. */
export interface UpstreamCaller {
  upstream: UpstreamClient;
}

/** One GraphQL request's way to its upstreams. */
export interface UpstreamClient {
  /** For Mesh's generated resolvers (`context.fetch`): the URL says which upstream it is. */
  fetch: UpstreamFetch;
  /**
   * For hand-written code: GETs `template` from the named upstream; the parsed JSON, deeply frozen.
   * `template` is a path as in the vendor's document (`/udprn/{udprn}`): each `{name}` is filled
   * from `parameters` as one percent-encoded segment, the other parameters are the query
   * (path-parameters.ts). Values never go into the template itself. When the vendor's document has
   * the operation `GET template`, the body has been checked against its documented schema.
   */
  get<T>(upstream: UpstreamName, template: string, parameters?: Record<string, QueryValue>): Promise<T>;
}

/** What one request's calls cost its caller (callers/upstream-charges.ts): quota spent and calls counted. */
export interface UpstreamCharges {
  /**
   * Called once per exchange, just before it is sent (retries of it are not new exchanges).
   * `baseUrl` is the upstream's configured base, `url` the full URL. A promise only when a quota
   * is counted (it rejects with QUOTA_EXCEEDED), so a call without one waits for nothing.
   */
  beforeSend(upstream: UpstreamName, baseUrl: string, method: string, url: string): Promise<void> | undefined;
  /** An answer the shared cache gave instead of a call. */
  cacheHit(upstream: UpstreamName): void;
}

export interface UpstreamFetchOptions {
  /** The process's pools, breakers and retry budgets. */
  transport: UpstreamTransport;
  /** Shared across requests; only paths a vendor marks as slowly changing use it. */
  cache?: ResponseCache;
  /** Told of every cache lookup (metrics). */
  cacheObserver?: CacheObserver | undefined;
  /** The caller's quota and cost meter, charged per exchange sent; nothing is charged when absent. */
  charges?: UpstreamCharges | undefined;
}

/**
 * The caller's address: the socket's, or the `X-Forwarded-For` hop the trusted proxies
 * (TRUST_PROXY, its default unless given) vouch for (caller-address.ts).
 */
export function callerIp(headers: Headers, socketAddress: string | undefined, trust?: ProxyTrust): string | undefined {
  return callerAddress(headers.get('x-forwarded-for'), socketAddress, trust);
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

/** Every credential this request could send: all configured ones and the client's own. */
function secretsOf(upstreams: readonly ResolvedUpstream[], caller: CallerInfo): string[] {
  const configured = upstreams.flatMap(({ credentials }) => [credentials.key, credentials.userToken]);
  const sent = Object.values(VENDORS).flatMap(({ clientHeaders }) =>
    [clientHeaders.key, clientHeaders.userToken].map((name) => (name ? caller.headers.get(name) : null)),
  );
  return [...configured, ...sent].filter((secret): secret is string => typeof secret === 'string' && secret !== '');
}

function plainHeaders(init: HeadersInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  // Mesh passes a plain object of lower-case names; anything else goes through Headers, which normalises it.
  if (init !== undefined && Object.getPrototypeOf(init) === Object.prototype) {
    for (const [name, value] of Object.entries(init)) headers[name.toLowerCase()] = value;
    return headers;
  }
  new Headers(init).forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

function bodyOf(init: RequestInit): string | Buffer | undefined {
  const { body } = init;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return Buffer.from(body instanceof ArrayBuffer ? body : body.buffer);
  return String(body);
}

/**
 * What does not fit in the 2xx `answer` to `url` of the operation `documented`, as a message; undefined
 * when it fits, or when the document has no such operation or no JSON body to check.
 */
function shapeProblem(documented: DocumentedAnswer | undefined, answer: UpstreamAnswer, url: string): string | undefined {
  if (!documented?.json) return undefined;
  let value: unknown;
  try {
    value = answer.value();
  } catch {
    return 'the answer was not JSON';
  }
  const problem = documented.problem(answer.status, new URL(url).searchParams, value);
  return problem && `the answer does not fit the documented ${documented.operation}: ${problem}`;
}

/** Creates the upstream client of one GraphQL request. */
export function createUpstreamClient(
  upstreams: readonly ResolvedUpstream[],
  caller: CallerInfo,
  { transport, cache, cacheObserver, charges }: UpstreamFetchOptions,
): UpstreamClient {
  const inFlight = new Map<string, Promise<UpstreamAnswer>>();
  // Needed only to scrub a failure's message, so gathered on the first failure.
  let secrets: string[] | undefined;

  async function send(upstream: ResolvedUpstream, url: string, method: string, headers: Record<string, string>, body?: string | Buffer) {
    // Spent before the call: a caller past its quota is refused without the vendor being asked.
    const charged = charges?.beforeSend(upstream.name, upstream.url, method, url);
    if (charged) await charged;
    const raw = await transport.send({ upstream: upstream.name, url, method, headers, body });
    return new UpstreamAnswer(raw.status, raw.headers, raw.text, VENDORS[upstream.name].rewriteBody);
  }

  /** One call as a resolver makes it, in its span: de-duplicated, maybe cached, errors mapped. */
  function request(upstream: ResolvedUpstream, url: string, init: RequestInit): Promise<UpstreamAnswer> {
    const method = (init.method ?? 'GET').toUpperCase();
    return traceUpstreamCall(upstream.name, method, url, () => requestUntraced(upstream, url, method, init));
  }

  async function requestUntraced(upstream: ResolvedUpstream, url: string, method: string, init: RequestInit): Promise<UpstreamAnswer> {
    const headers = plainHeaders(init.headers);
    const credentialHeaders = VENDORS[upstream.name].authHeaders(credentialsFor(upstream, caller));
    Object.assign(headers, credentialHeaders);
    if (caller.ip) headers['x-forwarded-for'] = caller.ip;
    const userAgent = caller.headers.get('user-agent');
    if (userAgent) headers['user-agent'] = userAgent;
    // Lets a vendor's logs be matched with ours; it does not change the answer, so it is not part of the key.
    if (caller.requestId) headers[REQUEST_ID_HEADER] = caller.requestId;
    const idempotent = method === 'GET' || method === 'HEAD';
    // What can change a GET's answer is its URL and what the gateway adds: credentials and the
    // caller. Mesh's resolvers and the hand-written ones send different Accept headers for the
    // same resource, which must not make it two requests.
    const key = idempotent ? `${method} ${url} ${JSON.stringify(credentialHeaders)} ${caller.ip ?? ''} ${userAgent ?? ''}` : undefined;
    // Slowly changing answers do not depend on who asks, only on the credentials that may see them.
    const shared = key && cache && VENDORS[upstream.name].slowlyChanging?.test(new URL(url).pathname) ? cache : undefined;
    let pending = key ? inFlight.get(key) : undefined;
    if (!pending) {
      pending = shared
        ? cachedOrSent(
            shared,
            sharedKey(url, credentialHeaders),
            () => send(upstream, url, method, headers),
            (hit) => {
              cacheObserver?.cacheLookup(upstream.name, hit);
              if (hit) charges?.cacheHit(upstream.name);
            },
          )
        : send(upstream, url, method, headers, bodyOf(init));
      if (key) inFlight.set(key, pending);
    }
    const answer = await pending;
    if (answer.status < 200 || answer.status > 299) {
      const detail = VENDORS[upstream.name].describeFailure(answer.status, answer.text());
      secrets ??= secretsOf(upstreams, caller);
      const upstreamCode = typeof detail.upstreamCode === 'string' ? scrubSecrets(detail.upstreamCode, secrets) : detail.upstreamCode;
      throw upstreamError({
        upstream: upstream.name,
        status: answer.status,
        message: scrubSecrets(detail.message, secrets),
        ...(upstreamCode === undefined ? {} : { upstreamCode }),
      });
    }
    return answer;
  }

  /** Throws UPSTREAM_ERROR naming the interface when `answer` has a problem (reached once per answer by `check`). */
  function checkAnswer(upstream: ResolvedUpstream, answer: UpstreamAnswer, check: () => string | undefined): void {
    const problem = answer.verdict(check);
    if (problem === undefined) return;
    secrets ??= secretsOf(upstreams, caller);
    throw upstreamError({ upstream: upstream.name, status: answer.status, message: scrubSecrets(problem, secrets) }, 'UPSTREAM_ERROR');
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
      // Mesh parses the body itself; what it parsed is checked against the document where it
      // returns (mesh-sources.ts), so the body is parsed once.
      return (await request(upstream, url, init)).toResponse();
    },
    async get<T>(name: UpstreamName, template: string, parameters: Record<string, QueryValue> = {}): Promise<T> {
      const upstream = named(name);
      const { path, query } = fillPath(template, parameters);
      const url = withQuery(`${upstream.url}${path}`, query);
      const answer = await request(upstream, url, {});
      checkAnswer(upstream, answer, () => shapeProblem(documentedAnswer(name, 'GET', template), answer, url));
      try {
        // `T` is the documented shape the check above holds the body to (documented-templates.test.ts: every one is).
        return answer.value() as T;
      } catch {
        throw upstreamError({ upstream: name, status: answer.status, message: 'the answer was not JSON' }, 'UPSTREAM_ERROR');
      }
    },
  };
}

/** The cache's answer when it has one (here or in the shared store), else the upstream's, offered to the cache. */
async function cachedOrSent(
  cache: ResponseCache,
  cacheKey: string,
  sendIt: () => Promise<UpstreamAnswer>,
  looked: (hit: boolean) => void,
): Promise<UpstreamAnswer> {
  const cached = await cache.lookup(cacheKey);
  looked(cached !== undefined);
  if (cached) return cached;
  const answer = await sendIt();
  cache.offer(cacheKey, answer);
  return answer;
}
