/**
 * The gateway server: graphql-yoga over the built schema, GraphiQL served from the package (no
 * CDN), liveness at /healthz, and the error catalogue applied to every result.
 */
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { GraphQLSchema } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { type Clock, systemClock } from './clock.js';
import { createContext, type GatewayContext } from './context.js';
import { GRAPHIQL_DEFAULT_QUERY } from './graphiql-default-query.js';
import type { UpstreamName } from './config.js';
import { maskError } from './http/mask-error.js';
import { useInputErrors } from './http/use-input-errors.js';
import { useProvenance } from './provenance/use-provenance.js';
import { ResponseCache } from './upstream/response-cache.js';
import { meshEndpoints } from './upstream/mesh-endpoints.js';
import { callerIp, createUpstreamClient, type ResolvedUpstream } from './upstream/upstream-fetch.js';

export interface GatewayOptions {
  schema: GraphQLSchema;
  upstreams: readonly ResolvedUpstream[];
  upstreamTimeoutMs: number;
  /** How long slowly changing upstream data is reused when the upstream says nothing; 0 turns the cache off. */
  cacheTtlMs: number;
  /** Where "today" comes from; the system clock unless a test or the composition root injects one. */
  clock?: Clock;
  /** Interfaces served by built-in sandboxes; `extensions.provenance` marks the others as vendors. */
  sandboxUpstreams?: readonly UpstreamName[];
}

/** The node:http request, when Yoga runs inside a Node server (absent under `yoga.fetch`). */
interface ServerContext {
  req?: { socket?: { remoteAddress?: string } };
}

/** Creates the Yoga instance (not listening; hand it to node:http or call `yoga.fetch`). */
export function createGateway(options: GatewayOptions): YogaServerInstance<ServerContext, GatewayContext> {
  const urls = meshEndpoints(options.upstreams);
  const clock = options.clock ?? systemClock;
  const cache = options.cacheTtlMs > 0 ? new ResponseCache(options.cacheTtlMs) : undefined;
  return createYoga<ServerContext, GatewayContext>({
    schema: options.schema,
    graphqlEndpoint: '/graphql',
    healthCheckEndpoint: '/healthz',
    landingPage: false,
    renderGraphiQL,
    graphiql: { title: 'Four REST interfaces, one graph', defaultQuery: GRAPHIQL_DEFAULT_QUERY },
    maskedErrors: { maskError },
    plugins: [useInputErrors(), useProvenance(options.upstreams, options.sandboxUpstreams ?? [])],
    context: ({ request, req }) => {
      const ip = callerIp(request.headers, req?.socket?.remoteAddress);
      const upstream = createUpstreamClient(
        options.upstreams,
        { headers: request.headers, ip },
        { timeoutMs: options.upstreamTimeoutMs, cache },
      );
      return createContext(upstream, urls, ip, clock);
    },
  });
}
