/**
 * Every GraphQL request's caller once identity has settled it, by request object (unique, so
 * gateways may share the table), for every later step: scopes, limits, quotas, the context. Kept
 * as request ids are (ops/request-id.ts) rather than in an AsyncLocalStorage, which would cost
 * every request's throughput.
 */
import type { Caller } from './caller.js';

const callers = new WeakMap<Request, Caller>();

/** Records the caller identity settled for `request`. */
export function settleCaller(request: Request, caller: Caller): void {
  callers.set(request, caller);
}

/** The caller of a request identity has let through; undefined for one it has not seen. */
export function callerOf(request: Request): Caller | undefined {
  return callers.get(request);
}
