/**
 * A peer Federation v2 subgraph, written the way a platform team's small service would be: users
 * who live in one of our countries and hold one of our tokens (both pointed at by key), and a
 * field it adds to our Country (`residents`), so composition is exercised in both directions.
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import { createYoga } from 'graphql-yoga';

export interface PeerUser {
  id: string;
  name: string;
  countryCode: string;
  tokenId: number;
}

/** The SDL the peer publishes through `_service { sdl }`. */
export const PEER_SDL = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])

  type Query {
    users: [User!]!
  }

  type User @key(fields: "id") {
    id: ID!
    name: String!
    country: Country
    favouriteToken: Token
  }

  "Ours, extended with the people who live there."
  type Country @key(fields: "code") {
    code: String!
    residents: [User!]!
  }

  "Ours, only pointed at."
  type Token @key(fields: "id", resolvable: false) {
    id: Int!
  }
`;

/** What the federation spec asks a subgraph to add for its own execution. */
const SUBGRAPH_DEFINITIONS = /* GraphQL */ `
  directive @link(url: String!, import: [String]) repeatable on SCHEMA
  directive @key(fields: String!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
  scalar _Any
  union _Entity = User | Country
  type _Service {
    sdl: String!
  }
  extend type Query {
    _service: _Service!
    _entities(representations: [_Any!]!): [_Entity]!
  }
`;

interface Representation {
  __typename: string;
  id?: string;
  code?: string;
}

/** A Yoga serving the peer subgraph over `users`. */
export function createPeerSubgraph(users: readonly PeerUser[]) {
  const schema = makeExecutableSchema({
    typeDefs: [PEER_SDL, SUBGRAPH_DEFINITIONS],
    resolvers: {
      Query: {
        users: () => users,
        _service: () => ({ sdl: PEER_SDL }),
        _entities: (_root: unknown, args: { representations: Representation[] }) =>
          args.representations.map((representation) =>
            representation.__typename === 'User'
              ? (users.find((user) => user.id === representation.id) ?? null)
              : { __typename: 'Country', code: representation.code },
          ),
      },
      _Entity: { __resolveType: (entity: { __typename?: string }) => entity.__typename ?? 'User' },
      User: {
        country: (user: PeerUser) => ({ code: user.countryCode }),
        favouriteToken: (user: PeerUser) => ({ id: user.tokenId }),
      },
      Country: {
        residents: (country: { code: string }) => users.filter((user) => user.countryCode === country.code),
      },
    },
  });
  return createYoga({ schema, graphqlEndpoint: '/graphql', landingPage: false, logging: false });
}
