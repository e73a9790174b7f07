import { makeExecutableSchema } from '@graphql-tools/schema';
import { getNamedType, graphql, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { applyArgumentScalars } from './argument-scalars.js';
import { DOMAIN_SCALARS } from './domain-scalars.js';

/** Arguments typed as plain strings, the way the vendors' OpenAPI documents describe them. */
const typeDefs = /* GraphQL */ `
  type Query {
    lookup(ip: String!, note: String): String
    lookupMany(ips: [String!]): [String]
  }
  type Mutation {
    subscribe(email: String): Boolean
  }
`;

/** The domain scalars the pipeline's merge declares (scalars.graphql), with their behaviour. */
const domainScalars = 'scalar IpAddress scalar Email';

function vendorSchema(): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: [typeDefs, domainScalars],
    resolvers: {
      IpAddress: DOMAIN_SCALARS.IpAddress,
      Email: DOMAIN_SCALARS.Email,
      Query: {
        lookup: (_root: unknown, args: { ip: string }) => args.ip,
        lookupMany: (_root: unknown, args: { ips: string[] }) => args.ips,
      },
      Mutation: { subscribe: () => true },
    },
  });
}

function argumentType(schema: GraphQLSchema, type: 'Query' | 'Mutation', field: string, argument: string): string | undefined {
  const fields = (type === 'Query' ? schema.getQueryType() : schema.getMutationType())?.getFields();
  return fields?.[field]?.args.find((arg) => arg.name === argument)?.type.toString();
}

describe('applyArgumentScalars', () => {
  it('retypes the listed arguments, keeping their list and non-null wrapping', () => {
    const schema = applyArgumentScalars(vendorSchema(), {
      'Query.lookup.ip': 'IpAddress',
      'Query.lookupMany.ips': 'IpAddress',
      'Mutation.subscribe.email': 'Email',
    });
    expect(argumentType(schema, 'Query', 'lookup', 'ip')).toBe('IpAddress!');
    expect(argumentType(schema, 'Query', 'lookupMany', 'ips')).toBe('[IpAddress!]');
    expect(argumentType(schema, 'Mutation', 'subscribe', 'email')).toBe('Email');
    expect(argumentType(schema, 'Query', 'lookup', 'note')).toBe('String');
  });

  it('lets the scalar judge values before the resolver runs, and keeps the resolvers', async () => {
    const schema = applyArgumentScalars(vendorSchema(), { 'Query.lookup.ip': 'IpAddress', 'Query.lookupMany.ips': 'IpAddress' });
    expect(await graphql({ schema, source: '{ lookup(ip: "8.8.8.8") lookupMany(ips: ["::1"]) }' })).toEqual({
      data: { lookup: '8.8.8.8', lookupMany: ['::1'] },
    });
    const refused = await graphql({ schema, source: '{ lookup(ip: "not an ip") }' });
    expect(refused.data).toBeUndefined();
    expect(refused.errors?.[0]?.message).toContain('IpAddress must be an IPv4 or IPv6 address; received "not an ip"');
  });

  it('keeps the scalar the schema declares, with its description', () => {
    const declared = makeExecutableSchema({ typeDefs: [typeDefs, '"Declared by the source." scalar IpAddress'] });
    const schema = applyArgumentScalars(declared, { 'Query.lookup.ip': 'IpAddress' });
    const argument = schema.getQueryType()?.getFields().lookup?.args[0];
    expect(argument?.type.toString()).toBe('IpAddress!');
    expect(argument && getNamedType(argument.type).description).toBe('Declared by the source.');
  });

  it('refuses a scalar the schema does not declare, rather than copy the schema to add it', () => {
    const schema = makeExecutableSchema({ typeDefs });
    expect(() => applyArgumentScalars(schema, { 'Query.lookup.ip': 'IpAddress' })).toThrow(
      new TypeError('Argument scalar table names scalars the schema does not declare: IpAddress'),
    );
  });

  it('refuses entries that name no argument, listing them all', () => {
    expect(() =>
      applyArgumentScalars(vendorSchema(), {
        'Query.lookup.ip': 'IpAddress',
        'Query.lookup.address': 'IpAddress',
        'Query.nothing.ip': 'IpAddress',
      }),
    ).toThrow(new TypeError('Argument scalar table names unknown arguments: Query.lookup.address, Query.nothing.ip'));
  });
});
