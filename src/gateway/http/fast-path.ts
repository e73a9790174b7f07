/**
 * The request fast path: the most common request a frontend makes (a POST of a JSON body whose
 * query document this gateway has already run) answered on node:http directly, without Yoga's
 * per-request machinery (WHATWG Request, Headers and Response objects, the plugin chain's hooks,
 * parsing and validation lookups). On the one-country query that machinery was most of the CPU
 * a request cost (issue 25).
 *
 * It does what Yoga's path does for such a request and nothing else: the request id, the context
 * (the same factory), compiled execution of the plan Yoga's path made (fast-plans.ts),
 * `extensions.provenance` and `extensions.cost`, the request line and the metrics, and the same
 * status, headers and body. Whatever it is not sure to answer exactly as Yoga would goes to Yoga,
 * decided on the headers before the body is read or on the body before anything runs: another
 * path or method, a body that is not small JSON, an Accept header asking for anything but the
 * JSON media types, a preflight's headers, a document without a plan, persisted and APQ
 * requests, variables graphql-js refuses. CORS is answered as ops/cors.ts's policy answers it. An answer with errors is handed over to Yoga after execution,
 * with its result, so the error catalogue, status and media type stay Yoga's and no upstream is
 * called twice. test/gateway/fast-path.test.ts compares the two paths' answers byte for byte.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { type ExecutionResult, GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { anonymousCaller } from '../callers/caller.js';
import type { AtOnce } from '../shared/at-once.js';
import { ForgetfulMemo } from '../shared/forgetful-memo.js';
import type { Logger } from '../logger.js';
import { CORS_EXPOSED_HEADERS } from '../ops/cors.js';
import type { GatewayMetrics } from '../ops/metrics.js';
import { handOverRequestId, requestIdFrom } from '../ops/request-id.js';
import { REQUEST_ID_HEADER } from '../shared/request-id-header.js';
import type { HeaderReader } from '../upstream/upstream-fetch.js';
import { type FastPlan, FastPlans, type HandedOver, type Handovers } from './fast-plans.js';
import type { Exchange, FastPipeline } from './request-pipeline.js';
import type { Lifetime } from '../cache/answer-lifetime.js';
import type { FastAnswers } from './fast-answers.js';
import { type CachingHeaders, OperationAnswers } from './operation-answers.js';
import { type FastParams, type RepeatedRequest, RepeatedRequests } from './fast-params.js';
import type { AnsweredRequest } from './request-log.js';
import { type AnswerCompression, writeAnswer } from './compression.js';

/** The media types Yoga sends a single result in, in the order its result processor tries them. */
const REGULAR_MEDIA_TYPES = ['application/graphql-response+json', 'application/json'] as const;
type RegularMediaType = (typeof REGULAR_MEDIA_TYPES)[number];

/** The Content-Type of an answer in each, spelt once. */
const CONTENT_TYPES: Readonly<Record<RegularMediaType, string>> = {
  'application/graphql-response+json': 'application/graphql-response+json; charset=utf-8',
  'application/json': 'application/json; charset=utf-8',
};

function mediaTypeMatches(mediaType: string, asked: string): boolean {
  const [type, subtype] = mediaType.split('/');
  const [askedType, askedSubtype] = asked.split('/');
  return (askedType === '*' || askedType === type) && (askedSubtype === '*' || askedSubtype === subtype);
}

/**
 * The media type Yoga answers a single result in for this Accept header: its result processor
 * takes the last match walking the asked types from the last to the first (so the client's first
 * choice wins), skipping charsets other than UTF-8. Undefined when no JSON type matches (Yoga
 * answers with a stream or 406): Yoga's path answers those.
 */
export function regularMediaType(accept: string | undefined): RegularMediaType | undefined {
  const asked = (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',');
  let chosen: RegularMediaType | undefined;
  for (let index = asked.length - 1; index >= 0; index -= 1) {
    const [mediaType = '', ...parameters] = (asked[index] ?? '').split(';');
    const charset = parameters.find((parameter) => parameter.includes('charset=')) ?? 'charset=utf-8';
    if (charset !== 'charset=utf-8') continue;
    for (const candidate of REGULAR_MEDIA_TYPES) if (mediaTypeMatches(candidate, mediaType)) chosen = candidate;
  }
  return chosen;
}

/** Clients send few distinct Accept headers: each one's media type is worked out once. */
const MEDIA_TYPE_MEMO_SIZE = 64;

/** `regularMediaType`, remembered for the last MEDIA_TYPE_MEMO_SIZE distinct headers. */
function memoisedMediaType(): (accept: string | undefined) => RegularMediaType | undefined {
  const known = new ForgetfulMemo<string | undefined, RegularMediaType | null>(MEDIA_TYPE_MEMO_SIZE);
  return (accept) => {
    const found = known.get(accept);
    if (found !== undefined) return found ?? undefined;
    return known.remember(accept, regularMediaType(accept) ?? null) ?? undefined;
  };
}

/**
 * The spellings of a UTF-8 JSON body the fast path takes. Yoga matches `application/json` case
 * for case (an upper-case one is a 415) and then ignores the parameters; any other spelling
 * goes to Yoga, to be answered as Yoga answers it.
 */
const JSON_BODY_TYPES: ReadonlySet<string> = new Set([
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=utf-8',
]);

/** Node's headers read the way `Headers.get` reads a request's: by lower-case name, repeated values joined. */
function headerReader(request: IncomingMessage): HeaderReader {
  // Read once: node's `headers` is a getter.
  const { headers } = request;
  return {
    get(name) {
      const value = headers[name];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/**
 * A request started as the context factory starts Yoga's: the context its operation runs with,
 * the state Yoga's path takes over with an answer that has errors, and what its answer adds
 * (provenance, cost).
 */
export interface StartedRequest<TState> {
  context: object;
  state: TState;
  /** The answer as served: at once when nothing it adds needs waiting for (the quota in memory). */
  answered(result: ExecutionResult): AtOnce<ExecutionResult>;
  /** How long the answer stays fresh, from the upstream answers it used (the whole-operation cache). */
  lifetime(): Lifetime;
}

export interface FastPathOptions<TState> {
  graphqlPath: string;
  schema: GraphQLSchema;
  plans: FastPlans;
  handovers: Handovers<TState>;
  /** The request pipeline's steps as the fast path runs them (request-pipeline.ts). */
  pipeline: FastPipeline;
  /** MAX_REQUEST_BYTES: a longer body goes to Yoga's path, which refuses it. */
  maxRequestBytes: number;
  /** COMPRESSION: how answers are encoded (http/compression.ts); uncompressed where absent. */
  compression?: AnswerCompression | undefined;
  /** The caller's address: the socket's, or what a trusted proxy's X-Forwarded-For says (TRUST_PROXY). */
  addressOf(headers: HeaderReader, socketAddress: string | undefined): string | undefined;
  /** The text of a persisted operation by its hash (the documents file, then registered APQ); undefined when unknown. */
  persistedQuery(hash: string): Promise<string | undefined>;
  /** PERSISTED_ONLY: a request sending a query text goes to Yoga's path, which refuses it. */
  persistedOnly: boolean;
  /** The whole-operation cache (fast-answers.ts); none when OPERATION_CACHE_MAX_BYTES is 0. */
  answerCache?: FastAnswers | undefined;
  /** Starts the request once its steps have settled its caller. */
  start(exchange: Exchange): StartedRequest<TState>;
  /** The request line and the operation metrics (request-log.ts). */
  log(answered: AnsweredRequest): void;
  metrics?: GatewayMetrics | undefined;
  /** Where a failure of the fast path itself is reported (the client gets a 500 with the request id). */
  logger: Logger;
  /** Whether a page from `origin` may read answers to `requestUrl` (ops/cors.ts, CORS_ORIGINS). */
  corsAllows(origin: string, requestUrl: string): boolean;
  /** How often an idle SSE stream gets a ping; graphql-yoga's own interval where absent. */
  pingIntervalMs?: number;
  /**
   * Opens a subscription's stream as Yoga's path opens it (live/use-live-events.ts: its slot, its
   * group's shared execution); a refusal is a result, which Yoga's path then answers.
   */
  openStream(exchange: Exchange, plan: SubscriptionPlan, variables: Record<string, unknown> | undefined): OpenedStream<TState>;
}

type SubscriptionPlan = Extract<FastPlan, { kind: 'subscription' }>;

/** A subscription opened by the fast path: the request's state (for a hand-over) and its stream, or the result refusing it. */
export interface OpenedStream<TState> {
  state: TState;
  stream: Promise<ExecutionResult | AsyncIterableIterator<ExecutionResult>>;
}

/** A node request carrying its body already read, which Yoga's node adapter takes instead of the stream. */
type ReadRequest = IncomingMessage & { body?: Buffer };

const DIGITS = /^\d+$/;

/**
 * Whether the request's headers alone allow the fast path: a small JSON POST to the endpoint, or a
 * GET of it with parameters and no body, that does not ask for GraphiQL's page.
 */
function eligible(request: IncomingMessage, graphqlPath: string, maxRequestBytes: number): boolean {
  const { headers, url = '' } = request;
  if (request.method === 'GET') {
    return (
      url.startsWith(`${graphqlPath}?`) &&
      headers['content-length'] === undefined &&
      headers['transfer-encoding'] === undefined &&
      !(headers.accept ?? '').includes('text/html')
    );
  }
  if (request.method !== 'POST' || url !== graphqlPath) return false;
  if (headers['transfer-encoding'] !== undefined || !JSON_BODY_TYPES.has(headers['content-type'] ?? '')) return false;
  const length = headers['content-length'];
  return length !== undefined && DIGITS.test(length) && Number(length) <= maxRequestBytes;
}

/** `head` with the fields the steps added for every answer (the RateLimit pair), as raw name/value entries. */
function withFields(head: string[], exchange: Exchange): string[] {
  for (const [name, value] of exchange.answerHeaders) head.push(name, value);
  return head;
}

/** What CORS adds to an answer: nothing without an Origin, `Vary: Origin` with one, the Access-Control-* headers for an allowed one. */
type CorsHeaders = readonly string[];

const NO_CORS: CorsHeaders = [];
const VARY_ON_ORIGIN: CorsHeaders = ['vary', 'Origin'];

/**
 * The CORS headers Yoga's path would add to this request's answer (its CORS plugin with
 * ops/cors.ts's policy, then `useVaryOnOrigin`), or undefined for a request it answers otherwise
 * (a preflight's headers on a POST, a Host that makes no URL): those go to Yoga.
 */
function corsHeaders(request: IncomingMessage, allows: FastPathOptions<unknown>['corsAllows']): CorsHeaders | undefined {
  const { origin, host } = request.headers;
  if (origin === undefined) return NO_CORS;
  if (host === undefined || request.headers['access-control-request-method'] !== undefined) return undefined;
  if (request.headers['access-control-request-headers'] !== undefined) return undefined;
  // As Yoga's node adapter builds the request's URL, against which a same-origin page is allowed.
  const requestUrl = `${'encrypted' in request.socket ? 'https' : 'http'}://${host}${request.url ?? ''}`;
  let allowed: boolean;
  try {
    allowed = allows(origin, requestUrl);
  } catch {
    return undefined;
  }
  if (!allowed) return VARY_ON_ORIGIN;
  return [
    'access-control-allow-origin',
    origin,
    'access-control-allow-credentials',
    'true',
    'access-control-expose-headers',
    CORS_EXPOSED_HEADERS.join(', '),
    ...VARY_ON_ORIGIN,
  ];
}

/** How the client asked for the answer: one JSON document, or a Server-Sent Events stream. */
type Wanted = { as: 'json'; mediaType: RegularMediaType } | { as: 'events' };

/** The Accept header of an EventSource or a graphql-sse client, for which Yoga streams a subscription over SSE. */
const EVENT_STREAM = /^\s*text\/event-stream\s*$/i;

/** How long an SSE stream may go without a byte before a ping, as graphql-yoga's own SSE answers (300 ms where NODE_ENV=test). */
function defaultPingIntervalMs(): number {
  return process.env.NODE_ENV === 'test' ? 300 : 12_000;
}

/**
 * Events a client has not read yet, past which its stream is closed: a subscriber that stops
 * reading must not make the process hold every later event for it.
 */
const MAX_UNREAD_EVENT_BYTES = 1024 * 1024;

/** An event's result as graphql-yoga writes it: the `http` and `unexpected` extensions are the server's own. */
function withoutInternals(result: ExecutionResult): ExecutionResult | { errors: GraphQLFormattedError[] } {
  if (!result.errors?.length && !result.extensions?.http) return result;
  const errors = result.errors?.map((error): GraphQLFormattedError => {
    const formatted = error.toJSON();
    const { http: _http, unexpected: _unexpected, ...extensions } = formatted.extensions ?? {};
    const { extensions: _all, ...rest } = formatted;
    return Object.keys(extensions).length > 0 ? { ...rest, extensions } : rest;
  });
  const { http: _http, ...extensions } = result.extensions ?? {};
  return {
    ...result,
    ...(errors ? { errors } : {}),
    extensions: Object.keys(extensions).length > 0 ? extensions : undefined,
  } as ExecutionResult;
}

/**
 * The process's SSE streams answered by the fast path, pinged together by one timer (Yoga keeps
 * one timer, a TextEncoder and a ReadableStream per stream: most of a subscriber's memory), and
 * the frames of their events.
 */
class EventStreams {
  private readonly open = new Set<ServerResponse>();
  private timer: NodeJS.Timeout | undefined;
  /** Each event's frame, encoded once: a group's subscribers share one result object (live/shared-live.ts). */
  private readonly frames = new WeakMap<ExecutionResult, Buffer>();

  constructor(private readonly pingIntervalMs: number) {}

  add(response: ServerResponse): void {
    this.open.add(response);
    this.timer ??= setInterval(() => this.ping(), this.pingIntervalMs).unref();
  }

  delete(response: ServerResponse): void {
    this.open.delete(response);
    if (this.open.size > 0 || !this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  frame(result: ExecutionResult): Buffer {
    let frame = this.frames.get(result);
    if (!frame) {
      frame = Buffer.from(`event: next\ndata: ${JSON.stringify(withoutInternals(result))}\n\n`);
      this.frames.set(result, frame);
    }
    return frame;
  }

  private ping(): void {
    for (const response of this.open) if (response.writableLength === 0) response.write(':\n\n');
  }
}

/**
 * Writes `events` to `response` (its head written) as graphql-yoga's SSE answer does, until they
 * end or the client goes. It holds only what each event needs for as long as the stream lasts.
 */
async function sendEvents(response: ServerResponse, events: AsyncIterableIterator<ExecutionResult>, streams: EventStreams): Promise<void> {
  // As Yoga does: a first ping, since some browsers wait for a byte before they report the stream open.
  response.write(':\n\n');
  streams.add(response);
  const stop = (): void => {
    streams.delete(response);
    void events.return?.();
  };
  response.once('close', stop);
  try {
    for (;;) {
      const next = await events.next();
      if (next.done || response.destroyed) break;
      response.write(streams.frame(next.value));
      if (response.writableLength > MAX_UNREAD_EVENT_BYTES) {
        response.destroy();
        break;
      }
    }
  } finally {
    streams.delete(response);
  }
  if (!response.destroyed) response.end('event: complete\ndata:\n\n');
}

/** Runs the plan's compiled operation; graphql-jit catches resolvers' errors, so one escaping it is the gateway's, which the catalogue masks. */
async function execute(
  plan: Extract<FastPlan, { kind: 'query' }>,
  context: object,
  variables: Record<string, unknown> | undefined,
): Promise<ExecutionResult> {
  try {
    return await plan.compiled.query(undefined, context, variables ?? {});
  } catch (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    return { errors: [new GraphQLError(cause.message, { originalError: cause })] };
  }
}

/** What the request log and the answered hooks are given for a cache hit: an answer with data and no error. */
const HIT_ANSWER: ExecutionResult = { data: {} };

/**
 * Adds the caching headers to an answer's head as Yoga's adapter sets them: Vary joins the one CORS
 * put there (writeAnswer adds Accept-Encoding after both), the others are set.
 */
function withCaching(head: string[], caching: CachingHeaders): void {
  // `for...in` rather than Object.entries: no array per header on every answer.
  for (const name in caching) {
    const value = caching[name] ?? '';
    // CORS's (VARY_ON_ORIGIN) is the only Vary a head holds by now, spelt as it spells it.
    const at = name === 'vary' ? head.findIndex((entry, index) => index % 2 === 0 && entry === VARY_ON_ORIGIN[0]) : -1;
    if (at >= 0) head[at + 1] = `${head[at + 1]}, ${value}`;
    else head.push(name, value);
  }
}

/** The JSON answer to a failure of the fast path itself: as Yoga masks an unexpected error. */
const FAILED_BODY = JSON.stringify({ errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });

/** A client that goes away mid-body: node's server has nothing to answer, and neither has the fast path. */
function ignoreClientError(): void {}

/** `slow` (Yoga's node handler) with the fast path in front of it. */
export function withFastPath<TState>(options: FastPathOptions<TState>, slow: RequestListener): RequestListener {
  const { graphqlPath, maxRequestBytes, pipeline } = options;
  const mediaTypeOf = memoisedMediaType();
  const streams = new EventStreams(options.pingIntervalMs ?? defaultPingIntervalMs());
  const repeatedRequests = new RepeatedRequests();

  /** The plan of the request's operation, when Yoga's path has made one and graphql-js accepts its variables. */
  const planOf = async (params: FastParams): Promise<FastPlan | undefined> => {
    const query = params.persistedHash === undefined ? params.query : await options.persistedQuery(params.persistedHash);
    const plan = query === undefined ? undefined : options.plans.find(query, params.operationName);
    return plan && FastPlans.variablesCoerce(options.schema, plan, params.variables) ? plan : undefined;
  };

  /** Yoga's path answers the request, with what the steps settled (identity, rate limit, the trace's context). */
  const handOver = (exchange: Exchange, response: ServerResponse, body: Buffer | undefined, handed?: HandedOver<TState>): void => {
    const request: ReadRequest = exchange.nodeRequest;
    handOverRequestId(request, exchange.requestId);
    for (const give of exchange.handOvers) give();
    // Counted as the fast path's run when it executed the operation and hands over its result.
    if (handed) {
      options.metrics?.fastPathRun('handed_over');
      options.handovers.give(request, handed);
    }
    if (body !== undefined) request.body = body;
    pipeline.answered(exchange, undefined);
    slow(request, response);
  };

  /** Opens the subscription and streams it; a refusal goes to Yoga. Holds neither the body nor the parameters for the stream's life. */
  const stream = async (
    exchange: Exchange,
    response: ServerResponse,
    body: Buffer | undefined,
    plan: SubscriptionPlan,
    variables: Record<string, unknown> | undefined,
    cors: CorsHeaders,
  ): Promise<void> => {
    const opened = options.openStream(exchange, plan, variables);
    const result = await opened.stream;
    if (!(Symbol.asyncIterator in result)) return handOver(exchange, response, body, { state: opened.state, result });
    options.metrics?.fastPathRun('answered');
    pipeline.answered(exchange, undefined);
    const head = [
      'Content-Type',
      'text/event-stream',
      'Connection',
      'keep-alive',
      'Cache-Control',
      'no-cache',
      'Content-Encoding',
      'none',
      REQUEST_ID_HEADER,
      exchange.requestId,
      ...cors,
    ];
    response.writeHead(200, withFields(head, exchange));
    // Sent alone, before the first event: node keeps a response's head as it built it, a string of
    // one piece per header, for the response's life, unless the head is written by itself, which
    // makes it one piece (about a kilobyte less per open stream).
    response.flushHeaders();
    const { requestId } = exchange;
    // Neither returned nor awaited: the request's promise, and the exchange its failure handler
    // holds (its steps' hand-overs, its span), would otherwise wait as long as the stream lasts.
    sendEvents(response, result, streams).catch((error: unknown) => {
      options.logger.error({ err: error, requestId }, 'the fast path failed to stream a subscription');
      response.destroy();
    });
  };

  /** Runs a request whose parameters are read: its steps, its plan, its execution, its answer. */
  const run = async (
    exchange: Exchange,
    response: ServerResponse,
    body: Buffer | undefined,
    repeated: RepeatedRequest,
    wanted: Wanted,
    cors: CorsHeaders,
    arrived: number,
  ): Promise<void> => {
    // A verdict given at once is not awaited: an await is a turn of the microtask queue per request.
    const arrival = pipeline.arrive(exchange);
    if ((typeof arrival === 'string' ? arrival : await arrival) === 'yoga') return handOver(exchange, response, body);
    const { params } = repeated;
    const plan = repeated.plan ?? (await planOf(params));
    if (!plan) return handOver(exchange, response, body);
    // A text's plan is its plan for good; a persisted hash is looked up each time, since an APQ may expire.
    if (params.query !== undefined) repeated.plan = plan;
    const admitted = { schema: options.schema, document: plan.document, operation: plan.operation, operationName: params.operationName };
    const admission = pipeline.admit(exchange, admitted);
    if ((typeof admission === 'string' ? admission : await admission) === 'yoga') return handOver(exchange, response, body);
    if (wanted.as === 'events') {
      if (plan.kind !== 'subscription') return handOver(exchange, response, body);
      return stream(exchange, response, body, plan, params.variables, cors);
    }
    if (plan.kind !== 'query') return handOver(exchange, response, body);
    const head = withFields(['Content-Type', CONTENT_TYPES[wanted.mediaType], REQUEST_ID_HEADER, exchange.requestId, ...cors], exchange);
    const { headers } = exchange;
    const { variables } = params;
    const before = options.answerCache?.before({
      shape: repeated,
      document: plan.document,
      operation: plan.operation,
      variables,
      headers,
      caller: exchange.caller,
    });
    const cached = before instanceof Promise ? await before : before;
    let answer: ExecutionResult;
    let text: string;
    let caching: CachingHeaders;
    if (cached?.kind === 'hit') {
      // No execution and no vendor: the kept bytes, their cost saying so.
      ({ body: text, headers: caching } = cached);
      answer = HIT_ANSWER;
    } else {
      const execution = pipeline.execute(exchange, admitted);
      if ((typeof execution === 'string' ? execution : await execution) === 'yoga') return handOver(exchange, response, body);
      const started = options.start(exchange);
      const result = await execute(plan, started.context, variables);
      if (result.errors?.length || !('data' in result)) return handOver(exchange, response, body, { state: started.state, result });
      const served = started.answered(result);
      answer = served instanceof Promise ? await served : served;
      text = JSON.stringify(answer);
      caching = options.answerCache?.after(cached, answer, started.lifetime()) ?? {};
    }
    withCaching(head, caching);
    if (OperationAnswers.notModified(exchange.method, headers.get('if-none-match'), caching)) {
      response.writeHead(304, head.slice(2)).end();
    } else {
      const written = writeAnswer(options.compression, exchange.nodeRequest, response, 200, head, text);
      if (written) await written;
    }
    options.metrics?.fastPathRun('answered');
    pipeline.answered(exchange, answer);
    options.log({
      requestId: exchange.requestId,
      method: exchange.method,
      operationName: repeated.logName,
      result: answer,
      elapsedMs: performance.now() - arrived,
    });
  };

  /** Takes the request read so far; anything the fast path cannot answer as Yoga would goes to Yoga, untouched. */
  const take = (
    request: ReadRequest,
    response: ServerResponse,
    body: Buffer | undefined,
    wanted: Wanted,
    cors: CorsHeaders,
    arrived: number,
  ): void => {
    const repeated = body === undefined ? repeatedRequests.ofTarget(request.url ?? '') : repeatedRequests.ofBody(body.toString('utf8'));
    // PERSISTED_ONLY refuses a query text on Yoga's path.
    if (!repeated || (options.persistedOnly && repeated.params.query !== undefined)) {
      if (body !== undefined) request.body = body;
      return slow(request, response);
    }
    const headers = headerReader(request);
    const address = options.addressOf(headers, request.socket.remoteAddress);
    const exchange: Exchange = {
      nodeRequest: request,
      response,
      headers,
      method: request.method ?? 'POST',
      requestId: requestIdFrom(headers),
      address,
      caller: anonymousCaller(address),
      answerHeaders: [],
      handOvers: [],
    };
    run(exchange, response, body, repeated, wanted, cors, arrived).catch((error: unknown) => {
      // One line with the cause, and the answer Yoga gives an unexpected error: 500, the request id, the code.
      options.logger.error({ err: error, requestId: exchange.requestId }, 'the fast path failed to answer a request');
      pipeline.answered(exchange, undefined);
      if (response.headersSent) response.destroy();
      else
        response
          .writeHead(500, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(FAILED_BODY),
            [REQUEST_ID_HEADER]: exchange.requestId,
          })
          .end(FAILED_BODY);
    });
  };

  return (request, response) => {
    const { accept } = request.headers;
    const mediaType = mediaTypeOf(accept);
    const wanted: Wanted | undefined =
      mediaType !== undefined
        ? { as: 'json', mediaType }
        : accept !== undefined && EVENT_STREAM.test(accept)
          ? { as: 'events' }
          : undefined;
    if (wanted === undefined || !eligible(request, graphqlPath, maxRequestBytes)) return slow(request, response);
    const cors = corsHeaders(request, options.corsAllows);
    if (cors === undefined) return slow(request, response);
    const arrived = performance.now();
    if (request.method === 'GET') return take(request, response, undefined, wanted, cors, arrived);
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer): void => {
      chunks.push(chunk);
      size += chunk.length;
    };
    request.on('data', collect);
    request.on('error', ignoreClientError);
    request.once('end', () => {
      // Nothing of this scope stays listening: a subscription's request lives as long as its stream.
      request.removeListener('data', collect);
      take(request, response, chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, size), wanted, cors, arrived);
    });
  };
}
