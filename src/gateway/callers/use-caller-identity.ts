/**
 * Yoga plugin: settles the caller of every GraphQL request as it arrives, before the body is
 * read or parsed, so a refused request costs no parsing and every later step (scopes, limits,
 * quotas, the context) finds the same caller with `callerOf(request)` (settled-callers.ts). A refusal is answered
 * here, GraphQL-shaped: `{ errors: [{ message, extensions: { code } }] }` with HTTP 401 and
 * `WWW-Authenticate` (503 when the identity provider's keys cannot be fetched).
 */
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../logger.js';
import { requestIdOf } from '../ops/request-id.js';
import type { ProxyTrust } from '../upstream/caller-address.js';
import { callerIp } from '../upstream/upstream-fetch.js';
import type { Identity, Refusal } from './identity.js';
import { callerOf, handedIdentification, settleCaller } from './settled-callers.js';

export interface CallerIdentityOptions {
  identity: Identity;
  /** Where refusals are logged: 401s at info (the client's mistake), an unreachable JWKS at error. */
  logger: Logger;
  /** Only requests to this path are GraphQL requests; /healthz, /readyz and /metrics are left alone. */
  graphqlEndpoint?: string;
  /** TRUST_PROXY: whose `X-Forwarded-For` names an anonymous caller; its default when absent. */
  trustProxy?: ProxyTrust;
}

/** The socket's address under node:http (`serverContext.req`); absent under `yoga.fetch`. */
function socketAddress(serverContext: object): string | undefined {
  const req: unknown = Reflect.get(serverContext, 'req');
  const socket: unknown = typeof req === 'object' && req !== null ? Reflect.get(req, 'socket') : undefined;
  const address: unknown = typeof socket === 'object' && socket !== null ? Reflect.get(socket, 'remoteAddress') : undefined;
  return typeof address === 'string' ? address : undefined;
}

/** The refusal as the GraphQL-over-HTTP answer a client expects, in the media type it asked for. */
function refusalResponse(refusal: Refusal, accept: string | null, ResponseClass: typeof Response): Response {
  const type = accept?.includes('application/graphql-response+json') ? 'application/graphql-response+json' : 'application/json';
  const body = { errors: [{ message: refusal.message, extensions: { code: refusal.code } }] };
  return new ResponseClass(JSON.stringify(body), {
    status: refusal.status,
    headers: { 'content-type': `${type}; charset=utf-8`, ...refusal.headers },
  });
}

/** The plugin; place it after `useRequestId` so its log lines carry the request's id. */
export function useCallerIdentity(options: CallerIdentityOptions): Plugin {
  const endpoint = options.graphqlEndpoint ?? '/graphql';
  return {
    async onRequest({ request, url, serverContext, endResponse, fetchAPI }) {
      // CORS preflights carry no credentials by design; Yoga's CORS plugin answers them.
      if (url.pathname !== endpoint || request.method === 'OPTIONS') return;
      const identified =
        handedIdentification(serverContext) ??
        (await options.identity.identify({
          headers: request.headers,
          address: callerIp(request.headers, socketAddress(serverContext), options.trustProxy),
        }));
      if (identified.caller) {
        settleCaller(request, identified.caller);
        return;
      }
      const { refusal } = identified;
      const line = { requestId: requestIdOf(request), status: refusal.status, reason: refusal.reason };
      if (refusal.status === 503) options.logger.error(line, 'caller identity unavailable');
      else options.logger.info(line, 'caller refused');
      endResponse(refusalResponse(refusal, request.headers.get('accept'), fetchAPI.Response));
    },
    // Whatever path a request came in by, none executes without a settled caller: routing is
    // http/routes.ts's, and this holds even if a request ever reached execution around it.
    onExecute: ({ args }) => requireSettled(args.contextValue.request),
    onSubscribe: ({ args }) => requireSettled(args.contextValue.request),
  };
}

function requireSettled(request: Request): void {
  if (callerOf(request)) return;
  throw new GraphQLError('This request reached execution without its caller being settled, so it is refused.', {
    extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
  });
}
