/**
 * Yoga answers 406 when no media type the client accepts can carry the answer, but with an empty
 * body, and after a `@defer` query with an Accept header that names the JSON types it says
 * `Accept: application/json…`, the very types the client sent. This plugin gives every such 406
 * a GraphQL error the client can act on (`NOT_ACCEPTABLE`, naming the Accept header it needs) and
 * an `Accept` header listing those types.
 */
import { isAsyncIterable } from '@graphql-tools/utils';
import type { Plugin } from 'graphql-yoga';

/** What the answer needed, by what it was. */
const NEEDS = {
  subscription: {
    types: ['text/event-stream'],
    reason: 'A subscription sends its events over Server-Sent Events (or GraphQL over WebSocket on this path)',
  },
  incremental: {
    types: ['multipart/mixed', 'text/event-stream'],
    reason: 'An operation with @defer or @stream sends its answer in parts',
  },
  single: {
    types: ['application/graphql-response+json', 'application/json'],
    reason: 'This operation sends one JSON answer',
  },
} as const;

type Need = keyof typeof NEEDS;

export function useNotAcceptable(graphqlPath: string): Plugin {
  const subscriptions = new WeakSet<Request>();
  const streamed = new WeakSet<Request>();
  return {
    onSubscribe({ args }) {
      subscriptions.add(args.contextValue.request);
    },
    onResultProcess({ request, result }) {
      if (isAsyncIterable(result)) streamed.add(request);
    },
    onResponse({ request, response, setResponse, fetchAPI }) {
      if (response.status !== 406 || new URL(request.url).pathname !== graphqlPath) return;
      const need: Need = subscriptions.has(request) ? 'subscription' : streamed.has(request) ? 'incremental' : 'single';
      const { types, reason } = NEEDS[need];
      const asked = request.headers.get('accept') ?? '*/*';
      const message = `${reason}, which needs an Accept header with ${types.join(' or ')}; this request accepts ${asked}.`;
      const headers = new fetchAPI.Headers(response.headers);
      headers.set('content-type', 'application/json; charset=utf-8');
      headers.set('accept', types.join(', '));
      setResponse(
        new fetchAPI.Response(JSON.stringify({ errors: [{ message, extensions: { code: 'NOT_ACCEPTABLE', accept: types } }] }), {
          status: 406,
          headers,
        }),
      );
    },
  };
}
