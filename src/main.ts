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
import { type GatewayConfig, loadConfig, UPSTREAM_VARIABLES, type UpstreamName } from './gateway/config.js';
import { INTERFACES } from './gateway/interfaces/registry.js';
import { createLogger, type Logger } from './gateway/logger.js';
import { createDrain } from './gateway/ops/drain.js';
import { loadEnvFileIfPresent } from './gateway/ops/env-file.js';
import { type BoundServer, bindEarly } from './gateway/ops/listen.js';
import { SETTLED_CHANNEL } from './gateway/ops/code-cache.js';
import { holdOptimizingTiers } from './gateway/ops/optimizing-tiers.js';
import type { ResolvedUpstream } from './gateway/upstream/upstream-fetch.js';
import type { BreakerState } from './gateway/upstream/upstream-transport.js';

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

/** How long one readiness probe may take; short, so `/readyz` answers well within a probe's timeout. */
const READINESS_PROBE_TIMEOUT_MS = 2_000;

/**
 * Resolves every registered interface to a URL, starting the sandbox it names (interface.ts:
 * `sandbox`, an entry of src/sandbox/registry.ts) where none is configured; their closers returned.
 */
async function resolveUpstreams(
  config: GatewayConfig,
  logger: Logger,
): Promise<{ upstreams: ResolvedUpstream[]; sandboxes: UpstreamName[]; closers: (() => Promise<void>)[] }> {
  const { systemClock } = await import('./gateway/clock.js');
  const upstreams: ResolvedUpstream[] = [];
  const closers: (() => Promise<void>)[] = [];
  for (const { name, sandbox: sandboxName, vendor } of INTERFACES) {
    const upstream = config.upstreams[name];
    if (upstream.url) {
      upstreams.push({ name, url: upstream.url, credentials: { key: upstream.key, userToken: upstream.userToken }, vendor });
      logger.info({ upstream: name, url: upstream.url }, 'upstream configured');
      continue;
    }
    const { SANDBOXES } = await import('./sandbox/registry.js');
    const { startSandbox } = await import('./sandbox/sandbox-server.js');
    const entry = SANDBOXES.find((candidate) => candidate.upstream === sandboxName);
    if (!entry) continue;
    const sandbox = await startSandbox(entry.create({ clock: systemClock }));
    closers.push(sandbox.close);
    upstreams.push({
      name,
      url: sandbox.url,
      credentials: { key: upstream.key ?? entry.credentials.key, userToken: upstream.userToken ?? entry.credentials.userToken },
      vendor,
    });
    // Only ALLOW_SANDBOXES lets production get here: made-up data should not pass unnoticed.
    if (config.production) logger.warn({ upstream: name, url: sandbox.url }, 'upstream: built-in sandbox in production');
    else logger.info({ upstream: name, url: sandbox.url }, 'upstream: built-in sandbox');
  }
  return {
    upstreams,
    sandboxes: upstreams.filter((upstream) => !config.upstreams[upstream.name].url).map((upstream) => upstream.name),
    closers,
  };
}

async function serve(config: GatewayConfig, bound: BoundServer, logger: Logger): Promise<void> {
  holdYoungGeneration();
  const releaseOptimizingTiers = holdOptimizingTiers();
  const closers: (() => void | Promise<void>)[] = [];
  // Set once the gateway exists; the drain completes its live streams before the connections close.
  const streams = { end: (): Promise<void> => Promise.resolve() };
  const drain = createDrain({
    server: bound.server,
    timeoutMs: config.shutdownTimeoutMs,
    logger,
    closers,
    endStreams: () => streams.end(),
  });
  const onSignal = (signal: NodeJS.Signals): void => {
    void drain.run(signal).then((code) => process.exit(code));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  if (config.tracing) {
    const { startTracing } = await import('./gateway/ops/tracing/start-tracing.js');
    // Closers run once every request has finished, so the flush exports the drain's last spans too.
    closers.push(startTracing(config.tracing.serviceName));
    logger.info({ serviceName: config.tracing.serviceName }, 'tracing: exporting spans over OTLP/HTTP');
  }
  const resolved = await resolveUpstreams(config, logger);
  const { buildGatewaySchema } = await import('./gateway/build-schema.js');
  const { createGatewayServer, createPollRegistry } = await import('./gateway/server.js');
  const { probeUpstreams, withBreakerStates } = await import('./gateway/ops/readiness.js');
  const { UpstreamTransport } = await import('./gateway/upstream/upstream-transport.js');
  const { systemClock } = await import('./gateway/clock.js');
  const { schema, destroy } = await buildGatewaySchema(root, {
    typePrefix: config.typePrefix,
    federationAuthDirectives: config.federationAuthDirectives,
    logger,
    authRequired: config.identity.required,
  });
  const sharedStore = config.redis
    ? new (await import('./gateway/cache/redis-store.js')).RedisStore({ ...config.redis, logger })
    : undefined;
  // One set of pools and breakers for the process: readiness reads the breakers, the drain closes the pools.
  const { GatewayMetrics } = await import('./gateway/ops/metrics.js');
  const metrics: InstanceType<typeof GatewayMetrics> | undefined = config.metrics
    ? new GatewayMetrics((): Partial<Record<UpstreamName, BreakerState>> => transport.breakerStates())
    : undefined;
  const transport = new UpstreamTransport({
    ...config.upstream,
    timeoutMs: config.upstreamTimeoutMs,
    logger,
    observer: metrics,
    upstreams: resolved.upstreams.map(({ name }) => name),
  });
  // With Redis, replicas share live keys: one polls each, the others relay what it publishes.
  const liveBus = config.redis
    ? (await import('./gateway/live/redis-live-bus.js')).createRedisLiveBus({ ...config.redis, logger })
    : undefined;
  const liveRegistry = createPollRegistry({ settings: config.live, bus: liveBus, logger, metrics });
  streams.end = () => liveRegistry.close();
  const { Identity, identityEnabled } = await import('./gateway/callers/identity.js');
  // One per process: it holds the JWKS cache.
  const identity = identityEnabled(config.identity) ? new Identity(config.identity) : undefined;
  const counters = config.callerLimits
    ? (await import('./gateway/callers/counter-store.js')).createCounterStore({
        redisUrl: config.redis?.url,
        keyPrefix: config.redis?.keyPrefix ?? '',
        logger,
      })
    : undefined;
  // The gateway closes before what it depends on: its pools, Mesh's handles, then the sandboxes.
  closers.push(
    () => transport.close(),
    ...(sharedStore ? [() => sharedStore.close()] : []),
    ...(liveBus ? [() => liveBus.close()] : []),
    ...(counters ? [() => counters.close()] : []),
    destroy,
    ...resolved.closers,
  );
  if (drain.isDraining()) return;
  const gateway = createGatewayServer({
    schema,
    upstreams: resolved.upstreams,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    cacheTtlMs: config.cacheTtlMs,
    clock: systemClock,
    sandboxUpstreams: [...resolved.sandboxes, ...config.sandboxUpstreams],
    ...(config.corsOrigins ? { corsOrigins: config.corsOrigins } : {}),
    readiness: {
      provider: withBreakerStates(
        () => transport.breakerStates(),
        probeUpstreams(resolved.upstreams, { timeoutMs: READINESS_PROBE_TIMEOUT_MS, cacheMs: config.readinessCacheMs }),
      ),
      isDraining: drain.isDraining,
      requires: config.readinessRequires,
    },
    logger,
    limits: config.limits,
    transport,
    persisted: config.persisted,
    metrics: metrics ?? false,
    jit: config.jit,
    compression: config.compression,
    requestLog: { sampleOk: config.log.sampleOk },
    posture: config.posture,
    live: { settings: config.live, registry: liveRegistry },
    ...(sharedStore ? { sharedStore } : {}),
    ...(identity ? { identity } : {}),
    ...(config.callerLimits && counters ? { callerLimits: { settings: config.callerLimits, counters } } : {}),
  });
  const { attachGraphqlWs, CALLER_CREDENTIAL_HEADERS } = await import('./gateway/ops/websocket.js');
  const { clientCredentialHeaders } = await import('./gateway/live/live-poller.js');
  // GraphQL over WebSocket on the same port; the drain ends its connections (complete, then 1001) with the live streams.
  const websocket = attachGraphqlWs(bound.server, gateway.yoga, {
    maxPayloadBytes: config.limits.maxRequestBytes,
    logger,
    credentialHeaders: [...CALLER_CREDENTIAL_HEADERS, ...clientCredentialHeaders(resolved.upstreams)],
    ...(config.corsOrigins ? { corsOrigins: config.corsOrigins } : {}),
  });
  streams.end = async () => {
    await Promise.all([websocket.close(), liveRegistry.close()]);
  };
  bound.serve(gateway.listener);
  settleHeapWhenIdle(releaseOptimizingTiers);
  const host = bound.address.family === 'IPv6' ? `[${bound.address.address}]` : bound.address.address;
  const { introspection, graphiql, addressAdminOperations } = config.posture;
  logger.info(
    { url: `http://${host}:${bound.address.port}/graphql`, introspection, graphiql, addressAdminOperations },
    graphiql ? 'gateway ready: GraphQL and GraphiQL' : 'gateway ready: GraphQL',
  );
}

/** The variables that point a worker at the sandboxes the primary started, with their credentials. */
function sandboxVariables(upstreams: readonly ResolvedUpstream[], sandboxes: readonly UpstreamName[]): Record<string, string> {
  const env: Record<string, string> = { GATEWAY_SANDBOX_UPSTREAMS: sandboxes.join(',') };
  for (const upstream of upstreams.filter((candidate) => sandboxes.includes(candidate.name))) {
    const variables = UPSTREAM_VARIABLES[upstream.name];
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
  const resolved = await resolveUpstreams(config, logger);
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
