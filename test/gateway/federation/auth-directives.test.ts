/**
 * FEDERATION_AUTH_DIRECTIVES=true: the subgraph SDL carries `@authenticated` and `@requiresScopes`.
 * Hive Gateway composes it and, with its generic auth configured, refuses a scoped field to a
 * caller without the scope before asking this graph; Cosmo's composition accepts it; Apollo
 * Gateway 2.x refuses the supergraph, which is why the setting is off by default.
 */
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { federateSubgraphs } from '@wundergraph/composition';
import { type ExecutionResult, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../support/gateway.js';
import { apolloGateway } from './apollo-gateway.js';
import { composeSupergraph, serviceSdl } from './compose.js';
import { fetchListener, listen, type Listening } from './http.js';
import { createPeerSubgraph, PEER_SDL } from './peer-subgraph.js';
import { PEER_USERS, RESOLVED_PEER_USERS } from './peer-users.js';

/** The caller's scopes, as the router's own authentication would establish them (a JWT in production). */
const SCOPES_HEADER = 'x-test-scopes';
const KEY_CONFIGS = '{ keyConfigs(key: "ak_sandbox") { name } }';

let gw: TestGateway;
let ours: Listening;
let peer: Listening;
let reachedUs: string[];
let hive: ReturnType<typeof createGatewayRuntime>;

beforeAll(async () => {
  gw = await startTestGateway({ federationAuthDirectives: true });
  reachedUs = [];
  ours = await listen(
    fetchListener(async (path, init) => {
      reachedUs.push(String(init.body));
      return gw.request(path, init);
    }),
  );
  peer = await listen(createPeerSubgraph(PEER_USERS));
  const supergraph = await composeSupergraph([
    { name: 'rest', url: ours.url },
    { name: 'peer', url: peer.url },
  ]);
  hive = createGatewayRuntime({
    supergraph,
    logging: false,
    maskedErrors: false,
    genericAuth: {
      mode: 'protect-granular',
      resolveUserFn: ({ request }) => {
        const scopes = request.headers.get(SCOPES_HEADER);
        return scopes === null ? null : { scopes: scopes.split(' ') };
      },
      // Called for an anonymous caller too, with no user.
      extractScopes: (user: Record<string, unknown> | null) => (Array.isArray(user?.['scopes']) ? user['scopes'].map(String) : []),
      rejectUnauthenticated: false,
    },
  });
}, 60_000);

afterAll(async () => {
  await hive?.dispose();
  await Promise.all([ours?.close(), peer?.close()]);
  await gw?.close();
});

async function viaHive(query: string, scopes?: string): Promise<ExecutionResult & { status: number }> {
  const response = await hive.fetch('http://hive.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(scopes ? { [SCOPES_HEADER]: scopes } : {}) },
    body: JSON.stringify({ query }),
  });
  return { ...((await response.json()) as ExecutionResult), status: response.status };
}

describe('the subgraph SDL with FEDERATION_AUTH_DIRECTIVES', () => {
  it('imports the scope directives and puts them on the fields', async () => {
    const sdl = await serviceSdl(ours.url);
    expect(sdl).toContain('import: ["@key", "@shareable", "@authenticated", "@requiresScopes", "@cost", "@listSize"]');
    expect(sdl).toMatch(/keyConfigs\(.*\): \[Config!\] @requiresScopes\(scopes: \[\["admin"\]\]\)/s);
  });
});

describe('Hive Gateway', () => {
  it('answers a query crossing both subgraphs', async () => {
    const result = await viaHive('{ users { name country { names { common } } favouriteToken { name } } }');
    expect(result.errors).toBeUndefined();
    expect(result.data?.['users']).toEqual(RESOLVED_PEER_USERS);
  });

  it('refuses a scoped field to an anonymous caller without asking this graph', async () => {
    reachedUs.length = 0;
    const result = await viaHive(KEY_CONFIGS);
    // Hive answers 401 with the field null (under a path of its own making, "@"), and no call made to us.
    expect(result.status).toBe(401);
    expect(result.errors?.map((error) => [error.message, error.extensions?.['code']])).toEqual([
      ['Unauthorized field or type', 'UNAUTHORIZED_FIELD_OR_TYPE'],
    ]);
    expect(reachedUs).toEqual([]);
  });

  it('refuses it to a caller without the scope, and passes it for one holding it', async () => {
    expect((await viaHive(KEY_CONFIGS, 'write')).errors?.[0]?.extensions?.['code']).toBe('UNAUTHORIZED_FIELD_OR_TYPE');
    reachedUs.length = 0;
    const allowed = await viaHive(KEY_CONFIGS, 'admin');
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data?.['keyConfigs']).toEqual(expect.any(Array));
    expect(reachedUs.some((body) => body.includes('keyConfigs'))).toBe(true);
  });
});

describe('other composers', () => {
  it("Cosmo's composition federates it", async () => {
    const result = federateSubgraphs({
      subgraphs: [
        { name: 'rest', url: ours.url, definitions: parse(await serviceSdl(ours.url)) },
        { name: 'peer', url: peer.url, definitions: parse(PEER_SDL) },
      ],
    });
    expect(result.success ? [] : result.errors.map((error) => error.message)).toEqual([]);
  });

  it('Apollo Gateway 2.x refuses the supergraph: it does not enforce for: SECURITY features', async () => {
    await expect(
      apolloGateway([
        { name: 'rest', url: ours.url },
        { name: 'peer', url: peer.url },
      ]),
    ).rejects.toThrow(/requiresScopes\/v0\.1 is for: SECURITY but is unsupported/);
  });
});
