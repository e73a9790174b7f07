/**
 * Callers through the whole gateway, against the real sandboxes behind recording proxies: what
 * `extensions.cost` says an operation spent is what reached the vendors, for every example
 * operation; a caller's daily quota refuses the call past it before the vendor is asked; the
 * brief's fan-out is counted against A before it runs; and the published SDL, with its scope and
 * demand-control directives, composes as a Federation v2.9 subgraph.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeServices } from '@theguild/federation-composition';
import { Kind, type ObjectTypeDefinitionNode, type OperationDefinitionNode, parse, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../../src/gateway/build-schema.js';
import { readCallerLimits } from '../../../src/gateway/callers/caller-limits.js';
import { createCounterStore } from '../../../src/gateway/callers/counter-store.js';
import { Identity } from '../../../src/gateway/callers/identity.js';
import { loadIdentitySettings } from '../../../src/gateway/callers/identity-config.js';
import { UPSTREAM_VARIABLES, type UpstreamName } from '../../../src/gateway/config.js';
import { subgraphSdl } from '../../../src/gateway/federation/subgraph-sdl.js';
import { silentLogger } from '../../../src/gateway/logger.js';
import { createGateway } from '../../../src/gateway/server.js';
import type { ResolvedUpstream } from '../../../src/gateway/upstream/upstream-fetch.js';
import { SANDBOXES } from '../../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/sandbox-server.js';
import { type FlakyProxy, startFlakyProxy } from '../../support/flaky-proxy.js';
import { ROOT } from '../../support/gateway.js';
import { VENDORS } from '../../support/vendors.js';

const sha256 = (key: string): string => createHash('sha256').update(key).digest('hex');
/** A caller with the scopes every example needs and no quota. */
const OPEN_KEY = 'sk_examples_caller';
/** A caller with 5 paid lookups a day at C and fewer A calls than one brief makes. */
const METERED_KEY = 'sk_metered_caller';

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string; limit?: Record<string, unknown> } }[];
  extensions?: {
    cost?: { calls: Partial<Record<UpstreamName, number>>; paidLookups: number; cacheHits: Partial<Record<UpstreamName, number>> };
  };
}

const examples = readdirSync(join(ROOT, 'test', 'examples'))
  .filter((file) => file.endsWith('.graphql'))
  .flatMap((file) =>
    parse(readFileSync(join(ROOT, 'test', 'examples', file), 'utf8'))
      .definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition')
      .map((operation) => ({ file, name: operation.name?.value ?? '(anonymous)', text: print(operation) })),
  );

let dataRoot: string;
let destroyMesh: () => void;
let fetchGateway: (body: unknown, key: string) => Promise<{ status: number; answer: Answer }>;
const sandboxes: RunningSandbox[] = [];
const proxies = new Map<UpstreamName, FlakyProxy>();
const counters = createCounterStore({ logger: silentLogger });

beforeAll(async () => {
  dataRoot = mkdtempSync(join(tmpdir(), 'gateway-callers-'));
  const upstreams: ResolvedUpstream[] = [];
  for (const entry of SANDBOXES) {
    const sandbox = await startSandbox(entry.create({ dataDir: join(dataRoot, entry.upstream), clock: () => new Date() }));
    sandboxes.push(sandbox);
    const proxy = await startFlakyProxy(sandbox.url);
    proxies.set(entry.upstream, proxy);
    upstreams.push({ name: entry.upstream, url: proxy.url, credentials: entry.credentials, vendor: VENDORS[entry.upstream] });
  }
  const keysFile = join(dataRoot, 'keys.json');
  writeFileSync(
    keysFile,
    JSON.stringify([
      { id: 'examples', sha256: sha256(OPEN_KEY), scopes: ['write', 'admin'] },
      { id: 'metered', sha256: sha256(METERED_KEY), scopes: [], limits: { dailyQuota: { address: 5, 'crypto-analytics': 10 } } },
    ]),
  );
  const { schema, destroy } = await buildGatewaySchema(ROOT);
  destroyMesh = destroy;
  const yoga = createGateway({
    schema,
    upstreams,
    upstreamTimeoutMs: 10_000,
    cacheTtlMs: 3_600_000,
    identity: new Identity(loadIdentitySettings({ AUTH_API_KEYS_FILE: keysFile }, UPSTREAM_VARIABLES)),
    callerLimits: { settings: readCallerLimits({}, UPSTREAM_VARIABLES), counters },
  });
  fetchGateway = async (body, key) => {
    const response = await yoga.fetch(
      new Request('http://gateway.test/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-api-key': key,
          'x-forwarded-for': '81.2.69.142',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0',
        },
        body: JSON.stringify(body),
      }),
      {},
    );
    return { status: response.status, answer: (await response.json()) as Answer };
  };
});

afterAll(async () => {
  destroyMesh();
  await counters.close();
  await Promise.all([...proxies.values()].map((proxy) => proxy.close()));
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  rmSync(dataRoot, { recursive: true, force: true });
});

/** Requests each vendor has received so far. */
function reached(): Record<UpstreamName, number> {
  const counts = {} as Record<UpstreamName, number>;
  for (const [name, proxy] of proxies) counts[name] = proxy.seen.length;
  return counts;
}

describe('extensions.cost', () => {
  it.each(examples)('$file › $name: the calls it reports are the calls the vendors received', async ({ text }) => {
    const before = reached();
    const { answer } = await fetchGateway({ query: text }, OPEN_KEY);
    expect(answer.errors).toBeUndefined();
    const after = reached();
    const received = Object.fromEntries(
      Object.entries(after)
        .map(([name, count]) => [name, count - before[name as UpstreamName]] as const)
        .filter(([, count]) => count > 0),
    );
    expect(answer.extensions?.cost?.calls).toEqual(received);
  });
});

describe('daily quotas', () => {
  it('lets a caller with 5 paid lookups at C make 5 resolutions and refuses the 6th before C is asked', async () => {
    const resolve = (n: number) => ({ query: `{ addressByUdprn(udprn: ${23747771 + n}) { line1 } }` });
    for (let n = 0; n < 5; n += 1) {
      const { answer } = await fetchGateway(resolve(n), METERED_KEY);
      expect(answer.errors?.map((error) => error.extensions?.code) ?? []).not.toContain('QUOTA_EXCEEDED');
      expect(answer.extensions?.cost?.paidLookups).toBe(1);
    }
    const before = reached().address;
    const { answer } = await fetchGateway(resolve(5), METERED_KEY);
    expect(answer.errors?.[0]?.extensions?.code).toBe('QUOTA_EXCEEDED');
    expect(answer.errors?.[0]?.extensions?.limit).toMatchObject({ upstream: 'address', quota: 5 });
    expect(reached().address).toBe(before);
  });

  it("counts the brief's A calls against A before it runs: a caller with 10 A calls left is refused at once", async () => {
    const before = reached()['crypto-analytics'];
    const { status, answer } = await fetchGateway({ query: '{ cryptoBrief { headline } }' }, METERED_KEY);
    expect(status).toBe(429);
    expect(answer.errors?.[0]?.extensions?.code).toBe('QUOTA_EXCEEDED');
    expect(answer.data ?? null).toBeNull();
    expect(reached()['crypto-analytics']).toBe(before);
  });
});

describe('the published SDL', () => {
  it('composes as a Federation v2.9 subgraph with @authenticated, @requiresScopes, @cost and @listSize in place', async () => {
    const { schema, destroy } = await buildGatewaySchema(ROOT, { typePrefix: 'Rest', authRequired: true, federationAuthDirectives: true });
    try {
      const sdl = subgraphSdl(schema);
      const query = parse(sdl).definitions.find(
        (definition): definition is ObjectTypeDefinitionNode =>
          definition.kind === Kind.OBJECT_TYPE_DEFINITION && definition.name.value === 'Query',
      );
      const directivesOf = (name: string): string[] =>
        query?.fields?.find((field) => field.name.value === name)?.directives?.map((directive) => print(directive)) ?? [];
      expect(directivesOf('apiKeyLookups')).toContain('@requiresScopes(scopes: [["admin"]])');
      expect(directivesOf('cryptoBrief')).toEqual(expect.arrayContaining(['@authenticated', '@cost(weight: 14)']));
      expect(directivesOf('countries')).toContain(
        '@listSize(slicingArguments: ["limit"], sizedFields: ["nodes"], requireOneSlicingArgument: false)',
      );
      const result = composeServices([{ name: 'rest', typeDefs: parse(sdl), url: 'http://rest.test/graphql' }]);
      expect(result.errors ?? []).toEqual([]);
      const supergraph = 'supergraphSdl' in result ? (result.supergraphSdl ?? '') : '';
      expect(supergraph).toContain('@requiresScopes(scopes: [["admin"]])');
      expect(supergraph).toContain('@authenticated');
      expect(supergraph).toContain('@cost(weight: 14)');
      expect(supergraph).toMatch(/@listSize\(/);
    } finally {
      destroy();
    }
  });
});
