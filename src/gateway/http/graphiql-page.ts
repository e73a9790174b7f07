import type { GraphiQLOptions } from 'graphql-yoga';

/** Renders GraphiQL's page for options; Yoga's `renderGraphiQL` signature. */
type Render = (options: GraphiQLOptions) => string | Promise<string>;

/**
 * GraphiQL's page, rendered once per set of options and kept as bytes.
 *
 * The page is 9 MB: rendering it (its workers are JSON-encoded each time) and then measuring and
 * encoding the string for the answer cost about 25 ms of the event loop per visit, so 16 pipelined
 * visits on one connection held every other client for 400 ms, long enough on a loaded machine
 * for a healthy client's request to time out unread. The same bytes are written for every visit:
 * the answer's length is known and the socket is handed a buffer it does not copy.
 *
 * The options are constant for a running gateway, so one entry is all the memory this keeps; a
 * change of options renders again. The renderer is loaded on the first visit, not at start-up.
 */
export function graphiqlPage(loadRenderer: () => Promise<Render>): (options: GraphiQLOptions) => Promise<Uint8Array<ArrayBuffer>> {
  let rendered: { key: string; page: Promise<Uint8Array<ArrayBuffer>> } | undefined;
  return (options) => {
    const key = JSON.stringify(options);
    if (rendered?.key !== key) {
      const page = loadRenderer().then(async (render) => Buffer.from(await render(options)));
      // A failed render is not kept: the next visit tries again.
      page.catch(() => {
        if (rendered?.page === page) rendered = undefined;
      });
      rendered = { key, page };
    }
    return rendered.page;
  };
}
