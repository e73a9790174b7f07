/**
 * `npm start`, the composition root: reads `.env` and validates the configuration, binds the port,
 * then starts a sandbox for every interface without a configured URL, builds the schema and
 * serves the gateway, draining gracefully on SIGTERM/SIGINT. The only module that imports both
 * the gateway and the sandboxes; with every URL set, no sandbox code is loaded at all.
 *
 * Only light modules are imported statically: a bad value or a busy port is reported within a
 * second, before the slow imports (Mesh, the sandboxes' data) begin.
 */
import cluster from 'node:cluster';
import { channel } from 'node:diagnostics_channel';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { type GatewayConfig, loadConfig, type UpstreamName } from './gateway/config.js';
import { INTERFACES } from './gateway/interfaces/registry.js';
import { createLogger, type Logger } from './gateway/logger.js';
import { loadEnvFileIfPresent } from './gateway/ops/env-file.js';
import { type BoundServer, bindEarly } from './gateway/ops/listen.js';
import { SETTLED_CHANNEL } from './gateway/ops/code-cache.js';
import { holdOptimizingTiers } from './gateway/ops/optimizing-tiers.js';
import { resolveUpstreams, type SandboxStarter, startGateway } from './gateway/start-gateway.js';
import type { ResolvedUpstream } from './gateway/upstream/upstream-fetch.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** How long after the gateway serves its heap is settled (`settleHeapWhenIdle`): after the first requests. */
const SETTLE_HEAP_AFTER_MS = 300;
/**
 * The young generation's growth factor once settled (V8's default is 2). Under load V8 grows it
 * only after enough survives its collections; from the settled 1-2 MiB, doubling took three
 * steps to the maximum and Q2 (large answers) ran slower meanwhile (bench, alternating runs).
 * One step of 16 gets there at the first growth; an idle gateway does not grow it at all.
 */
const SETTLED_GROWTH_FACTOR = 16;

/**
 * Idle memory. Building the schema allocates a great deal that survives, so V8 grows the young
 * generation to its maximum during a start (two 16 MiB semi-spaces on Node 20) and keeps it
 * committed: a quarter of an idle gateway's RSS. Growth is held off while the gateway builds
 * (the start is no slower, measured), then, `SETTLE_HEAP_AFTER_MS` after it serves, one full
 * collection compacts what the start left behind (Node >= 22's last-resort flavour also shrinks
 * the young generation; Node 20 ignores the flavour) and the young generation may grow again as
 * V8 sees fit (`SETTLED_GROWTH_FACTOR`), so a gateway under load gets the young generation it
 * had. V8 reads both flags when it uses them, which makes setting them at run time safe here.
 */
function holdYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}

/** V8's own growth factor of the young generation, the same on Node 20 and 24 (`node --v8-options`). */
const V8_GROWTH_FACTOR = 2;

/**
 * Settles the heap (above) `SETTLE_HEAP_AFTER_MS` after the gateway serves, once `releaseTiers`
 * has put the optimizing tiers back. In between, with every V8 flag as it was when the process
 * started, it says so on `SETTLED_CHANNEL`: V8 takes a code cache only under the flags it was made
 * with, and the launcher (launcher.ts) saves the code the start compiled then.
 */
function settleHeapWhenIdle(releaseTiers: () => void): void {
  setTimeout(() => {
    releaseTiers();
    setFlagsFromString(`--semi-space-growth-factor=${V8_GROWTH_FACTOR}`);
    channel(SETTLED_CHANNEL).publish(undefined);
    // The gc() of --expose-gc, made for this one call and not left on the global object.
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as (options: { type: string; execution: string; flavor: string }) => void;
    setFlagsFromString('--no-expose-gc');
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    setFlagsFromString(`--semi-space-growth-factor=${SETTLED_GROWTH_FACTOR}`);
  }, SETTLE_HEAP_AFTER_MS).unref();
}

/**
 * Starts the built-in sandbox named `name` (src/sandbox/registry.ts, keyed by the interface's
 * `sandbox`): the one place the gateway's start meets sandbox code, loaded only when a URL is unset.
 */
const startSandbox: SandboxStarter = async (name) => {
  const { SANDBOXES } = await import('./sandbox/registry.js');
  const entry = SANDBOXES.find((candidate) => candidate.upstream === name);
  if (!entry) return undefined;
  const { startSandbox: start } = await import('./sandbox/sandbox-server.js');
  const { systemClock } = await import('./gateway/clock.js');
  const sandbox = await start(entry.create({ clock: systemClock }));
  return { url: sandbox.url, credentials: entry.credentials, close: sandbox.close };
};

async function serve(config: GatewayConfig, bound: BoundServer, logger: Logger): Promise<void> {
  holdYoungGeneration();
  const releaseOptimizingTiers = holdOptimizingTiers();
  const drain = await startGateway({
    config,
    interfaces: INTERFACES,
    bound,
    logger,
    root,
    startSandbox,
    onDrain: (created) => {
      const onSignal = (signal: NodeJS.Signals): void => {
        void created.run(signal).then((code) => process.exit(code));
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    },
  });
  if (!drain.isDraining()) settleHeapWhenIdle(releaseOptimizingTiers);
}

/** The variables that point a worker at the sandboxes the primary started, with their credentials. */
function sandboxVariables(upstreams: readonly ResolvedUpstream[], sandboxes: readonly UpstreamName[]): Record<string, string> {
  const env: Record<string, string> = { GATEWAY_SANDBOX_UPSTREAMS: sandboxes.join(',') };
  for (const upstream of upstreams.filter((candidate) => sandboxes.includes(candidate.name))) {
    const variables = INTERFACES.find(({ name }) => name === upstream.name)?.variables;
    if (!variables) continue;
    env[variables.url] = upstream.url;
    if (variables.key && upstream.credentials.key) env[variables.key] = upstream.credentials.key;
    if (variables.userToken && upstream.credentials.userToken) env[variables.userToken] = upstream.credentials.userToken;
  }
  return env;
}

/**
 * WORKERS > 1: this process checks the port, starts the sandboxes once (so every worker sees the
 * same sandbox state) and supervises the workers, which serve.
 */
async function runPrimary(config: GatewayConfig): Promise<void> {
  const logger = createLogger(config.log.level);
  let port: number;
  try {
    const probe = await bindEarly(config.host, config.port, { limits: config.http, logger });
    port = probe.address.port;
    await new Promise((resolve) => probe.server.close(resolve));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  const resolved = await resolveUpstreams(config, INTERFACES, logger, startSandbox);
  const { startWorkers } = await import('./gateway/ops/workers.js');
  const pool = startWorkers({
    count: config.workers,
    env: { PORT: String(port), ...sandboxVariables(resolved.upstreams, resolved.sandboxes) },
    logger,
  });
  const onSignal = (signal: NodeJS.Signals): void => {
    void pool.stop(signal).then(async (code) => {
      for (const close of resolved.closers) await close();
      process.exit(code);
    });
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}

async function main(): Promise<void> {
  loadEnvFileIfPresent('.env');
  let config: GatewayConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  const logger = createLogger(config.log.level);
  let bound: BoundServer;
  try {
    bound = await bindEarly(config.host, config.port, { limits: config.http, logger });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  logger.info({ host: bound.address.address, port: bound.address.port }, 'listening; building the gateway');
  await serve(config, bound, logger);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
