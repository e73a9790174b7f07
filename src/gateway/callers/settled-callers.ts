/**
 * Every GraphQL request's caller once identity has settled it, by request object (unique, so
 * gateways may share the table), for every later step: scopes, limits, quotas, the context. Kept
 * as request ids are (ops/request-id.ts) rather than in an AsyncLocalStorage, which would cost
 * every request's throughput. A request the fast path hands to Yoga's path carries what the fast
 * path settled, so a caller is identified once per request on either path.
 */
import { HandOver } from '../shared/hand-over.js';
import type { Caller } from './caller.js';
import type { Identification } from './identity.js';

const callers = new WeakMap<Request, Caller>();

/** Records the caller identity settled for `request`. */
export function settleCaller(request: Request, caller: Caller): void {
  callers.set(request, caller);
}

/** The caller of a request identity has let through; undefined for one it has not seen. */
export function callerOf(request: Request): Caller | undefined {
  return callers.get(request);
}

/** Identifications the fast path made before handing a request to Yoga's path. */
const handedOver = new HandOver<Identification>();

/** Records what the fast path's identity step settled, so Yoga's adapter adopts it instead of identifying again. */
export function handOverIdentification(nodeRequest: object, identification: Identification): void {
  handedOver.give(nodeRequest, identification);
}

/** What the fast path settled for the node request behind Yoga's server context, if it did. */
export function handedIdentification(serverContext: unknown): Identification | undefined {
  return handedOver.of(serverContext);
}
