import { makeExecutableSchema } from '@graphql-tools/schema';
import { graphql, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { unwrapEnvelopes } from './unwrap-envelopes.js';

/** A vendor that wraps every answer as `{ data: { objects, meta } }`, like interface D. */
const typeDefs = /* GraphQL */ `
  type Query {
    items: Envelope!
    empty: Envelope
    unresolved: Envelope
  }
  type Mutation {
    createItem: Envelope!
  }
  type Envelope {
    data: Page
  }
  type Page {
    objects: [Item!]!
    total: Int!
  }
  type Item {
    name: String!
  }
`;

const PAGE = { data: { objects: [{ name: 'first' }, { name: 'second' }], total: 2 } };

function vendorSchema(): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs,
    resolvers: {
      Query: { items: () => PAGE, empty: () => ({ data: null }) },
      Mutation: { createItem: () => ({ data: { objects: [{ name: 'new' }], total: 1 } }) },
    },
  });
}

async function run(schema: GraphQLSchema, source: string) {
  const result = await graphql({ schema, source });
  expect(result.errors).toBeUndefined();
  return result.data;
}

describe('unwrapEnvelopes', () => {
  it('gives a root field the type and value found at the path, nullable', async () => {
    const schema = unwrapEnvelopes(vendorSchema(), { items: ['data', 'objects', 0], createItem: ['data', 'objects'] });
    expect(schema.getQueryType()?.getFields().items?.type.toString()).toBe('Item');
    expect(schema.getMutationType()?.getFields().createItem?.type.toString()).toBe('[Item!]');
    expect(await run(schema, '{ items { name } }')).toEqual({ items: { name: 'first' } });
    expect(await run(schema, 'mutation { createItem { name } }')).toEqual({ createItem: [{ name: 'new' }] });
  });

  it('reaches scalars inside the envelope', async () => {
    const schema = unwrapEnvelopes(vendorSchema(), { items: ['data', 'total'] });
    expect(schema.getQueryType()?.getFields().items?.type.toString()).toBe('Int');
    expect(await run(schema, '{ items }')).toEqual({ items: 2 });
  });

  it('answers null when a part of the path is missing from the answer', async () => {
    const schema = unwrapEnvelopes(vendorSchema(), { empty: ['data', 'objects', 0] });
    expect(await run(schema, '{ empty { name } }')).toEqual({ empty: null });
  });

  it('leaves fields the table does not name as they were', async () => {
    const schema = unwrapEnvelopes(vendorSchema(), { items: ['data', 'total'] });
    expect(schema.getQueryType()?.getFields().empty?.type.toString()).toBe('Envelope');
  });

  it('refuses an index applied to something that is not a list', () => {
    expect(() => unwrapEnvelopes(vendorSchema(), { items: ['data', 0] })).toThrow(
      new TypeError('Query.items: index 0 applied to non-list Page'),
    );
  });

  it('refuses a field step into a scalar, and a field the type does not have', () => {
    expect(() => unwrapEnvelopes(vendorSchema(), { items: ['data', 'total', 'value'] })).toThrow(
      new TypeError('Query.items: field "value" applied to Int!'),
    );
    expect(() => unwrapEnvelopes(vendorSchema(), { items: ['data', 'rows'] })).toThrow(
      new TypeError('Query.items: Page has no field "rows"'),
    );
  });

  it('refuses an entry that names no root field', () => {
    expect(() => unwrapEnvelopes(vendorSchema(), { items: ['data'], itemz: ['data'] })).toThrow(
      new TypeError('Envelope table names unknown root fields: itemz'),
    );
  });

  it('refuses a root field without a resolver to unwrap', () => {
    expect(() => unwrapEnvelopes(vendorSchema(), { unresolved: ['data'] })).toThrow(
      new TypeError('Query.unresolved has no resolver to unwrap'),
    );
  });
});
