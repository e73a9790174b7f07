/**
 * Yoga with the whole-operation cache plugin in front of a recording toy vendor, wired as the
 * gateway wires its request path (context.ts's request contexts, the upstream pipeline with its
 * response cache, the freshness recorder), for the cache's tests until server.ts lists the plugin.
 * The vendor answers `GET /<name>` with `{ name, value }` and the caching headers the test set for
 * that name; every request it gets is recorded with the client key it carried.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import { OperationCache } from '../../src/gateway/cache/operation-cache.js';
import type { SharedStore } from '../../src/gateway/cache/shared-store.js';
import type { Caller } from '../../src/gateway/callers/caller.js';
import { SCOPE_DIRECTIVES_SDL } from '../../src/gateway/callers/scope-directives.js';
import type { UpstreamName } from '../../src/gateway/config.js';
import { type GatewayContext, requestContexts } from '../../src/gateway/context.js';
import { OperationAnswers } from '../../src/gateway/http/operation-answers.js';
import { useOperationCache } from '../../src/gateway/http/use-operation-cache.js';
import { credentialReader } from '../../src/gateway/live/live-poller.js';
import type { OperationCacheObserver } from '../../src/gateway/cache/operation-cache.js';
import { declareNeeds } from '../../src/gateway/upstream/field-needs.js';
import { ResponseCache } from '../../src/gateway/upstream/response-cache.js';
import type { ResolvedUpstream } from '../../src/gateway/upstream/upstream-fetch.js';
import { UpstreamTransport } from '../../src/gateway/upstream/upstream-transport.js';
import { fallbackMessage } from '../../src/gateway/upstream/vendor-profile.js';

const TOY: UpstreamName = 'country-data';
export const TOY_KEY_HEADER = 'x-toy-key';
/** A test's stand-in for identity: `id` or `id:scope,scope` (the real plugin settles it from a JWT or key). */
export const CALLER_HEADER = 'x-test-caller';

const SDL = /* GraphQL */ `
  ${SCOPE_DIRECTIVES_SDL}
  type Item {
    name: String!
    value: Int!
  }
  type Query {
    item(name: String!): Item
    items(names: [String!]!): [Item!]!
    "The caller's own: declared personal."
    me: Item
    "Administration: needs a scope."
    secret: Item @requiresScopes(scopes: [["admin"]])
    "Only a signed-in caller."
    mine: Item @authenticated
    "A vendor failure turned into an error."
    broken: Item
  }
  type Mutation {
    touch(name: String!): Item
  }
  type Subscription {
    ticks: Int
  }
`;

export interface RecordedCall {
  path: string;
  key: string | undefined;
}

/** The toy vendor: per name, the headers its answer carries; its value is the name's length unless changed. */
export class ToyVendor {
  readonly calls: RecordedCall[] = [];
  readonly headers = new Map<string, Record<string, string>>();
  readonly values = new Map<string, number>();
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const path = request.url ?? '/';
      this.calls.push({ path, key: request.headers[TOY_KEY_HEADER]?.toString() });
      const name = decodeURIComponent(path.slice(1));
      if (name === 'broken') {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('vendor down');
        return;
      }
      const key = request.headers[TOY_KEY_HEADER]?.toString();
      const value = (this.values.get(name) ?? name.length) + (key ? key.length * 100 : 0);
      response.writeHead(200, { 'content-type': 'application/json', ...this.headers.get(name) });
      response.end(JSON.stringify({ name, value }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Calls since the last `reset`, by path. */
  paths(): string[] {
    return this.calls.map((call) => call.path);
  }

  reset(): void {
    this.calls.length = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function toyUpstream(url: string): ResolvedUpstream {
  return {
    name: TOY,
    url,
    credentials: {},
    vendor: {
      document: new URL('../../schema/country-data.yaml', import.meta.url),
      clientHeaders: { key: TOY_KEY_HEADER },
      authHeaders: ({ key }): Record<string, string> => (key ? { [TOY_KEY_HEADER]: key } : {}),
      describeFailure: (status, body) => ({ message: fallbackMessage(status, body) }),
      // `slow-*` names stand for the paths an interface declares slowly changing (CACHE_TTL_SECONDS stands in).
      slowlyChanging: /^\/slow-/,
      probePath: () => '/health',
    },
  };
}

function callerFrom(request: Request): Caller | undefined {
  const header = request.headers.get(CALLER_HEADER);
  if (!header) return undefined;
  const [id = '', scopes = ''] = header.split(':');
  return { id, scopes: new Set(scopes.split(',').filter(Boolean)), tier: 'test', anonymous: false };
}

export interface HarnessOptions {
  vendor: ToyVendor;
  now: () => number;
  /** The response cache's TTL where the vendor says nothing of a slowly changing path. */
  cacheTtlMs?: number;
  shared?: SharedStore;
  maxBytes?: number;
  observer?: OperationCacheObserver;
  /** Without the plugin: the answer executed afresh, to compare a cached one with. */
  withoutCache?: boolean;
}

export interface Harness {
  yoga: YogaServerInstance<Record<string, unknown>, GatewayContext>;
  cache: OperationCache;
  transport: UpstreamTransport;
  /** POSTs `query`; the raw Response. */
  post(query: string, options?: { variables?: Record<string, unknown>; headers?: Record<string, string> }): Promise<Response>;
  /** GETs `query` as GraphQL over HTTP does; the raw Response. */
  get(query: string, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export function startHarness(options: HarnessOptions): Harness {
  const upstreams = [toyUpstream(options.vendor.url)];
  const transport = new UpstreamTransport({ timeoutMs: 2_000, upstreams: [TOY] });
  const responses = new ResponseCache(options.cacheTtlMs ?? 60_000, { now: options.now, shared: options.shared });
  const contexts = requestContexts({ upstreams, transport, cache: responses, upstreamUrls: {}, clock: () => new Date(options.now()) });
  const item = async (context: GatewayContext, name: string): Promise<unknown> =>
    (await context.fetch(`${options.vendor.url}/${encodeURIComponent(name)}`)).json();
  const schema = declareNeeds({ 'Query.me': { personal: true } })(
    makeExecutableSchema<GatewayContext>({
      typeDefs: SDL,
      resolvers: {
        Query: {
          item: (_root, { name }: { name: string }, context) => item(context, name),
          items: (_root, { names }: { names: string[] }, context) => Promise.all(names.map((name) => item(context, name))),
          me: (_root, _args, context) => item(context, 'me'),
          secret: (_root, _args, context) => item(context, 'secret'),
          mine: (_root, _args, context) => item(context, 'mine'),
          broken: async (_root, _args, context) => {
            try {
              return await item(context, 'broken');
            } catch (error) {
              throw error instanceof GraphQLError ? error : new GraphQLError('broken');
            }
          },
        },
        Mutation: { touch: (_root, { name }: { name: string }, context) => item(context, name) },
        Subscription: {
          ticks: {
            subscribe: async function* ticks() {
              yield { ticks: 1 };
            },
          },
        },
      },
    }),
  );
  const cache = new OperationCache({
    maxBytes: options.maxBytes ?? 1_000_000,
    shared: options.shared,
    now: options.now,
    observer: options.observer,
  });
  const answers = new OperationAnswers({
    cache,
    credentials: credentialReader(upstreams),
    varyOn: ['authorization', TOY_KEY_HEADER],
    now: options.now,
  });
  const yoga = createYoga<Record<string, unknown>, GatewayContext>({
    schema,
    logging: false,
    maskedErrors: false,
    plugins: [useDeferStream(), ...(options.withoutCache ? [] : [useOperationCache({ answers, callerOf: callerFrom })])],
    context: ({ request }) => contexts({ caller: { headers: request.headers, ip: undefined }, provenance: false, freshness: true }),
  });
  return {
    yoga,
    cache,
    transport,
    post: (query, { variables, headers } = {}) =>
      Promise.resolve(
        yoga.fetch('http://gateway.test/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
          body: JSON.stringify({ query, variables }),
        }),
      ),
    get: (query, headers = {}) =>
      Promise.resolve(
        yoga.fetch(`http://gateway.test/graphql?query=${encodeURIComponent(query)}`, {
          headers: { accept: 'application/graphql-response+json', ...headers },
        }),
      ),
    close: () => transport.close(),
  };
}
