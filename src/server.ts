/**
 * The gateway server: graphql-yoga over the built schema, GraphiQL served from the package (no
 * CDN), liveness at /healthz, and the error catalogue applied to every result.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { GraphQLSchema } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { type Clock, systemClock } from './clock.js';
import type { UpstreamName } from './config.js';
import { createContext, type GatewayContext, URL_KEYS, type UpstreamUrls } from './context.js';
import { maskError } from './gateway/mask-error.js';
import { useInputErrors } from './gateway/use-input-errors.js';
import { ResponseCache } from './upstream/response-cache.js';
import { callerIp, createUpstreamFetch, type ResolvedUpstream } from './upstream/upstream-fetch.js';

export interface GatewayOptions {
  root: string;
  schema: GraphQLSchema;
  upstreams: readonly ResolvedUpstream[];
  upstreamTimeoutMs: number;
  /** How long slowly changing upstream data is reused when the upstream says nothing; 0 turns the cache off. */
  cacheTtlMs: number;
  /** Where "today" comes from; the system clock unless a test or the composition root injects one. */
  clock?: Clock;
}

/** The node:http request, when Yoga runs inside a Node server (absent under `yoga.fetch`). */
interface ServerContext {
  req?: { socket?: { remoteAddress?: string } };
}

function upstreamUrls(upstreams: readonly ResolvedUpstream[]): UpstreamUrls {
  const urls: UpstreamUrls = { cryptoAnalytics: '', blockchainUtility: '', address: '', countryData: '' };
  for (const upstream of upstreams) urls[URL_KEYS[upstream.name as UpstreamName]] = upstream.url;
  return urls;
}

/** Creates the Yoga instance (not listening; hand it to node:http or call `yoga.fetch`). */
export function createGateway(options: GatewayOptions): YogaServerInstance<ServerContext, GatewayContext> {
  const urls = upstreamUrls(options.upstreams);
  const clock = options.clock ?? systemClock;
  const cache = options.cacheTtlMs > 0 ? new ResponseCache(options.cacheTtlMs) : undefined;
  const exampleQuery = readFileSync(join(options.root, 'test', 'examples', 'graphiql-default.graphql'), 'utf8');
  return createYoga<ServerContext, GatewayContext>({
    schema: options.schema,
    graphqlEndpoint: '/graphql',
    healthCheckEndpoint: '/healthz',
    landingPage: false,
    renderGraphiQL,
    graphiql: { title: 'Four REST interfaces, one graph', defaultQuery: exampleQuery },
    maskedErrors: { maskError },
    plugins: [useInputErrors()],
    context: ({ request, req }) => {
      const ip = callerIp(request.headers, req?.socket?.remoteAddress);
      const fetch = createUpstreamFetch(
        options.upstreams,
        { headers: request.headers, ip },
        { timeoutMs: options.upstreamTimeoutMs, cache },
      );
      return createContext(fetch, urls, ip, clock);
    },
  });
}
