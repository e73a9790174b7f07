/**
 * The steps of the upstream call pipeline (their order is upstreamPipeline's, upstream-fetch.ts),
 * each `(next) => (call) => answer`. A step that has nothing to do for a call hands it on without
 * awaiting, so an unused step costs one function call, not a promise.
 */
import { upstreamError } from '../errors.js';
import { type ResponseCache, sharedKey } from './response-cache.js';
import { type DocumentedAnswer, documentedAnswer } from './response-shapes.js';
import { scrubSecrets } from './scrub-secrets.js';
import { UpstreamAnswer } from './upstream-answer.js';
import type { CacheObserver } from './upstream-observers.js';
import type { CallHandler, RequestScope, UpstreamCall, UpstreamMiddleware } from './upstream-fetch.js';
import type { UpstreamTransport } from './upstream-transport.js';

const idempotent = (method: string): boolean => method === 'GET' || method === 'HEAD';

/** Every credential the request could send: all configured ones and the client's own. */
function secretsOf({ upstreams, caller }: RequestScope): string[] {
  const configured = upstreams.flatMap(({ credentials }) => [credentials.key, credentials.userToken]);
  const sent = upstreams.flatMap(({ vendor: { clientHeaders } }) =>
    [clientHeaders.key, clientHeaders.userToken].map((name) => (name ? caller.headers.get(name) : null)),
  );
  return [...configured, ...sent].filter((secret): secret is string => typeof secret === 'string' && secret !== '');
}

/** `text` without any credential of the call's request. */
function scrubbed(call: UpstreamCall, text: string): string {
  call.request.secrets ??= secretsOf(call.request);
  return scrubSecrets(text, call.request.secrets);
}

/** Spends the request's fan-out budget on every distinct call (method + URL), before anything else happens. */
export const spendBudget: UpstreamMiddleware = (next) => (call) => {
  // Identical GETs are made once per request; a POST changes state every time it is sent.
  call.request.budget?.spend(`${call.method} ${call.url}`, idempotent(call.method));
  return next(call);
};

/**
 * Reports what the gateway parsed for its own resolvers to the request's listener (provenance).
 * Mesh's calls are not reported here: Mesh parses those bodies itself and reports what it parsed
 * (schema/mesh-sources.ts), so no body is parsed for provenance alone.
 */
export const reportAnswers: UpstreamMiddleware = (next) => (call) => {
  const observe = call.request.observeAnswer;
  if (!observe || call.template === undefined) return next(call);
  return next(call).then((answer) => {
    observe(call.upstream.name, answer.value());
    return answer;
  });
};

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

/**
 * Holds an answer the gateway reads itself (`get`) to its documented operation, once per answer,
 * and to being JSON at all: one that is not is the upstream's error (UPSTREAM_ERROR naming the
 * interface), so nothing after this step (provenance, the resolver) parses a body that fails.
 */
export const checkDocumentedAnswer: UpstreamMiddleware = (next) => (call) => {
  const { template } = call;
  if (template === undefined) return next(call);
  return next(call).then((answer) => {
    const problem =
      answer.verdict(() => shapeProblem(documentedAnswer(call.upstream.vendor, 'GET', template), answer, call.url)) ??
      (answer.parses() ? undefined : 'the answer was not JSON');
    if (problem === undefined) return answer;
    throw upstreamError({ upstream: call.upstream.name, status: answer.status, message: scrubbed(call, problem) }, 'UPSTREAM_ERROR');
  });
};

/** Turns a non-2xx answer into a catalogued GraphQL error, every key scrubbed from it, for each caller that waited for it. */
export const mapFailures: UpstreamMiddleware = (next) => async (call) => {
  const answer = await next(call);
  if (answer.ok) return answer;
  const detail = call.upstream.vendor.describeFailure(answer.status, answer.text());
  const upstreamCode = typeof detail.upstreamCode === 'string' ? scrubbed(call, detail.upstreamCode) : detail.upstreamCode;
  throw upstreamError(
    {
      upstream: call.upstream.name,
      status: answer.status,
      message: scrubbed(call, detail.message),
      ...(upstreamCode === undefined ? {} : { upstreamCode }),
    },
    call.upstream.vendor.statusCodes?.[answer.status],
  );
};

/**
 * Makes identical idempotent calls of one request once. What can change a GET's answer is its URL
 * and what the gateway adds: credentials and the caller. Mesh's resolvers and the hand-written ones
 * send different Accept headers for the same resource, which must not make it two requests.
 */
export const shareWithinRequest: UpstreamMiddleware = (next) => (call) => {
  if (!idempotent(call.method)) return next(call);
  const { caller, inFlight } = call.request;
  const key = `${call.method} ${call.url} ${JSON.stringify(call.credentials)} ${caller.ip ?? ''} ${caller.headers.get('user-agent') ?? ''}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = next(call);
    inFlight.set(key, pending);
  }
  return pending;
};

/**
 * Reuses answers of the paths a vendor marks as slowly changing across requests (response-cache.ts):
 * they do not depend on who asks, only on the credentials that may see them.
 */
export function shareAcrossRequests(cache: ResponseCache, observer: CacheObserver | undefined): UpstreamMiddleware {
  return (next) => (call) => {
    if (!idempotent(call.method) || !call.upstream.vendor.slowlyChanging?.test(new URL(call.url).pathname)) return next(call);
    return cachedOrSent(cache, observer, sharedKey(call.url, call.credentials), call, next);
  };
}

/** The cache's answer when it has one (here or in the shared store), else the upstream's, offered to the cache. */
async function cachedOrSent(
  cache: ResponseCache,
  observer: CacheObserver | undefined,
  key: string,
  call: UpstreamCall,
  next: CallHandler,
): Promise<UpstreamAnswer> {
  const cached = await cache.lookup(key);
  observer?.cacheLookup(call.upstream.name, cached !== undefined);
  if (cached) {
    call.request.charges?.cacheHit(call.upstream.name);
    return cached;
  }
  const answer = await next(call);
  cache.offer(key, answer);
  return answer;
}

/** Spends the caller's quota before the exchange: a caller past it is refused without the vendor being asked. */
export const chargeCaller: UpstreamMiddleware = (next) => (call) => {
  const charged = call.request.charges?.beforeSend(call.upstream, call.method, call.url);
  return charged instanceof Promise ? charged.then(() => next(call)) : next(call);
};

/** The end of the pipeline: the exchange, through the process's transport (pools, deadline, cap, retries, breaker). */
export function sendOver(transport: UpstreamTransport): CallHandler {
  return async (call) => {
    const { upstream, url, method, headers, body, trace } = call;
    const raw = await transport.send({
      upstream: upstream.name,
      url,
      method,
      headers,
      body,
      redactPath: upstream.vendor.redactPath,
      trace,
    });
    return new UpstreamAnswer(raw.status, raw.headers, raw.text, upstream.vendor.rewriteBody);
  };
}
