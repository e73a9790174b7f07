/**
 * `LIVE=1 npm run bench` (or `npm run bench -- --live`): live data under fan-out. 10,000 SSE
 * subscribers over 100 distinct keys (`subscription { tokenPrices(symbols: ["TK<n>"]) { close } }`,
 * one key per symbol) on the built gateway (`node dist/main.js`), against an upstream whose
 * prices step on a schedule (live-upstream.ts); then the same subscribers split over two replicas
 * sharing one redis-server.
 *
 * Measured over a window after every subscriber has its first event: upstream polls per interval
 * (the registry should make one per key per interval in all, whatever the subscribers and
 * replicas), the latency from a price's change upstream to each subscriber's event, from the
 * poll's answer to each subscriber's event and to the key's last subscriber's event, events
 * delivered against expected, and RSS per 1,000 subscribers. The subscribers are raw HTTP/1.1
 * streams (node:http, one socket each); the gateways run on core 1, the load, upstream and Redis
 * on core 0 (taskset), as in the other loads.
 *
 * Environment: LIVE_SUBSCRIBERS (10000), LIVE_KEYS (100), LIVE_INTERVAL_MS (1000: the gateway's
 * LIVE_INTERVAL_MS_PRICES), LIVE_CHANGE_MS (2000: how often prices step), LIVE_DURATION (30
 * seconds measured per setup), LIVE_ONLY (one|production|two: a single setup; production is the
 * one-process setup with NODE_ENV=production, a JWT per subscriber, limits and sampled
 * tracing), BENCH_GATEWAY_CMD as for the other loads. The table is printed and written to
 * bench/last-live.md.
 */
import { Agent, request as httpRequest, type ClientRequest } from 'node:http';
import { cpus } from 'node:os';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hasRedisServer, type RedisServer, startRedisServer } from '../test/support/redis-server.js';
import { GATEWAYS, ROOT } from './gateways.js';
import { CLOSE_BASE, epochNow, type LiveUpstreamReport, tokenSymbol } from './live-upstream.js';
import { startProductionServices } from './production.js';
import { canPin, freePort, memory, pinSelf, servingPid, type Started, startProcess, waitForFirstAnswer } from './proc.js';

const number = (name: string, fallback: number): number => {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`${name} must be a number above 0, got "${raw}"`);
  return value;
};

const SUBSCRIBERS = Math.round(number('LIVE_SUBSCRIBERS', 10_000));
const KEYS = Math.round(number('LIVE_KEYS', 100));
const INTERVAL_MS = number('LIVE_INTERVAL_MS', 1_000);
const CHANGE_MS = number('LIVE_CHANGE_MS', 2_000);
const DURATION_S = number('LIVE_DURATION', 30);
const ONLY = process.env.LIVE_ONLY?.trim();
const RESULT_FILE = fileURLToPath(new URL('last-live.md', import.meta.url));
/** Subscriptions being opened at once: enough to open 10,000 in seconds, few enough not to overflow the listen backlog. */
const OPENING_AT_ONCE = 200;
/** The registry's ticks are 1 to 1.1 intervals apart (jitter); a change is polled within one tick. */
const SETTLE_MS = INTERVAL_MS * 1.1 + 1_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const fixed = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const subscription = (key: number): string => `subscription { tokenPrices(symbols: ["${tokenSymbol(key)}"]) { close } }`;

/** The value at quantile `q` (0..1) of `values`, sorted here. */
function quantile(values: number[], q: number): number {
  if (!values.length) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** Every event the subscribers received during the window, as parallel columns. */
interface Events {
  key: number[];
  version: number[];
  at: number[];
  errors: number;
}

interface Subscribers {
  /** Resolves once every stream has its first event; the milliseconds that took. */
  opened: Promise<number>;
  failed: number;
  close(): void;
}

/**
 * Opens SSE subscriptions `from` to `to` - 1 spread over `urls` (subscriber i on key i mod KEYS, and on
 * replica ⌊i / KEYS⌋ mod n, so every replica follows every key), `OPENING_AT_ONCE` at a time, each waiting for its first event. While `recording()` says
 * so, each event is written to `events` with the time it arrived.
 */
function openSubscribers(
  urls: readonly URL[],
  from: number,
  to: number,
  events: Events,
  recording: () => boolean,
  headers: Readonly<Record<string, string>>,
): Subscribers {
  // One socket per stream, none reused: an SSE response holds its connection for its lifetime.
  const agent = new Agent({ keepAlive: false, maxSockets: to - from + 100 });
  const requests: ClientRequest[] = [];
  const result: Subscribers = {
    opened: Promise.resolve(0),
    failed: 0,
    close() {
      for (const request of requests) request.destroy();
      agent.destroy();
    },
  };
  const openOne = (index: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const url = urls[Math.floor(index / KEYS) % urls.length] as URL;
      const key = index % KEYS;
      const body = JSON.stringify({ query: subscription(key) });
      const request = httpRequest(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            ...headers,
            'content-type': 'application/json',
            accept: 'text/event-stream',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          response.setEncoding('utf8');
          if (response.statusCode !== 200) {
            let text = '';
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => reject(new Error(`subscription ${index}: HTTP ${response.statusCode} ${text.slice(0, 300)}`)));
            return;
          }
          let buffer = '';
          let first = true;
          response.on('data', (chunk: string) => {
            const at = epochNow();
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const event = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (!event.startsWith('event: next')) continue;
              // A regular expression rather than JSON.parse: the client shares a core with the upstream and Redis.
              const close = /"close":(\d+)/.exec(event)?.[1];
              if (first) {
                first = false;
                if (close === undefined) reject(new Error(`subscription ${index}: first event without a price: ${event.slice(0, 300)}`));
                else resolve();
              }
              if (!recording()) continue;
              if (close === undefined || event.includes('"errors"')) {
                events.errors += 1;
                continue;
              }
              events.key.push(key);
              events.version.push(Number(close) - CLOSE_BASE);
              events.at.push(at);
            }
          });
        },
      );
      request.on('error', reject);
      request.end(body);
      requests.push(request);
    });
  const since = performance.now();
  result.opened = (async () => {
    let next = from;
    const worker = async (): Promise<void> => {
      while (next < to) {
        const index = next;
        next += 1;
        try {
          await openOne(index);
        } catch (error) {
          result.failed += 1;
          if (result.failed <= 3) console.warn(error instanceof Error ? error.message : error);
        }
      }
    };
    await Promise.all(Array.from({ length: OPENING_AT_ONCE }, worker));
    return performance.now() - since;
  })();
  return result;
}

interface Replica {
  process: Started;
  url: URL;
  pid: number;
  idleRss: number;
}

async function startReplica(env: NodeJS.ProcessEnv, pinned: boolean, headers: Readonly<Record<string, string>>): Promise<Replica> {
  const gateway = GATEWAYS.find((candidate) => candidate.id === 'this');
  if (!gateway) throw new Error('no "this" gateway in bench/gateways.ts');
  const port = await freePort();
  const { command, cwd } = gateway.command(port);
  const since = performance.now();
  const started = startProcess('this gateway', command, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    cores: pinned ? '1' : undefined,
  });
  const url = new URL(`http://127.0.0.1:${port}/graphql`);
  // With the profile's credentials: production refuses an anonymous first question.
  await waitForFirstAnswer(started, url.href, '{ __typename }', since, headers);
  const pid = started.child.pid === undefined ? undefined : servingPid(started.child.pid, port);
  if (pid === undefined) throw new Error(`no process of the gateway's group listens on port ${port}`);
  await sleep(1_000);
  return { process: started, url, pid, idleRss: memory(pid).rss };
}

async function upstreamReport(upstream: string): Promise<LiveUpstreamReport> {
  return (await (await fetch(`${upstream}/__bench/live`)).json()) as LiveUpstreamReport;
}

interface SetupResult {
  label: string;
  replicas: number;
  openSeconds: number;
  failed: number;
  pollsPerInterval: number;
  mostPollsOfOneKeyPerInterval: number;
  delivered: number;
  expected: number;
  errors: number;
  changeToEvent: { p50: number; p99: number };
  answerToEvent: { p50: number; p99: number };
  answerToLastEvent: { p50: number; p99: number };
  idleRss: number;
  /** RSS (all replicas) 2 s after a tenth and after all of the subscribers opened. */
  settledRss: { tenth: number; all: number };
  /** The most RSS (all replicas) while fanning out in the window. */
  fanOutRss: number;
}

/** One setup: `replicas` gateways (sharing `redisUrl` when given), the subscribers spread over them, one measured window. */
/** The gateway's environment and the headers every subscriber sends: the development profile's none, or production's (a JWT each). */
interface Profile {
  env: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string>>;
}

const DEVELOPMENT: Profile = { env: {}, headers: {} };

async function measureSetup(
  label: string,
  upstream: string,
  replicaCount: number,
  redisUrl: string | undefined,
  pinned: boolean,
  profile: Profile = DEVELOPMENT,
): Promise<SetupResult> {
  const env: NodeJS.ProcessEnv = {
    ...profile.env,
    CRYPTO_API_URL: upstream,
    BLOCKCHAIN_API_URL: upstream,
    ADDRESS_API_URL: upstream,
    COUNTRY_API_URL: upstream,
    LIVE_INTERVAL_MS_PRICES: String(INTERVAL_MS),
    // Every subscriber comes from one address (this process) on its own connection.
    MAX_SUBSCRIPTIONS_PER_CALLER: String(SUBSCRIBERS + 100),
    HTTP_MAX_CONNECTIONS: String(SUBSCRIBERS + 1_000),
    FORK: '0',
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: 'bench:' } : {}),
  };
  const replicas: Replica[] = [];
  const events: Events = { key: [], version: [], at: [], errors: 0 };
  let recording = false;
  const subscribers: Subscribers[] = [];
  let openMs = 0;
  const totalRss = (): number => replicas.reduce((sum, replica) => sum + memory(replica.pid).rss, 0);
  try {
    // One at a time, so no start-up competes with another for the gateway core.
    for (let index = 0; index < replicaCount; index += 1) replicas.push(await startReplica(env, pinned, profile.headers));
    console.log(
      `${label}: ${replicaCount} gateway(s) up, idle RSS ${replicas.map((replica) => fixed(replica.idleRss)).join(' + ')} MiB; opening ${SUBSCRIBERS} subscriptions`,
    );
    // A tenth first, then the rest: the RSS between the two is what subscribers cost, apart from
    // what the keys themselves cost.
    const tenth = Math.max(1, Math.round(SUBSCRIBERS / 10));
    const open = async (from: number, to: number): Promise<{ subscribers: Subscribers; rss: number }> => {
      const opened = openSubscribers(
        replicas.map((replica) => replica.url),
        from,
        to,
        events,
        () => recording,
        profile.headers,
      );
      subscribers.push(opened);
      const ms = await opened.opened;
      console.log(`${label}: subscriptions ${from}–${to - 1} open in ${fixed(ms / 1000, 1)} s (${opened.failed} failed)`);
      openMs += ms;
      await sleep(2 * INTERVAL_MS);
      return { subscribers: opened, rss: totalRss() };
    };
    const atTenth = await open(0, tenth);
    const atAll = await open(tenth, SUBSCRIBERS);
    const failed = atTenth.subscribers.failed + atAll.subscribers.failed;
    await fetch(`${upstream}/__bench/live/reset`, { method: 'POST' });
    const windowStart = epochNow();
    recording = true;
    const rss: number[] = [];
    const sampler = setInterval(() => {
      try {
        rss.push(totalRss());
      } catch {
        // a gateway is gone; the events delivered will show it
      }
    }, 500);
    await sleep(DURATION_S * 1_000);
    const windowEnd = epochNow();
    const report = await upstreamReport(upstream);
    // Events of the last changes still arrive after the window: wait for them, then stop.
    await sleep(SETTLE_MS);
    recording = false;
    clearInterval(sampler);

    const windowIntervals = (windowEnd - windowStart) / INTERVAL_MS;
    const changeAt = (version: number): number => report.start + version * report.changeMs;
    // Versions that appeared upstream inside the window, early enough to be polled and fanned out before it ends.
    const firstVersion = Math.ceil((windowStart - report.start) / report.changeMs);
    const lastVersion = Math.floor((windowEnd - SETTLE_MS - report.start) / report.changeMs);
    const counted = (version: number): boolean => version >= firstVersion && version <= lastVersion;
    const changeToEvent: number[] = [];
    const answerToEvent: number[] = [];
    const lastEvent = new Map<string, number>();
    let delivered = 0;
    for (let index = 0; index < events.at.length; index += 1) {
      const version = events.version[index] as number;
      if (!counted(version)) continue;
      const key = events.key[index] as number;
      const at = events.at[index] as number;
      delivered += 1;
      changeToEvent.push(at - changeAt(version));
      const answered = report.firstAnswers[String(key + 1)]?.[version];
      if (answered === undefined) continue;
      answerToEvent.push(at - answered);
      const id = `${key}/${version}`;
      lastEvent.set(id, Math.max(lastEvent.get(id) ?? Number.NEGATIVE_INFINITY, at - answered));
    }
    const lasts = [...lastEvent.values()];
    const streams = SUBSCRIBERS - failed;
    return {
      label,
      replicas: replicaCount,
      openSeconds: openMs / 1000,
      failed,
      pollsPerInterval: report.polls / windowIntervals,
      mostPollsOfOneKeyPerInterval: Math.max(...Object.values(report.pollsPerKey)) / windowIntervals,
      delivered,
      expected: streams * Math.max(0, lastVersion - firstVersion + 1),
      errors: events.errors,
      changeToEvent: { p50: quantile(changeToEvent, 0.5), p99: quantile(changeToEvent, 0.99) },
      answerToEvent: { p50: quantile(answerToEvent, 0.5), p99: quantile(answerToEvent, 0.99) },
      answerToLastEvent: { p50: quantile(lasts, 0.5), p99: quantile(lasts, 0.99) },
      idleRss: replicas.reduce((sum, replica) => sum + replica.idleRss, 0),
      settledRss: { tenth: atTenth.rss, all: atAll.rss },
      fanOutRss: Math.max(...rss),
    };
  } finally {
    for (const opened of subscribers) opened.close();
    await Promise.all(replicas.map((replica) => replica.process.stop()));
  }
}

function table(results: SetupResult[], pinned: boolean): string {
  const thousands = SUBSCRIBERS / 1000;
  const per1000 = (result: SetupResult): number => (result.settledRss.all - result.idleRss) / thousands;
  const marginalPer1000 = (result: SetupResult): number => (result.settledRss.all - result.settledRss.tenth) / (thousands * 0.9);
  const rows: [string, (result: SetupResult) => string][] = [
    ['subscribers (distinct keys)', () => `${SUBSCRIBERS} (${KEYS})`],
    ['subscriptions opened in (s), failed', (result) => `${fixed(result.openSeconds, 1)}, ${result.failed}`],
    [`upstream polls per interval (target ${KEYS})`, (result) => fixed(result.pollsPerInterval, 1)],
    ['most polls of one key per interval (target 1)', (result) => fixed(result.mostPollsOfOneKeyPerInterval, 2)],
    ['events delivered / expected, error events', (result) => `${result.delivered} / ${result.expected}, ${result.errors}`],
    ['change upstream → event, p50 / p99 (ms)', (result) => `${fixed(result.changeToEvent.p50)} / ${fixed(result.changeToEvent.p99)}`],
    ['poll answer → event, p50 / p99 (ms)', (result) => `${fixed(result.answerToEvent.p50)} / ${fixed(result.answerToEvent.p99)}`],
    [
      "poll answer → key's last subscriber, p50 / p99 (ms; target p99 ≤ 500)",
      (result) => `${fixed(result.answerToLastEvent.p50)} / ${fixed(result.answerToLastEvent.p99)}`,
    ],
    [
      `RSS idle → ${SUBSCRIBERS / 10} → ${SUBSCRIBERS} subscribers → most while fanning out (MiB, all replicas)`,
      (result) =>
        `${fixed(result.idleRss)} → ${fixed(result.settledRss.tenth)} → ${fixed(result.settledRss.all)} → ${fixed(result.fanOutRss)}`,
    ],
    ['RSS per 1,000 subscribers, from idle (MiB; target ≤ 20)', (result) => fixed(per1000(result), 1)],
    [`RSS per 1,000 subscribers, marginal from ${SUBSCRIBERS / 10} to ${SUBSCRIBERS} (MiB)`, (result) => fixed(marginalPer1000(result), 1)],
  ];
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  const header = ['', ...results.map((result) => result.label)];
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}; ` +
      `\`subscription { tokenPrices(symbols: ["TK<n>"]) { close } }\`, subscriber i on key i mod ${KEYS} (with two replicas, on replica ⌊i / ${KEYS}⌋ mod 2: each follows every key); ` +
      `LIVE_INTERVAL_MS_PRICES=${INTERVAL_MS}, prices step every ${CHANGE_MS} ms, ${DURATION_S} s measured per setup; ` +
      `${pinned ? 'gateways on core 1, subscribers, upstream and Redis on core 0' : 'not pinned'}; ` +
      `started with \`${process.env.BENCH_GATEWAY_CMD?.trim() || 'node dist/main.js'}\`. Polls per interval are per nominal interval: the registry's 0–10 % jitter makes them a little under one per key. ` +
      'RSS is read 2 s after the subscriptions open, values still changing; per 1,000 subscribers from idle: (RSS with all − idle RSS) ÷ thousands of subscribers; marginal: (RSS with all − RSS with a tenth) ÷ thousands added.',
    '',
    line(header),
    line(header.map((_, index) => (index ? '---:' : '---'))),
    ...rows.map(([title, cell]) => line([title, ...results.map(cell)])),
    '',
  ].join('\n');
}

/** Runs the live load: one process, then two replicas on Redis (or the one LIVE_ONLY names). */
export async function runLive(): Promise<void> {
  const pinned = cpus().length >= 2 && canPin();
  if (pinned) pinSelf('0');
  const gateway = GATEWAYS.find((candidate) => candidate.id === 'this');
  const buildSeconds = gateway?.prepare({ ...process.env }) ?? 0;
  if (buildSeconds) console.log(`built in ${fixed(buildSeconds, 1)} s`);
  const upstream = startProcess('live upstream', `"${process.execPath}" --import tsx bench/live-upstream.ts ${CHANGE_MS}`, {
    cwd: ROOT,
    env: { ...process.env },
    cores: pinned ? '0' : undefined,
  });
  const upstreamUrl = await new Promise<string>((resolve, reject) => {
    let text = '';
    upstream.child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    upstream.child.once('exit', (code) => reject(new Error(`live upstream exited (${code}):\n${upstream.output()}`)));
  });
  let redis: RedisServer | undefined;
  const results: SetupResult[] = [];
  try {
    if (ONLY === undefined || ONLY === 'one') results.push(await measureSetup('one process', upstreamUrl, 1, undefined, pinned));
    if (ONLY === undefined || ONLY === 'production') {
      // The production profile: NODE_ENV=production, a JWT checked for every subscriber, limits and sampled tracing on.
      const production = await startProductionServices();
      try {
        results.push(await measureSetup('one process, production', upstreamUrl, 1, undefined, pinned, production));
      } finally {
        await production.close();
      }
    }
    if (ONLY === undefined || ONLY === 'two') {
      if (!hasRedisServer()) throw new Error('the two-replica setup needs redis-server on PATH');
      redis = await startRedisServer();
      results.push(await measureSetup('two replicas + Redis', upstreamUrl, 2, redis.url, pinned));
    }
    const markdown = table(results, pinned);
    console.log(`\n${markdown}`);
    writeFileSync(RESULT_FILE, markdown);
    console.log('written to bench/last-live.md');
  } finally {
    await redis?.stop();
    await upstream.stop();
  }
}
