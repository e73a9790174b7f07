/**
 * The gateway's request pipeline, as declared steps (http/request-pipeline.ts), in the order they
 * run: each with Yoga's adapter and, where the fast path runs it, the same rule's fast hooks; or
 * why the requests the fast path takes need none. server.ts composes the gateway from this list:
 * Yoga's plugins are the steps' plugins in this order, and the fast path runs their hooks. What
 * production turns on (identity, limits, scopes, tracing, persisted-only) is a step here, never a
 * reason to leave the fast path. `printRequestPipeline(requestSteps(...))` prints it.
 */
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import type { CostMeters } from './callers/cost.js';
import type { Identification, Identity } from './callers/identity.js';
import type { CallerQuota } from './callers/quota.js';
import { type CallerRateLimit, handOverRateDecision, rateLimitFields } from './callers/rate-limit.js';
import type { ScopeRules } from './callers/scope-rules.js';
import { callerOf, handOverIdentification } from './callers/settled-callers.js';
import { useCallerIdentity } from './callers/use-caller-identity.js';
import { useCost } from './callers/use-cost.js';
import { handOverQuotaCheck, useQuota } from './callers/use-quota.js';
import { useRateLimit } from './callers/use-rate-limit.js';
import { useScopes } from './callers/use-scopes.js';
import type { UpstreamName } from './config.js';
import { type CompiledOperations, useCompiledExecution } from './http/compiled-execution.js';
import { type AnswerCompression, type CachedPage, useCompression } from './http/compression.js';
import type { FanOutBudget } from './http/fan-out.js';
import type { FastPlans, Handovers } from './http/fast-plans.js';
import { introspectionRefusals, type IntrospectionPolicy } from './http/introspection-policy.js';
import type { OperationLimits } from './http/limits-config.js';
import type { OperationAnswers } from './http/operation-answers.js';
import { useOperationCache } from './http/use-operation-cache.js';
import type { RequestLogOptions } from './http/request-log.js';
import type { Exchange, RequestStep, Verdict, YogaPlugin } from './http/request-pipeline.js';
import { GRAPHQL_PATH, type Routes } from './http/routes.js';
import { useCsrfPrevention } from './http/use-csrf-prevention.js';
import { useErrorCatalogue } from './http/use-error-catalogue.js';
import { useInputErrors } from './http/use-input-errors.js';
import { useIntrospectionPolicy } from './http/use-introspection-policy.js';
import { useNotAcceptable } from './http/use-not-acceptable.js';
import { useOperationLimits } from './http/use-operation-limits.js';
import { useRequestBodyLimit } from './http/use-request-body-limit.js';
import { useRequestLog } from './http/use-request-log.js';
import type { LiveEvents } from './live/use-live-events.js';
import type { Logger } from './logger.js';
import { useVaryOnOrigin } from './ops/cors.js';
import type { GatewayMetrics } from './ops/metrics.js';
import { type ReadinessOptions, useReadiness } from './ops/readiness.js';
import { useRequestId } from './ops/request-id.js';
import { nameServerSpan, recordAnswer, type RequestTraces } from './ops/tracing/server-span.js';
import { useTracing } from './ops/tracing/use-tracing.js';
import { useMetrics } from './ops/use-metrics.js';
import { type PersistedQueriesOptions, usePersistedQueries } from './persisted/use-persisted-queries.js';
import { useProvenance } from './provenance/use-provenance.js';
import type { ProxyTrust } from './upstream/caller-address.js';
import { whenKnown } from './shared/at-once.js';

/** What the steps are made of: the parts server.ts builds once per gateway. */
export interface StepParts {
  routes: Routes;
  limits: OperationLimits;
  logger: Logger;
  metrics: GatewayMetrics | undefined;
  /** The requests' server spans, when OpenTelemetry's provider is registered (OTEL_*); absent otherwise. */
  traces: RequestTraces | undefined;
  /** Who settles callers: the configured identity, or an anonymous one when only limits count callers. */
  settling: Identity | undefined;
  trustProxy: ProxyTrust;
  rateLimit: CallerRateLimit | undefined;
  quota: CallerQuota | undefined;
  /** The enforced field rules; absent when no field's rule is enforced. */
  scopeRules: ScopeRules | undefined;
  introspection: IntrospectionPolicy;
  liveEvents: LiveEvents;
  meters: CostMeters;
  requestLog: RequestLogOptions | undefined;
  persisted: PersistedQueriesOptions;
  budgetOf(request: Request): FanOutBudget | undefined;
  readiness: ReadinessOptions | undefined;
  sandboxUpstreams: readonly UpstreamName[];
  /** GRAPHQL_JIT's compilations; absent without compiled execution (and then without the fast path). */
  compiled: CompiledOperations | undefined;
  /** The fast path's own plans and hand-overs; absent without it. */
  fast: { plans: FastPlans; handovers: Handovers<unknown> } | undefined;
  compression: AnswerCompression;
  graphiql: CachedPage;
  /** The whole-operation cache (OPERATION_CACHE_MAX_BYTES); absent when off. */
  answers: OperationAnswers | undefined;
}

const CONTINUE: Verdict = 'continue';

/** Takes the identity step's answer: the exchange's caller, or Yoga's path to answer the refusal. */
function adopt(exchange: Exchange, identified: Identification): Verdict {
  // Yoga's adapter adopts it if the request goes there: a refusal, or later a refused operation.
  exchange.handOvers.push(() => handOverIdentification(exchange.nodeRequest, identified));
  if (!identified.caller) return 'yoga';
  exchange.caller = identified.caller;
  return CONTINUE;
}

function step(
  name: string,
  yoga: readonly YogaPlugin[],
  fast: RequestStep['fast'],
  facts: { requires?: string[]; provides?: string[] } = {},
): RequestStep {
  return { name, requires: facts.requires ?? [], provides: facts.provides ?? [], yoga, fast };
}

/** The steps, in order; a feature that is off has no step. */
export function requestSteps(parts: StepParts): RequestStep[] {
  const { logger, metrics, limits, settling, rateLimit, quota, scopeRules, introspection, traces } = parts;
  return [
    // First, as its span covers whatever the request meets, a refusal by the steps after it too.
    ...(traces
      ? [
          step(
            'tracing',
            [useTracing(GRAPHQL_PATH, traces)],
            {
              arrive: (exchange) => {
                const started = traces.start(exchange.method, GRAPHQL_PATH, exchange.headers);
                exchange.trace = started;
                // Yoga's adapter keeps it if the request goes there, and its work then runs in its context.
                exchange.handOvers.push(() => traces.file(exchange.nodeRequest, started));
                // Ended when the answer is, whichever path wrote it; an unsampled span has nothing to end.
                if (started.span.isRecording()) exchange.response.once('close', () => started.span.end());
                return CONTINUE;
              },
              admit: (exchange, { operation }) => {
                if (exchange.trace) nameServerSpan(exchange.trace.span, operation);
                return CONTINUE;
              },
              answered: (exchange, result) => {
                if (exchange.trace && result) recordAnswer(exchange.trace.span, result);
              },
            },
            { provides: ['trace'] },
          ),
        ]
      : []),
    step(
      'routes',
      [parts.routes.plugin()],
      { notNeeded: "node:http's entry answers an unserved path before the fast path sees it" },
      { provides: ['served-path'] },
    ),
    step('not-acceptable', [useNotAcceptable(GRAPHQL_PATH)], {
      notNeeded: 'it takes only an Accept header naming a JSON type or an event stream',
    }),
    step(
      'request-id',
      [useRequestId()],
      { notNeeded: 'it reads the id with requestIdFrom, as useRequestId does' },
      { provides: ['request-id'] },
    ),
    step('body-limit', [useRequestBodyLimit(limits.maxRequestBytes)], {
      notNeeded: 'it takes only a Content-Length within MAX_REQUEST_BYTES',
    }),
    step('csrf', [useCsrfPrevention()], { notNeeded: 'it takes only application/json POSTs and GETs, which no cross-site form sends' }),
    ...(metrics
      ? [
          step('metrics', [useMetrics(metrics, GRAPHQL_PATH)], {
            arrive: () => {
              metrics.inFlight.inc();
              return CONTINUE;
            },
            answered: () => metrics.inFlight.dec(),
          }),
        ]
      : []),
    // Identity before the body is parsed, then the caller's rate limit (a refusal costs no parse);
    // both, and the scopes, before the catalogue, whose onExecuteDone would turn a refusal
    // without data into a 400.
    ...(settling
      ? [
          step(
            'identity',
            [useCallerIdentity({ identity: settling, logger, graphqlEndpoint: GRAPHQL_PATH, trustProxy: parts.trustProxy })],
            {
              arrive: (exchange) => {
                const identified = settling.identify({ headers: exchange.headers, address: exchange.address });
                // A caller settled at once is not awaited: most requests of a signed-in client are.
                return whenKnown(identified, (found) => adopt(exchange, found));
              },
            },
            { provides: ['caller'] },
          ),
        ]
      : []),
    ...(rateLimit
      ? [
          step(
            'rate-limit',
            [useRateLimit({ callerOf, rateLimit, graphqlPath: GRAPHQL_PATH })],
            {
              arrive: (exchange) =>
                whenKnown(rateLimit.consume(exchange.caller), (decision) => {
                  if (!decision) return CONTINUE;
                  exchange.handOvers.push(() => handOverRateDecision(exchange.nodeRequest, decision));
                  if (!decision.allowed) return 'yoga';
                  exchange.answerHeaders.push(...rateLimitFields(decision));
                  return CONTINUE;
                }),
            },
            { requires: ['caller'], provides: ['rate-limit'] },
          ),
        ]
      : []),
    ...(scopeRules
      ? [
          step(
            'scopes',
            [useScopes({ rules: scopeRules })],
            {
              admit: (exchange, { schema, document, operationName }) =>
                scopeRules.refusals(schema, document, operationName, exchange.caller).length > 0 ? 'yoga' : CONTINUE,
            },
            { requires: settling ? ['caller'] : [] },
          ),
        ]
      : []),
    ...(introspection === 'on'
      ? []
      : [
          step('introspection', [useIntrospectionPolicy({ policy: introspection, callerOf })], {
            admit: (exchange, { document, operation }) =>
              introspectionRefusals(introspection, document, operation, !exchange.caller.anonymous).length > 0 ? 'yoga' : CONTINUE,
          }),
        ]),
    // The log reads the codes the catalogue has settled, so it comes after it.
    step(
      'error-catalogue',
      [useErrorCatalogue(logger)],
      { notNeeded: "an answer with errors goes to Yoga's path with its result, and is masked there" },
      { provides: ['masked-errors'] },
    ),
    step('live-events', [parts.liveEvents.plugin()], {
      notNeeded: 'it opens a subscription through the same LiveEvents (server.ts, openStream)',
    }),
    step('cost', [useCost({ meterOf: (request) => parts.meters.of(request), quota })], {
      notNeeded: 'it adds extensions.cost with withCost, as useCost does (server.ts, answered)',
    }),
    // After the cost step: a hit's cost says it spent nothing; before the log, which reads the answer.
    ...(parts.answers
      ? [
          step(
            'operation-cache',
            [useOperationCache({ answers: parts.answers, callerOf })],
            { notNeeded: 'it looks answers up, keeps them and answers 304 with FastAnswers, over the same OperationAnswers' },
            { requires: parts.settling ? ['caller'] : [] },
          ),
        ]
      : []),
    // After the cache, whose hit stops execution: a hit spends no vendor quota, so it is never
    // refused for one. Its refusal is thrown, so the catalogue's onExecuteDone never sees it.
    ...(quota
      ? [
          step(
            'quota',
            [useQuota({ callerOf, quota })],
            {
              // A refusal goes to Yoga's path, which runs the same check and answers it.
              execute: (exchange, { schema, document, operationName }) =>
                whenKnown(quota.operationRefusal(exchange.caller, schema, document, operationName), (refused) => {
                  if (refused) return 'yoga';
                  exchange.handOvers.push(() => handOverQuotaCheck(exchange.nodeRequest));
                  return CONTINUE;
                }),
            },
            { requires: parts.settling ? ['caller'] : [] },
          ),
        ]
      : []),
    step(
      'request-log',
      [useRequestLog(logger, metrics, parts.requestLog)],
      { notNeeded: 'it writes the same line and metrics with requestLog' },
      { requires: ['masked-errors'] },
    ),
    step('persisted', usePersistedQueries(parts.persisted), {
      notNeeded:
        "it looks a hash up with persistedLookup, as Yoga's adapter does; a registration or PERSISTED_ONLY's refusal goes to Yoga's path",
    }),
    step('input-errors', [useInputErrors()], { notNeeded: 'it takes only parameters of their types, nested within MAX_NESTING' }),
    step('operation-limits', useOperationLimits(limits, parts.budgetOf), {
      notNeeded: "a plan exists only for a document that passed them on Yoga's path",
    }),
    step('vary-origin', [useVaryOnOrigin()], { notNeeded: "it writes the CORS fields of ops/cors.ts's policy itself (corsHeaders)" }),
    ...(parts.readiness ? [step('readiness', [useReadiness(parts.readiness)], { notNeeded: 'readiness is another route' })] : []),
    step('provenance', [useProvenance(parts.sandboxUpstreams)], {
      notNeeded: 'it adds extensions.provenance with withProvenance (server.ts, answered)',
    }),
    // @defer and @stream: declared on Yoga's schema, sent as multipart/mixed or SSE parts (graphql-js runs them, not graphql-jit).
    step('defer-stream', [useDeferStream<Record<string, unknown>>()], {
      notNeeded: 'a plan holds no document that delivers incrementally',
    }),
    ...(parts.compiled
      ? [
          step(
            'compiled-execution',
            [useCompiledExecution(parts.compiled)],
            { notNeeded: "a plan runs the compilation Yoga's path made" },
            { provides: ['compiled'] },
          ),
        ]
      : []),
    // After compiled execution, so a handed-over result replaces whichever executor was chosen.
    ...(parts.fast
      ? [
          step(
            'fast-plans',
            [parts.fast.plans.plugin(), parts.fast.handovers.plugin()],
            { notNeeded: "they are the fast path's own record of plans and its hand-overs" },
            { requires: ['compiled'] },
          ),
        ]
      : []),
    // Last, so the body it encodes and the headers it adds to are final.
    step('compression', [useCompression(parts.compression, parts.graphiql)], {
      notNeeded: 'it writes with writeAnswer, as useCompression encodes',
    }),
  ];
}
