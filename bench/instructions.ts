/**
 * `npm run bench:instructions`: what one request costs this gateway's main thread, in machine
 * instructions counted by valgrind's callgrind, for each profile of `npm run bench`, for the
 * production profile with some of its features left out, and for development with some added.
 *
 * Why instructions and not seconds: on these shared two-core machines the same build's CPU per
 * request moves by a third between rounds, so a change of a few microseconds, or the share of one
 * production feature, cannot be read off op/s. Instructions retired depend far less on what else
 * the machine is doing, but not on nothing: the same variant has counted 2-8 % apart from run to
 * run, mostly by how much code still ran in V8's baseline tier when the count began (under
 * valgrind the compiler threads tier code up at another pace). RUNS=3 reports each variant's
 * median; a difference under about 8 % needs it. The counts leave out the kernel (the syscalls per
 * request are the same in every profile: `strace -c` shows one read of the request, one write of
 * the answer, one upstream exchange on a miss) and V8's background threads. Work done on a timer
 * (the request log's flush each second, a trace export each OTEL_BSP_SCHEDULE_DELAY) runs as often
 * per second as at full speed while requests go some fifty times slower, so it weighs more per
 * request here than at full speed, and more when the machine is busy: run one count at a time.
 * `node --single-threaded` (compilation and GC on the main thread) spread wider, not narrower.
 * So the counts rank changes and attribute a profile's cost; op/s stays the figure that counts.
 *
 * Each variant is its own gateway process under callgrind, over the same static upstream as
 * `npm run bench`: WARMUP requests (JIT and caches settle), a dump, REQUESTS requests, a dump;
 * the second dump's main-thread total divided by REQUESTS is the figure. Needs valgrind (Debian:
 * `apt-get install valgrind`); about three and a half minutes per variant.
 *
 * Environment: VARIANTS (comma-separated ids of variants.ts; all by default), QUERY (Q1 or
 * Q2; Q1), WARMUP (4000), REQUESTS (2000), CONNECTIONS (4), RUNS (1), BENCH_GATEWAY_CMD as for the bench.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { wholeNumberVariable } from '../src/gateway/env-number.js';
import { gatewayEnv, ROOT } from './gateways.js';
import { median } from './median.js';
import { graphqlPool } from './load.js';
import { freePort, startProcess, waitForFirstAnswer } from './proc.js';
import { type ProductionServices, startProductionServices } from './production.js';
import { startUpstreamProcess, upstreamEnv } from './upstream-process.js';
import { chosenVariants, preparedQuery, type Variant, VARIANT_SETTINGS, variantGateway, variantSetting } from './variants.js';

const setting = (name: string, fallback: number): number => wholeNumberVariable(process.env, name, fallback, 1);
const WARMUP = setting('WARMUP', 4000);
const REQUESTS = setting('REQUESTS', 2000);
const CONNECTIONS = setting('CONNECTIONS', 4);
const RUNS = setting('RUNS', 1);
const OUT = `${ROOT}bench/peers/node_modules/.bench-work/instructions/`;

/** Sends `count` POSTs of `query` over CONNECTIONS connections; throws at the first answer that is not a 200 with data and no error. */
async function send(url: string, query: string, headers: Record<string, string>, count: number): Promise<void> {
  const client = graphqlPool(url, CONNECTIONS, headers);
  let sent = 0;
  const connection = async (): Promise<void> => {
    while (sent < count) {
      sent += 1;
      await client.post(query);
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  } finally {
    await client.close();
  }
}

/** The main thread's instructions in callgrind's second dump (`<out>.2-01`). */
function mainThreadInstructions(folder: string): number {
  const file = readdirSync(folder).find((name) => name.endsWith('.2-01'));
  if (!file) throw new Error(`callgrind wrote no second dump of the main thread in ${folder}`);
  const total = /^(?:summary|totals): (\d+)/m.exec(readFileSync(`${folder}${file}`, 'utf8'))?.[1];
  if (total === undefined) throw new Error(`no total in ${folder}${file}`);
  return Number(total);
}

/** The pid of the valgrind process writing into `folder` (the shell that started it is its parent). */
function valgrindPid(folder: string): number {
  // valgrind runs as valgrind.bin on Debian; the shell's own command line has the word after a space.
  const listed = spawnSync('pgrep', ['-f', `(^|/)valgrind(\\.bin)? .*--callgrind-out-file=${folder}cg`], { encoding: 'utf8' }).stdout;
  const pid = Number(listed.trim().split('\n')[0]);
  if (!pid) throw new Error(`no valgrind process found for ${folder}`);
  return pid;
}

async function measure(
  id: string,
  variant: Variant,
  production: ProductionServices,
  urls: { plain: NodeJS.ProcessEnv; cacheable: NodeJS.ProcessEnv },
  query: string,
): Promise<number> {
  const gateway = variantGateway(variant);
  const folder = `${OUT}${id}/`;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const port = await freePort();
  const { command, cwd } = gateway.command(port);
  const valgrind = `valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file=${folder}cg.%p ${command}`;
  const { env, headers } = variantSetting(variant, production, variant.cached ? urls.cacheable : urls.plain);
  const started = startProcess(id, valgrind, { cwd, env: gatewayEnv(gateway, env, port) });
  try {
    const url = `http://127.0.0.1:${port}/graphql`;
    // Under valgrind the start takes a minute or two.
    await waitForFirstAnswer(started, url, query, performance.now(), headers, 600_000);
    const pid = valgrindPid(folder);
    await send(url, query, headers, WARMUP);
    execFileSync('callgrind_control', ['--dump', String(pid)], { stdio: 'ignore' });
    await send(url, query, headers, REQUESTS);
    execFileSync('callgrind_control', ['--dump', String(pid)], { stdio: 'ignore' });
    return mainThreadInstructions(folder) / REQUESTS;
  } finally {
    await started.stop();
  }
}

async function main(): Promise<void> {
  if (spawnSync('valgrind', ['--version']).status !== 0) throw new Error('valgrind is not installed (Debian: apt-get install valgrind)');
  const chosen = chosenVariants(process.env.VARIANTS ?? Object.keys(VARIANT_SETTINGS).join(','));
  const { id: queryId, query } = preparedQuery(process.env);
  const production = await startProductionServices();
  const plain = await startUpstreamProcess();
  const cacheable = await startUpstreamProcess({ cacheControl: 'public, max-age=86400' });
  const urls = { plain: upstreamEnv(plain.urls), cacheable: upstreamEnv(cacheable.urls) };
  const counted: { id: string; variant: Variant; perRequest: number }[] = [];
  try {
    for (const { id, variant } of chosen) {
      const runs: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(await measure(id, variant, production, urls, query));
        console.log(
          `${id.padEnd(22)} ${Math.round(runs.at(-1) ?? 0)
            .toLocaleString('en-US')
            .padStart(10)} instructions per request`,
        );
      }
      counted.push({ id, variant, perRequest: median(runs) });
    }
  } finally {
    await Promise.all([plain.close(), cacheable.close(), production.close()]);
  }
  const spelt = (count: number): string => Math.round(count).toLocaleString('en-US');
  const rows = counted.map(({ id, variant, perRequest }) => {
    // Its profile's own count, when that ran too: same profile, same cache, no difference.
    const profile = counted.find(
      (other) =>
        other.variant.differs === undefined && other.variant.cached === variant.cached && other.variant.profile === variant.profile,
    );
    const change =
      profile === undefined || variant.differs === undefined
        ? ''
        : `${perRequest >= profile.perRequest ? '+' : ''}${spelt(perRequest - profile.perRequest)}`;
    return `| ${id} | ${variant.profile}${variant.cached ? ', cached' : ''} | ${variant.differs ?? ''} | ${spelt(perRequest)} | ${change} |`;
  });
  console.log(
    [
      '',
      `${queryId}, main thread, ${REQUESTS} requests after ${WARMUP} (callgrind)${RUNS > 1 ? `, median of ${RUNS} runs` : ''}:`,
      '',
      '| variant | profile | differs from it | instructions per request | change |',
      '|---|---|---|---:|---:|',
      ...rows,
    ].join('\n'),
  );
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
