/**
 * A disposable gateway for tests: the sandboxes on port 0 (or given ones), the real schema, and
 * an in-process Yoga (`yoga.fetch`), closed after the file's tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExecutionResult } from 'graphql';
import { buildGatewaySchema } from '../../src/gateway/build-schema.js';
import { SANDBOXES } from '../../src/sandbox/registry.js';
import { type RunningSandbox, type SandboxDefinition, startSandbox } from '../../src/sandbox/sandbox-server.js';
import { createGateway } from '../../src/gateway/server.js';
import type { ResolvedUpstream } from '../../src/gateway/upstream/upstream-fetch.js';
import type { UpstreamName } from '../../src/gateway/config.js';
import { DEFAULT_LIMITS, type OperationLimits } from '../../src/gateway/http/limits-config.js';
import type { Logger } from '../../src/gateway/logger.js';
import { VENDORS } from './vendors.js';
import { UpstreamTransport } from '../../src/gateway/upstream/upstream-transport.js';
import { GatewayMetrics } from '../../src/gateway/ops/metrics.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface TestGateway {
  sandboxes: Record<UpstreamName, RunningSandbox | undefined>;
  query(
    query: string,
    options?: { variables?: Record<string, unknown>; headers?: Record<string, string> },
  ): Promise<ExecutionResult & { status: number }>;
  /** The raw HTTP answer, for headers and non-GraphQL routes. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
  /** Today (UTC) by the clock the gateway and its sandboxes share. */
  today(): string;
}

export interface TestGatewayOptions {
  /** TYPE_PREFIX for this gateway's schema; none by default. */
  typePrefix?: string;
  /** FEDERATION_AUTH_DIRECTIVES for this gateway's subgraph SDL; off by default. */
  federationAuthDirectives?: boolean;
  /** Replace a sandbox's definition (e.g. with other keys) for this gateway. */
  definitions?: Partial<Record<UpstreamName, SandboxDefinition>>;
  /** Override an upstream's credentials (e.g. no key at all). */
  credentials?: Partial<Record<UpstreamName, ResolvedUpstream['credentials']>>;
  upstreamTimeoutMs?: number;
  cacheTtlMs?: number;
  /** The one clock of the gateway and its sandboxes; the system clock by default. */
  clock?: () => Date;
  /** Operation limits other than the defaults (e.g. a small fan-out budget). */
  limits?: Partial<OperationLimits>;
  /** Where the gateway logs; silent by default. */
  logger?: Logger;
  /** Compiled execution (GRAPHQL_JIT); on by default, as in production. */
  jit?: boolean;
}

/** Starts every registered sandbox and a gateway in front of them. */
export async function startTestGateway(options: TestGatewayOptions = {}): Promise<TestGateway> {
  const clock = options.clock ?? (() => new Date());
  const sandboxes = {} as TestGateway['sandboxes'];
  // Each gateway's sandboxes keep their state apart from other test files running at once.
  const dataRoot = mkdtempSync(join(tmpdir(), 'gateway-test-'));
  const upstreams: ResolvedUpstream[] = [];
  for (const entry of SANDBOXES) {
    const running = await startSandbox(
      options.definitions?.[entry.upstream] ?? entry.create({ dataDir: join(dataRoot, entry.upstream), clock }),
    );
    sandboxes[entry.upstream] = running;
    upstreams.push({
      name: entry.upstream,
      url: running.url,
      credentials: options.credentials?.[entry.upstream] ?? entry.credentials,
      vendor: VENDORS[entry.upstream],
    });
  }
  const { schema, destroy } = await buildGatewaySchema(ROOT, {
    typePrefix: options.typePrefix,
    federationAuthDirectives: options.federationAuthDirectives,
  });
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 10_000;
  // As the composition root does: the transport knows every interface, so each circuit is reported before its first call.
  const metrics = new GatewayMetrics((): ReturnType<UpstreamTransport['breakerStates']> => transport.breakerStates());
  const transport = new UpstreamTransport({
    timeoutMs: upstreamTimeoutMs,
    logger: options.logger,
    observer: metrics,
    upstreams: upstreams.map(({ name }) => name),
  });
  const yoga = createGateway({
    schema,
    upstreams,
    transport,
    metrics,
    upstreamTimeoutMs,
    cacheTtlMs: options.cacheTtlMs ?? 3_600_000,
    clock,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    logger: options.logger,
    sandboxUpstreams: SANDBOXES.map((entry) => entry.upstream),
    ...(options.jit === undefined ? {} : { jit: options.jit }),
  });
  const request = async (path: string, init: RequestInit = {}) => yoga.fetch(new Request(`http://gateway.test${path}`, init), {});
  return {
    sandboxes,
    request,
    today: () => clock().toISOString().slice(0, 10),
    async query(query, { variables, headers } = {}) {
      const response = await request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return { ...((await response.json()) as ExecutionResult), status: response.status };
    },
    async close() {
      destroy();
      await transport.close();
      await Promise.all(Object.values(sandboxes).map((sandbox) => sandbox?.close()));
      rmSync(dataRoot, { recursive: true, force: true });
    },
  };
}
