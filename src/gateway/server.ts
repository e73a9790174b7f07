/**
 * The gateway server: graphql-yoga over the built schema, GraphiQL served from the package (no
 * CDN), liveness at /healthz, and the error catalogue applied to every result.
 */
import type { GraphQLSchema } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { type Clock, systemClock } from './clock.js';
import type { UpstreamName } from './config.js';
import { createContext, type GatewayContext } from './context.js';
import { GRAPHIQL_DEFAULT_QUERY } from './graphiql-default-query.js';
import { FanOutBudget, withFanOutBudget } from './http/fan-out.js';
import { DEFAULT_LIMITS, type OperationLimits } from './http/limits-config.js';
import { useErrorCatalogue } from './http/use-error-catalogue.js';
import { corsPolicy, useVaryOnOrigin } from './ops/cors.js';
import { type ReadinessOptions, useReadiness } from './ops/readiness.js';
import { requestIdOf, useRequestId } from './ops/request-id.js';
import { GatewayMetrics } from './ops/metrics.js';
import { useMetrics } from './ops/use-metrics.js';
import { useTracing } from './ops/tracing/use-tracing.js';
import { forCompiledExecution, useCompiledExecution } from './http/compiled-execution.js';
import { useInputErrors } from './http/use-input-errors.js';
import { useOperationLimits } from './http/use-operation-limits.js';
import { useRequestBodyLimit } from './http/use-request-body-limit.js';
import { useRequestLog } from './http/use-request-log.js';
import { yogaLogger } from './http/yoga-logger.js';
import { type Logger, silentLogger } from './logger.js';
import { useProvenance } from './provenance/use-provenance.js';
import { MemoryStore, type SharedStore } from './cache/shared-store.js';
import type { PersistedDocuments } from './persisted/persisted-documents.js';
import { usePersistedQueries } from './persisted/use-persisted-queries.js';
import { ResponseCache } from './upstream/response-cache.js';
import { meshEndpoints } from './upstream/mesh-endpoints.js';
import { callerIp, createUpstreamClient, type ResolvedUpstream } from './upstream/upstream-fetch.js';
import { UpstreamTransport } from './upstream/upstream-transport.js';
import type { UpstreamSettings } from './upstream/upstream-settings.js';

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
  /** Persisted documents and PERSISTED_ONLY; APQ alone when absent. */
  persisted?: { documents: PersistedDocuments | undefined; only: boolean };
}

/** The node:http request, when Yoga runs inside a Node server (absent under `yoga.fetch`). */
interface ServerContext {
  req?: { socket?: { remoteAddress?: string } };
}

const GRAPHQL_PATH = '/graphql';

/** Creates the Yoga instance (not listening; hand it to node:http or call `yoga.fetch`). */
export function createGateway(options: GatewayOptions): YogaServerInstance<ServerContext, GatewayContext> {
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
  return createYoga<ServerContext, GatewayContext>({
    schema: jit ? forCompiledExecution(options.schema) : options.schema,
    graphqlEndpoint: GRAPHQL_PATH,
    healthCheckEndpoint: '/healthz',
    landingPage: false,
    // GraphiQL's page is megabytes of script: loaded on the first visit, not at every start.
    renderGraphiQL: async (graphiql) => (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(graphiql),
    graphiql: { title: 'Four REST interfaces, one graph', defaultQuery: GRAPHIQL_DEFAULT_QUERY },
    logging: yogaLogger(logger),
    // The catalogue plugin masks instead: Yoga's masking logs every client mistake as an error.
    maskedErrors: false,
    cors: corsPolicy(options.corsOrigins),
    batching: false,
    // useRequestBodyLimit enforces MAX_REQUEST_BYTES without re-streaming every body.
    maxRequestBodySize: false,
    plugins: [
      useRequestId(),
      useRequestBodyLimit(limits.maxRequestBytes),
      useTracing(GRAPHQL_PATH),
      ...(metrics ? [useMetrics(metrics, GRAPHQL_PATH)] : []),
      // The log reads the codes the catalogue has settled, so it comes after it.
      useErrorCatalogue(logger),
      useRequestLog(logger, metrics),
      ...usePersistedQueries({
        store: options.sharedStore ?? new MemoryStore(),
        documents: options.persisted?.documents,
        persistedOnly: options.persisted?.only ?? false,
      }),
      useInputErrors(),
      ...useOperationLimits(limits, (request) => budgets.get(request)),
      useVaryOnOrigin(),
      ...(options.readiness ? [useReadiness(options.readiness)] : []),
      useProvenance(options.sandboxUpstreams ?? []),
      ...(jit ? [useCompiledExecution()] : []),
    ],
    context: ({ request, req }) => {
      const ip = callerIp(request.headers, req?.socket?.remoteAddress);
      const upstream = createUpstreamClient(
        options.upstreams,
        { headers: request.headers, ip, requestId: requestIdOf(request) },
        { transport, cache, cacheObserver: metrics },
      );
      const budget = new FanOutBudget(limits.maxUpstreamCalls);
      budgets.set(request, budget);
      return createContext(withFanOutBudget(upstream, budget), urls, ip, clock);
    },
  });
}
