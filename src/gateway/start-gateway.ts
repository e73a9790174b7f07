/**
 * The gateway's start for a set of interfaces: resolve each to a URL, build the schema, wire the
 * transport, live registry, callers and WebSocket relay, and serve on an already bound server.
 * `npm start` (src/main.ts) runs it for the registry (interfaces/registry.ts); a test runs it for
 * the registry with a line added, so both walk one path. Process concerns (signals, exit codes,
 * V8's flags) stay with the caller; so do the sandboxes, which the product never imports: the
 * caller hands in `startSandbox`, and only src/main.ts passes one that loads sandbox code.
 *
 * Only light modules are imported statically: the slow ones load once the port is bound.
 */
import type { GatewayConfig, UpstreamName } from './config.js';
import type { Interfaces } from './interfaces/registry.js';
import type { Logger } from './logger.js';
import { createDrain, type Drain } from './ops/drain.js';
import type { BoundServer } from './ops/listen.js';
import type { ResolvedUpstream } from './upstream/upstream-fetch.js';
import type { Credentials } from './upstream/vendor-profile.js';
import type { BreakerState } from './upstream/upstream-transport.js';
import type { RootSampling } from './ops/tracing/root-sampling.js';

/** How long one readiness probe may take; short, so `/readyz` answers well within a probe's timeout. */
const READINESS_PROBE_TIMEOUT_MS = 2_000;

/** A sandbox the caller started for an interface: where it listens, the credentials it takes, how to close it. */
export interface StartedSandbox {
  url: string;
  credentials: Credentials;
  close(): Promise<void>;
}

/** Starts the sandbox an interface names (its `sandbox`), or answers undefined when there is none. */
export type SandboxStarter = (sandbox: string) => Promise<StartedSandbox | undefined>;

export interface ResolvedUpstreams {
  upstreams: ResolvedUpstream[];
  /** The interfaces served by a built-in sandbox (provenance says so). */
  sandboxes: UpstreamName[];
  closers: (() => Promise<void>)[];
}

/**
 * Resolves every interface of `interfaces` to a URL: the configured one, else the sandbox it names
 * started by `startSandbox`; an interface with neither is left out. Their closers returned.
 */
export async function resolveUpstreams(
  config: GatewayConfig,
  interfaces: Interfaces,
  logger: Logger,
  startSandbox?: SandboxStarter,
): Promise<ResolvedUpstreams> {
  const upstreams: ResolvedUpstream[] = [];
  const closers: (() => Promise<void>)[] = [];
  const sandboxes: UpstreamName[] = [];
  for (const { name, sandbox: sandboxName, vendor } of interfaces) {
    const upstream = config.upstreams[name];
    if (upstream.url) {
      upstreams.push({ name, url: upstream.url, credentials: { key: upstream.key, userToken: upstream.userToken }, vendor });
      logger.info({ upstream: name, url: upstream.url }, 'upstream configured');
      continue;
    }
    const sandbox = sandboxName === undefined ? undefined : await startSandbox?.(sandboxName);
    if (!sandbox) continue;
    closers.push(sandbox.close);
    sandboxes.push(name);
    upstreams.push({
      name,
      url: sandbox.url,
      credentials: { key: upstream.key ?? sandbox.credentials.key, userToken: upstream.userToken ?? sandbox.credentials.userToken },
      vendor,
    });
    // Only ALLOW_SANDBOXES lets production get here: made-up data should not pass unnoticed.
    if (config.production) logger.warn({ upstream: name, url: sandbox.url }, 'upstream: built-in sandbox in production');
    else logger.info({ upstream: name, url: sandbox.url }, 'upstream: built-in sandbox');
  }
  return { upstreams, sandboxes, closers };
}

export interface StartGatewayOptions {
  config: GatewayConfig;
  /** The interfaces served: the registry's, or a test's registry with a line added. */
  interfaces: Interfaces;
  /** The server `bindEarly` bound; the gateway's listener is attached to it once built. */
  bound: BoundServer;
  logger: Logger;
  /** The repository's root, where the build step's Mesh artefact is (`dist/mesh`). */
  root: string;
  /** Where the build step wrote the Mesh artefact of `interfaces`, when not under `root`. */
  meshArtifactDir?: string;
  /** Starts an interface's sandbox where no URL is configured; none are started without it. */
  startSandbox?: SandboxStarter;
  /** Told of the drain as soon as it exists, before the slow start, so a signal can already run it. */
  onDrain?: (drain: Drain) => void;
}

/**
 * Starts the gateway for `options.interfaces` on `options.bound` and resolves with its drain once
 * it serves (or at once, when the drain began during the start). Running the drain closes the
 * server, then the gateway's pools, Mesh's handles and the sandboxes, in that order.
 */
export async function startGateway(options: StartGatewayOptions): Promise<Drain> {
  const { config, interfaces, bound, logger } = options;
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
  options.onDrain?.(drain);

  let rootSampling: RootSampling | undefined;
  if (config.tracing) {
    const { startTracing } = await import('./ops/tracing/start-tracing.js');
    const tracing = startTracing(config.tracing);
    // Closers run once every request has finished, so the flush exports the drain's last spans too.
    closers.push(tracing.stop);
    rootSampling = tracing.rootSampling;
    logger.info({ serviceName: config.tracing.serviceName }, 'tracing: exporting spans over OTLP/HTTP');
  }
  const resolved = await resolveUpstreams(config, interfaces, logger, options.startSandbox);
  const { buildGatewaySchema } = await import('./build-schema.js');
  const { createGatewayServer, createPollRegistry } = await import('./server.js');
  const { probeUpstreams, withBreakerStates } = await import('./ops/readiness.js');
  const { UpstreamTransport } = await import('./upstream/upstream-transport.js');
  const { systemClock } = await import('./clock.js');
  const { schema, destroy } = await buildGatewaySchema(options.root, {
    interfaces,
    ...(options.meshArtifactDir ? { meshArtifactDir: options.meshArtifactDir } : {}),
    typePrefix: config.typePrefix,
    federationAuthDirectives: config.federationAuthDirectives,
    logger,
    authRequired: config.identity.required,
  });
  const sharedStore = config.redis ? new (await import('./cache/redis-store.js')).RedisStore({ ...config.redis, logger }) : undefined;
  // One set of pools and breakers for the process: readiness reads the breakers, the drain closes the pools.
  const { GatewayMetrics } = await import('./ops/metrics.js');
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
  const liveBus = config.redis ? (await import('./live/redis-live-bus.js')).createRedisLiveBus({ ...config.redis, logger }) : undefined;
  const liveRegistry = createPollRegistry({ settings: config.live, bus: liveBus, logger, metrics });
  streams.end = () => liveRegistry.close();
  const { Identity, identityEnabled } = await import('./callers/identity.js');
  // One per process: it holds the JWKS cache.
  const identity = identityEnabled(config.identity) ? new Identity(config.identity) : undefined;
  const counters = config.callerLimits
    ? (await import('./callers/counter-store.js')).createCounterStore({
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
  if (drain.isDraining()) return drain;
  const gateway = createGatewayServer({
    schema,
    upstreams: resolved.upstreams,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    cacheTtlMs: config.cacheTtlMs,
    operationCache: { maxBytes: config.operationCacheMaxBytes },
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
    ...(rootSampling ? { rootSampling } : {}),
    ...(identity ? { identity } : {}),
    ...(config.callerLimits && counters ? { callerLimits: { settings: config.callerLimits, counters } } : {}),
  });
  const { attachGraphqlWs } = await import('./ops/websocket.js');
  const { CALLER_CREDENTIAL_HEADERS } = await import('./callers/static-keys.js');
  const { clientCredentialHeaders } = await import('./live/live-poller.js');
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
  const host = bound.address.family === 'IPv6' ? `[${bound.address.address}]` : bound.address.address;
  const { introspection, graphiql, addressAdminOperations } = config.posture;
  logger.info(
    { url: `http://${host}:${bound.address.port}/graphql`, introspection, graphiql, addressAdminOperations },
    graphiql ? 'gateway ready: GraphQL and GraphiQL' : 'gateway ready: GraphQL',
  );
  return drain;
}
