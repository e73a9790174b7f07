/**
 * Yoga's adapter of the server span (server-span.ts): one span per GraphQL request, named for
 * its operation, carrying the error codes of its answer. A request the fast path hands over
 * keeps the fast path's span (found by its node request), which the fast path ends.
 */
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { nameServerSpan, recordAnswer, type RequestTraces } from './server-span.js';

export function useTracing(graphqlPath: string, traces: RequestTraces): Plugin<Record<string, unknown>, { req?: object }> {
  const own = new WeakSet<Request>();
  return {
    onRequest({ request, url, serverContext }) {
      if (url.pathname !== graphqlPath || (serverContext.req && traces.adopt(request, serverContext.req))) return;
      traces.file(request, traces.start(request.method, graphqlPath, request.headers));
      own.add(request);
    },
    onResponse({ request }) {
      if (own.has(request)) traces.of(request)?.span.end();
    },
    onExecute({ args }) {
      const started = traces.of(args.contextValue.request);
      const operation = started && getOperationAST(args.document, args.operationName);
      if (started && operation) nameServerSpan(started.span, operation);
    },
    onResultProcess({ request, result }) {
      const started = traces.of(request);
      if (!started || Array.isArray(result) || Symbol.asyncIterator in result) return;
      recordAnswer(started.span, result);
    },
  };
}
