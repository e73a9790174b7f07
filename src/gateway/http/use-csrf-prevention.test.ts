import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { isSimpleContentType, useCsrfPrevention } from './use-csrf-prevention.js';

const yoga = createYoga({
  schema: createSchema({
    typeDefs: 'type Query { hello: String } type Mutation { act: String }',
    resolvers: { Mutation: { act: () => 'done' } },
  }),
  plugins: [useCsrfPrevention()],
  logging: false,
});

async function post(headers: Record<string, string>, body: string): Promise<Response> {
  return yoga.fetch('http://gateway.test/graphql', { method: 'POST', headers, body });
}

describe('isSimpleContentType', () => {
  it('names the types a browser posts without a preflight, parameters and case aside, and an absent one', () => {
    for (const type of [
      'text/plain',
      'TEXT/PLAIN; charset=UTF-8',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      null,
    ])
      expect(isSimpleContentType(type), String(type)).toBe(true);
    for (const type of ['application/json', 'application/graphql-response+json', '', ';;;'])
      expect(isSimpleContentType(type), type).toBe(false);
  });
});

describe('useCsrfPrevention', () => {
  it('refuses a form POST that would run a mutation, with BAD_REQUEST and advice', async () => {
    const response = await post({ 'content-type': 'application/x-www-form-urlencoded' }, 'query=mutation%20%7B%20act%20%7D');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { data?: unknown; errors: { message: string; extensions: { code: string } }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors[0]?.extensions.code).toBe('BAD_REQUEST');
    expect(body.errors[0]?.message).toContain('apollo-require-preflight');
  });

  it('refuses text/plain and multipart bodies, and a body without a content type', async () => {
    const json = JSON.stringify({ query: '{ hello }' });
    expect((await post({ 'content-type': 'text/plain' }, json)).status).toBe(400);
    expect((await post({ 'content-type': 'multipart/form-data; boundary=x' }, '--x--')).status).toBe(400);
    expect((await yoga.fetch('http://gateway.test/graphql', { method: 'POST', body: new Blob([json]) })).status).toBe(400);
  });

  it('lets a simple POST through when it carries a preflight header, and JSON and GET always', async () => {
    const form = 'query=%7B%20hello%20%7D';
    expect((await post({ 'content-type': 'application/x-www-form-urlencoded', 'apollo-require-preflight': 'true' }, form)).status).toBe(
      200,
    );
    expect((await post({ 'content-type': 'application/x-www-form-urlencoded', 'x-graphql-yoga-csrf': '1' }, form)).status).toBe(200);
    // A header a proxy adds on the way does not vouch for the page that sent the form.
    expect((await post({ 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '81.2.69.142' }, form)).status).toBe(400);
    expect((await post({ 'content-type': 'application/json' }, JSON.stringify({ query: '{ hello }' }))).status).toBe(200);
    expect((await yoga.fetch('http://gateway.test/graphql?query=%7B%20hello%20%7D')).status).toBe(200);
  });
});
