/**
 * The published subgraph with routers other than Hive Gateway (federation.test.ts): Apollo Gateway
 * 2.x composes it beside a peer and answers across both, and Cosmo's composition accepts it. With
 * FEDERATION_AUTH_DIRECTIVES off (the default) the SDL carries no `for: SECURITY` feature.
 */
import { federateSubgraphs } from '@wundergraph/composition';
import { isObjectType, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../support/gateway.js';
import { apolloGateway } from './apollo-gateway.js';
import { PEER_USERS, RESOLVED_PEER_USERS } from './peer-users.js';
import { serviceSdl } from './compose.js';
import { fetchListener, listen, type Listening } from './http.js';
import { createPeerSubgraph, PEER_SDL } from './peer-subgraph.js';

let gw: TestGateway;
let ours: Listening;
let peer: Listening;
let apollo: Awaited<ReturnType<typeof apolloGateway>>;

beforeAll(async () => {
  gw = await startTestGateway();
  ours = await listen(fetchListener(gw.request));
  peer = await listen(createPeerSubgraph(PEER_USERS));
  apollo = await apolloGateway([
    { name: 'rest', url: ours.url },
    { name: 'peer', url: peer.url },
  ]);
}, 60_000);

afterAll(async () => {
  await apollo?.close();
  await Promise.all([ours?.close(), peer?.close()]);
  await gw?.close();
});

describe('the default subgraph SDL', () => {
  it('neither imports nor uses @authenticated or @requiresScopes, and keeps @cost', async () => {
    const sdl = await serviceSdl(ours.url);
    expect(sdl).not.toMatch(/@authenticated|@requiresScopes/);
    expect(sdl).toContain('import: ["@key", "@shareable", "@cost", "@listSize"]');
    expect(sdl).toMatch(/cryptoBrief\(.*\): CryptoBrief @cost\(weight: 14\)/s);
  });
});

describe('Apollo Gateway 2.x (IntrospectAndCompose)', () => {
  it('resolves the peer pointing at our Country and Token', async () => {
    const result = await apollo.query('{ users { name country { names { common } } favouriteToken { name } } }');
    expect(result.errors).toBeUndefined();
    expect(result.data?.['users']).toEqual(RESOLVED_PEER_USERS);
  });

  it('resolves the field the peer adds to our Country', async () => {
    const result = await apollo.query('{ country(code: "GB") { names { common } residents { name favouriteToken { symbol } } } }');
    expect(result.errors).toBeUndefined();
    expect(result.data?.['country']).toEqual({
      names: { common: 'United Kingdom' },
      residents: [{ name: 'Ada', favouriteToken: { symbol: 'BTC' } }],
    });
  });
});

describe("Cosmo's composition (@wundergraph/composition)", () => {
  it('federates the subgraph with the peer into a graph holding both', async () => {
    const result = federateSubgraphs({
      subgraphs: [
        { name: 'rest', url: ours.url, definitions: parse(await serviceSdl(ours.url)) },
        { name: 'peer', url: peer.url, definitions: parse(PEER_SDL) },
      ],
    });
    expect(result.success ? [] : result.errors.map((error) => error.message)).toEqual([]);
    if (!result.success) return;
    const country = result.federatedGraphClientSchema.getType('Country');
    // Our fields and the one the peer adds, on one Country.
    expect(isObjectType(country) ? Object.keys(country.getFields()) : []).toEqual(expect.arrayContaining(['code', 'names', 'residents']));
    expect(result.federatedGraphClientSchema.getQueryType()?.getFields()).toHaveProperty('users');
  });
});
