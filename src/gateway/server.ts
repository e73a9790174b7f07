/**
 * The gateway server: graphql-yoga over the built schema, GraphiQL served from the package (no
 * CDN), liveness at /healthz, the error catalogue applied to every result, and subscriptions
 * (live data) over Server-Sent Events on the same endpoint, fed by one poll registry per process.
 */
import { randomUUID } from 'node:crypto';
import type { RequestListener } from 'node:http';
import type { ExecutionResult, GraphQLSchema } from 'graphql';
import { subscribe } from '@graphql-tools/executor';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { type Clock, systemClock } from './clock.js';
import type { UpstreamName } from './config.js';
import { type GatewayContext, requestContexts } from './context.js';
import { GRAPHIQL_DEFAULT_QUERY } from './graphiql-default-query.js';
import { FanOutBudget } from './http/fan-out.js';
import { DEFAULT_LIMITS, type OperationLimits } from './http/limits-config.js';
import { graphiqlPage } from './http/graphiql-page.js';
import { AnswerCompression } from './http/compression.js';
import { FastPlans, Handovers } from './http/fast-plans.js';
import { GRAPHQL_PATH, HEALTH_PATH, Routes } from './http/routes.js';
import { withFastPath } from './http/fast-path.js';
import { FastPipeline, type RequestStep } from './http/request-pipeline.js';
import { requestSteps } from './request-steps.js';
import { persistedLookup } from './persisted/persisted-lookup.js';
import { NOT_STORABLE } from './cache/answer-lifetime.js';
import { FastAnswers } from './http/fast-answers.js';
import { operationCaching } from './http/operation-caching.js';
import { DEVELOPMENT_POSTURE, type Posture } from './http/posture.js';
import { corsPolicy, DEFAULT_CORS_ORIGINS, isAllowedOrigin } from './ops/cors.js';
import { type ReadinessOptions } from './ops/readiness.js';
import { requestIdOf } from './ops/request-id.js';
import { GatewayMetrics } from './ops/metrics.js';
import { tracingRegistered } from './shared/tracer-name.js';
import { RequestTraces, type ServerSpan } from './ops/tracing/server-span.js';
import type { RootSampling } from './ops/tracing/root-sampling.js';
import { COMPILED_EXECUTION_READY } from './build-schema.js';
import { CompiledOperations, compiledExecutionCopy } from './http/compiled-execution.js';
import { providedBy } from './schema/pipeline.js';
import { type RequestLogOptions, requestLog } from './http/request-log.js';
import { yogaLogger } from './http/yoga-logger.js';
import { type Logger, silentLogger } from './logger.js';
import { withProvenance } from './provenance/use-provenance.js';
import { MemoryStore, type SharedStore } from './cache/shared-store.js';
import type { PersistedDocuments } from './persisted/persisted-documents.js';
import { ResponseCache } from './upstream/response-cache.js';
import { meshEndpoints } from './upstream/mesh-endpoints.js';
import { type CallerInfo, callerIp, type ResolvedUpstream } from './upstream/upstream-fetch.js';
import { UpstreamTransport } from './upstream/upstream-transport.js';
import type { UpstreamSettings } from './upstream/upstream-settings.js';
import { anonymousCaller, type Caller } from './callers/caller.js';
import type { CallerLimitSettings } from './callers/caller-limits.js';
import { type CostMeter, CostMeters, registerCallerMetrics } from './callers/cost.js';
import type { CounterStore } from './callers/counter-store.js';
import { Identity } from './callers/identity.js';
import { AUTH_REALM } from './callers/identity-config.js';
import { CallerQuota } from './callers/quota.js';
import { CallerRateLimit } from './callers/rate-limit.js';
import { upstreamCharges } from './callers/upstream-charges.js';
import { callerOf } from './callers/settled-callers.js';
import { withCost } from './callers/cost.js';
import { ScopeRules } from './callers/scope-rules.js';
import { adminCoordinates, enforcedRules } from './callers/field-scopes.js';
import { LIVE_FIELD_INTERFACES } from './features/live/index.js';
import { type LiveBus, localBus } from './live/live-bus.js';
import { createLivePoller, credentialHeaders } from './live/live-poller.js';
import { attachLiveSession, type LiveRuntime } from './live/live-session.js';
import { DEFAULT_LIVE_SETTINGS, type LiveSettings } from './live/live-settings.js';
import { PollRegistry } from './live/poll-registry.js';
import { SubscriptionLimits } from './live/subscription-limits.js';
import { LiveEvents } from './live/use-live-events.js';
import { withFields } from './shared/with-fields.js';

export interface GatewayOptions {
  schema: GraphQLSchema;
  upstreams: readonly ResolvedUpstream[];
  upstreamTimeoutMs: number;
  /** How long slowly changing upstream data is reused when the upstream says nothing; 0 turns the cache off. */
  cacheTtlMs: number;
  /** Where "today" comes from; the system clock unless a test or the composition root injects one. */
  clock?: Clock;
  /** Browser origins allowed by CORS (CORS_ORIGINS); same-origin and local tools when absent. */
  corsOrigins?: readonly string[];
  /** Serves `/readyz` when given (the composition root wires probes and the drain in). */
  readiness?: ReadinessOptions;
  /** Where request lines, unexpected errors and upstream failures go; silent unless the composition root passes one. */
  logger?: Logger;
  /** LOG_SAMPLE_OK: the share of successful requests' lines kept; every line unless given. */
  requestLog?: RequestLogOptions;
  /** Operation limits; the defaults of `limits-config.ts` unless given. */
  limits?: OperationLimits;
  /** Body cap, retries and breakers; the defaults of upstream-settings.ts where absent. */
  upstreamSettings?: Partial<UpstreamSettings>;
  /** The process's pools and breakers (its `breakerStates()` feeds readiness); created here when absent. */
  transport?: UpstreamTransport;
  /** Interfaces served by built-in sandboxes; `extensions.provenance` marks the others as vendors. */
  sandboxUpstreams?: readonly UpstreamName[];
  /** The store replicas share (Redis): cached upstream answers and registered APQ queries; this process's memory when absent. */
  sharedStore?: SharedStore;
  /**
   * Prometheus metrics served at `/metrics`; `false` turns them off (METRICS=false). Created here
   * when absent; the composition root passes its own so the transport it made reports to it.
   */
  metrics?: GatewayMetrics | false;
  /** GRAPHQL_JIT: execute with graphql-jit (compiled-execution.ts); on unless `false`. */
  jit?: boolean;
  /** COMPRESSION: answers compressed by Accept-Encoding (http/compression.ts); on unless `false`. */
  compression?: boolean;
  /** Persisted documents and PERSISTED_ONLY; APQ alone when absent. */
  persisted?: { documents: PersistedDocuments | undefined; only: boolean };
  /**
   * Who calls (AUTH_*): JWTs or static keys, then @authenticated/@requiresScopes enforced per
   * operation. Absent, every caller is anonymous and the scopes are published but not enforced.
   */
  identity?: Identity;
  /** Per-caller rate limits and daily quotas (RATE_LIMIT_*, DAILY_QUOTA_*), counted in `counters`; none when absent. */
  callerLimits?: { settings: CallerLimitSettings; counters: CounterStore };
  /**
   * INTROSPECTION, GRAPHIQL, TRUST_PROXY and ADDRESS_ADMIN_OPERATIONS (http/posture.ts); the
   * development posture where absent, with C's admin fields open exactly when identity is off.
   */
  posture?: Partial<Posture>;
  /**
   * Live data (subscriptions): LIVE_* and MAX_SUBSCRIPTIONS_* settings, and the registry of polls,
   * which the composition root makes (with the Redis bus) so the drain can complete its streams.
   * The defaults and a registry of this process alone (localBus) where absent.
   */
  live?: { settings?: LiveSettings; registry?: PollRegistry };
  /** OPERATION_CACHE_MAX_BYTES: whole answers kept per operation and viewer (http/operation-answers.ts); none when absent or 0. */
  operationCache?: { maxBytes: number };
  /**
   * OTEL_TRACES_SAMPLER's decision for a request without a caller's trace context, made before the
   * SDK (root-sampling.ts); the registered provider's sampler must be a GatewaySampler of the same
   * setting. Absent: the SDK decides every request.
   */
  rootSampling?: RootSampling;
}

/** The live registry of a gateway whose composition root passes none: this process alone, the default settings. */
export function createPollRegistry(options: {
  settings?: LiveSettings | undefined;
  bus?: LiveBus | undefined;
  logger?: Logger | undefined;
  metrics?: GatewayMetrics | undefined;
}): PollRegistry {
  return new PollRegistry({
    bus: options.bus ?? localBus,
    settings: options.settings ?? DEFAULT_LIVE_SETTINGS,
    logger: options.logger ?? silentLogger,
    observer: options.metrics,
  });
}

/** The node:http request, when Yoga runs inside a Node server (absent under `yoga.fetch`). */
interface ServerContext {
  req?: { socket?: { remoteAddress?: string } };
}

/** Creates the Yoga instance (not listening; hand it to node:http or call `yoga.fetch`). */
export function createGateway(options: GatewayOptions): YogaServerInstance<ServerContext, GatewayContext> {
  return createGatewayServer(options).yoga;
}

/** A gateway as a node:http server serves it: Yoga, and the listener that puts the fast path in front of it. */
export interface GatewayServer {
  yoga: YogaServerInstance<ServerContext, GatewayContext>;
  /**
   * What node:http should call: the fast path (http/fast-path.ts) for the requests it can answer
   * exactly as Yoga would, running the request pipeline's steps as Yoga's path does; Yoga for the
   * rest (and for every request without graphql-jit).
   */
  listener: RequestListener;
  /** The request pipeline both drivers run (request-steps.ts); `printRequestPipeline` prints it. */
  pipeline: readonly RequestStep[];
}

/** A request's own state, started the same way on Yoga's path and on the fast path. */
interface StartedGatewayRequest {
  context: GatewayContext;
  meter: CostMeter;
  budget: FanOutBudget;
}

/** Creates the gateway: Yoga and its node:http listener (not listening). */
export function createGatewayServer(options: GatewayOptions): GatewayServer {
  const urls = meshEndpoints(options.upstreams);
  const clock = options.clock ?? systemClock;
  const cache = options.cacheTtlMs > 0 ? new ResponseCache(options.cacheTtlMs, { shared: options.sharedStore }) : undefined;
  const logger = options.logger ?? silentLogger;
  const limits = options.limits ?? DEFAULT_LIMITS;
  const jit = options.jit ?? true;
  const budgets = new WeakMap<Request, FanOutBudget>();
  const metrics: GatewayMetrics | undefined =
    options.metrics === false
      ? undefined
      : (options.metrics ?? new GatewayMetrics((): ReturnType<UpstreamTransport['breakerStates']> => transport.breakerStates()));
  const transport =
    options.transport ??
    new UpstreamTransport({ ...options.upstreamSettings, timeoutMs: options.upstreamTimeoutMs, logger, observer: metrics });
  // The upstream pipeline is composed here, once; each request's context then costs only what is its own.
  const contexts = requestContexts({ upstreams: options.upstreams, transport, cache, cacheObserver: metrics, upstreamUrls: urls, clock });
  const { identity, callerLimits } = options;
  const { introspection, graphiql: servesGraphiQL, trustProxy } = { ...DEVELOPMENT_POSTURE, ...options.posture };
  const adminOperationsOpen = options.posture?.addressAdminOperations ?? identity === undefined;
  const enforces = enforcedRules(identity !== undefined, adminOperationsOpen, adminCoordinates(options.schema));
  const rateLimit = callerLimits && new CallerRateLimit(callerLimits.settings, callerLimits.counters);
  const quota = callerLimits && new CallerQuota(callerLimits.settings, callerLimits.counters, clock);
  const meters = new CostMeters(metrics ? registerCallerMetrics(metrics.registry) : undefined);
  // The limits count callers, so with limits and no identity every caller is settled as anonymous, by its address.
  const settling = identity ?? (rateLimit ? new Identity({ required: false, realm: AUTH_REALM }) : undefined);
  const liveSettings = options.live?.settings ?? DEFAULT_LIVE_SETTINGS;
  const live: LiveRuntime = {
    registry: options.live?.registry ?? createPollRegistry({ settings: liveSettings, logger, metrics }),
    pollSpec: createLivePoller({ upstreams: options.upstreams, transport, cache, cacheObserver: metrics, clock }),
    credentials: (headers) => credentialHeaders(options.upstreams, headers),
    limits: new SubscriptionLimits(liveSettings),
    // Shared by every subscriber of an execution: their credentials alone, nobody's address or quota.
    eventContext: (credentials) =>
      contexts({
        caller: { headers: credentials, ip: undefined, requestId: `live-${randomUUID()}` },
        budget: new FanOutBudget(limits.maxUpstreamCalls),
        provenance: false,
      }),
  };
  const caching =
    options.operationCache && options.operationCache.maxBytes > 0
      ? operationCaching({
          maxBytes: options.operationCache.maxBytes,
          upstreams: options.upstreams,
          sharedStore: options.sharedStore,
          metrics,
          now: () => clock().getTime(),
        })
      : undefined;
  const traces = tracingRegistered() ? new RequestTraces(options.rootSampling) : undefined;
  // Nothing is filed by request here: Yoga's context files what its plugins look up, the fast path keeps its own.
  const startRequest = (caller: Caller, info: CallerInfo, trace: ServerSpan['context'] | undefined): StartedGatewayRequest => {
    const meter = meters.start(caller);
    const budget = new FanOutBudget(limits.maxUpstreamCalls);
    // With the whole-operation cache each request records its upstream answers' lifetimes.
    const context = contexts({
      caller: info,
      charges: upstreamCharges(caller, quota, meter),
      budget,
      provenance: true,
      freshness: caching !== undefined,
      trace,
    });
    return { context, meter, budget };
  };
  const persistedOnly = options.persisted?.only ?? false;
  // The fast path runs compiled plans: without graphql-jit every request takes Yoga's path.
  const fastPathOn = jit;
  const compiled = new CompiledOperations();
  const plans = new FastPlans({ compiled });
  const handovers = new Handovers<StartedGatewayRequest>();
  const sandboxSet: ReadonlySet<UpstreamName> = new Set(options.sandboxUpstreams ?? []);
  const routes = new Routes({ readiness: options.readiness !== undefined, metrics: metrics !== undefined });
  const liveEvents = new LiveEvents({ logger, observer: metrics, interfaceOf: (field) => LIVE_FIELD_INTERFACES[field] });
  const compression = new AnswerCompression(options.compression ?? true);
  const graphiql = graphiqlPage(async () => (await import('@graphql-yoga/render-graphiql')).renderGraphiQL);
  const persisted = { store: options.sharedStore ?? new MemoryStore(), documents: options.persisted?.documents, persistedOnly };
  const steps = requestSteps({
    routes,
    limits,
    logger,
    metrics,
    traces,
    settling,
    trustProxy,
    rateLimit,
    quota,
    scopeRules:
      enforces &&
      new ScopeRules({
        enforces,
        ...(identity
          ? { challenge: identity.challenge() }
          : {
              anonymousAdvice:
                'this gateway takes no credentials (AUTH_* unset): its operator can configure callers, or set ADDRESS_ADMIN_OPERATIONS=true to serve these fields to anyone.',
            }),
      }),
    introspection,
    liveEvents,
    meters,
    requestLog: options.requestLog,
    persisted,
    budgetOf: (request) => budgets.get(request),
    readiness: options.readiness,
    sandboxUpstreams: options.sandboxUpstreams ?? [],
    compiled: jit ? compiled : undefined,
    fast: fastPathOn ? { plans, handovers } : undefined,
    compression,
    graphiql,
    answers: caching?.answers,
  });
  const yoga = createYoga<ServerContext, GatewayContext>({
    // buildGatewaySchema's pipeline already made the scalars take the literal alone (its
    // compiled-execution pass); any other schema is copied, so a caller's schema never changes.
    schema: jit && !providedBy(options.schema).has(COMPILED_EXECUTION_READY) ? compiledExecutionCopy(options.schema) : options.schema,
    graphqlEndpoint: GRAPHQL_PATH,
    healthCheckEndpoint: HEALTH_PATH,
    landingPage: false,
    renderGraphiQL: graphiql.render,
    graphiql: servesGraphiQL && { title: 'Four REST interfaces, one graph', defaultQuery: GRAPHIQL_DEFAULT_QUERY },
    logging: yogaLogger(logger),
    // The catalogue plugin masks instead: Yoga's masking logs every client mistake as an error.
    maskedErrors: false,
    cors: corsPolicy(options.corsOrigins),
    batching: false,
    // useRequestBodyLimit enforces MAX_REQUEST_BYTES without re-streaming every body.
    maxRequestBodySize: false,
    plugins: steps.flatMap((step) => step.yoga),
    context: ({ request, req }) => {
      const handover = handovers.of(req);
      if (handover) {
        meters.attach(request, handover.state.meter);
        budgets.set(request, handover.state.budget);
        return handover.state.context;
      }
      const ip = callerIp(request.headers, req?.socket?.remoteAddress, trustProxy);
      const caller = callerOf(request) ?? anonymousCaller(ip);
      const started = startRequest(caller, { headers: request.headers, ip, requestId: requestIdOf(request) }, traces?.of(request)?.context);
      meters.attach(request, started.meter);
      budgets.set(request, started.budget);
      attachLiveSession(request, {
        runtime: live,
        headers: request.headers,
        // Under node:http the socket is the connection (one per HTTP/1.1 stream at a time); under `yoga.fetch` the request.
        connection: req?.socket ?? request,
        caller: caller.id,
      });
      return started.context;
    },
  });
  // node:http's entry: the same routes, checked on the raw target before anything else runs.
  const served =
    (listener: RequestListener): RequestListener =>
    (request, response) => {
      if (routes.ofTarget(request.url) === undefined) Routes.notFound(response);
      else listener(request, response);
    };
  if (!fastPathOn) return { yoga, listener: served(yoga), pipeline: steps };
  const fastSchema = yoga.getEnveloped().schema;
  const listener = withFastPath<StartedGatewayRequest>(
    {
      graphqlPath: GRAPHQL_PATH,
      schema: fastSchema,
      plans,
      handovers,
      maxRequestBytes: limits.maxRequestBytes,
      compression,
      pipeline: new FastPipeline(steps),
      addressOf: (headers, socketAddress) => callerIp(headers, socketAddress, trustProxy),
      persistedQuery: persistedLookup(persisted),
      persistedOnly,
      answerCache: caching && new FastAnswers(caching.answers, fastSchema, quota),
      start: (exchange) => {
        const { headers, address: ip, requestId, caller } = exchange;
        const started = startRequest(caller, { headers, ip, requestId }, exchange.trace?.context);
        return {
          context: started.context,
          state: started,
          lifetime: () => started.context.freshness?.lifetime() ?? NOT_STORABLE,
          answered: (result: ExecutionResult) => {
            const recorder = started.context.provenance;
            return withCost(recorder ? withProvenance(result, recorder, sandboxSet) : result, started.meter, quota);
          },
        };
      },
      log: requestLog(logger, metrics, options.requestLog),
      metrics,
      logger,
      corsAllows: (origin, requestUrl) => isAllowedOrigin(options.corsOrigins ?? DEFAULT_CORS_ORIGINS, origin, requestUrl),
      openStream: ({ nodeRequest, headers, address: ip, requestId, caller, trace }, plan, variables) => {
        const started = startRequest(caller, { headers, ip, requestId }, trace?.context);
        const session = { runtime: live, headers, connection: nodeRequest.socket, caller: caller.id };
        attachLiveSession(nodeRequest, session);
        // As on Yoga's path, where the context carries the request its live session is found by.
        const contextValue = withFields(started.context, { request: nodeRequest });
        const args = {
          schema: fastSchema,
          document: plan.document,
          operationName: plan.operation.name?.value,
          variableValues: variables,
          contextValue,
        };
        const opened = liveEvents.subscribe({ args, session, requestId }, (subscribeArgs) => subscribe(subscribeArgs)) ?? subscribe(args);
        return { state: started, stream: Promise.resolve(opened) };
      },
    },
    yoga,
  );
  return { yoga, listener: served(listener), pipeline: steps };
}
