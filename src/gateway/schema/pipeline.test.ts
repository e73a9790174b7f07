import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkPipeline, describePipeline, providedBy, runPipeline, type SchemaPass } from './pipeline.js';

const query = (field: string) =>
  new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { [field]: { type: GraphQLString } } }) });

const make: SchemaPass = { name: 'make', requires: [], provides: ['made'], inPlace: false, run: () => query('made') };
const describeField: SchemaPass = {
  name: 'describe-field',
  requires: ['made'],
  provides: ['described'],
  inPlace: true,
  run: (schema) => {
    const field = schema.getQueryType()?.getFields().made;
    if (field) field.description = 'described in place';
    return schema;
  },
};

describe('runPipeline', () => {
  it('runs the passes in order and records what they provided', () => {
    const schema = runPipeline([make, describeField], query('input'));
    expect(schema.getQueryType()?.getFields().made?.description).toBe('described in place');
    expect([...providedBy(schema)]).toEqual(['made', 'described']);
    expect(providedBy(query('other')).size).toBe(0);
  });

  it('names the pass and the missing fact when a pass comes before what it requires', () => {
    expect(() => checkPipeline([describeField, make])).toThrow(
      new TypeError('Schema pipeline: the pass "describe-field" requires made, which no earlier pass provides'),
    );
  });

  it('never gives the input to a pass that edits in place', () => {
    const input = query('input');
    const inPlaceFirst: SchemaPass = { ...describeField, requires: [] };
    expect(() => runPipeline([inPlaceFirst], input)).toThrow(
      new TypeError('Schema pipeline: the pass "describe-field" edits in place, so it must follow a pass that made a schema'),
    );
  });

  it('refuses a pass listed twice', () => {
    expect(() => checkPipeline([make, make])).toThrow(new TypeError('Schema pipeline: the pass "make" is listed twice'));
  });

  it('prints one pass a line', () => {
    expect(describePipeline([make, describeField])).toBe(
      'make: requires [] provides [made]\ndescribe-field (in place): requires [made] provides [described]',
    );
  });
});
