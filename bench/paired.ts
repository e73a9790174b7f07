/**
 * `npm run bench:paired`: variants of this gateway (variants.ts) loaded at the same time, every
 * one pinned to the same core, so that the core's time is shared out among them while they run.
 * Each is kept busy (CONNECTIONS requests in flight), so each gets an equal share of the core, and
 * the ratio of two variants' throughputs in a round is the inverse ratio of what one request
 * costs them. Whatever slows the machine during a round slows them all alike: on these shared
 * two-core machines the ratio holds to about a hundredth from round to round, where the
 * interleaved rounds of `npm run bench`, a few seconds apart, differ by a tenth.
 *
 * What it does not say: op/s (each variant gets a share of a core, not one); and work done on a
 * timer (the request log's flush, a trace export each OTEL_BSP_SCHEDULE_DELAY) weighs as many
 * times more per request as there are variants, as under callgrind. The processes also evict
 * each other's caches, which a larger working set pays for more. `npm run bench` stays the figure
 * that counts; this one ranks changes and attributes a profile's cost.
 *
 * Environment: VARIANTS (comma-separated ids of variants.ts; `dev,prod`), the first the one the
 * others are compared with; QUERY (Q1 or Q2; Q1); ROUNDS (7); DURATION seconds per round (5);
 * WARMUP seconds, all loaded together, before the first (15); CONNECTIONS per variant (8);
 * BENCH_GATEWAY_CMD as for the bench.
 */
import { cpus } from 'node:os';
import { wholeNumberVariable } from '../src/gateway/env-number.js';
import { gatewayEnv } from './gateways.js';
import { graphqlPool } from './load.js';
import { median } from './median.js';
import { canPin, freePort, pinSelf, type Started, startProcess, waitForFirstAnswer } from './proc.js';
import { startProductionServices } from './production.js';
import { startUpstreamProcess, upstreamEnv } from './upstream-process.js';
import { chosenVariants, preparedQuery, type Variant, variantGateway, variantSetting } from './variants.js';

const setting = (name: string, fallback: number): number => wholeNumberVariable(process.env, name, fallback, 1);
const ROUNDS = setting('ROUNDS', 7);
const DURATION = setting('DURATION', 5);
const WARMUP = setting('WARMUP', 15);
const CONNECTIONS = setting('CONNECTIONS', 8);

interface Running {
  id: string;
  variant: Variant;
  started: Started;
  url: string;
  headers: Record<string, string>;
}

/** Requests per second `running` answered with CONNECTIONS in flight for `seconds`; throws at the first failed answer. */
async function throughput(running: Running, query: string, seconds: number): Promise<number> {
  const client = graphqlPool(running.url, CONNECTIONS, running.headers);
  const end = performance.now() + seconds * 1000;
  let answered = 0;
  const lane = async (): Promise<void> => {
    while (performance.now() < end) {
      await client.post(query);
      answered += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, lane));
  } finally {
    await client.close();
  }
  return answered / seconds;
}

async function main(): Promise<void> {
  const chosen = chosenVariants(process.env.VARIANTS ?? 'dev,prod');
  if (chosen.length < 2) throw new Error('VARIANTS: name at least two variants, the first the one the others are compared with');
  if (cpus().length < 2 || !canPin())
    throw new Error('bench:paired needs two cores and taskset: the variants share one, the load the other');
  const { id: queryId, query } = preparedQuery(process.env);
  pinSelf('0');
  const production = await startProductionServices();
  const plain = await startUpstreamProcess({ cores: '0' });
  const cacheable = await startUpstreamProcess({ cores: '0', cacheControl: 'public, max-age=86400' });
  const running: Running[] = [];
  try {
    for (const { id, variant } of chosen) {
      const gateway = variantGateway(variant);
      const port = await freePort();
      const { command, cwd } = gateway.command(port);
      const { env, headers } = variantSetting(variant, production, upstreamEnv((variant.cached ? cacheable : plain).urls));
      const started = startProcess(id, command, { cwd, env: gatewayEnv(gateway, env, port), cores: '1' });
      const url = `http://127.0.0.1:${port}/graphql`;
      running.push({ id, variant, started, url, headers });
      await waitForFirstAnswer(started, url, query, performance.now(), headers, 60_000);
    }
    await Promise.all(running.map((each) => throughput(each, query, WARMUP)));
    const rounds: number[][] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const answered = await Promise.all(running.map((each) => throughput(each, query, DURATION)));
      rounds.push(answered);
      const base = answered[0] ?? 0;
      console.log(`round ${round}  ${running.map((each, index) => `${each.id} ${((answered[index] ?? 0) / base).toFixed(3)}`).join('  ')}`);
    }
    const rows = running.map((each, index) => {
      const ratios = rounds.map((answered) => (answered[index] ?? 0) / (answered[0] ?? 1));
      const spread = `${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}`;
      const shared = Math.round(median(rounds.map((answered) => answered[index] ?? 0)));
      return `| ${each.id} | ${each.variant.profile}${each.variant.cached ? ', cached' : ''} | ${each.variant.differs ?? ''} | ${shared} | ${median(ratios).toFixed(3)} | ${spread} |`;
    });
    console.log(
      [
        '',
        `${queryId}, ${running.length} variants sharing core 1 at once, ${CONNECTIONS} requests in flight each, ${ROUNDS} rounds of ${DURATION} s after ${WARMUP} s (medians):`,
        '',
        `| variant | profile | differs from it | op/s on a shared core | ÷ ${running[0]?.id} | rounds |`,
        '|---|---|---|---:|---:|---|',
        ...rows,
      ].join('\n'),
    );
  } finally {
    await Promise.all(running.map((each) => each.started.stop()));
    await Promise.all([plain.close(), cacheable.close(), production.close()]);
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
