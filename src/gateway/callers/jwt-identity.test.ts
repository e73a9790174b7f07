/**
 * Bearer JWTs end to end: a real JWKS served on loopback (keys made here with jose), the
 * identity plugin in a Yoga server, and what a client sees for every kind of bad token.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import { exportJWK, exportSPKI, generateKeyPair, type JWK, type JWTPayload, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { Identity, type IdentitySettings } from './identity.js';
import { DEFAULT_ALGORITHMS, JwtVerifier } from './jwt.js';
import { parseTiers } from './tiers.js';
import { callerOf } from './settled-callers.js';
import { useCallerIdentity } from './use-caller-identity.js';

const ISSUER = 'https://id.example.test/';
const AUDIENCE = 'gateway-api';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

/** A JWKS endpoint whose key set a test can change, counting its fetches. */
let served: JWK[] = [];
let fetches = 0;
let jwksServer: Server;
let jwksUrl: URL;
let first: KeyPair;
let rotated: KeyPair;
let stranger: KeyPair;

async function publicJwk(pair: KeyPair, kid: string, alg: string): Promise<JWK> {
  return { ...(await exportJWK(pair.publicKey)), kid, alg, use: 'sig' };
}

beforeAll(async () => {
  [first, rotated, stranger] = await Promise.all([generateKeyPair('RS256'), generateKeyPair('ES256'), generateKeyPair('RS256')]);
  jwksServer = createServer((_request, response) => {
    fetches += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: served }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = new URL(`http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/.well-known/jwks.json`);
});
afterAll(() => new Promise<void>((resolve) => jwksServer.close(() => resolve())));

beforeEach(async () => {
  served = [await publicJwk(first, 'k1', 'RS256')];
  fetches = 0;
});

function sign(claims: JWTPayload, options: { key?: KeyPair; kid?: string; alg?: string } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: 'user-1', scope: 'read write', ...claims })
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? 'k1' })
    .setIssuer(typeof claims.iss === 'string' ? claims.iss : ISSUER)
    .setAudience(claims.aud ?? AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(typeof claims.exp === 'number' ? claims.exp : now + 300)
    .sign((options.key ?? first).privateKey);
}

function gateway(overrides: Partial<IdentitySettings> = {}) {
  const lines: string[] = [];
  const identity = new Identity({
    required: false,
    realm: 'gateway',
    jwt: {
      jwksUrl,
      issuer: ISSUER,
      audience: [AUDIENCE],
      algorithms: DEFAULT_ALGORITHMS,
      tierClaim: 'tier',
      tiers: parseTiers(undefined),
      // Every unknown kid refetches at once, so rotation is visible without waiting out jose's 30 s.
      jwksCooldownMs: 0,
    },
    ...overrides,
  });
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: 'type Query { whoami: Caller! } type Caller { id: String! scopes: [String!]! tier: String! anonymous: Boolean! }',
      resolvers: {
        Query: {
          whoami: (_root: unknown, _args: unknown, context: { request: Request }) => {
            const caller = callerOf(context.request);
            return caller && { ...caller, scopes: [...caller.scopes] };
          },
        },
      },
    }),
    logging: false,
    healthCheckEndpoint: '/healthz',
    plugins: [useCallerIdentity({ identity, logger: createLogger('info', { write: (line) => lines.push(line) }) })],
  });
  const ask = async (headers: Record<string, string> = {}) => {
    const response = await yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: '{ whoami { id scopes tier anonymous } }' }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as Record<string, any> };
  };
  return { yoga, ask, lines };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('a valid bearer token', () => {
  it('names the caller by sub, with its scopes and tier', async () => {
    const { ask } = gateway();
    const answer = await ask(bearer(await sign({ tier: 'partner' })));
    expect(answer.status).toBe(200);
    expect(answer.body.data.whoami).toEqual({ id: 'user-1', scopes: ['read', 'write'], tier: 'partner', anonymous: false });
  });

  it('reads scp as an array, and maps an unknown tier to authenticated', async () => {
    const { ask } = gateway();
    const token = await sign({ scope: undefined, scp: ['admin', 'read'], tier: 'platinum-plus' });
    expect((await ask(bearer(token))).body.data.whoami).toMatchObject({ scopes: ['admin', 'read'], tier: 'authenticated' });
  });

  it('fetches the key set once for many requests', async () => {
    const { ask } = gateway();
    const token = await sign({});
    for (let index = 0; index < 3; index += 1) expect((await ask(bearer(token))).status).toBe(200);
    expect(fetches).toBe(1);
  });

  it('is taken, once remembered, in every spelling of the scheme, and refused with anything after it', async () => {
    const { ask } = gateway();
    const token = await sign({});
    // Twice: verified, then remembered, so the later spellings meet a token known in the set in hand.
    for (let index = 0; index < 2; index += 1) expect((await ask(bearer(token))).status).toBe(200);
    for (const authorization of [`bearer ${token}`, `Bearer  ${token}`, `BEARER ${token}`]) {
      expect((await ask({ authorization })).body.data.whoami).toMatchObject({ id: 'user-1', anonymous: false });
    }
    for (const authorization of [`Bearer ${token} x`, `Bearer ${token},`, `Bearer ${token}${token.slice(0, 1)}`, `Bearer\t${token}`]) {
      expect((await ask({ authorization })).status).toBe(401);
    }
  });
});

describe('refused tokens answer 401 UNAUTHENTICATED with an invalid_token challenge', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const cases: [string, () => Promise<string>, RegExp][] = [
    ['expired', () => sign({ exp: now() - 60 }), /expired/],
    ['not yet valid', async () => sign({ nbf: now() + 600 }), /not valid yet/],
    ['from another issuer', () => sign({ iss: 'https://evil.example.test/' }), /another issuer/],
    ['for another audience', () => sign({ aud: 'someone-else' }), /another audience/],
    [
      'unsigned (alg none)',
      async () => new UnsecuredJWT({ sub: 'user-1' }).setIssuer(ISSUER).setAudience(AUDIENCE).setExpirationTime('5m').encode(),
      /not a well-formed|algorithm/,
    ],
    [
      'HS256 signed with the public key as the secret',
      async () => {
        const pem = await exportSPKI(first.publicKey);
        return new SignJWT({ sub: 'user-1' })
          .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode(pem));
      },
      /algorithm is not allowed/,
    ],
    [
      'signed with a key the JWKS lacks (unknown kid)',
      () => sign({}, { key: stranger, kid: 'k-unknown' }),
      /key the issuer does not publish/,
    ],
    ['signed by another key under a known kid', () => sign({}, { key: stranger, kid: 'k1' }), /signature does not verify/],
    ['without sub', () => sign({ sub: undefined }), /"sub"/],
  ];

  it.each(cases)('%s', async (_name, make, reason) => {
    const { ask, lines } = gateway();
    const token = await make();
    const answer = await ask(bearer(token));
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="gateway", error="invalid_token"');
    expect(answer.body).toEqual({ errors: [{ message: expect.stringMatching(reason), extensions: { code: 'UNAUTHENTICATED' } }] });
    // The token reaches neither the client nor the log, not even in part.
    const signature = token.split('.').at(-1) || token.split('.')[1] || token;
    expect(answer.text).not.toContain(signature.slice(0, 12));
    expect(lines.join('\n')).not.toContain(signature.slice(0, 12));
    expect(lines.map((line) => JSON.parse(line).level)).toEqual([30]);
  });

  it('refuses a token even when credentials are optional, and a malformed Authorization header', async () => {
    const { ask } = gateway({ required: false });
    expect((await ask({ authorization: 'Basic dXNlcjpwYXNz' })).status).toBe(401);
    expect((await ask({ authorization: 'Bearer' })).status).toBe(401);
  });
});

describe('key rotation at the JWKS', () => {
  it('accepts the new key without a restart and refuses the removed one', async () => {
    const { ask } = gateway();
    const old = await sign({});
    expect((await ask(bearer(old))).status).toBe(200);
    served = [await publicJwk(rotated, 'k2', 'ES256')];
    const fresh = await sign({ sub: 'user-2' }, { key: rotated, kid: 'k2', alg: 'ES256' });
    const answer = await ask(bearer(fresh));
    expect(answer.status).toBe(200);
    expect(answer.body.data.whoami.id).toBe('user-2');
    expect(fetches).toBe(2);
    const refused = await ask(bearer(old));
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0].message).toMatch(/key the issuer does not publish/);
  });

  it('does not refetch for every unknown kid within the cooldown', async () => {
    const { ask } = gateway({
      jwt: {
        jwksUrl,
        issuer: ISSUER,
        audience: [AUDIENCE],
        algorithms: DEFAULT_ALGORITHMS,
        tierClaim: 'tier',
        tiers: parseTiers(undefined),
      },
    });
    expect((await ask(bearer(await sign({})))).status).toBe(200);
    for (let index = 0; index < 3; index += 1) {
      expect((await ask(bearer(await sign({}, { key: stranger, kid: `made-up-${index}` })))).status).toBe(401);
    }
    expect(fetches).toBe(1);
  });
});

describe('without credentials', () => {
  it('is anonymous when credentials are optional', async () => {
    const { ask } = gateway();
    expect((await ask()).body.data.whoami).toMatchObject({ id: 'anonymous:unknown', tier: 'anonymous', anonymous: true, scopes: [] });
  });

  it('is 401 with a plain Bearer challenge under AUTH_REQUIRED, and leaves /healthz alone', async () => {
    const { ask, yoga } = gateway({ required: true });
    const answer = await ask();
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="gateway"');
    expect(answer.body.errors[0]).toEqual({
      message: expect.stringContaining('needs credentials'),
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect((await yoga.fetch('http://gateway.test/healthz')).status).toBe(200);
  });
});

it('answers 503 UPSTREAM_UNAVAILABLE, logged at error, when the JWKS cannot be fetched', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const { ask, lines } = gateway({
    jwt: {
      jwksUrl: new URL(`http://127.0.0.1:${port}/jwks.json`),
      issuer: ISSUER,
      audience: [AUDIENCE],
      algorithms: DEFAULT_ALGORITHMS,
      tierClaim: 'tier',
      tiers: parseTiers(undefined),
    },
  });
  const answer = await ask(bearer(await sign({})));
  expect(answer.status).toBe(503);
  expect(answer.body.errors[0].extensions).toEqual({ code: 'UPSTREAM_UNAVAILABLE' });
  expect(lines.map((line) => JSON.parse(line).level)).toEqual([50]);
});

describe('verified tokens are remembered', () => {
  const settings = () => ({
    jwksUrl,
    issuer: ISSUER,
    audience: [AUDIENCE],
    algorithms: DEFAULT_ALGORITHMS,
    tierClaim: 'tier',
    tiers: parseTiers(undefined),
  });

  it('until their exp: a token is not verified again within its lifetime, and refused past it', async () => {
    const issuedAt = Date.now();
    let now = issuedAt;
    const verifier = new JwtVerifier(settings(), () => now);
    const token = await sign({ nbf: Math.floor(issuedAt / 1000), exp: Math.floor(issuedAt / 1000) + 60 });
    expect((await verifier.verify(token)).id).toBe('user-1');
    // A clock before the token's nbf would refuse it if it were verified again: it is not.
    now = issuedAt - 3_600_000;
    expect((await verifier.verify(token)).id).toBe('user-1');
    now = issuedAt + 120_000;
    await expect(verifier.verify(token)).rejects.toThrow(/expired/);
    expect(fetches).toBe(1);
  });

  it('at once, without a promise, once found in the key set in hand, and not after another fetch', async () => {
    const verifier = new JwtVerifier({ ...settings(), jwksCooldownMs: 0 });
    const token = await sign({});
    expect(verifier.known(token)).toBeUndefined();
    await verifier.verify(token);
    // Verified while the set was fetched: the next request finds its key in the set in hand.
    expect(verifier.known(token)).toBeUndefined();
    await verifier.verify(token);
    expect(verifier.known(token)?.id).toBe('user-1');
    await verifier.verify(await sign({ sub: 'user-2' }, { key: rotated, kid: 'k2', alg: 'ES256' })).catch(() => undefined);
    expect(verifier.known(token)).toBeUndefined();
  });

  it('until the key set is fetched again: a withdrawn key stops verifying its remembered tokens', async () => {
    // No cooldown: the new key's unknown kid makes jose fetch the set at once.
    const verifier = new JwtVerifier({ ...settings(), jwksCooldownMs: 0 });
    const old = await sign({});
    // Verified, then found in the same set, then taken on that set alone: each way must see the withdrawal.
    for (let times = 0; times < 3; times += 1) expect((await verifier.verify(old)).id).toBe('user-1');
    served = [await publicJwk(rotated, 'k2', 'ES256')];
    await verifier.verify(await sign({ sub: 'user-2' }, { key: rotated, kid: 'k2', alg: 'ES256' }));
    await expect(verifier.verify(old)).rejects.toThrow(/does not publish/);
  });

  it('by their whole text: another token ending as a remembered one does not take its caller', async () => {
    const verifier = new JwtVerifier(settings());
    const token = await sign({});
    for (let times = 0; times < 2; times += 1) await verifier.verify(token);
    expect(verifier.known(token)?.id).toBe('user-1');
    // The same signature (and so the same end) under another payload: filed where the token is, yet not it.
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'intruder', iss: ISSUER, aud: AUDIENCE, exp: Date.now() / 1000 + 300 })).toString(
      'base64url',
    );
    const forged = `${header}.${payload}.${signature}`;
    expect(verifier.known(forged)).toBeUndefined();
    await expect(verifier.verify(forged)).rejects.toThrow(/signature does not verify/);
    // Nor does the forged token's refusal displace the remembered one.
    expect(verifier.known(token)?.id).toBe('user-1');
  });
});
