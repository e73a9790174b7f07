/**
 * Turns "this upstream path and query, with this subscriber's credentials" into a live key and a
 * poll. The poll goes through the same upstream client as queries (deadline, body cap, retries,
 * breaker, response cache, spans, metrics, key scrubbing, a request id per poll), made for the
 * poll alone: no caller's address or User-Agent is forwarded, since the answer is shared by
 * everyone who follows the key, and only credentials tell two keys apart.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { UpstreamName } from '../config.js';
import type { CacheObserver } from '../upstream/upstream-observers.js';
import { fillPath } from '../upstream/path-parameters.js';
import { type QueryValue, withQuery } from '../upstream/query-string.js';
import { freshnessMs, type ResponseCache, sharedKey } from '../upstream/response-cache.js';
import { createUpstreamClient, type HeaderReader, type ResolvedUpstream } from '../upstream/upstream-fetch.js';
import type { UpstreamTransport } from '../upstream/upstream-transport.js';
import type { LiveFeed } from './live-settings.js';
import type { PollSpec } from './poll-registry.js';

/** What a subscription follows: one GET of one upstream. */
export interface LiveSource {
  feed: LiveFeed;
  upstream: UpstreamName;
  /** A path as in the vendor's document; `{name}` placeholders are filled from `parameters`. */
  template: string;
  /** Path and query parameters; together with the template they name the key. */
  parameters: Record<string, QueryValue>;
  /**
   * Parameters that follow the clock (e.g. "the last seven days"), added at every poll and left
   * out of the key, so one key keeps following "the latest" across midnight.
   */
  moving?: (now: Date) => Record<string, QueryValue>;
}

export interface LivePollerOptions {
  upstreams: readonly ResolvedUpstream[];
  transport: UpstreamTransport;
  cache?: ResponseCache | undefined;
  cacheObserver?: CacheObserver | undefined;
  clock: Clock;
}

/**
 * The headers that carry a subscriber's own credentials (the client headers of `upstreams`'
 * vendors), and nothing else of it.
 */
export function credentialHeaders(upstreams: readonly ResolvedUpstream[], headers: HeaderReader): Headers {
  return new Headers(credentialReader(upstreams)(headers));
}

/**
 * Reads the client credential headers of `upstreams`' vendors from a request as name and value
 * pairs (lower-case names, each once), the names worked out once: every request to the
 * whole-operation cache reads them for its key.
 */
export function credentialReader(upstreams: readonly ResolvedUpstream[]): (headers: HeaderReader) => [string, string][] {
  const names = [...new Set(clientCredentialHeaders(upstreams))];
  return (headers) => {
    const sent: [string, string][] = [];
    for (const name of names) {
      const value = headers.get(name);
      if (value !== null) sent.push([name, value]);
    }
    return sent;
  };
}

/** The names of the headers in which a client sends its own keys for `upstreams`' vendors. */
export function clientCredentialHeaders(upstreams: readonly ResolvedUpstream[]): Lowercase<string>[] {
  return upstreams.flatMap(({ vendor: { clientHeaders } }) =>
    [clientHeaders.key, clientHeaders.userToken].filter((name) => name !== undefined),
  );
}

/** What the vendor receives as credentials for `upstream` (a client's own key wins, as for queries). */
function sentCredentials(upstream: ResolvedUpstream, headers: Headers): Record<string, string> {
  const { clientHeaders, authHeaders } = upstream.vendor;
  return authHeaders({
    key: (clientHeaders.key ? headers.get(clientHeaders.key) : null) ?? upstream.credentials.key,
    userToken: (clientHeaders.userToken ? headers.get(clientHeaders.userToken) : null) ?? upstream.credentials.userToken,
  });
}

function urlOf(upstream: ResolvedUpstream, template: string, parameters: Record<string, QueryValue>): string {
  const { path, query } = fillPath(template, parameters);
  return withQuery(`${upstream.url}${path}`, query);
}

/** Makes the poll specs of subscriptions: the key and one poll through a fresh upstream client. */
export function createLivePoller(options: LivePollerOptions): (source: LiveSource, callerHeaders: HeaderReader) => PollSpec {
  return (source, callerHeaders) => {
    const upstream = options.upstreams.find((candidate) => candidate.name === source.upstream);
    if (!upstream) throw new TypeError(`No upstream is configured for ${source.upstream}`);
    const headers = credentialHeaders(options.upstreams, callerHeaders);
    const key = `${source.upstream} ${sharedKey(urlOf(upstream, source.template, source.parameters), sentCredentials(upstream, headers))}`;
    return {
      key,
      feed: source.feed,
      upstream: source.upstream,
      async poll() {
        const client = createUpstreamClient(
          options.upstreams,
          { headers, ip: undefined, requestId: `live-${randomUUID()}` },
          { transport: options.transport, cache: options.cache, cacheObserver: options.cacheObserver },
        );
        const parameters = { ...source.parameters, ...source.moving?.(options.clock()) };
        // `fetch` and `get` of one client share one exchange for one URL: `fetch` shows the
        // answer's Cache-Control (the least interval), `get` the value checked against the document.
        const response = await client.fetch(urlOf(upstream, source.template, parameters));
        const value = await client.get<unknown>(source.upstream, source.template, parameters);
        const maxAgeMs = freshnessMs(response.headers.get('cache-control'), 0);
        return { value, maxAgeMs: maxAgeMs > 0 ? maxAgeMs : undefined };
      },
    };
  };
}
