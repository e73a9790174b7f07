/**
 * Yoga's adapter of the server span (server-span.ts): one span per GraphQL request, named for
 * its operation, carrying the error codes of its answer. A request the fast path hands over
 * arrives inside the fast path's span (its context is active), which it keeps.
 */
import { context, trace } from '@opentelemetry/api';
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { nameServerSpan, recordAnswer, startServerSpan } from './server-span.js';

export function useTracing(graphqlPath: string): Plugin {
  return {
    instrumentation: {
      request({ request }, wrapped) {
        if (new URL(request.url).pathname !== graphqlPath || trace.getSpan(context.active())) return wrapped();
        const { span, context: spanContext } = startServerSpan(request.method, graphqlPath, request.headers);
        return context.with(spanContext, async () => {
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
      const operation = span && getOperationAST(args.document, args.operationName);
      if (span && operation) nameServerSpan(span, operation);
    },
    onResultProcess({ result }) {
      const span = trace.getActiveSpan();
      if (!span || Array.isArray(result) || Symbol.asyncIterator in result) return;
      recordAnswer(span, result);
    },
  };
}
