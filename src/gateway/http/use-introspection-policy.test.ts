import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { anonymousCaller, type Caller } from '../callers/caller.js';
import type { IntrospectionPolicy } from './introspection-policy.js';
import { useIntrospectionPolicy } from './use-introspection-policy.js';

const member: Caller = { id: 'ci', scopes: new Set(), tier: 'authenticated', anonymous: false };

/** A gateway whose callers are authenticated when they send `x-member`. */
function gateway(policy: IntrospectionPolicy) {
  return createYoga({
    schema: createSchema({
      typeDefs: 'type Query { hello: String _service: Service } type Service { sdl: String }',
      resolvers: { Query: { hello: () => 'hi', _service: () => ({ sdl: 'type Query { hello: String }' }) } },
    }),
    plugins: [
      useIntrospectionPolicy({ policy, callerOf: (request) => (request.headers.has('x-member') ? member : anonymousCaller(undefined)) }),
    ],
    logging: false,
  });
}

interface Answer {
  status: number;
  body: { data?: Record<string, unknown>; errors?: { message: string; extensions: { code: string } }[] };
}

async function ask(policy: IntrospectionPolicy, query: string, member = false): Promise<Answer> {
  const response = await gateway(policy).fetch('http://gateway.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(member ? { 'x-member': '1' } : {}) },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

describe('useIntrospectionPolicy', () => {
  it('off: refuses __schema and __type, also behind a fragment, with GRAPHQL_VALIDATION_FAILED and how to turn it on', async () => {
    for (const query of [
      '{ __schema { queryType { name } } }',
      '{ __type(name: "Query") { name } }',
      '{ ...F } fragment F on Query { __schema { types { name } } }',
    ]) {
      const { status, body } = await ask('off', query, true);
      expect(status, query).toBe(400);
      expect(body.data, query).toBeUndefined();
      expect(body.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(body.errors?.[0]?.message).toContain('INTROSPECTION=true');
    }
  });

  it('off: still answers __typename, and _service to authenticated callers only', async () => {
    expect((await ask('off', '{ __typename hello }')).body.data).toEqual({ __typename: 'Query', hello: 'hi' });
    expect((await ask('off', '{ _service { sdl } }', true)).body.data).toEqual({ _service: { sdl: 'type Query { hello: String }' } });
    const anonymous = await ask('off', '{ _service { sdl } }');
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.errors?.[0]?.message).toContain('authenticated callers');
  });

  it('authenticated: serves introspection to callers with credentials only', async () => {
    expect((await ask('authenticated', '{ __schema { queryType { name } } }', true)).body.data).toEqual({
      __schema: { queryType: { name: 'Query' } },
    });
    const anonymous = await ask('authenticated', '{ __schema { queryType { name } } }');
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.errors?.[0]?.message).toContain('send credentials');
  });

  it('on: serves everything to everyone', async () => {
    expect((await ask('on', '{ __type(name: "Query") { name } _service { sdl } }')).body.data).toMatchObject({ __type: { name: 'Query' } });
  });
});
