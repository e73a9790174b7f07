/**
 * The upstream client of one GraphQL request, used by Mesh's generated resolvers (they call
 * `context.fetch`) and the hand-written ones (`get`). Both turn what they are asked into one
 * `UpstreamCall` and hand it to the gateway's call pipeline: an ordered list of steps, each
 * `(next) => (call) => answer` like undici's interceptors, composed once per gateway
 * (`upstreamPipeline` below is the one place that lists them). Per request there is only a
 * `RequestScope` (the caller, its budget, quota and provenance listener, the calls in flight)
 * and the client object; no plugin replaces anything on either.
 *
 * The client itself:
 * - recognises the upstream by its base URL and adds that vendor's credentials (a client's own
 *   key header wins over the configured key);
 * - builds hand-written calls' URLs from a path template, each path parameter one encoded
 *   segment (path-parameters.ts; Mesh's resolvers get theirs encoded by schema/path-arguments.ts);
 * - forwards the caller's address, User-Agent and request id, so "my IP" and "my browser" mean
 *   the caller.
 * What the steps do (call-steps.ts): the fan-out budget, provenance, the documented-shape check
 * (Mesh's answers are checked where Mesh returns what it parsed, schema/mesh-sources.ts, so no
 * body is parsed twice), the span, non-2xx answers as catalogued errors with every key scrubbed,
 * identical GETs made once, slowly changing answers reused across requests (response-cache.ts),
 * the caller's quota. Pools, deadlines, size caps, retries and breakers are per process:
 * upstream-transport.ts.
 */
import { tracingRegistered } from '../shared/tracer-name.js';
import { callerAddress, type ProxyTrust } from './caller-address.js';
import type { AtOnce } from '../shared/at-once.js';
import { REQUEST_ID_HEADER } from '../shared/request-id-header.js';
import type { Context } from '@opentelemetry/api';
import type { UpstreamName } from '../config.js';
import {
  chargeCaller,
  checkDocumentedAnswer,
  mapFailures,
  reportAnswers,
  sendOver,
  shareAcrossRequests,
  shareWithinRequest,
  spendBudget,
} from './call-steps.js';
import type { AnswerObserver } from './mesh-endpoints.js';
import { fillPath } from './path-parameters.js';
import { type QueryValue, withQuery } from './query-string.js';
import type { ResponseCache } from './response-cache.js';
import type { CacheObserver } from './upstream-observers.js';
import { records, traceCalls, unsampledTraceHeaders } from './upstream-spans.js';
import type { FreshnessRecorder } from '../cache/freshness-recorder.js';
import { recordFreshness } from './record-freshness.js';
import type { UpstreamAnswer, UpstreamResponse } from './upstream-answer.js';
import type { UpstreamTransport } from './upstream-transport.js';
import type { Credentials, VendorProfile } from './vendor-profile.js';

/** An interface as the composition root resolved it: where it is, the configured credentials and its wire facts. */
export interface ResolvedUpstream {
  name: UpstreamName;
  url: string;
  credentials: Credentials;
  vendor: VendorProfile;
}

/**
 * What the gateway reads of a request's headers: a WHATWG `Headers`, or the fast path's view of
 * node's (http/fast-path.ts). Names are asked for in lower case, as node keys them, so the fast
 * path's view reads them without lowering each name on every request (several per request).
 */
export interface HeaderReader {
  get(name: Lowercase<string>): string | null;
}

/** `name` as HeaderReader asks for it, for names known only at run time (a propagator's); header names are case-insensitive. */
export function headerName(name: string): Lowercase<string> {
  // The standard library types toLowerCase's result as a plain string.
  return name.toLowerCase() as Lowercase<string>;
}

export interface CallerInfo {
  /** The gateway request's headers (lower-case names). */
  headers: HeaderReader;
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
   * Called once per exchange, just before it is sent (retries of it are not new exchanges), with
   * the upstream it goes to (its base URL and its profile's `quota`) and the full URL. A promise
   * only when the quota must be waited for (its counter is on Redis) or refuses the call (it
   * rejects with QUOTA_EXCEEDED), so a call that may go waits for nothing.
   */
  beforeSend(upstream: Pick<ResolvedUpstream, 'name' | 'url' | 'vendor'>, method: string, url: string): AtOnce<void>;
  /** An answer the shared cache gave instead of a call. */
  cacheHit(upstream: UpstreamName): void;
}

/**
 * How many distinct calls a request may still make (http/fan-out.ts implements it); declared here,
 * by the side that spends it, so the upstream layer needs nothing from the HTTP layer.
 */
export interface CallBudget {
  /** Spends a unit for `call` unless `repeatable` and made before; throws once the budget is spent. */
  spend(call: string, repeatable: boolean): void;
}

/** What a request adds to the gateway's pipeline: who calls, and who counts and watches its calls. */
export interface RequestOptions {
  caller: CallerInfo;
  /** The caller's quota and cost meter, charged per exchange sent; nothing is charged when absent. */
  charges?: UpstreamCharges | undefined;
  /** The fan-out budget; unbounded when absent (live polls, whose keys are capped instead). */
  budget?: CallBudget | undefined;
  /** Told of each answer the gateway parses for its own resolvers (extensions.provenance). */
  observeAnswer?: AnswerObserver | undefined;
  /** Told the lifetime of every answer the request used (the whole-operation cache); absent when nobody caches it. */
  freshness?: FreshnessRecorder | undefined;
  /**
   * The request's trace context (its server span's): each call's spans are its children, and none
   * are opened when it is not sampled. Absent outside a traced request (a live poll's calls are
   * traces of their own).
   */
  trace?: Context | undefined;
}

/** The per-request state every step of a call can read: the request's options and its calls in flight. */
export interface RequestScope extends Readonly<RequestOptions> {
  /** Every configured upstream: a failure's message is scrubbed of all their credentials. */
  readonly upstreams: readonly ResolvedUpstream[];
  /** The request's pending idempotent calls by what can change their answer: each is sent once. */
  readonly inFlight: Map<string, Promise<UpstreamAnswer>>;
  /** Every credential the request could send, gathered on its first failure (only failures are scrubbed). */
  secrets: string[] | undefined;
}

/** One call as a resolver made it, with everything the gateway adds to it. */
export interface UpstreamCall {
  readonly upstream: ResolvedUpstream;
  /** Upper case. */
  readonly method: string;
  readonly url: string;
  /** What goes on the wire: the resolver's headers, the vendor's credentials and the caller's forwarded ones. */
  readonly headers: Record<string, string>;
  /** The credential headers among them, which (with the URL and the caller) decide the answer. */
  readonly credentials: Readonly<Record<string, string>>;
  readonly body: string | Buffer | undefined;
  /**
   * The vendor document's path when the gateway reads the answer itself (`get`): the answer is then
   * checked against that operation and its value reported. Absent for Mesh's calls, which Mesh parses.
   */
  readonly template: string | undefined;
  readonly request: RequestScope;
  /** The context the call's spans are children of: the request's, then its INTERNAL span's (upstream-spans.ts). */
  readonly trace: Context | undefined;
}

/** Makes one call: a 2xx answer, or a rejection (a catalogued GraphQL error). */
export type CallHandler = (call: UpstreamCall) => Promise<UpstreamAnswer>;

/** One step of the pipeline: given the rest of it, the handler that runs this step first. */
export type UpstreamMiddleware = (next: CallHandler) => CallHandler;

export interface UpstreamPipelineOptions {
  /** The process's pools, breakers and retry budgets. */
  transport: UpstreamTransport;
  /** Shared across requests; only paths a vendor marks as slowly changing use it. */
  cache?: ResponseCache | undefined;
  /** Told of every cache lookup (metrics). */
  cacheObserver?: CacheObserver | undefined;
}

export interface UpstreamFetchOptions extends UpstreamPipelineOptions {
  /** The caller's quota and cost meter, charged per exchange sent; nothing is charged when absent. */
  charges?: UpstreamCharges | undefined;
}

/**
 * Every upstream call's steps, outermost first; the one place they are listed. The order is the
 * point: a call the budget refuses opens no span and spends no quota; provenance hears only
 * answers that passed the documented check; the span covers the wait for a shared or cached
 * answer as well as the exchange; each caller of a shared answer gets its own error; a cache hit
 * spends no quota; only an exchange actually sent is charged.
 */
export function upstreamPipeline({ transport, cache, cacheObserver }: UpstreamPipelineOptions): CallHandler {
  const steps: readonly UpstreamMiddleware[] = [
    spendBudget,
    reportAnswers,
    checkDocumentedAnswer,
    // Without a registered tracer every span is a no-op; the step is left out, as the tracing plugin is.
    ...(tracingRegistered() ? [traceCalls] : []),
    mapFailures,
    recordFreshness(cache),
    shareWithinRequest,
    ...(cache ? [shareAcrossRequests(cache, cacheObserver)] : []),
    chargeCaller,
  ];
  return steps.reduceRight<CallHandler>((next, step) => step(next), sendOver(transport));
}

/**
 * The caller's address: the socket's, or the `X-Forwarded-For` hop the trusted proxies
 * (TRUST_PROXY, its default unless given) vouch for (caller-address.ts).
 */
export function callerIp(headers: HeaderReader, socketAddress: string | undefined, trust?: ProxyTrust): string | undefined {
  return callerAddress(headers.get('x-forwarded-for'), socketAddress, trust);
}

function credentialsFor(upstream: ResolvedUpstream, caller: CallerInfo): Credentials {
  const { clientHeaders } = upstream.vendor;
  const clientKey = clientHeaders.key ? caller.headers.get(clientHeaders.key) : null;
  const clientToken = clientHeaders.userToken ? caller.headers.get(clientHeaders.userToken) : null;
  return {
    key: clientKey ?? upstream.credentials.key,
    userToken: clientToken ?? upstream.credentials.userToken,
  };
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

/** A request's client: its scope and the gateway's pipeline; the methods only shape calls. */
class RequestClient implements UpstreamClient {
  /** An unsampled request's trace context as headers, the same on each of its calls. */
  private traceHeaders: Record<string, string> | undefined;

  constructor(
    private readonly handler: CallHandler,
    private readonly scope: RequestScope,
  ) {}

  /** Bound, since Mesh calls it as `context.fetch`. */
  readonly fetch: UpstreamFetch = async (url, init = {}) => {
    const upstream = this.scope.upstreams.find((candidate) => url === candidate.url || url.startsWith(`${candidate.url}/`));
    if (!upstream) throw new TypeError(`No upstream is configured for ${new URL(url).origin}`);
    return (await this.handler(this.call(upstream, (init.method ?? 'GET').toUpperCase(), url, init, undefined))).toResponse();
  };

  async get<T>(name: UpstreamName, template: string, parameters: Record<string, QueryValue> = {}): Promise<T> {
    const upstream = this.scope.upstreams.find((candidate) => candidate.name === name);
    if (!upstream) throw new TypeError(`No upstream is configured for ${name}`);
    const { path, query } = fillPath(template, parameters);
    const answer = await this.handler(this.call(upstream, 'GET', withQuery(`${upstream.url}${path}`, query), {}, template));
    // `T` is the documented shape the pipeline held the body to (documented-templates.test.ts: every
    // one is), and a `template` call's answer is known to parse (checkDocumentedAnswer).
    return answer.value() as T;
  }

  private call(upstream: ResolvedUpstream, method: string, url: string, init: RequestInit, template: string | undefined): UpstreamCall {
    const { caller } = this.scope;
    const headers = plainHeaders(init.headers);
    const credentials = upstream.vendor.authHeaders(credentialsFor(upstream, caller));
    Object.assign(headers, credentials);
    if (caller.ip) headers['x-forwarded-for'] = caller.ip;
    const userAgent = caller.headers.get('user-agent');
    if (userAgent) headers['user-agent'] = userAgent;
    // Lets a vendor's logs be matched with ours; it does not change the answer, so no step keys on it.
    if (caller.requestId) headers[REQUEST_ID_HEADER] = caller.requestId;
    // A sampled call's exchange opens a span and sends its own context instead (upstream-spans.ts).
    const { trace } = this.scope;
    if (trace && !records(trace)) Object.assign(headers, (this.traceHeaders ??= unsampledTraceHeaders(trace)));
    return { upstream, method, url, headers, credentials, body: bodyOf(init), template, request: this.scope, trace };
  }
}

/**
 * The gateway's way to make request clients: the pipeline composed once, here; each request then
 * costs its scope and its client.
 */
export function upstreamClients(
  upstreams: readonly ResolvedUpstream[],
  options: UpstreamPipelineOptions,
): (request: RequestOptions) => UpstreamClient {
  const handler = upstreamPipeline(options);
  return ({ caller, charges, budget, observeAnswer, freshness, trace }) =>
    new RequestClient(handler, {
      upstreams,
      caller,
      charges,
      budget,
      observeAnswer,
      freshness,
      trace,
      inFlight: new Map(),
      secrets: undefined,
    });
}

/** One client with a pipeline of its own, for calls outside a gateway request (a live poll, a test). */
export function createUpstreamClient(
  upstreams: readonly ResolvedUpstream[],
  caller: CallerInfo,
  { charges, ...pipeline }: UpstreamFetchOptions,
): UpstreamClient {
  return upstreamClients(upstreams, pipeline)({ caller, charges });
}
