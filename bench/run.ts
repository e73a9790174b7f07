/**
 * `npm run bench`: the gateway against the sandboxes on loopback, in one run.
 * - Batching: two cross-interface queries through the gateway, against a client that asks the
 *   REST interfaces itself the obvious way (one request per item); ratios of time and requests.
 * - Throughput: a bounded burst of small queries at fixed concurrency (req/s, p50, p95).
 * - Memory: resident set size before and after.
 * Numbers vary with the machine; compare ratios taken in the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGatewaySchema } from '../src/gateway/build-schema.js';
import { SANDBOXES } from '../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../src/sandbox/sandbox-server.js';
import { createGateway } from '../src/gateway/server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = 5;
const BURST = 400;
const CONCURRENCY = 10;

type Sandboxes = Record<string, RunningSandbox>;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const median = (values: number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function timed(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function json(url: string, headers: Record<string, string> = {}): Promise<any> {
  const response = await fetch(url, { headers });
  return response.json();
}

function requestCount(sandboxes: Sandboxes): number {
  return Object.values(sandboxes).reduce((sum, sandbox) => sum + sandbox.requests.length, 0);
}

async function compare(name: string, sandboxes: Sandboxes, viaGateway: () => Promise<void>, direct: () => Promise<void>): Promise<void> {
  const gatewayTimes: number[] = [];
  const directTimes: number[] = [];
  let gatewayRequests = 0;
  let directRequests = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    let before = requestCount(sandboxes);
    gatewayTimes.push(await timed(viaGateway));
    gatewayRequests = requestCount(sandboxes) - before;
    before = requestCount(sandboxes);
    directTimes.push(await timed(direct));
    directRequests = requestCount(sandboxes) - before;
  }
  const g = median(gatewayTimes);
  const d = median(directTimes);
  console.log(`${name}\n  gateway: ${g.toFixed(1)} ms, ${gatewayRequests} upstream requests (last round)`);
  console.log(`  direct:  ${d.toFixed(1)} ms, ${directRequests} upstream requests`);
  console.log(
    `  ratio direct/gateway: time ${(d / g).toFixed(1)}x, requests ${(directRequests / Math.max(1, gatewayRequests)).toFixed(0)}x`,
  );
}

async function main(): Promise<void> {
  const dataRoot = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
  const rssStart = process.memoryUsage().rss;
  const sandboxes: Sandboxes = {};
  for (const entry of SANDBOXES) sandboxes[entry.upstream] = await startSandbox(entry.create({ dataDir: join(dataRoot, entry.upstream) }));
  const upstreams = SANDBOXES.map((entry) => ({
    name: entry.upstream,
    url: sandboxes[entry.upstream]?.url ?? '',
    credentials: entry.credentials,
  }));
  const { schema, destroy } = await buildGatewaySchema(ROOT);
  // No shared cache: every round pays for its upstream requests, as a cold gateway would.
  const server = createServer(createGateway({ schema, upstreams, upstreamTimeoutMs: 10_000, cacheTtlMs: 0 }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  const query = async (text: string): Promise<void> => {
    const response = await fetch(gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: text }),
    });
    const body = (await response.json()) as { errors?: unknown };
    if (body.errors) throw new Error(`bench query failed: ${JSON.stringify(body.errors)}`);
  };
  const d = `${sandboxes['country-data']?.url}`;
  const a = `${sandboxes['crypto-analytics']?.url}`;
  const dKey = { authorization: 'Bearer rc_live_demo' };
  const aKey = { api_key: 'tm-sandbox-demo' };

  await compare(
    '100 countries, each with its rate into EUR',
    sandboxes,
    () => query('{ countries(limit: 100) { nodes { codes { alpha2 } currencyRate(to: "EUR") } } }'),
    async () => {
      const page = await json(`${d}/countries/v5?limit=100`, dKey);
      await Promise.all(
        page.data.objects.map((country: any) =>
          country.currencies[0] ? json(`${d}/currencies/v1/convert?from=${country.currencies[0].code}&to=EUR&amount=1`, dKey) : undefined,
        ),
      );
    },
  );
  await compare(
    "50 tokens, each priced in Japan's currency",
    sandboxes,
    () => query('{ tokens(limit: 50) { symbol priceIn(country: "JP") { amount } } }'),
    async () => {
      const tokens = await json(`${a}/v1/tokens?limit=50`, aKey);
      const today = new Date().toISOString().slice(0, 10);
      const [japan] = await Promise.all([json(`${d}/countries/v5/code?q=JP`, dKey), json(`${d}/currencies/v1/rates?base=USD`, dKey)]);
      if (!japan.data.objects[0]) throw new Error('no Japan');
      await Promise.all(
        tokens.data.map((token: any) => json(`${a}/v1/price?tokens=${token.TOKEN_ID}&startDate=${today}&endDate=${today}`, aKey)),
      );
    },
  );

  const latencies: number[] = [];
  let next = 0;
  const burstStart = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < BURST) {
        next += 1;
        latencies.push(await timed(() => query('{ country(code: "FR") { names { common } currencies { code } } }')));
      }
    }),
  );
  const seconds = (performance.now() - burstStart) / 1000;
  latencies.sort((x, y) => x - y);
  console.log(
    `throughput: ${BURST} queries at concurrency ${CONCURRENCY}: ${(BURST / seconds).toFixed(0)} req/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
  );
  console.log(`memory: rss ${mb(rssStart)} at start, ${mb(process.memoryUsage().rss)} at end`);

  server.closeAllConnections();
  server.close();
  destroy();
  await Promise.all(Object.values(sandboxes).map((sandbox) => sandbox.close()));
  rmSync(dataRoot, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
