import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { type GraphiQLOptions, shouldRenderGraphiQL } from 'graphql-yoga';
import { notModified } from '../cache/http-caching.js';
import { type Bytes, type CachedPage, type ContentCoding, encode, varyWithAcceptEncoding, type ZlibOptions } from './compression.js';

/** Renders GraphiQL's page for options; Yoga's `renderGraphiQL` signature. */
type Render = (options: GraphiQLOptions) => string | Promise<string>;

/**
 * How long a browser keeps the page without asking: it changes only when the gateway is deployed
 * with other GraphiQL options, so five minutes of a stale page costs nothing, and spares a round
 * trip on every reload-free visit; after that, a revalidation is a 304 of a few hundred bytes.
 * `public`: the page is the same for every visitor (no credentials in it).
 */
export const GRAPHIQL_CACHE_CONTROL = 'public, max-age=300';

/**
 * The levels the page is compressed at, once per render and on zlib's thread pool: smaller than
 * answers' throughput levels buy, since the cost is paid once (brotli 9: 0.9 s, 9.1 MB to 1.9 MB;
 * gzip 9: 0.4 s, to 2.4 MB), where brotli 10 would take 8 s for 7 % less.
 */
const PAGE_LEVELS: Record<ContentCoding, ZlibOptions> = {
  br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } },
  gzip: { level: 9 },
  zstd: {},
};

/** One encoding of the rendered page: its bytes and its strong validator (each coding its own, RFC 9110 §8.8.3). */
interface Representation {
  body: Bytes;
  etag: string;
}

/** A rendered page and its representations, each encoded on the first visit that asks for it. */
interface Rendered {
  key: string;
  page: Promise<Bytes>;
  representations: Map<ContentCoding | 'identity', Promise<Representation>>;
}

/** The page's representation in `coding`, encoded once. */
function representationOf(rendered: Rendered, page: Bytes, coding: ContentCoding | undefined): Promise<Representation> {
  const name = coding ?? 'identity';
  let representation = rendered.representations.get(name);
  if (!representation) {
    const digest = createHash('sha256').update(page).digest('base64url').slice(0, 32);
    const etag = coding === undefined ? `"${digest}"` : `"${digest}-${coding}"`;
    representation =
      coding === undefined
        ? Promise.resolve({ body: page, etag })
        : encode(page, coding, PAGE_LEVELS[coding]).then((body) => ({ body, etag }));
    const kept = representation;
    // A failed encoding is not kept: the next visit encodes again.
    kept.catch(() => {
      if (rendered.representations.get(name) === kept) rendered.representations.delete(name);
    });
    rendered.representations.set(name, kept);
  }
  return representation;
}

/** GraphiQL's page as Yoga's `renderGraphiQL` and as the answer `useCompression` sends for it. */
export interface GraphiQLPage extends CachedPage {
  render(options: GraphiQLOptions): Promise<Uint8Array<ArrayBuffer>>;
}

/**
 * GraphiQL's page, rendered once per set of options and kept as bytes.
 *
 * The page is 9 MB: rendering it (its workers are JSON-encoded each time) and then measuring and
 * encoding the string for the answer cost about 25 ms of the event loop per visit, so 16 pipelined
 * visits on one connection held every other client for 400 ms, long enough on a loaded machine
 * for a healthy client's request to time out unread. The same bytes are written for every visit:
 * the answer's length is known and the socket is handed a buffer it does not copy.
 *
 * `answer` replaces Yoga's answer to a visit with the page's representation in the coding the
 * visitor accepts (compressed once per render), with a strong ETag and GRAPHIQL_CACHE_CONTROL,
 * or a 304 when the visitor's copy is current: a revisit costs no 9 MB.
 *
 * The options are constant for a running gateway, so one entry is all the memory this keeps; a
 * change of options renders again. The renderer is loaded on the first visit, not at start-up.
 */
export function graphiqlPage(loadRenderer: () => Promise<Render>): GraphiQLPage {
  let rendered: Rendered | undefined;
  return {
    render(options) {
      const key = JSON.stringify(options);
      if (rendered?.key !== key) {
        const page = loadRenderer().then(async (render) => Buffer.from(await render(options)));
        // A failed render is not kept: the next visit tries again.
        page.catch(() => {
          if (rendered?.page === page) rendered = undefined;
        });
        rendered = { key, page, representations: new Map() };
      }
      return rendered.page;
    },
    answer(request, response, compression, fetchAPI) {
      // Yoga's answer to a visit, made from the page `render` last gave it (the options never change while serving).
      const current = rendered;
      if (!current || response.status !== 200 || !shouldRenderGraphiQL(request)) return undefined;
      if (!response.headers.get('content-type')?.startsWith('text/html')) return undefined;
      return current.page.then(async (page) => {
        const { coding, varies } = compression.encodingFor(request.headers.get('accept-encoding'), page.length);
        const { body, etag } = await representationOf(current, page, coding);
        const headers = new fetchAPI.Headers(response.headers);
        headers.set('etag', etag);
        headers.set('cache-control', GRAPHIQL_CACHE_CONTROL);
        if (varies) headers.set('vary', varyWithAcceptEncoding(headers.get('vary')));
        if (notModified(request.headers.get('if-none-match'), etag)) {
          headers.delete('content-type');
          headers.delete('content-length');
          return new fetchAPI.Response(null, { status: 304, headers });
        }
        if (coding !== undefined) headers.set('content-encoding', coding);
        headers.set('content-length', String(body.length));
        return new fetchAPI.Response(body, { status: 200, headers });
      });
    },
  };
}
