/**
 * Request ids: each GraphQL request carries one, taken from the caller's `x-request-id` when it
 * is a sane token (a proxy or client already named the request) or generated otherwise. It is
 * echoed in the response header, forwarded to the upstreams, and stamped on every log line
 * written while the request is served: the logger's mixin reads it from an AsyncLocalStorage
 * that wraps the request's whole handling, so code deep in the upstream transport logs it without
 * having a logger threaded through.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Plugin } from 'graphql-yoga';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a caller may name a request: no spaces or quotes that would garble a log or a header. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

interface RequestScope {
  requestId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** The caller's id when it is sane; a new UUID otherwise (an insane one is replaced, never echoed). */
export function requestIdFrom(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER)?.trim();
  return given && SANE_ID.test(given) ? given : randomUUID();
}

/** The id of the request being served here, if any; the logger's mixin and the upstream client read it. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/** Fields every log line gets: the request id while a request is being served. */
export function requestLogFields(): { requestId?: string } {
  const requestId = currentRequestId();
  return requestId ? { requestId } : {};
}

/** Yoga plugin: settles the id as the request arrives and echoes it on the response, errors included. */
export function useRequestId(): Plugin {
  const ids = new WeakMap<Request, string>();
  return {
    instrumentation: {
      // Everything Yoga does for the request runs inside this call, so every log line of it sees the id.
      request({ request }, wrapped) {
        const requestId = requestIdFrom(request.headers);
        ids.set(request, requestId);
        return scope.run({ requestId }, wrapped);
      },
    },
    onResponse({ request, response }) {
      const requestId = ids.get(request);
      if (requestId) response.headers.set(REQUEST_ID_HEADER, requestId);
    },
  };
}
