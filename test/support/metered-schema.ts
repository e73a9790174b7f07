/**
 * A small schema for the unit tests of the caller limits' Yoga plugins (use-rate-limit.test.ts,
 * use-quota.test.ts): two fields as Mesh generates them (their @httpOperation names the source
 * and path, which the quota's estimate prices), one hand-written; no resolver spends anything.
 * The caller is whoever the `x-test-caller` header names: identity is another plugin's business.
 */
import { createSchema } from 'graphql-yoga';
import type { Caller } from '../../src/gateway/callers/caller.js';

export const METERED_SCHEMA = createSchema({
  typeDefs: /* GraphQL */ `
    directive @httpOperation(subgraph: String, path: String, httpMethod: HTTPMethod) on FIELD_DEFINITION
    enum HTTPMethod {
      GET
      POST
    }
    type Query {
      addressByUdprn(udprn: Int!): String @httpOperation(subgraph: "Address", path: "/udprn/{args.udprn}", httpMethod: GET)
      apiKey(key: String!): String @httpOperation(subgraph: "Address", path: "/keys/{args.key}", httpMethod: GET)
      ping: String
    }
  `,
  resolvers: { Query: { addressByUdprn: () => 'an address', apiKey: () => 'available', ping: () => 'pong' } },
});

/** The header naming the test's caller. */
export const TEST_CALLER_HEADER = 'x-test-caller';

export function testCallerOf(request: Request): Caller | undefined {
  const id = request.headers.get(TEST_CALLER_HEADER);
  return id ? { id, scopes: new Set(), tier: 'standard', anonymous: false } : undefined;
}
