/**
 * The server span of one GraphQL request: started with the caller's W3C trace context, named for
 * its operation once known, marked with the error codes of its answer. Yoga's adapter
 * (use-tracing.ts) and the fast path run these same functions. The tracer's sampler (the SDK
 * reads OTEL_TRACES_SAMPLER) decides: an unsampled request gets a non-recording span, and its
 * callers skip the context switch a recording span needs, so it costs no span at all.
 */
import { type Context, context, propagation, type Span, SpanKind, SpanStatusCode, trace, type TextMapGetter } from '@opentelemetry/api';
import type { ExecutionResult, OperationDefinitionNode } from 'graphql';
import { codesOf } from '../../shared/error-codes.js';
import { TRACER_NAME } from '../../shared/tracer-name.js';
import type { HeaderReader } from '../../upstream/upstream-fetch.js';

const headerGetter: TextMapGetter<HeaderReader> = {
  // The W3C propagators read the two headers they know by name.
  keys: () => [],
  get: (headers, key) => headers.get(key) ?? undefined,
};

/** A request's span and the context its work runs in (the parent's, with the span set). */
export interface ServerSpan {
  span: Span;
  context: Context;
}

/** Starts the span of a request to `path`, a child of the trace context its headers carry. */
export function startServerSpan(method: string, path: string, headers: HeaderReader): ServerSpan {
  const parent = propagation.extract(context.active(), headers, headerGetter);
  const span = trace
    .getTracer(TRACER_NAME)
    .startSpan(`${method} ${path}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } }, parent);
  return { span, context: trace.setSpan(parent, span) };
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
