/**
 * MAX_REQUEST_BYTES, in place of Yoga's `maxRequestBodySize`, which pipes every body through a
 * web TransformStream and a new Request even when Content-Length already says its size: about a
 * twentieth of a small query's cost. A request with a Content-Length is checked from the header
 * alone, since Node's HTTP parser never reads past it; only a body of unstated length (chunked)
 * is counted as it streams, and refused at the first byte past the limit, never buffered whole.
 *
 * A refused request's answer closes the connection: the rest of its body is still on the way,
 * and a kept-alive connection would have Node read all of it (up to a 1 GB Content-Length, or an
 * endless chunked stream) just to find where the next request starts.
 */
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { limitError } from '../errors.js';

const CONTENT_LENGTH = /^\d+$/;

function tooLarge(maxBytes: number, found: string): GraphQLError {
  return limitError('REQUEST_TOO_LARGE', `Request body limit of ${maxBytes} bytes exceeded, found ${found} (MAX_REQUEST_BYTES).`, 413);
}

/** The fetch API Yoga runs on (a ponyfill of it under Node). */
type FetchApi = Pick<typeof globalThis, 'Request' | 'TransformStream'>;

/** `request` with a body that fails (after calling `refuse`) as soon as more than `maxBytes` have streamed. */
function counted(request: Request, maxBytes: number, fetchAPI: FetchApi, refuse: () => void): Request {
  const { body } = request;
  if (!body) return request;
  // A native stream pipes only into a native TransformStream, a ponyfill one into the ponyfill's.
  const Transform = body instanceof ReadableStream ? globalThis.TransformStream : fetchAPI.TransformStream;
  let bytes = 0;
  const limited = body.pipeThrough(
    new Transform<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        if (bytes <= maxBytes) return controller.enqueue(chunk);
        refuse();
        controller.error(tooLarge(maxBytes, `more than ${maxBytes}`));
      },
    }),
  );
  // `duplex` is required by Node's fetch for a streamed body; the DOM's RequestInit type lacks it.
  const init: RequestInit & { duplex: 'half' } = { method: request.method, headers: request.headers, body: limited, duplex: 'half' };
  return new fetchAPI.Request(request.url, init);
}

/** The plugin; Yoga's own limit must be off (`maxRequestBodySize: false`). */
export function useRequestBodyLimit(maxBytes: number): Plugin {
  const refused = new WeakSet<Request>();
  return {
    onRequestParse({ request, requestParser, setRequestParser, fetchAPI }) {
      const length = request.headers.get('content-length');
      if (length !== null) {
        if (!CONTENT_LENGTH.test(length)) {
          refused.add(request);
          throw new GraphQLError('The Content-Length header is not a whole number of bytes.', {
            extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
          });
        }
        if (Number(length) > maxBytes) {
          refused.add(request);
          throw tooLarge(maxBytes, `${length} bytes`);
        }
        return;
      }
      if (!requestParser || !request.body) return;
      setRequestParser((incoming) => requestParser(counted(incoming, maxBytes, fetchAPI, () => refused.add(request))));
    },
    onResponse({ request, response }) {
      if (refused.has(request)) response.headers.set('connection', 'close');
    },
  };
}
