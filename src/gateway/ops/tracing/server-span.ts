/**
 * The server span of one GraphQL request: started with the caller's W3C trace context, named for
 * its operation once known, marked with the error codes of its answer. Yoga's adapter
 * (use-tracing.ts) and the fast path run these same functions. A request without a caller's trace
 * context is decided by the gateway's root sampling (root-sampling.ts, OTEL_TRACES_SAMPLER) before
 * the SDK is asked: an unsampled one shares one non-recording span and asks the SDK nothing; one
 * with a caller's context is the SDK's sampler's to decide. Either way an unsampled request's
 * upstream calls open no span (upstream-spans.ts), so it costs no span at all.
 *
 * The span's context travels with the request, not in an ambient context: the upstream client
 * gets it with the request's options (upstream-fetch.ts). Entering an AsyncLocalStorage for it on
 * Node 20 turns on promise hooks for the whole process: the production profile's Q1 went from
 * about 1,830 to 2,200 op/s when it went.
 */
import {
  type Context,
  INVALID_SPAN_CONTEXT,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type TextMapGetter,
} from '@opentelemetry/api';
import type { ExecutionResult, OperationDefinitionNode } from 'graphql';
import { codesOf } from '../../shared/error-codes.js';
import { TRACER_NAME } from '../../shared/tracer-name.js';
import { type HeaderReader, headerName } from '../../upstream/upstream-fetch.js';
import { withNewTraceHeaders } from '../../upstream/upstream-spans.js';
import { type RootSampling, SAMPLED_ROOT_CONTEXT } from './root-sampling.js';

const headerGetter: TextMapGetter<HeaderReader> = {
  // The W3C propagators read the two headers they know by name.
  keys: () => [],
  get: (headers, key) => headers.get(headerName(key)) ?? undefined,
};

/** A request's span and the context its work runs in (the parent's, with the span set). */
export interface ServerSpan {
  span: Span;
  context: Context;
}

const NOT_RECORDED_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * Starts server spans, and keeps those Yoga's path must find by the objects it knows a request by
 * (its Request, or the node request the fast path handed over). The fast path keeps its own span on
 * the request's exchange and files it here only when it hands the request to Yoga: an entry per
 * request, kept for as long as an open subscription lives, was memory every stream paid for.
 */
export class RequestTraces {
  private readonly spans = new WeakMap<object, ServerSpan>();
  // Made once the provider is registered (the gateway is composed after it), not per request.
  private readonly tracer = trace.getTracer(TRACER_NAME);
  /** The headers the registered propagators read; a request with none of them has no parent to extract. */
  private readonly fields = propagation.fields().map(headerName);
  /**
   * Every unsampled root request's span: one object, nothing recorded, no ids. Its upstream calls
   * are given a trace of their own only if it makes any, spelt as its context says (upstream-spans.ts).
   */
  private readonly notRecorded: ServerSpan = {
    span: NOT_RECORDED_SPAN,
    context: trace.setSpan(withNewTraceHeaders(ROOT_CONTEXT), NOT_RECORDED_SPAN),
  };

  /**
   * `rootSampled` decides a request without a caller's trace context (the composition root's, from
   * OTEL_TRACES_SAMPLER, matching the provider's GatewaySampler); without it the SDK decides every one.
   */
  constructor(private readonly rootSampled?: RootSampling) {}

  /** Starts the span of a request to `path`, a child of the trace context its headers carry. */
  start(method: string, path: string, headers: HeaderReader): ServerSpan {
    let parent: Context;
    if (this.fields.some((field) => headers.get(field) !== null)) parent = propagation.extract(ROOT_CONTEXT, headers, headerGetter);
    else if (!this.rootSampled) parent = ROOT_CONTEXT;
    else if (this.rootSampled()) parent = SAMPLED_ROOT_CONTEXT;
    else return this.notRecorded;
    const span = this.tracer.startSpan(
      `${method} ${path}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
      parent,
    );
    return { span, context: trace.setSpan(parent, span) };
  }

  /** Files `started` under `key`, where Yoga's path finds it. */
  file(key: object, started: ServerSpan): void {
    this.spans.set(key, started);
  }

  of(key: object): ServerSpan | undefined {
    return this.spans.get(key);
  }

  /** `key` from now on names the span `from` was filed under; undefined when `from` has none. */
  adopt(key: object, from: object): ServerSpan | undefined {
    const started = this.spans.get(from);
    if (started) this.spans.set(key, started);
    return started;
  }
}

/** Names the span for its operation, as the semantic conventions for GraphQL servers do. */
export function nameServerSpan(span: Span, operation: OperationDefinitionNode): void {
  if (!span.isRecording()) return;
  const name = operation.name?.value;
  span.updateName(name ? `${operation.operation} ${name}` : operation.operation);
  span.setAttribute('graphql.operation.type', operation.operation);
  if (name) span.setAttribute('graphql.operation.name', name);
}

/** Marks the span with the answer's error codes; an unexpected error is the span's error. */
export function recordAnswer(span: Span, result: ExecutionResult): void {
  if (!span.isRecording()) return;
  const codes = codesOf(result.errors ?? []);
  if (codes.length === 0) return;
  span.setAttribute('graphql.error.codes', codes);
  if (codes.includes('INTERNAL_SERVER_ERROR')) span.setStatus({ code: SpanStatusCode.ERROR, message: 'INTERNAL_SERVER_ERROR' });
}
