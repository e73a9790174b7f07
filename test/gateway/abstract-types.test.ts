import { buildSchema, getNamedType, isInterfaceType, isUnionType, type GraphQLObjectType } from 'graphql';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED_SCHEMA_PATH } from '../../src/gateway/schema/published-schema.js';
import { ROOT, startTestGateway, type TestGateway } from '../support/gateway.js';

const schema = buildSchema(readFileSync(join(ROOT, PUBLISHED_SCHEMA_PATH), 'utf8'));

// Federation's `_Entity` is the spec's union of every keyed type, read by routers, which alias
// the key fields they ask for; it is no type a client selects shared fields on.
const FEDERATION_UNIONS: ReadonlySet<string> = new Set(['_Entity']);

const abstractTypes = Object.values(schema.getTypeMap()).flatMap((type) => {
  if (isUnionType(type)) return FEDERATION_UNIONS.has(type.name) ? [] : [{ name: type.name, members: type.getTypes() }];
  if (isInterfaceType(type)) return [{ name: type.name, members: schema.getPossibleTypes(type) }];
  return [];
});

/** Field name → the distinct printed types the members give it, for fields on two or more members. */
function sharedFieldTypes(members: readonly GraphQLObjectType[]): Map<string, Set<string>> {
  const types = new Map<string, string[]>();
  for (const member of members) {
    for (const field of Object.values(member.getFields())) types.set(field.name, [...(types.get(field.name) ?? []), String(field.type)]);
  }
  return new Map([...types].filter(([, printed]) => printed.length > 1).map(([name, printed]) => [name, new Set(printed)]));
}

describe('abstract types', () => {
  it('include the address union and interface', () => {
    expect(abstractTypes.map((type) => type.name)).toEqual(expect.arrayContaining(['Address', 'AddressSearchHit']));
  });

  it.each(abstractTypes)('$name: fields shared by members have one type', ({ members }) => {
    const disagreeing = [...sharedFieldTypes(members)].filter(([, printed]) => printed.size > 1);
    expect(disagreeing.map(([name, printed]) => `${name}: ${[...printed].join(' vs ')}`)).toEqual([]);
  });

  describe('through the gateway', () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startTestGateway();
    });
    afterAll(() => gw.close());

    it('a search hit selects every shared field of both members in one query', async () => {
      const union = schema.getType('AddressSearchHit');
      if (!isUnionType(union)) throw new Error('AddressSearchHit is not a union');
      const shared = [...sharedFieldTypes(union.getTypes()).keys()].filter((name) => {
        const field = union.getTypes()[0]?.getFields()[name];
        return field !== undefined && field.args.length === 0 && getNamedType(field.type).name !== 'Country';
      });
      const selection = shared.join(' ');
      const result = await gw.query(
        `{ addresses(query: "Ship to 1600 Pennsylvania Ave NW, Washington, DC 20500 and to Room 1, Block 1 Arthur Vick CV4 7AL") {
          hits { __typename ... on UkAddress { ${selection} } ... on UsAddress { ${selection} } } } }`,
      );
      expect(result.errors).toBeUndefined();
      const { hits } = result.data?.addresses as { hits: Record<string, unknown>[] };
      expect(new Set(hits.map((hit) => hit.__typename))).toEqual(new Set(['UkAddress', 'UsAddress']));
      expect(shared).toEqual(expect.arrayContaining(['id', 'dataset', 'line1', 'countryIso2']));
      for (const hit of hits) expect(Object.keys(hit)).toEqual(expect.arrayContaining(shared));
    });
  });
});
