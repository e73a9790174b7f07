/**
 * The upstream of the live bench (`LIVE=1 npm run bench`, live.ts): interface A's token list and
 * daily prices for made-up tokens TK0, TK1, … whose price moves on a schedule. Every `changeMs`
 * from the start, every token's price steps to the next version (its close is 1000 + version), so
 * the bench knows when each value appeared upstream without asking, and which version an event
 * carries from its close alone.
 *
 * For each key (the `tokens` parameter) it keeps the time of the first answer carrying each
 * version (the start of the poll-to-subscriber latency) and counts price requests; GET
 * /__bench/live reports them, POST /__bench/live/reset starts a new window. Times are epoch
 * milliseconds with a fraction (`performance.timeOrigin + performance.now()`), comparable across
 * the processes of one machine.
 *
 * Run as a script (`tsx bench/live-upstream.ts <changeMs>`), it prints `{"url": …}` and serves
 * until SIGTERM. Everything else is 404: the live loads need nothing else.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The close of version 0; version n closes at CLOSE_BASE + n. */
export const CLOSE_BASE = 1000;

/** Epoch milliseconds with sub-millisecond precision, the same clock in every process here. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/** The symbol of token `index` (TK0 …); its id is index + 1. */
export const tokenSymbol = (index: number): string => `TK${index}`;

/** What GET /__bench/live answers. */
export interface LiveUpstreamReport {
  /** When version 0 began; version n begins at start + n × changeMs. */
  start: number;
  changeMs: number;
  /** Price requests since the last reset, in all and per key (the `tokens` parameter). */
  polls: number;
  pollsPerKey: Record<string, number>;
  /** Per key and version, when the first answer carrying it was sent (since the last reset). */
  firstAnswers: Record<string, Record<number, number>>;
}

function json(response: ServerResponse, status: number, body: unknown, cacheControl = 'no-store'): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': cacheControl,
  });
  response.end(text);
}

const envelope = (data: unknown[]): { success: boolean; message: string; length: number; data: unknown[] } => ({
  success: true,
  message: 'ok',
  length: data.length,
  data,
});

/** Token ids and symbols of TK<n>: id n + 1. */
function tokenOf(symbol: string): { TOKEN_ID: number; TOKEN_NAME: string; TOKEN_SYMBOL: string } | undefined {
  const index = /^TK(\d+)$/i.exec(symbol)?.[1];
  return index === undefined ? undefined : { TOKEN_ID: Number(index) + 1, TOKEN_NAME: `Token ${index}`, TOKEN_SYMBOL: `TK${index}` };
}

/** Starts the upstream on a free loopback port. */
export async function startLiveUpstream(changeMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const start = epochNow();
  let polls = 0;
  let pollsPerKey: Record<string, number> = {};
  let firstAnswers: Record<string, Record<number, number>> = {};

  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    request.resume();
    const url = new URL(request.url ?? '/', 'http://upstream');
    const list = (name: string): string[] => (url.searchParams.get(name) ?? '').split(',').filter(Boolean);
    if (url.pathname === '/__bench/live/reset' && request.method === 'POST') {
      polls = 0;
      pollsPerKey = {};
      firstAnswers = {};
      json(response, 200, { ok: true });
    } else if (url.pathname === '/__bench/live') {
      json(response, 200, { start, changeMs, polls, pollsPerKey, firstAnswers } satisfies LiveUpstreamReport);
    } else if (url.pathname === '/v1/tokens') {
      const tokens = list('token_symbols').flatMap((symbol) => tokenOf(symbol) ?? []);
      // The list of tokens does not move: a gateway may cache it, as it would the vendor's.
      json(response, 200, envelope(tokens), 'max-age=3600');
    } else if (url.pathname === '/v1/price') {
      const key = url.searchParams.get('tokens') ?? '';
      const now = epochNow();
      const version = Math.floor((now - start) / changeMs);
      const day = new Date(now).toISOString().slice(0, 10);
      const close = CLOSE_BASE + version;
      const rows = list('tokens').map((id) => ({
        TOKEN_ID: Number(id),
        TOKEN_NAME: `Token ${Number(id) - 1}`,
        TOKEN_SYMBOL: `TK${Number(id) - 1}`,
        DATE: `${day}T00:00:00.000Z`,
        EPOCH: Math.floor(Date.parse(day) / 1000),
        OPEN: CLOSE_BASE,
        HIGH: close,
        LOW: CLOSE_BASE,
        CLOSE: close,
        VOLUME: 1_000_000,
      }));
      polls += 1;
      pollsPerKey[key] = (pollsPerKey[key] ?? 0) + 1;
      const answers = (firstAnswers[key] ??= {});
      answers[version] ??= epochNow();
      json(response, 200, envelope(rows));
    } else {
      json(response, 404, { success: false, message: `the live bench upstream has no ${url.pathname}`, length: 0, data: [] });
    }
  };

  const server = createServer(handler);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const upstream = await startLiveUpstream(Number(process.argv[2] ?? 2000));
  process.stdout.write(`${JSON.stringify({ url: upstream.url })}\n`);
  process.once('SIGTERM', () => void upstream.close().then(() => process.exit(0)));
}
