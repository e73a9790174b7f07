/**
 * Yoga plugin: CSRF prevention, always on. A browser sends a cross-site POST without asking the
 * server first (no CORS preflight) only when it is a "simple" request: a content type of
 * `application/x-www-form-urlencoded`, `multipart/form-data` or `text/plain` (or none), and only
 * CORS-safelisted headers. Yoga parses form-encoded and multipart bodies as GraphQL requests, so
 * without this a page anywhere could make a visitor's browser run a mutation here (CORS only
 * withholds the answer, it does not stop the request). Such a POST is refused unless it carries
 * a header that a form cannot send and that forces a preflight; JSON POSTs, which every GraphQL
 * client sends, are not simple and pass. GET stays open: queries only (mutations over GET are
 * refused with 405), so a link or a CDN can still fetch one.
 *
 * Written here rather than taking `@graphql-yoga/plugin-csrf-prevention`: that plugin (not a
 * dependency of this package, only of a dev tool's) also refuses every GET without its header,
 * which would break plain links, HTTP caches and the GraphQL-over-HTTP audit. The accepted
 * headers are named ones rather than "any non-safelisted header", because proxies add headers
 * of their own (`X-Forwarded-For`) to a form's POST on its way here.
 */
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** Headers a client sends to show its request was preflighted: Apollo's two and Yoga's own. */
export const PREFLIGHT_HEADERS: readonly string[] = ['apollo-require-preflight', 'x-apollo-operation-name', 'x-graphql-yoga-csrf'];

const SIMPLE_CONTENT_TYPES: ReadonlySet<string> = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/** Whether a browser would send a POST with this Content-Type without a preflight (absent counts). */
export function isSimpleContentType(contentType: string | null): boolean {
  if (contentType === null) return true;
  return SIMPLE_CONTENT_TYPES.has((contentType.split(';')[0] ?? '').trim().toLowerCase());
}

/** The plugin; it runs before the body is parsed, so a refused request costs no parsing. */
export function useCsrfPrevention(): Plugin {
  return {
    onRequestParse({ request }) {
      if (request.method !== 'POST' || !isSimpleContentType(request.headers.get('content-type'))) return;
      if (PREFLIGHT_HEADERS.some((header) => (request.headers.get(header) ?? '').trim() !== '')) return;
      throw new GraphQLError(
        `This POST could come from a cross-site form (Content-Type ${request.headers.get('content-type') ?? 'absent'}), so it is refused as a possible CSRF. Send Content-Type: application/json, or add the header apollo-require-preflight: true.`,
        { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
      );
    },
  };
}
