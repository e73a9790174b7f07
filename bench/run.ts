/**
 * `npm run bench`: this gateway against its peers (the lean peer written by hand for the three
 * queries, stock Mesh v0, Hive Gateway --jit, Tailcall on interface D, and plain node:http
 * answering from memory as the limit) on the same OpenAPI documents and the same static upstream
 * of recorded answers, in one interleaved run. This gateway runs in four entries: the development
 * profile, the production profile (NODE_ENV=production, a JWT on every request against a JWKS on
 * loopback, caller limits on and generous, tracing sampled at 1 % to a local OTLP collector), and
 * each of them again with the answer cache on over an upstream whose answers may be cached.
 *
 * Loads: Q1 one country (5 fields); Q2 100 countries x 10 fields; Q3 100 countries with a rate to
 * EUR (one query here; on the peers the client does the N+1 itself); Q2 again with
 * `Accept-Encoding: gzip, br` on this gateway's uncached entries. Each round runs every query
 * on every gateway in turn (A B C A B C ...), warm-up first; the load generator and the upstream
 * run on one core, the gateways on the other. Prints ops/s and this / peer (medians over rounds),
 * start-up time to the first answer, idle RSS and RSS under Q2, upstream requests per operation,
 * and a Markdown table, also written to bench/last-result.md.
 *
 * Environment: ROUNDS (3), DURATION seconds per measurement (4), WARMUP seconds (1; FIRST_WARMUP,
 * 4, in round 1), CONNECTIONS (10), Q3_CONCURRENCY (4), BENCH_GATEWAY_CMD (default `node dist/main.js`, after `npm run build`, in
 * the repository root), BENCH_ONLY=this,prod,this-cached,prod-cached,lean,mesh,hive,tailcall,limit
 * (a subset), SOAK=<seconds> (only Q2 on this
 * gateway for that long, RSS over time, written to bench/last-soak.md), BENCH_RECORD=1 (record
 * the answers anew from `npm run sandbox` at 127.0.0.1:4101-4104 into bench/recordings/, stop),
 * LIVE=1 or `--live` (the live-data load instead, live.ts), NODE_LINES=0 (no start-up table per
 * Node line; by default this gateway, and stock Mesh when it is in the run, are also started
 * LINE_STARTS (3) times on this Node and on the LTS of scripts/node-lts.sh, alternately, and their
 * medians printed side by side with the start-up ratio per line).
 * bench/README.md says more.
 */
import { cpus } from 'node:os';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  ANSWER_CACHE_SETTING,
  ensurePeersInstalled,
  type Gateway,
  type GatewayId,
  gatewayEnv,
  GATEWAYS,
  LIMIT_ANSWERS,
  LIMIT_QUERIES,
  peerVersions,
  ROOT,
} from './gateways.js';
import type { LimitAnswer } from './limit-peer.js';
import { autocannonLoad, graphqlPool, type LoadResult, operationLoad, type Post, type WireAnswer, wireAnswer } from './load.js';
import { type ProductionServices, startProductionServices, TRACE_RATIO } from './production.js';
import { canPin, freePort, memory, pinSelf, postQuery, servingPid, type Started, startProcess, waitForFirstAnswer } from './proc.js';
import { INTERFACES, remoteCounts, startStaticUpstream } from './upstream.js';
import { startUpstreamProcess, type UpstreamProcess, upstreamEnv } from './upstream-process.js';
import { median } from './median.js';

const number = (name: string, fallback: number): number => {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new TypeError(`${name} must be a number of at least 0, got "${raw}"`);
  return value;
};

const ROUNDS = Math.max(1, Math.round(number('ROUNDS', 3)));
const DURATION = Math.max(1, number('DURATION', 4));
const WARMUP = number('WARMUP', 1);
/** Warm-up of each query's first visit to a gateway (round 1). */
const FIRST_WARMUP = number('FIRST_WARMUP', 4);
const CONNECTIONS = Math.max(1, Math.round(number('CONNECTIONS', 10)));
/** Q3 operations in flight at once; each peer operation is itself ~100 requests. */
const Q3_CONCURRENCY = Math.max(1, Math.round(number('Q3_CONCURRENCY', 4)));
const SOAK = number('SOAK', 0);
const RECORD = process.env.BENCH_RECORD === '1';
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const NODE_LINES = process.env.NODE_LINES !== '0';
const LINE_STARTS = Math.max(1, Math.round(number('LINE_STARTS', 3)));
const RESULT_FILE = fileURLToPath(new URL('last-result.md', import.meta.url));
const SOAK_FILE = fileURLToPath(new URL('last-soak.md', import.meta.url));

type QueryId = 'Q1' | 'Q2' | 'Q2z' | 'Q3';
const QUERIES: { id: QueryId; title: string }[] = [
  { id: 'Q1', title: 'Q1 one country, 5 fields' },
  { id: 'Q2', title: 'Q2 100 countries x 10 fields' },
  { id: 'Q2z', title: 'Q2 with Accept-Encoding: gzip, br' },
  { id: 'Q3', title: 'Q3 100 countries + rate to EUR' },
];
/** What a client that takes compressed answers sends (Q2z). */
const COMPRESSED: Readonly<Record<string, string>> = { 'accept-encoding': 'gzip, br' };

/** Q2z runs on this gateway's uncached entries only: what compression costs or saves there. */
const runsQuery = (gateway: Gateway, query: QueryId): boolean => query !== 'Q2z' || (gateway.self !== undefined && !gateway.self.cached);

/** Ratios printed under the ops/s, each the median of the rounds' ratios (when both are in the run). */
const RATIOS: readonly { of: GatewayId; to: GatewayId }[] = [
  { of: 'prod', to: 'this' },
  { of: 'this', to: 'lean' },
  { of: 'prod', to: 'lean' },
  { of: 'this', to: 'mesh' },
  { of: 'this', to: 'hive' },
  { of: 'this', to: 'tailcall' },
  { of: 'prod', to: 'tailcall' },
  { of: 'this', to: 'limit' },
  { of: 'this-cached', to: 'limit' },
  { of: 'prod-cached', to: 'limit' },
  { of: 'this-cached', to: 'this' },
  { of: 'prod-cached', to: 'prod' },
];

interface Running {
  gateway: Gateway;
  process: Started;
  url: string;
  pid: number;
  /** Headers every request carries (the production profile's Authorization). */
  headers: Readonly<Record<string, string>>;
  /** The first port of the static upstream it talks to, where the requests are counted. */
  upstream: string;
  /** Q2 as it crossed the wire, without and with Accept-Encoding. */
  wire: { identity?: WireAnswer; compressed?: WireAnswer };
  buildSeconds: number;
  startupMs: number;
  idleRss: number;
  q2Rss: number[];
  hwm: number;
  /** Upstream requests per operation, and for Q3 the client's GraphQL requests per operation. */
  upstreamPerOp: Partial<Record<QueryId, number>>;
  graphqlPerOp: Partial<Record<QueryId, number>>;
  results: Record<QueryId, LoadResult[]>;
}

/** What a gateway is started with besides its own defaults: its environment, headers and upstream. */
interface Setting {
  env: NodeJS.ProcessEnv;
  headers: Readonly<Record<string, string>>;
  upstream: string;
}

const fixed = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function upstreamTotal(firstUrl: string): Promise<{ total: number; misses: Record<string, number> }> {
  const { counts, misses } = await remoteCounts(firstUrl);
  return { total: INTERFACES.reduce((sum, name) => sum + counts[name], 0), misses };
}

/**
 * Starts the static upstream: its own process on the load core, or in-process when recording.
 * `cacheControl` replaces its `no-store` (the cached entries' upstream).
 */
async function startUpstream(pin: boolean, cacheControl?: string): Promise<UpstreamProcess & { save?: () => void }> {
  if (RECORD) {
    const upstream = await startStaticUpstream({ record: true });
    return { urls: upstream.urls, close: upstream.close, save: upstream.save };
  }
  return startUpstreamProcess({ cores: pin ? '0' : undefined, cacheControl });
}

/** A started gateway's process, and its figures from spawn to one second after its first answer. */
interface Served {
  process: Started;
  url: string;
  pid: number;
  startupMs: number;
  idleRss: number;
}

/**
 * Starts `gateway` on a free port (its command as `wrap` makes it) and waits for its first answer
 * to Q1, then a second.
 */
async function serveGateway(
  gateway: Gateway,
  setting: Setting,
  pin: boolean,
  wrap: (command: string) => string = (command) => command,
): Promise<Served> {
  const port = await freePort();
  const { command, cwd } = gateway.command(port);
  const since = performance.now();
  const started = startProcess(gateway.label, wrap(command), {
    cwd,
    env: gatewayEnv(gateway, setting.env, port),
    cores: pin ? '1' : undefined,
  });
  const url = `http://127.0.0.1:${port}/graphql`;
  const startupMs = await waitForFirstAnswer(started, url, gateway.q1, since, setting.headers);
  const pid = started.child.pid === undefined ? undefined : servingPid(started.child.pid, port);
  if (pid === undefined) throw new Error(`${gateway.label}: no process of its group listens on port ${port}`);
  await sleep(1000);
  return { process: started, url, pid, startupMs, idleRss: memory(pid).rss };
}

async function startGateway(gateway: Gateway, setting: Setting, pin: boolean): Promise<Running> {
  const buildSeconds = gateway.prepare({ ...process.env, ...setting.env });
  const served = await serveGateway(gateway, setting, pin);
  const running: Running = {
    gateway,
    ...served,
    headers: setting.headers,
    upstream: setting.upstream,
    wire: {},
    buildSeconds,
    q2Rss: [],
    hwm: Number.NaN,
    upstreamPerOp: {},
    graphqlPerOp: {},
    results: { Q1: [], Q2: [], Q2z: [], Q3: [] },
  };
  console.log(
    `${gateway.label}: ${buildSeconds ? `built in ${fixed(buildSeconds, 1)} s, ` : ''}first answer ${fixed(running.startupMs / 1000, 2)} s after start, pid ${running.pid}, idle RSS ${fixed(running.idleRss)} MiB`,
  );
  return running;
}

/** A Node line this gateway is started on for the side-by-side table: its version and the command prefix that selects it. */
interface NodeLine {
  version: string;
  prefix: string;
}

/**
 * This process's Node and the LTS the Docker image runs (scripts/node-lts.sh, which fetches it on
 * first use); only this process's when the LTS is the same or cannot run here.
 */
function nodeLines(): NodeLine[] {
  const here: NodeLine = { version: process.version, prefix: '' };
  try {
    const version = execFileSync('bash', ['scripts/node-lts.sh', 'node', '--version'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return version === process.version ? [here] : [here, { version, prefix: `bash "${ROOT}scripts/node-lts.sh" ` }];
  } catch (error) {
    console.warn(
      `the Node LTS cannot run here, so only ${process.version} is measured: ${error instanceof Error ? error.message : String(error)}`,
    );
    return [here];
  }
}

/**
 * Start-up and idle RSS of this gateway, and of stock Mesh when it is in the run (the ratio the
 * start-up target is set against), on each Node line: LINE_STARTS starts of each, the lines and
 * the gateways alternating, one process at a time (each stopped before the next starts); medians.
 * The builds are the ones `startGateway` made: neither depends on the Node that built it.
 */
async function lineFigures(self: Gateway, mesh: Gateway | undefined, setting: Setting, pin: boolean): Promise<string> {
  const lines = nodeLines();
  const gateways = mesh ? [self, mesh] : [self];
  const figures = gateways.map(() => lines.map(() => ({ startupMs: [] as number[], idleRss: [] as number[] })));
  for (let start = 0; start < LINE_STARTS; start += 1) {
    for (const [index, line] of lines.entries()) {
      for (const [which, gateway] of gateways.entries()) {
        // node-lts.sh puts the LTS first on PATH, so `sh -c` finds it for the command's `node`
        // (and for Mesh's `#!/usr/bin/env node`).
        const served = await serveGateway(gateway, setting, pin, (command) =>
          line.prefix ? `${line.prefix}sh -c ${JSON.stringify(command)}` : command,
        );
        await served.process.stop();
        figures[which]?.[index]?.startupMs.push(served.startupMs);
        figures[which]?.[index]?.idleRss.push(served.idleRss);
        console.log(
          `${gateway.label} on Node ${line.version}: first answer ${fixed(served.startupMs / 1000, 2)} s, idle RSS ${fixed(served.idleRss)} MiB`,
        );
      }
    }
  }
  const row = (title: string, cells: string[]): string => `| ${[title, ...cells].join(' | ')} |`;
  const startups = figures.map((perLine) => perLine.map((figure) => median(figure.startupMs)));
  const [selfStartups, meshStartups] = startups;
  return [
    `Per Node line (${gateways.map((gateway) => gateway.label).join(' and ')}, ${self.label} as \`${thisSettings()}${self.command(0).command}\`; median of ${LINE_STARTS} starts each, the lines and gateways alternating; ${pin ? 'on core 1' : 'not pinned'}):`,
    '',
    row(
      '',
      lines.map((line) => `Node ${line.version}`),
    ),
    row(
      '---',
      lines.map(() => '---:'),
    ),
    ...gateways.flatMap((gateway, which) => [
      row(
        `${gateway.label}: start-up to first answer (s)`,
        (startups[which] ?? []).map((ms) => fixed(ms / 1000, 2)),
      ),
      row(
        `${gateway.label}: idle RSS (MiB)`,
        (figures[which] ?? []).map((figure) => fixed(median(figure.idleRss))),
      ),
    ]),
    ...(mesh && selfStartups && meshStartups
      ? [
          row(
            `start-up, ${self.label} ÷ ${mesh.label}`,
            selfStartups.map((ms, index) => fixed(ms / (meshStartups[index] ?? Number.NaN), 2)),
          ),
        ]
      : []),
    '',
  ].join('\n');
}

/**
 * Runs each query a few times alone: checks the answers, counts upstream requests per operation,
 * and reads Q2 as it crosses the wire without and with Accept-Encoding.
 */
async function validate(running: Running): Promise<void> {
  const { gateway, url, headers } = running;
  const times = 3;
  const q2 = async (): Promise<number> => {
    const body = await postQuery(url, gateway.q2, undefined, headers);
    if (body.errors || gateway.q2Count(body) !== 100) throw new Error(`${gateway.label} Q2: ${JSON.stringify(body).slice(0, 300)}`);
    return 1;
  };
  const checks: Record<QueryId, () => Promise<number>> = {
    async Q1() {
      const body = await postQuery(url, gateway.q1, undefined, headers);
      if (body.errors || gateway.q1Name(body) !== 'France') throw new Error(`${gateway.label} Q1: ${JSON.stringify(body).slice(0, 300)}`);
      return 1;
    },
    Q2: q2,
    Q2z: q2,
    async Q3() {
      const pool = graphqlPool(url, CONNECTIONS, headers);
      try {
        const result = await gateway.q3(pool.post);
        if (result.rates < 90) throw new Error(`${gateway.label} Q3: only ${result.rates} rates`);
        return result.requests;
      } finally {
        await pool.close();
      }
    },
  };
  for (const { id } of QUERIES) {
    if (id === 'Q2z') continue;
    const before = await upstreamTotal(running.upstream);
    let graphql = 0;
    for (let index = 0; index < times; index += 1) graphql += await checks[id]();
    const after = await upstreamTotal(running.upstream);
    running.upstreamPerOp[id] = (after.total - before.total) / times;
    running.graphqlPerOp[id] = graphql / times;
    const missed = Object.entries(after.misses).filter(([key, count]) => count !== before.misses[key]);
    if (missed.length) console.warn(`  ${gateway.label} ${id}: no recording for ${missed.map(([key]) => key).join(', ')}`);
  }
  running.wire.identity = await wireAnswer(url, gateway.q2, headers);
  running.wire.compressed = await wireAnswer(url, gateway.q2, { ...headers, ...COMPRESSED });
}

/** Whether two answers are the same JSON, numbers equal to 15 significant digits (Tailcall's float parsing drops the 17th). */
function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b || Math.abs(a - b) <= Math.abs(a) * 1e-15;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
    );
  }
  return a === b;
}

/**
 * Every answer of a Q3 operation (the list, then each rate) keyed by its variables; a rate request
 * that brought no rate (an error, or the document's error type) is `null`.
 */
async function q3Answers(running: Running): Promise<Map<string, unknown>> {
  const pool = graphqlPool(running.url, CONNECTIONS, running.headers);
  const answers = new Map<string, unknown>();
  const post: Post = async (query, variables) => {
    const key = JSON.stringify(variables ?? null);
    try {
      const body = await pool.post(query, variables);
      answers.set(key, variables && typeof body?.data?.convertCurrency?.data?.objects?.[0]?.rate !== 'number' ? null : body);
      return body;
    } catch (error) {
      answers.set(key, null);
      throw error;
    }
  };
  try {
    await running.gateway.q3(post);
    return answers;
  } finally {
    await pool.close();
  }
}

/** Throws unless `peer` answers Q1, Q2 and every request of Q3 as `reference` does (same documents, same schema shape). */
async function sameAnswersAs(reference: Running, peer: Running): Promise<void> {
  for (const query of ['q1', 'q2'] as const) {
    const [expected, actual] = await Promise.all(
      [reference, peer].map((running) => postQuery(running.url, running.gateway[query], undefined, running.headers)),
    );
    if (!sameJson(expected, actual))
      throw new Error(
        `${peer.gateway.label} answers ${query.toUpperCase()} unlike ${reference.gateway.label}: ${JSON.stringify(actual).slice(0, 300)}`,
      );
  }
  const [expected, actual] = await Promise.all([q3Answers(reference), q3Answers(peer)]);
  const differing = [...expected].filter(([key, body]) => !sameJson(body, actual.get(key))).map(([key]) => key);
  if (differing.length || expected.size !== actual.size)
    throw new Error(
      `${peer.gateway.label} answers Q3 unlike ${reference.gateway.label} for ${differing.slice(0, 5).join(', ') || 'the number of requests'}`,
    );
  console.log(`${peer.gateway.label}: Q1, Q2 and the ${expected.size} requests of Q3 answered as ${reference.gateway.label} does`);
}

/** Writes this gateway's answers to Q1–Q3, byte for byte, where the limit peer reads them. */
async function recordLimitAnswers(source: Running): Promise<void> {
  const answers: LimitAnswer[] = [];
  for (const query of LIMIT_QUERIES) {
    const body = JSON.stringify({ query });
    const response = await fetch(source.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...source.headers },
      body,
    });
    answers.push({ body, answer: await response.text() });
  }
  mkdirSync(dirname(LIMIT_ANSWERS), { recursive: true });
  writeFileSync(LIMIT_ANSWERS, JSON.stringify(answers));
  console.log(`node:http limit: serves ${source.gateway.label}'s answers (${answers.map(({ answer }) => answer.length).join(', ')} bytes)`);
}

async function measure(running: Running, query: QueryId, seconds: number): Promise<LoadResult> {
  const { gateway, url, headers } = running;
  if (query === 'Q3') {
    const pool = graphqlPool(url, CONNECTIONS, headers);
    try {
      return await operationLoad(() => gateway.q3(pool.post), seconds, Q3_CONCURRENCY);
    } finally {
      await pool.close();
    }
  }
  if (query === 'Q2z') return autocannonLoad(url, gateway.q2, seconds, CONNECTIONS, { ...headers, ...COMPRESSED });
  return autocannonLoad(url, query === 'Q1' ? gateway.q1 : gateway.q2, seconds, CONNECTIONS, headers);
}

/** Samples the serving process's RSS every `everyMs` while `work` runs. */
async function sampling<T>(pid: number, everyMs: number, samples: number[], work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => {
    try {
      samples.push(memory(pid).rss);
    } catch {
      // the process is gone; the load will report it
    }
  }, everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** The variables this gateway's defaults and the environment set among those it names, as a command prefix. */
function thisSettings(): string {
  const defaults = GATEWAYS.find((gateway) => gateway.id === 'this')?.defaults ?? {};
  return Object.entries(defaults)
    .map(([name, value]) => `${name}=${process.env[name] ?? value} `)
    .join('');
}

/** The median of the rounds' ratios of one series of ops/s to another. */
function ratio(of: LoadResult[], to: LoadResult[]): number {
  return median(of.map((result, round) => result.opsPerSecond / (to[round]?.opsPerSecond ?? Number.NaN)));
}

const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;
const headed = (header: string[]): string[] => [row(header), row(header.map((_, index) => (index ? '---:' : '---')))];
const bytes = (answer: WireAnswer | undefined): string =>
  answer ? `${answer.bytes.toLocaleString('en')}${answer.encoding === 'identity' ? '' : ` (${answer.encoding})`}` : 'n/a';

/** How the production profile ran: the profile's settings, and what the collector received. */
interface ProfileNote {
  traces?: { exports: number; spans: number };
}

function table(gateways: Running[], versions: Record<string, string>, pinned: boolean, note: ProfileNote): string {
  const byId = new Map(gateways.map((running) => [running.gateway.id, running]));
  const header = ['', ...gateways.map((running) => running.gateway.label)];
  const rows: string[][] = [];
  for (const { id, title } of QUERIES) {
    if (!gateways.some((running) => runsQuery(running.gateway, id))) continue;
    rows.push([
      `${title}: ops/s`,
      ...gateways.map((running) =>
        runsQuery(running.gateway, id) ? fixed(median(running.results[id].map((result) => result.opsPerSecond))) : '–',
      ),
    ]);
  }
  rows.push(['Q2 bytes on the wire, plain', ...gateways.map((running) => bytes(running.wire.identity))]);
  rows.push(['Q2 bytes on the wire, Accept-Encoding: gzip, br', ...gateways.map((running) => bytes(running.wire.compressed))]);
  for (const { id } of QUERIES) {
    if (id === 'Q2z') continue;
    rows.push([
      `${id}: upstream requests / op${id === 'Q3' ? ' (GraphQL requests / op)' : ''}`,
      ...gateways.map(
        (running) =>
          `${fixed(running.upstreamPerOp[id] ?? Number.NaN, 1)}${id === 'Q3' ? ` (${fixed(running.graphqlPerOp[id] ?? Number.NaN)})` : ''}`,
      ),
    ]);
  }
  rows.push([
    'Q1 p99 latency (ms, median over rounds)',
    ...gateways.map((running) => fixed(median(running.results.Q1.map((result) => result.p99Ms)))),
  ]);
  rows.push(['build before start (s)', ...gateways.map((running) => (running.buildSeconds ? fixed(running.buildSeconds, 1) : '–'))]);
  rows.push(['start-up to first answer (s)', ...gateways.map((running) => fixed(running.startupMs / 1000, 2))]);
  rows.push(['idle RSS (MiB)', ...gateways.map((running) => fixed(running.idleRss))]);
  rows.push([
    'RSS under Q2 load, median / max (MiB)',
    ...gateways.map((running) => `${fixed(median(running.q2Rss))} / ${fixed(Math.max(...running.q2Rss))}`),
  ]);
  rows.push(['peak RSS, VmHWM (MiB)', ...gateways.map((running) => fixed(running.hwm))]);
  const errors = gateways.map((running) =>
    QUERIES.reduce((sum, { id }) => sum + running.results[id].reduce((s, result) => s + result.errors, 0), 0),
  );
  rows.push(['failed requests or operations under load', ...errors.map(String)]);

  const ratioRows: string[][] = [];
  for (const { of, to } of RATIOS) {
    const a = byId.get(of);
    const b = byId.get(to);
    if (!a || !b) continue;
    ratioRows.push([
      `${a.gateway.label} ÷ ${b.gateway.label}`,
      ...(['Q1', 'Q2', 'Q3'] as const).map((query) => `${fixed(ratio(a.results[query], b.results[query]), 2)}×`),
    ]);
  }
  const compressionRows = gateways
    .filter((running) => runsQuery(running.gateway, 'Q2z'))
    .map((running) => [
      running.gateway.label,
      bytes(running.wire.identity),
      bytes(running.wire.compressed),
      fixed(median(running.results.Q2.map((result) => result.opsPerSecond))),
      fixed(median(running.results.Q2z.map((result) => result.opsPerSecond))),
      `${fixed(ratio(running.results.Q2z, running.results.Q2), 2)}×`,
    ]);
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const traces = note.traces
    ? ` The production profile's collector received ${note.traces.exports} OTLP exports holding ${note.traces.spans} spans (sampler parentbased_traceidratio, ${TRACE_RATIO}).`
    : '';
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpu}), Node ${process.version}; ` +
      `${ROUNDS} interleaved rounds of ${DURATION} s per query and gateway after ${WARMUP} s warm-up (${Math.max(WARMUP, FIRST_WARMUP)} s in round 1), ${CONNECTIONS} connections ` +
      `(Q3: ${Q3_CONCURRENCY} operations in flight); ${pinned ? 'gateways on core 1, load generator and upstream on core 0' : 'not pinned'}; ` +
      `this gateway started with \`${thisSettings()}${process.env.BENCH_GATEWAY_CMD?.trim() || 'node dist/main.js'}\` ` +
      `(production: NODE_ENV=production, a JWT per request, limits on, tracing sampled; cached: CACHE_TTL_SECONDS=3600 ${ANSWER_CACHE_SETTING.name}=${ANSWER_CACHE_SETTING.on} over an upstream saying max-age); ` +
      `ops/s are medians over rounds, a ratio is the median of the rounds' ratios; upstream requests counted on single operations.${traces} Peers: ${Object.entries(
        versions,
      )
        .map(([name, version]) => `${name} ${version}`)
        .join(', ')}.`,
    '',
    ...headed(header),
    ...rows.map(row),
    '',
    ...(ratioRows.length ? [...headed(['ratio of ops/s', 'Q1', 'Q2', 'Q3']), ...ratioRows.map(row), ''] : []),
    ...(compressionRows.length
      ? [
          ...headed(['Q2 compression', 'bytes, plain', 'bytes, gzip, br asked', 'ops/s, plain', 'ops/s, gzip, br asked', 'asked ÷ plain']),
          ...compressionRows.map(row),
          '',
        ]
      : []),
  ].join('\n');
}

async function soak(running: Running): Promise<void> {
  const every = Math.max(5, Math.round(SOAK / 30));
  const points: { second: number; rss: number }[] = [];
  const start = performance.now();
  console.log(`soak: Q2 on ${running.gateway.label} for ${SOAK} s, RSS every ${every} s`);
  const load = autocannonLoad(running.url, running.gateway.q2, SOAK, CONNECTIONS);
  let done = false;
  void load.finally(() => (done = true));
  while (!done) {
    const second = Math.round((performance.now() - start) / 1000);
    const rss = memory(running.pid).rss;
    points.push({ second, rss });
    console.log(`  ${String(second).padStart(5)} s  RSS ${fixed(rss)} MiB`);
    await Promise.race([sleep(every * 1000), load]);
  }
  const result = await load;
  // RSS saws up and down with garbage collection; a leak shows as a rising floor. Compare the
  // lowest sample of the first and the last quarter after the first fifth (warm-up, JIT, caches).
  const settled = points.filter((point) => point.second >= SOAK / 5);
  const quarter = Math.max(1, Math.floor(settled.length / 4));
  const early = Math.min(...settled.slice(0, quarter).map((point) => point.rss));
  const late = Math.min(...settled.slice(-quarter).map((point) => point.rss));
  const growth = ((late - early) / early) * 100;
  const verdict = Math.abs(growth) < 10 ? 'flat' : growth > 0 ? 'growing' : 'shrinking';
  const text = [
    `Soak: Q2 on ${running.gateway.label} for ${SOAK} s at ${CONNECTIONS} connections, ${fixed(result.opsPerSecond)} ops/s, ${result.errors} failed; ` +
      `RSS floor after warm-up ${fixed(early)} MiB, at the end ${fixed(late)} MiB (${growth >= 0 ? '+' : ''}${fixed(growth, 1)} %): **${verdict}**; VmHWM ${fixed(memory(running.pid).hwm)} MiB.`,
    '',
    '| second | RSS (MiB) |',
    '| ---: | ---: |',
    ...points.map((point) => `| ${point.second} | ${fixed(point.rss)} |`),
    '',
  ].join('\n');
  console.log(`\n${text}`);
  writeFileSync(SOAK_FILE, text);
}

async function main(): Promise<void> {
  if (process.env.LIVE === '1' || process.argv.includes('--live')) {
    await (await import('./live.js')).runLive();
    return;
  }
  const pinned = !RECORD && cpus().length >= 2 && canPin();
  if (pinned) pinSelf('0');
  const selected = GATEWAYS.filter((gateway) => (SOAK ? gateway.id === 'this' : !ONLY.length || ONLY.includes(gateway.id)));
  if (selected.some((gateway) => gateway.self === undefined) || !SOAK) ensurePeersInstalled();
  const upstream = await startUpstream(pinned);
  // The cached entries' own upstream: the same answers, cacheable for a day.
  const cacheable = selected.some((gateway) => gateway.self?.cached) ? await startUpstream(pinned, 'public, max-age=86400') : undefined;
  const production: ProductionServices | undefined = selected.some((gateway) => gateway.self?.profile === 'production')
    ? await startProductionServices()
    : undefined;
  const settingOf = (gateway: Gateway): Setting => {
    const urls = gateway.self?.cached && cacheable ? cacheable.urls : upstream.urls;
    const inProduction = gateway.self?.profile === 'production' && production;
    return {
      env: { ...upstreamEnv(urls), ...(inProduction ? production.env : {}) },
      headers: inProduction ? production.headers : {},
      upstream: urls['crypto-analytics'],
    };
  };
  const running: Running[] = [];
  const stopAll = async (): Promise<void> => {
    await Promise.all(running.map((gateway) => gateway.process.stop()));
    await Promise.all([upstream.close(), cacheable?.close(), production?.close()]);
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    // One at a time, so no start-up competes with another for the gateway core.
    for (const gateway of selected) {
      if (gateway.id === 'limit') {
        // Its bytes are this gateway's answers: from the development entry when it runs.
        const source = running.find((candidate) => candidate.gateway.id === 'this') ?? running.find((candidate) => candidate.gateway.self);
        if (!source) {
          console.warn('node:http limit: left out, it serves this gateway’s answers and no entry of this gateway is in the run');
          continue;
        }
        await recordLimitAnswers(source);
      }
      try {
        running.push(await startGateway(gateway, settingOf(gateway), pinned));
      } catch (error) {
        if (!gateway.optional) throw error;
        console.warn(`${gateway.label}: left out, it cannot run here: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    for (const gateway of running) await validate(gateway);
    const mesh = running.find((gateway) => gateway.gateway.id === 'mesh');
    const tailcall = running.find((gateway) => gateway.gateway.id === 'tailcall');
    if (mesh && tailcall) await sameAnswersAs(mesh, tailcall);
    if (RECORD) {
      upstream.save?.();
      console.log('recordings written to bench/recordings/');
      return;
    }
    if (SOAK) {
      await soak(running[0] as Running);
      return;
    }
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const { id } of QUERIES) {
        for (const gateway of running) {
          if (!runsQuery(gateway.gateway, id)) continue;
          // The first visit also warms the gateway's JIT and caches for this query: longer.
          const warmup = round === 1 ? Math.max(WARMUP, FIRST_WARMUP) : WARMUP;
          if (warmup) await measure(gateway, id, warmup);
          const samples: number[] = [];
          const result = await sampling(gateway.pid, 250, samples, () => measure(gateway, id, DURATION));
          if (id === 'Q2') gateway.q2Rss.push(...samples);
          gateway.results[id].push(result);
          console.log(
            `round ${round} ${id.padEnd(3)} ${gateway.gateway.label.padEnd(34)} ${fixed(result.opsPerSecond).padStart(6)} ops/s  p50 ${fixed(result.p50Ms, 1)} ms  p99 ${fixed(result.p99Ms, 1)} ms${result.errors ? `  ${result.errors} failed` : ''}`,
          );
        }
      }
    }
    for (const gateway of running) gateway.hwm = memory(gateway.pid).hwm;
    const self = running.find((gateway) => gateway.gateway.id === 'this');
    // After the rounds, with every gateway idle: the starts compete with no load for the core.
    const lineTable = NODE_LINES && self ? await lineFigures(self.gateway, mesh?.gateway, settingOf(self.gateway), pinned) : '';
    const markdown = [table(running, peerVersions(), pinned, { traces: production?.traces() }), lineTable].filter(Boolean).join('\n');
    console.log(`\n${markdown}`);
    writeFileSync(RESULT_FILE, markdown);
    console.log(`written to bench/last-result.md`);
  } finally {
    await stopAll();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
