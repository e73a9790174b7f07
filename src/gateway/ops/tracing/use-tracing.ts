/**
 * OpenTelemetry spans of the gateway, written against @opentelemetry/api only: without a
 * registered provider (tracing not configured) every call here is a no-op. A SERVER span per
 * GraphQL request, parented on the caller's W3C `traceparent`, named after the operation once it
 * is known; every upstream call and HTTP exchange made while serving it is its descendant
 * (see upstream/upstream-spans.ts).
 */
import { context, propagation, SpanKind, SpanStatusCode, trace, type TextMapGetter } from '@opentelemetry/api';
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { codesOf } from '../../shared/error-codes.js';
import { TRACER_NAME } from '../../shared/tracer-name.js';

const headerGetter: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
};

/** Yoga plugin: the request's span, active for everything Yoga does for it. */
export function useTracing(graphqlPath: string): Plugin {
  const tracer = trace.getTracer(TRACER_NAME);
  return {
    instrumentation: {
      request({ request }, wrapped) {
        if (new URL(request.url).pathname !== graphqlPath) return wrapped();
        const parent = propagation.extract(context.active(), request.headers, headerGetter);
        const span = tracer.startSpan(
          `${request.method} ${graphqlPath}`,
          { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method } },
          parent,
        );
        return context.with(trace.setSpan(parent, span), async () => {
          try {
            await wrapped();
          } finally {
            span.end();
          }
        });
      },
    },
    onExecute({ args }) {
      const span = trace.getActiveSpan();
      if (!span) return;
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation) return;
      const name = operation.name?.value;
      span.updateName(name ? `${operation.operation} ${name}` : operation.operation);
      span.setAttribute('graphql.operation.type', operation.operation);
      if (name) span.setAttribute('graphql.operation.name', name);
    },
    onResultProcess({ result }) {
      const span = trace.getActiveSpan();
      if (!span || Array.isArray(result) || Symbol.asyncIterator in result) return;
      const codes = codesOf(result.errors ?? []);
      if (codes.length === 0) return;
      span.setAttribute('graphql.error.codes', codes);
      if (codes.includes('INTERNAL_SERVER_ERROR')) span.setStatus({ code: SpanStatusCode.ERROR, message: 'INTERNAL_SERVER_ERROR' });
    },
  };
}
