/**
 * The one definition of what this gateway serves, by exact path: GraphQL (and GraphiQL's page)
 * at `/graphql`, liveness, readiness and metrics. graphql-yoga on its own matches its endpoint
 * loosely (any URL that ends with it: `/x/graphql`, `/graphql/`, even `/healthz?q=/graphql`),
 * so a rule written for "the GraphQL endpoint" must not trust Yoga to have routed: every other
 * path is answered 404 here, before the fast path, Yoga or any plugin has run.
 */
import type { ServerResponse } from 'node:http';
import type { Plugin } from 'graphql-yoga';

export const GRAPHQL_PATH = '/graphql';
export const HEALTH_PATH = '/healthz';
export const READINESS_PATH = '/readyz';
export const METRICS_PATH = '/metrics';

/** What a served path is for: only `graphql` requests ever reach parsing or execution. */
export type Route = 'graphql' | 'health' | 'readiness' | 'metrics';

/** The body of the 404: the same for every unserved path, which it does not echo. */
const NOT_FOUND_BODY = JSON.stringify({
  errors: [{ message: `Nothing is served at this path: GraphQL is served at ${GRAPHQL_PATH}.`, extensions: { code: 'NOT_FOUND' } }],
});

/** The paths one gateway serves; the optional ones only where their feature is on. */
export class Routes {
  private readonly served: ReadonlyMap<string, Route>;

  constructor(options: { readiness: boolean; metrics: boolean }) {
    const served = new Map<string, Route>([
      [GRAPHQL_PATH, 'graphql'],
      [HEALTH_PATH, 'health'],
    ]);
    if (options.readiness) served.set(READINESS_PATH, 'readiness');
    if (options.metrics) served.set(METRICS_PATH, 'metrics');
    this.served = served;
  }

  /**
   * The route of a request target as node:http hands it over (`/path?query`, never normalised):
   * its path must be one of the served paths, byte for byte. Absolute-form targets, encoded or
   * doubled slashes and dot segments are not served paths.
   */
  ofTarget(target: string | undefined): Route | undefined {
    if (target === undefined) return undefined;
    const queryAt = target.indexOf('?');
    return this.served.get(queryAt === -1 ? target : target.slice(0, queryAt));
  }

  /** The route of a parsed URL (WHATWG parsing has already resolved dot segments). */
  ofUrl(url: URL): Route | undefined {
    return this.served.get(url.pathname);
  }

  /** Answers a request for an unserved path on node:http. */
  static notFound(response: ServerResponse): void {
    response.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(NOT_FOUND_BODY) });
    response.end(NOT_FOUND_BODY);
  }

  /**
   * The same gate for Yoga's own entry (`yoga.fetch`, used in process and by the WebSocket relay):
   * first among the plugins, so no later one sees a request for an unserved path; and only the
   * GraphQL route is ever parsed as a GraphQL request, whatever its URL ends with (Yoga's loose
   * match would take a POST to `/healthz?q=/graphql`, or a method `/metrics` does not serve).
   */
  plugin(): Plugin {
    const notFound = (fetchAPI: { Response: typeof Response }): Response =>
      new fetchAPI.Response(NOT_FOUND_BODY, { status: 404, headers: { 'content-type': 'application/json; charset=utf-8' } });
    return {
      onRequest: ({ url, endResponse, fetchAPI }) => {
        const route = this.ofUrl(url);
        if (route === undefined) endResponse(notFound(fetchAPI));
        // Yoga's own liveness answer matches the end of the URL, so a query string hides it.
        else if (route === 'health') endResponse(new fetchAPI.Response(null, { status: 200 }));
      },
      onRequestParse: ({ url, endResponse, fetchAPI }) => {
        if (this.ofUrl(url) !== 'graphql') endResponse(notFound(fetchAPI));
      },
    };
  }
}
