/** Serves `/metrics` in Prometheus text and counts the GraphQL requests in flight. */
import type { Plugin } from 'graphql-yoga';
import { METRICS_PATH } from '../http/routes.js';
import type { GatewayMetrics } from './metrics.js';

export function useMetrics(metrics: GatewayMetrics, graphqlPath: string): Plugin {
  const counted = new WeakSet<Request>();
  return {
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (url.pathname === METRICS_PATH && request.method === 'GET') {
        return metrics.registry
          .metrics()
          .then((text) =>
            endResponse(new fetchAPI.Response(text, { status: 200, headers: { 'content-type': metrics.registry.contentType } })),
          );
      }
      if (url.pathname !== graphqlPath) return undefined;
      counted.add(request);
      metrics.inFlight.inc();
      return undefined;
    },
    onResponse({ request }) {
      if (counted.delete(request)) metrics.inFlight.dec();
    },
  };
}
