import { makeExecutableSchema } from '@graphql-tools/schema';
import { graphql, isEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { constantCaseEnumValues } from './enum-value-case.js';

describe('constantCaseEnumValues', () => {
  const received: string[] = [];
  const schema = constantCaseEnumValues(
    makeExecutableSchema({
      typeDefs: `
        enum Verdict { deliverable not_deliverable BackendRequestAction _2000 }
        type Query { echo(verdict: Verdict!, list: [Verdict!] = [not_deliverable]): [Verdict!]! }`,
      resolvers: {
        Query: {
          echo: (_: unknown, args: { verdict: string; list: string[] }) => {
            received.push(args.verdict, ...args.list);
            return ['not_deliverable', 'BackendRequestAction'];
          },
        },
      },
    }),
  );

  it('names values in UPPER_SNAKE_CASE, hands resolvers the wire values and serialises wire values to the names', async () => {
    const verdict = schema.getType('Verdict');
    expect(isEnumType(verdict) && verdict.getValues().map((value) => [value.name, value.value])).toEqual([
      ['DELIVERABLE', 'deliverable'],
      ['NOT_DELIVERABLE', 'not_deliverable'],
      ['BACKEND_REQUEST_ACTION', 'BackendRequestAction'],
      ['_2000', '_2000'],
    ]);
    expect(schema.getQueryType()?.getFields().echo?.args[1]?.defaultValue).toEqual(['not_deliverable']);
    const result = await graphql({ schema, source: '{ echo(verdict: NOT_DELIVERABLE, list: [DELIVERABLE, _2000]) }' });
    expect(result).toEqual({ data: { echo: ['NOT_DELIVERABLE', 'BACKEND_REQUEST_ACTION'] } });
    expect(received).toEqual(['not_deliverable', 'deliverable', '_2000']);
  });

  it('refuses two values that would get the same name', () => {
    const clash = makeExecutableSchema({ typeDefs: 'enum Case { usd USD } type Query { c: Case }' });
    expect(() => constantCaseEnumValues(clash)).toThrow(/Case: the values usd and USD would both be named USD/);
  });
});
