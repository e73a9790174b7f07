/**
 * Request ids: each GraphQL request carries one, taken from the caller's `x-request-id` when it
 * is a sane token (a proxy or client already named the request) or generated otherwise. It is
 * echoed in the response header, forwarded to the upstreams, and written on the request's own
 * log lines: the request line, its unexpected errors and its upstream failures (the transport
 * reads it from the call's forwarded header).
 *
 * The id is looked up by the request object, not kept in an AsyncLocalStorage: on Node 20 an
 * AsyncLocalStorage turns on promise hooks for the whole process, and entering one per request
 * cost 10–20% of the throughput of a one-country query.
 */
import { randomUUID } from 'node:crypto';
import type { Plugin } from 'graphql-yoga';
import { HandOver } from '../shared/hand-over.js';
import { REQUEST_ID_HEADER } from '../shared/request-id-header.js';
import type { HeaderReader } from '../upstream/upstream-fetch.js';

/** What a caller may name a request: no spaces or quotes that would garble a log or a header. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Every request's id, settled as it arrives; Request objects are unique, so gateways may share it. */
const ids = new WeakMap<Request, string>();

/** The caller's id when it is sane; a new UUID otherwise (an insane one is replaced, never echoed). */
export function requestIdFrom(headers: HeaderReader): string {
  const given = headers.get(REQUEST_ID_HEADER)?.trim();
  return given && SANE_ID.test(given) ? given : randomUUID();
}

/**
 * Ids the fast path (http/fast-path.ts) settled before it handed a request on to Yoga, by node
 * request: the request keeps the id its upstream calls and log lines already carry.
 */
const handedOver = new HandOver<string>();

/** Has Yoga take `id` for the node request `nodeRequest` rather than settle a new one. */
export function handOverRequestId(nodeRequest: object, id: string): void {
  handedOver.give(nodeRequest, id);
}

/** The id of a request `useRequestId` has seen. */
export function requestIdOf(request: Request): string | undefined {
  return ids.get(request);
}

/** Yoga plugin: settles the id as the request arrives and echoes it on the response, errors included. */
export function useRequestId(): Plugin {
  return {
    onRequest({ request, serverContext }) {
      ids.set(request, handedOver.of(serverContext) ?? requestIdFrom(request.headers));
    },
    onResponse({ request, response }) {
      const requestId = ids.get(request);
      if (requestId) response.headers.set(REQUEST_ID_HEADER, requestId);
    },
  };
}
