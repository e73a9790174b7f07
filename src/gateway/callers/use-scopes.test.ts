/**
 * Scope enforcement through Yoga, with callers from static keys, on a tiny schema carrying the
 * directives; then the gateway's own field list applied to its published schema.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { buildSchema, type GraphQLSchema, parse, printSchema } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { useErrorCatalogue } from '../http/use-error-catalogue.js';
import { silentLogger } from '../logger.js';
import { graphModules } from '../graph-modules.js';
import { INTERFACES } from '../interfaces/registry.js';
import { declaredAccess } from '../schema/graph-module.js';
import { annotateFieldScopes, applyFieldScopes } from './field-scopes.js';
import { Identity } from './identity.js';
import { requiredAccess } from './required-scopes.js';
import { SCOPE_DIRECTIVES_SDL } from './scope-directives.js';
import { StaticKeys } from './static-keys.js';
import { parseTiers } from './tiers.js';
import { useCallerIdentity } from './use-caller-identity.js';
import { ScopeRules } from './scope-rules.js';
import { useScopes } from './use-scopes.js';
import { UPSTREAM_VARIABLES } from '../config.js';

const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');
const KEYS = StaticKeys.parse(
  JSON.stringify([
    { id: 'reader', sha256: sha256('key-reader'), scopes: [] },
    { id: 'writer', sha256: sha256('key-writer'), scopes: ['write'] },
    { id: 'auditor', sha256: sha256('key-auditor'), scopes: ['read', 'audit'] },
    { id: 'admin', sha256: sha256('key-admin'), scopes: ['admin', 'write'] },
  ]),
  'keys.json',
  parseTiers(undefined),
  UPSTREAM_VARIABLES,
);

const tiny = makeExecutableSchema({
  typeDefs: `${SCOPE_DIRECTIVES_SDL}
    type Query {
      open: String
      me: String @authenticated
      account: Account
      report: String @requiresScopes(scopes: [["admin"], ["read", "audit"]])
      secret: Secret
    }
    type Account { name: String  usage: Int @requiresScopes(scopes: [["admin"]]) }
    type Secret @requiresScopes(scopes: [["admin"]]) { value: String }
    type Mutation { change: Boolean @requiresScopes(scopes: [["write"]]) }`,
  resolvers: {
    Query: {
      open: () => 'open',
      me: () => 'me',
      account: () => ({ name: 'acme', usage: 7 }),
      report: () => 'report',
      secret: () => ({ value: 's' }),
    },
    Mutation: { change: () => true },
  },
});

function server(schema: GraphQLSchema) {
  const identity = new Identity({ required: false, realm: 'gateway', apiKeys: KEYS });
  const yoga = createYoga({
    schema,
    logging: false,
    maskedErrors: false,
    plugins: [
      useCallerIdentity({ identity, logger: silentLogger }),
      // Before the catalogue: its onExecuteDone would take a result without data for a 400.
      useScopes({ rules: new ScopeRules({ challenge: identity.challenge() }) }),
      useErrorCatalogue(silentLogger),
    ],
  });
  return async (query: string, key?: string) => {
    const response = await yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(key ? { 'x-api-key': key } : {}) },
      body: JSON.stringify({ query }),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
  };
}

describe('useScopes', () => {
  const ask = server(tiny);

  it('lets anyone select open fields', async () => {
    expect(await ask('{ open account { name } }')).toMatchObject({
      status: 200,
      body: { data: { open: 'open', account: { name: 'acme' } } },
    });
  });

  it('refuses an anonymous caller with 401 UNAUTHENTICATED and a challenge', async () => {
    const answer = await ask('{ open me }');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('ApiKey realm="gateway", header="X-Api-Key"');
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toEqual([
      {
        message: 'Query.me needs an authenticated caller; send credentials.',
        locations: [{ line: 1, column: 8 }],
        extensions: { code: 'UNAUTHENTICATED' },
      },
    ]);
  });

  it('lets any authenticated caller select an @authenticated field', async () => {
    expect(await ask('{ me }', 'key-reader')).toMatchObject({ status: 200, body: { data: { me: 'me' } } });
  });

  it('refuses an authenticated caller without the scope with 403 FORBIDDEN, naming field and scopes', async () => {
    const answer = await ask('{ account { usage } }', 'key-writer');
    expect(answer.status).toBe(403);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        message: 'Account.usage needs the scope "admin", which this caller\'s credentials do not grant.',
        extensions: { code: 'FORBIDDEN' },
      }),
    ]);
  });

  it('finds fields in named and inline fragments', async () => {
    const named = await ask('query { account { ...Usage } } fragment Usage on Account { usage }', 'key-reader');
    expect(named.status).toBe(403);
    const inline = await ask('{ ... on Query { account { ... on Account { usage } } } }', 'key-reader');
    expect(inline.status).toBe(403);
  });

  it('reads the outer list as OR and the inner lists as AND', async () => {
    expect((await ask('{ report }', 'key-admin')).status).toBe(200);
    expect((await ask('{ report }', 'key-auditor')).status).toBe(200);
    const answer = await ask('{ report }', 'key-writer');
    expect(answer.status).toBe(403);
    expect(answer.body.errors[0].message).toBe(
      'Query.report needs the scope "admin" or scopes "read" and "audit", which this caller\'s credentials do not grant.',
    );
  });

  it('applies a rule on a type to the fields returning it', async () => {
    expect((await ask('{ secret { value } }', 'key-writer')).status).toBe(403);
    expect((await ask('{ secret { value } }', 'key-admin')).body.data).toEqual({ secret: { value: 's' } });
  });

  it('refuses the whole mutation before anything runs', async () => {
    expect((await ask('mutation { change }', 'key-reader')).status).toBe(403);
    expect((await ask('mutation { change }', 'key-writer')).body.data).toEqual({ change: true });
  });

  it('works the rules out once per document and operation', () => {
    const document = parse('query A { me } query B { open }');
    const [first, second] = document.definitions;
    if (first?.kind !== 'OperationDefinition' || second?.kind !== 'OperationDefinition') throw new Error('two operations expected');
    const once = requiredAccess(tiny, document, first);
    expect(once.map((field) => field.coordinate)).toEqual(['Query.me']);
    expect(requiredAccess(tiny, document, first)).toBe(once);
    expect(requiredAccess(tiny, document, second)).toEqual([]);
  });

  it('publishes the directives in the SDL', () => {
    const sdl = printSchemaWithDirectives(tiny);
    expect(sdl).toContain('me: String @authenticated');
    expect(sdl).toContain('usage: Int @requiresScopes(scopes: [["admin"]])');
    expect(sdl).toContain('directive @requiresScopes(scopes: [[String!]!]!) on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM');
  });
});

/** The paid, write and admin fields the gateway's slices declare (each graph module's `access`). */
const access = declaredAccess(await graphModules(INTERFACES));
const { paid: PAID_FIELDS, write: WRITE_FIELDS, admin: ADMIN_FIELDS } = access;

describe("the gateway's field scopes", () => {
  const published = buildSchema(readFileSync(new URL('../../../schema/gateway.graphql', import.meta.url), 'utf8'));

  it("cover every Mutation with write, or admin for C's account changes", () => {
    expect(
      Object.keys(published.getMutationType()?.getFields() ?? {})
        .map((name) => `Mutation.${name}`)
        .sort(),
    ).toEqual([...WRITE_FIELDS, ...ADMIN_FIELDS.filter((coordinate) => coordinate.startsWith('Mutation.'))].sort());
  });

  it('name each field once', () => {
    const all = [...WRITE_FIELDS, ...ADMIN_FIELDS, ...PAID_FIELDS];
    expect(new Set(all).size).toBe(all.length);
  });

  it('put the directives on the schema, @authenticated on paid fields only with AUTH_REQUIRED', () => {
    const open = applyFieldScopes(published, { authRequired: false, access });
    const sdl = printSchemaWithDirectives(open);
    expect(sdl).toContain('): Licensee @requiresScopes(scopes: [["admin"]])');
    expect(sdl).toContain('): KeyDetails @requiresScopes(scopes: [["admin"]])');
    expect(sdl).not.toContain('@authenticated\n');
    const closed = printSchemaWithDirectives(applyFieldScopes(published, { authRequired: true, access }));
    expect(closed).toContain('cleanseAddress(input: CleanseInput): CleanseResult @authenticated');
    expect(closed).toContain('priceIn(country: CountryCode!): Money @authenticated');
  });

  it("take each slice's declared paid fields: A's data, the brief, token lookups, prices and C's billed lookups", () => {
    const scoped = applyFieldScopes(published, { authRequired: true, access });
    const authenticated = (coordinate: string): boolean => {
      const [typeName = '', fieldName = ''] = coordinate.split('.');
      const type = scoped.getType(typeName);
      const field = type && 'getFields' in type ? type.getFields()[fieldName] : undefined;
      return (field?.astNode?.directives ?? []).some((directive) => directive.name.value === 'authenticated');
    };
    const declaredBy = ['Query.tokens', 'Query.cryptoBrief', 'Query.token', 'Query.tokensByIds', 'Token.price', 'Query.addressByUdprn'];
    expect(declaredBy.filter((coordinate) => !authenticated(coordinate))).toEqual([]);
    expect(authenticated('Query.country')).toBe(false);
  });

  it("annotate printSchema's SDL, leaving the rest byte for byte", () => {
    const scoped = applyFieldScopes(published, { authRequired: true, access });
    const printed = printSchema(scoped);
    const annotated = annotateFieldScopes(printed, scoped);
    const added = annotated.split('\n').filter((line, index) => line !== printed.split('\n')[index]);
    // Every field with a scope also calls an upstream, so it carries a @cost (demand-control.ts) too.
    const costed =
      readFileSync(new URL('../../../schema/gateway.graphql', import.meta.url), 'utf8').match(/@cost\(weight: \d/g)?.length ?? 0;
    expect(added).toHaveLength(costed);
    const ruled = added.filter((line) => / @(authenticated|requiresScopes\(scopes: \[\["(write|admin)"\]\]\))( |$)/.test(line));
    expect(ruled).toHaveLength(WRITE_FIELDS.length + ADMIN_FIELDS.length + PAID_FIELDS.length);
    expect(added.every((line) => / @cost\(weight: \d+\)/.test(line))).toBe(true);
    expect(annotated).toContain('  ): KeyDetails @requiresScopes(scopes: [["admin"]])');
  });

  it('are enforced on the published schema', async () => {
    const ask = server(applyFieldScopes(published, { authRequired: false, access }));
    const mutation = 'mutation { createPaymentRequest(input: { nanoErg: 1, receiverAddress: "x" }) { __typename } }';
    expect((await ask(mutation)).status).toBe(401);
    expect((await ask('{ apiKeyDetails(key: "ak_x") { __typename } }', 'key-writer')).status).toBe(403);
  });

  it('refuse a schema that lacks a listed field', () => {
    expect(() => applyFieldScopes(tiny, { authRequired: false, access })).toThrow(
      /declared for fields the schema does not have: Mutation\.addBabelFeeOfferInput/,
    );
  });
});
