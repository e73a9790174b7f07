/**
 * Yoga plugin: the per-caller rate limit on every GraphQL request. Every answer from the GraphQL
 * endpoint carries the RateLimit-Policy and RateLimit fields (rate-limit-headers.ts); a refused
 * request gets HTTP 429, Retry-After and a GraphQL-shaped body: RATE_LIMITED (the catalogue's code
 * for throttling, here the gateway's own), with `extensions.limit` naming the limit. The daily
 * quota's refusal (use-quota.ts) adds its own policy to the same fields.
 */
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Caller } from './caller.js';
import { type CallerRateLimit, handedRateDecision, type RateDecision, rateLimitFields, ratePolicy } from './rate-limit.js';

export interface RateLimitOptions {
  /** The request's caller, as the identity plugin (which runs before this one) settled it. */
  callerOf(request: Request): Caller | undefined;
  rateLimit: CallerRateLimit;
  /** Only this path is limited: probes, metrics and other routes never spend a caller's tokens. */
  graphqlPath?: string;
}

/** The RATE_LIMITED answer: GraphQL-shaped, so clients read it as they read every other error. */
function refusal(decision: RateDecision, fetchAPI: { Response: typeof Response }): Response {
  const policy = ratePolicy(decision);
  const error = new GraphQLError(
    `Rate limit of ${decision.limit} requests per ${decision.windowSeconds} seconds for this caller exceeded; retry in ${decision.resetSeconds} seconds.`,
    {
      extensions: {
        code: 'RATE_LIMITED',
        limit: {
          policy: policy.name,
          quota: policy.quota,
          windowSeconds: policy.windowSeconds,
          remaining: 0,
          resetSeconds: policy.resetSeconds,
        },
        retryable: true,
      },
    },
  );
  return new fetchAPI.Response(JSON.stringify({ errors: [error.toJSON()] }), {
    status: 429,
    headers: { 'content-type': 'application/json; charset=utf-8', 'Retry-After': String(decision.resetSeconds) },
  });
}

/** The plugin; put it right after the identity plugin, so a refused request costs nothing more. */
export function useRateLimit({ callerOf, rateLimit, graphqlPath = '/graphql' }: RateLimitOptions): Plugin {
  const decisions = new WeakMap<Request, RateDecision>();
  return {
    async onRequest({ request, url, serverContext, endResponse, fetchAPI }) {
      // A CORS preflight is the browser's, not the caller's, request.
      if (url.pathname !== graphqlPath || request.method === 'OPTIONS') return;
      const caller = callerOf(request);
      const decision = handedRateDecision(serverContext) ?? (caller && (await rateLimit.consume(caller)));
      if (!decision) return;
      decisions.set(request, decision);
      if (!decision.allowed) endResponse(refusal(decision, fetchAPI));
    },
    onResponse({ request, response }) {
      const decision = decisions.get(request);
      if (!decision) return;
      // Appended: a quota refusal has already put its own policy in these fields.
      for (const [name, value] of rateLimitFields(decision)) response.headers.append(name, value);
    },
  };
}
