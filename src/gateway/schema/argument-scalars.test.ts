import { makeExecutableSchema } from '@graphql-tools/schema';
import { getNamedType, graphql, type GraphQLSchema, isScalarType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { applyArgumentScalars } from './argument-scalars.js';

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

function vendorSchema(extraTypeDefs = ''): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: [typeDefs, extraTypeDefs],
    resolvers: {
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
    const schema = applyArgumentScalars(vendorSchema('"Declared by the source." scalar IpAddress'), { 'Query.lookup.ip': 'IpAddress' });
    const argument = schema.getQueryType()?.getFields().lookup?.args[0];
    expect(argument?.type.toString()).toBe('IpAddress!');
    expect(argument && getNamedType(argument.type).description).toBe('Declared by the source.');
  });

  it('adds the domain scalar to a schema that lacks it', () => {
    const schema = applyArgumentScalars(vendorSchema(), { 'Query.lookup.ip': 'IpAddress' });
    expect(isScalarType(schema.getType('IpAddress'))).toBe(true);
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
