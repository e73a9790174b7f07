import { DefaultLogger, PubSub } from '@graphql-mesh/utils';
import { addResolversToSchema } from '@graphql-tools/schema';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { buildSchema, graphql, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { constantCaseEnumValues } from './enum-value-case.js';
import { deriveRenamePlan } from './build/derive-rename-plan.js';
import { applyMeshTransforms } from './build/mesh-transforms.js';
import { applyRenamePlan } from './rename-plan.js';

/** A vendor's schema as Mesh builds it from an OpenAPI document: snake_case, `_Input` types, a preflight. */
const VENDOR_SDL = /* GraphQL */ `
  type Query {
    place_by_code(country_code: String!, response_fields: [String], filter: String): Place
    search(input: Search_Input): [Place]
    search_all(inputs: [Search_Input!]!): [Place]
    kind_of(code: String!): Kind
  }
  type Mutation {
    preflight_places: Boolean
    save_place(input: Search_Input): Boolean
  }
  type Place {
    place_name: String
    alpha_2: String
    internal_id: String
  }
  input Search_Input {
    post_town: String
    inner: Inner_Input
  }
  input Inner_Input {
    zip_code: String
  }
  enum Kind {
    big_city
    small_town
  }
`;

const TRANSFORMS = [
  { namingConvention: { mode: 'bare', fieldNames: 'camelCase', fieldArgumentNames: 'camelCase' } },
  {
    rename: {
      mode: 'bare',
      renames: [
        { from: { type: 'Place', field: 'alpha_(\\d)' }, to: { type: 'Place', field: 'alpha$1' }, useRegExpForFields: true },
        { from: { type: 'Search_Input' }, to: { type: 'SearchInput' } },
        {
          from: { type: 'Query', field: 'placeByCode', argument: 'countryCode' },
          to: { type: 'Query', field: 'placeByCode', argument: 'code' },
        },
      ],
    },
  },
  { filterSchema: { mode: 'bare', filters: ['Query.*.!filter', 'Place.!internalId', 'Mutation.!preflight*'] } },
];

interface Call {
  field: string;
  args: unknown;
}

/** The vendor's schema with root resolvers that record what they are called with, as Mesh's HTTP resolvers read it. */
function vendorSchema(calls: Call[]): GraphQLSchema {
  const record = (field: string, answer: unknown) => (_root: unknown, args: unknown, _context: unknown, info: { fieldName: string }) => {
    calls.push({ field: `${field} as ${info.fieldName}`, args });
    return answer;
  };
  const paris = { place_name: 'Paris', alpha_2: 'FR', internal_id: 'p-1' };
  return addResolversToSchema({
    schema: buildSchema(VENDOR_SDL),
    resolvers: {
      Query: {
        place_by_code: record('place_by_code', paris),
        search: record('search', [paris]),
        search_all: record('search_all', [paris]),
        kind_of: record('kind_of', 'big_city'),
      },
      Mutation: { save_place: record('save_place', true) },
    },
    updateResolversInPlace: true,
  });
}

const transformContext = { apiName: 'Vendor', baseDir: '.', pubsub: new PubSub(), logger: new DefaultLogger('Vendor') };

function meshTransformed(calls: Call[]): GraphQLSchema {
  return applyMeshTransforms(vendorSchema(calls), TRANSFORMS, transformContext);
}

const QUERY = /* GraphQL */ `
  {
    placeByCode(code: "FR", responseFields: ["place_name"]) {
      placeName
      alpha2
    }
    search(input: { postTown: "Paris", inner: { zipCode: "75001" } }) {
      alpha2
    }
    kindOf(code: "x")
  }
`;

describe('the rename plan', () => {
  it("records what Mesh's transforms do: renamed types, fields, arguments and input fields, and what the filter removed", () => {
    const plan = deriveRenamePlan(vendorSchema([]), meshTransformed([]));
    expect(plan.types).toEqual({ Search_Input: 'SearchInput' });
    expect(plan.fields.Place).toEqual({ place_name: 'placeName', alpha_2: 'alpha2', internal_id: null });
    expect(plan.fields.Mutation).toEqual({ preflight_places: null, save_place: 'savePlace' });
    expect(plan.args['Query.place_by_code']).toEqual({ country_code: 'code', response_fields: 'responseFields', filter: null });
    expect(plan.inputFields).toEqual({ Search_Input: { post_town: 'postTown' }, Inner_Input: { zip_code: 'zipCode' } });
  });

  it("replayed, prints exactly as Mesh's transforms do, and leaves the vendor's schema as it was", () => {
    const vendor = vendorSchema([]);
    const before = printSchemaWithDirectives(vendor);
    const replayed = applyRenamePlan(vendor, deriveRenamePlan(vendorSchema([]), meshTransformed([])));
    expect(printSchemaWithDirectives(replayed)).toBe(printSchemaWithDirectives(meshTransformed([])));
    expect(printSchemaWithDirectives(vendor)).toBe(before);
  });

  it("answers as Mesh's transforms do, calling the vendor's resolvers with the vendor's field and argument names", async () => {
    const meshCalls: Call[] = [];
    const replayCalls: Call[] = [];
    const plan = deriveRenamePlan(vendorSchema([]), meshTransformed([]));
    const viaMesh = await graphql({ schema: meshTransformed(meshCalls), source: QUERY });
    const viaPlan = await graphql({ schema: applyRenamePlan(vendorSchema(replayCalls), plan), source: QUERY });
    expect(viaPlan).toEqual(viaMesh);
    expect(viaPlan).toEqual({
      data: { placeByCode: { placeName: 'Paris', alpha2: 'FR' }, search: [{ alpha2: 'FR' }], kindOf: 'big_city' },
    });
    expect(replayCalls).toEqual(meshCalls);
    expect(replayCalls).toEqual([
      { field: 'place_by_code as place_by_code', args: { country_code: 'FR', response_fields: ['place_name'] } },
      { field: 'search as search', args: { input: { post_town: 'Paris', inner: { zip_code: '75001' } } } },
      { field: 'kind_of as kind_of', args: { code: 'x' } },
    ]);
  });

  it('gives the vendor its input field names inside list and non-null arguments too', async () => {
    const calls: Call[] = [];
    const plan = deriveRenamePlan(vendorSchema([]), meshTransformed([]));
    const schema = applyRenamePlan(vendorSchema(calls), plan);
    const result = await graphql({
      schema,
      source: '{ searchAll(inputs: [{ postTown: "Lyon" }, { inner: { zipCode: "69001" } }]) { alpha2 } }',
    });
    expect(result.errors).toBeUndefined();
    expect(calls).toEqual([
      { field: 'search_all as search_all', args: { inputs: [{ post_town: 'Lyon' }, { inner: { zip_code: '69001' } }] } },
    ]);
  });

  it("records the gateway's enum casing, and the vendor's values still answer", async () => {
    const calls: Call[] = [];
    const plan = deriveRenamePlan(vendorSchema([]), constantCaseEnumValues(meshTransformed([])));
    expect(plan.enumValues).toEqual({ Kind: { big_city: 'BIG_CITY', small_town: 'SMALL_TOWN' } });
    const result = await graphql({ schema: applyRenamePlan(vendorSchema(calls), plan), source: '{ kindOf(code: "x") }' });
    expect(result).toEqual({ data: { kindOf: 'BIG_CITY' } });
  });

  it('refuses a transform it cannot replay (Mesh renaming the values the vendor sends), naming the first line that differs', () => {
    const valuesRenamed = applyMeshTransforms(
      vendorSchema([]),
      [{ namingConvention: { mode: 'bare', enumValues: 'constantCase' } }],
      transformContext,
    );
    expect(() => deriveRenamePlan(vendorSchema([]), valuesRenamed)).toThrow(
      'The rename plan does not reproduce the transforms: line 33 is "enum Kind", the transforms give "enum Kind {"',
    );
  });
});
