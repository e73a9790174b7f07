/**
 * The static upstream every gateway in the bench talks to: four node:http servers (one per REST
 * interface, on consecutive ports) that replay answers recorded from the project's sandboxes.
 *
 * Replay matches an answer on method, path and the query parameters that change the answer
 * (MATTERS below); everything else a gateway adds (api-key, pretty, parameters at their
 * default) is ignored, so each gateway's way of spelling a request finds the same answer.
 * Like D's vendor, it honours `response_fields` on country records (trimmed.ts): a gateway that
 * asks only for the fields its query selects gets the smaller body the vendor would send, and a
 * gateway that does not ask gets every field. `BENCH_FULL_RECORDS=1` ignores `response_fields`
 * (every gateway gets whole records), to see what asking for less is worth.
 * Answers go out with `cache-control: no-store`, so no gateway can skip its requests by caching
 * and the request counts say what each one asks per operation; BENCH_UPSTREAM_CACHE_CONTROL
 * replaces that header (the bench starts a second upstream with `max-age` for the cached profiles).
 *
 * Record mode (`record: true`) forwards every miss to the sandbox of that interface (with the
 * sandbox's demo key) and keeps the answer; `save()` writes bench/recordings/<interface>.json.
 *
 * Run as a script (`tsx bench/upstream.ts <basePort>`), it serves the recordings and answers
 * GET /__bench/requests on the first port with the request counts per interface.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { trimmedBody } from './trimmed.js';

export const INTERFACES = ['crypto-analytics', 'blockchain-utility', 'address', 'country-data'] as const;
export type InterfaceName = (typeof INTERFACES)[number];

/** Where `npm run sandbox` serves each interface, and the demo credentials it accepts. */
export const SANDBOX: Record<InterfaceName, { url: string; headers: Record<string, string> }> = {
  'crypto-analytics': { url: 'http://127.0.0.1:4101', headers: { api_key: 'tm-sandbox-demo' } },
  'blockchain-utility': { url: 'http://127.0.0.1:4102', headers: {} },
  address: { url: 'http://127.0.0.1:4103', headers: {} },
  'country-data': { url: 'http://127.0.0.1:4104', headers: { authorization: 'Bearer rc_live_demo' } },
};

const RECORDINGS = fileURLToPath(new URL('recordings/', import.meta.url));

/** Query parameters that change an answer; the rest are a gateway's spelling. */
const MATTERS = new Set(['q', 'limit', 'offset', 'sort', 'base', 'from', 'to', 'amount', 'tokens', 'ip', 'ua']);
/** Parameters whose documented default a gateway may send or leave out. */
const DEFAULTS: Record<string, string> = { offset: '0', limit: '25' };

interface Recording {
  key: string;
  status: number;
  contentType: string;
  body: string;
}

/**
 * D's resources with a path form beside the query form (`/currencies/v1/rates/EUR` is
 * `/currencies/v1/rates?base=EUR`): one resource, so one recording answers both spellings.
 */
const PATH_FORMS: readonly { pattern: RegExp; path: string; parameter: string }[] = [
  { pattern: /^\/currencies\/v1\/rates\/([^/]+)$/, path: '/currencies/v1/rates', parameter: 'base' },
  { pattern: /^\/ip\/v1\/([^/]+)$/, path: '/ip/v1', parameter: 'ip' },
];

/** The replay key of a request: method, path and the parameters that matter, sorted. */
export function replayKey(method: string, rawUrl: string): string {
  const url = new URL(rawUrl, 'http://upstream');
  const params: string[] = [];
  for (const [name, value] of url.searchParams) {
    if (!MATTERS.has(name) || DEFAULTS[name] === value) continue;
    params.push(`${name}=${value}`);
  }
  let path = url.pathname.replace(/\/+$/, '') || '/';
  for (const form of PATH_FORMS) {
    const value = form.pattern.exec(path)?.[1];
    if (value === undefined) continue;
    path = form.path;
    params.push(`${form.parameter}=${decodeURIComponent(value)}`);
  }
  params.sort();
  return `${method.toUpperCase()} ${path}${params.length ? `?${params.join('&')}` : ''}`;
}

export interface StaticUpstream {
  /** Base URL per interface, to put in the *_API_URL variables. */
  urls: Record<InterfaceName, string>;
  /** Requests answered per interface since start (misses included). */
  counts(): Record<InterfaceName, number>;
  /** Keys that found no recording (replay mode), with how often. */
  misses(): Map<string, number>;
  save(): void;
  close(): Promise<void>;
}

function load(name: InterfaceName): Map<string, Recording> {
  try {
    const list = JSON.parse(readFileSync(`${RECORDINGS}${name}.json`, 'utf8')) as Recording[];
    return new Map(list.map((entry) => [entry.key, entry]));
  } catch {
    return new Map();
  }
}

/** What every recorded answer says about caching: `no-store` unless this upstream is the cacheable one. */
const CACHE_CONTROL = process.env.BENCH_UPSTREAM_CACHE_CONTROL?.trim() || 'no-store';

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the four servers on basePort..basePort+3 (0: any free ports). */
export async function startStaticUpstream(options: { basePort?: number; record?: boolean } = {}): Promise<StaticUpstream> {
  const counts = Object.fromEntries(INTERFACES.map((name) => [name, 0])) as Record<InterfaceName, number>;
  const misses = new Map<string, number>();
  const tables = Object.fromEntries(INTERFACES.map((name) => [name, load(name)])) as Record<InterfaceName, Map<string, Recording>>;
  const servers: Server[] = [];
  const urls = {} as Record<InterfaceName, string>;

  const handler = (name: InterfaceName) => async (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    if (url === '/__bench/requests') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ counts, misses: Object.fromEntries(misses) }));
      return;
    }
    counts[name] += 1;
    const key = replayKey(request.method ?? 'GET', url);
    let found = tables[name].get(key);
    if (!found && options.record) {
      const body = await readBody(request);
      const forwarded = await fetch(`${SANDBOX[name].url}${url}`, {
        method: request.method ?? 'GET',
        headers: { ...SANDBOX[name].headers, ...(body.length ? { 'content-type': 'application/json' } : {}) },
        body: body.length ? new Uint8Array(body) : undefined,
      });
      found = {
        key,
        status: forwarded.status,
        contentType: forwarded.headers.get('content-type') ?? 'application/json',
        body: await forwarded.text(),
      };
      tables[name].set(key, found);
      console.log(`recorded ${name} ${key} -> ${found.status}, ${found.body.length} bytes`);
    } else {
      request.resume();
    }
    if (!found) {
      misses.set(`${name} ${key}`, (misses.get(`${name} ${key}`) ?? 0) + 1);
      response.writeHead(404, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ errors: [{ code: 'NOT_RECORDED', message: `bench has no recording for ${key}` }] }));
      return;
    }
    const body =
      name === 'country-data' && process.env.BENCH_FULL_RECORDS !== '1'
        ? trimmedBody(found, new URL(url, 'http://upstream').searchParams.get('response_fields'))
        : found.body;
    response.writeHead(found.status, {
      'content-type': found.contentType,
      'content-length': Buffer.byteLength(body),
      'cache-control': CACHE_CONTROL,
    });
    response.end(body);
  };

  for (const [index, name] of INTERFACES.entries()) {
    const server = createServer(handler(name));
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.basePort ? options.basePort + index : 0, '127.0.0.1', resolve);
    });
    servers.push(server);
    urls[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  return {
    urls,
    counts: () => ({ ...counts }),
    misses: () => new Map(misses),
    save() {
      for (const name of INTERFACES) {
        if (!tables[name].size) continue;
        const entries = [...tables[name].values()].sort((a, b) => a.key.localeCompare(b.key));
        writeFileSync(`${RECORDINGS}${name}.json`, `${JSON.stringify(entries, null, 1)}\n`);
      }
    },
    async close() {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

/** Reads the request counts of a static upstream running as its own process. */
export async function remoteCounts(firstUrl: string): Promise<{ counts: Record<InterfaceName, number>; misses: Record<string, number> }> {
  const response = await fetch(`${firstUrl}/__bench/requests`);
  return (await response.json()) as { counts: Record<InterfaceName, number>; misses: Record<string, number> };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const upstream = await startStaticUpstream({ basePort: Number(process.argv[2] ?? 0) });
  process.stdout.write(`${JSON.stringify(upstream.urls)}\n`);
  process.once('SIGTERM', () => void upstream.close().then(() => process.exit(0)));
}
