/**
 * Persisted operations over HTTP: Apollo's APQ protocol (miss, register, replay by hash over GET,
 * a hash that does not match), and the persisted documents mode that refuses everything else.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { parsePersistedDocuments } from './persisted-documents.js';
import { createGateway } from '../server.js';

const schema = makeExecutableSchema({
  typeDefs: 'type Query { greeting(name: String! = "world"): String! }',
  resolvers: { Query: { greeting: (_: unknown, { name }: { name: string }) => `Hello ${name}` } },
});

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const QUERY = '{ greeting }';
const HASH = sha256(QUERY);

function gateway(persisted?: { documents: ReadonlyMap<string, string>; only: boolean }) {
  return createGateway({ schema, upstreams: [], upstreamTimeoutMs: 1_000, cacheTtlMs: 0, ...(persisted ? { persisted } : {}) });
}

interface Answer {
  status: number;
  body: { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };
}

async function send(yoga: ReturnType<typeof gateway>, body: Record<string, unknown>): Promise<Answer> {
  const response = await yoga.fetch(
    new Request('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const byHash = (hash: string) => ({ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });

describe('automatic persisted queries', () => {
  it('answers an unknown hash PERSISTED_QUERY_NOT_FOUND, registers it with its query, then replays it by hash, over GET too', async () => {
    const yoga = gateway();
    const miss = await send(yoga, byHash(HASH));
    expect(miss.status).toBe(404);
    expect(miss.body.errors?.[0]).toMatchObject({ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });
    const registered = await send(yoga, { query: QUERY, ...byHash(HASH) });
    expect(registered).toMatchObject({ status: 200, body: { data: { greeting: 'Hello world' } } });
    expect(await send(yoga, byHash(HASH))).toMatchObject({ status: 200, body: { data: { greeting: 'Hello world' } } });
    const extensions = encodeURIComponent(JSON.stringify(byHash(HASH).extensions));
    const viaGet = await yoga.fetch(new Request(`http://gateway.test/graphql?extensions=${extensions}`));
    expect(viaGet.status).toBe(200);
    expect(await viaGet.json()).toEqual({ data: { greeting: 'Hello world' } });
  });

  it('refuses a hash that is not the SHA-256 of the query sent with it, and does not register it', async () => {
    const yoga = gateway();
    const wrong = sha256('{ somethingElse }');
    const mismatch = await send(yoga, { query: QUERY, ...byHash(wrong) });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_HASH_MISMATCH');
    expect((await send(yoga, byHash(wrong))).body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('refuses a query that is not text with a hash as BAD_REQUEST (400), saying what was expected', async () => {
    const yoga = gateway();
    for (const query of [[QUERY], { text: QUERY }, 42]) {
      const refused = await send(yoga, { query, ...byHash(HASH) });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
      expect(refused.body.errors?.[0]?.message).toContain('"query" parameter must be a string');
    }
  });

  it('still runs plain queries, and says what is missing when a request has neither query nor hash', async () => {
    const yoga = gateway();
    expect(await send(yoga, { query: '{ greeting(name: "you") }' })).toMatchObject({
      status: 200,
      body: { data: { greeting: 'Hello you' } },
    });
    const empty = await send(yoga, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_REQUEST' } });
    expect(empty.body.errors?.[0]?.message).toContain('persistedQuery');
  });
});

describe('persisted documents only (PERSISTED_ONLY)', () => {
  const documents = new Map([['greet-you', '{ greeting(name: "you") }']]);

  it('runs a document by its id, and refuses query text, unknown ids and APQ registration', async () => {
    const yoga = gateway({ documents, only: true });
    expect(await send(yoga, byHash('greet-you'))).toMatchObject({ status: 200, body: { data: { greeting: 'Hello you' } } });
    const text = await send(yoga, { query: QUERY });
    expect(text.status).toBe(400);
    expect(text.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');
    expect(text.body.errors?.[0]?.message).toContain('PERSISTED_ONLY');
    const unknown = await send(yoga, byHash(HASH));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect((await send(yoga, { query: QUERY, ...byHash(HASH) })).body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');
    expect((await send(yoga, byHash(HASH))).body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('runs documents beside APQ when PERSISTED_ONLY is off', async () => {
    const yoga = gateway({ documents, only: false });
    expect(await send(yoga, byHash('greet-you'))).toMatchObject({ status: 200, body: { data: { greeting: 'Hello you' } } });
    expect(await send(yoga, { query: QUERY })).toMatchObject({ status: 200, body: { data: { greeting: 'Hello world' } } });
  });
});

describe('the documents file', () => {
  it('reads a plain id → query object and an Apollo persisted query manifest', () => {
    expect([...parsePersistedDocuments('{"a":"{ greeting }"}', 'docs.json')]).toEqual([['a', '{ greeting }']]);
    const manifest = JSON.stringify({
      format: 'apollo-persisted-query-manifest',
      version: 1,
      operations: [{ id: 'b', name: 'Greeting', type: 'query', body: 'query Greeting { greeting }' }],
    });
    expect([...parsePersistedDocuments(manifest, 'manifest.json')]).toEqual([['b', 'query Greeting { greeting }']]);
    expect(() => parsePersistedDocuments('[1]', 'docs.json')).toThrow(/PERSISTED_DOCUMENTS docs.json must be/);
    expect(() => parsePersistedDocuments('{"a":1}', 'docs.json')).toThrow(/"a" is not a string/);
  });

  it('is checked with the rest of the configuration: PERSISTED_ONLY needs it, a missing file is named', () => {
    expect(() => loadConfig({ PERSISTED_ONLY: 'true' })).toThrow(/PERSISTED_ONLY=true needs PERSISTED_DOCUMENTS/);
    expect(() => loadConfig({ PERSISTED_ONLY: 'maybe' })).toThrow(/PERSISTED_ONLY must be true or false, got "maybe"/);
    expect(() => loadConfig({ PERSISTED_DOCUMENTS: '/nonexistent/docs.json' })).toThrow(
      /PERSISTED_DOCUMENTS \/nonexistent\/docs.json cannot be read \(ENOENT\)/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'persisted-'));
    writeFileSync(join(dir, 'docs.json'), '{"a":"{ greeting }"}');
    const config = loadConfig({ PERSISTED_DOCUMENTS: join(dir, 'docs.json'), PERSISTED_ONLY: 'true' });
    expect(config.persisted.only).toBe(true);
    expect(config.persisted.documents?.get('a')).toBe('{ greeting }');
  });

  it('takes REDIS_URL only as a redis URL, without echoing a password', () => {
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379' }).redis).toEqual({ url: 'redis://cache:6379', keyPrefix: 'four-rest-one-graph:' });
    let message = '';
    try {
      loadConfig({ REDIS_URL: 'http://user:s3cret@cache:6379' });
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message).toContain('REDIS_URL must be a redis:// or rediss:// URL');
    expect(message).not.toContain('s3cret');
  });
});
