import { parse, type FragmentDefinitionNode, type OperationDefinitionNode, type FieldNode, Kind } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGatewaySchema, type GatewaySchema } from '../../build-schema.js';
import { ROOT, startTestGateway, type TestGateway } from '../../../../test/support/gateway.js';
import { countryRecordFields, selectedCountryFields } from './response-fields.js';

// The served schema: the Country fields' declarations (upstream/field-needs.ts) are read from it.
let served: GatewaySchema;
beforeAll(async () => {
  served = await buildGatewaySchema(ROOT);
});
afterAll(() => served.destroy());

/** The resolve info of the first root field of `query`, as far as countryRecordFields reads it. */
function infoOf(query: string) {
  const document = parse(query);
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const fragments = Object.fromEntries(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const root = operation?.selectionSet.selections[0] as FieldNode;
  const field = served.schema.getQueryType()?.getFields()[root.name.value];
  if (!field) throw new Error(`the served schema has no Query.${root.name.value}`);
  return { fieldNodes: [root], fragments, returnType: field.type };
}

describe('countryRecordFields', () => {
  it('maps selected fields to record fields, through fragments, and adds what hand-written fields declare they read', () => {
    const info = infoOf(`{ countries { nodes { names { common } ...Codes ... on Country { callingCodes currencyRate(to: "EUR") } } } }
      fragment Codes on Country { codes { alpha2 } __typename }`);
    expect(countryRecordFields(info)).toEqual(['calling_codes', 'codes.alpha_2', 'currencies', 'names.common']);
  });

  it('asks for the parts of names and codes one by one, and for a whole object when only its type is selected', () => {
    const info = infoOf(`{ countries { nodes {
      names { official translations(languages: ["fra"]) { common } } codes { alpha3 } area { __typename } flag { emoji } } } }`);
    expect(countryRecordFields(info)).toEqual(['area', 'codes.alpha_3', 'flag', 'names.official', 'names.translations']);
    expect(countryRecordFields(infoOf('{ countries { nodes { names { __typename } } } }'))).toEqual(['names']);
  });

  it('asks for the whole record when a selected field is not known to map to one', () => {
    expect(countryRecordFields(infoOf('{ countries { nodes { names { common } somethingNew } } }'))).toBeUndefined();
  });

  it('asks for the smallest field when only the page counts are selected', () => {
    expect(countryRecordFields(infoOf('{ countries { total more } }'))).toEqual(['uuid']);
  });
});

describe('selectedCountryFields', () => {
  it('maps a Country selection to record fields, always with the codes the lookup matches on', () => {
    expect(selectedCountryFields(infoOf('{ country(code: "FR") { names { common } codes { alpha3 } population } }'))).toEqual([
      'codes',
      'names.common',
      'population',
    ]);
    expect(selectedCountryFields(infoOf('{ country(code: "FR") { currencyRate(to: "EUR") } }'))).toEqual(['codes', 'currencies']);
    expect(selectedCountryFields(infoOf('{ country(code: "FR") { somethingNew } }'))).toBeUndefined();
  });
});

describe('response_fields through the gateway', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ cacheTtlMs: 0 });
  });
  afterAll(() => gw.close());
  beforeEach(() => {
    if (gw.sandboxes['country-data']) gw.sandboxes['country-data'].requests.length = 0;
  });
  const queries = () => (gw.sandboxes['country-data']?.requests ?? []).map((request) => new URLSearchParams(request.query));

  it('asks D for names only when only names are selected', async () => {
    const result = await gw.query('{ countries(limit: 100) { nodes { names { common } } } }');
    expect(result.errors).toBeUndefined();
    expect((result.data as any).countries.nodes).toHaveLength(100);
    expect(queries().map((query) => query.get('response_fields'))).toEqual(['names.common']);
  });

  it('asks D for the selected fields of country(code), and serves whole records to the fields that need more', async () => {
    const result = await gw.query('{ country(code: "CH") { names { common } borderCountries { names { official } population } } }');
    expect(result.errors).toBeUndefined();
    expect((result.data as any).country.names.common).toBe('Switzerland');
    expect((result.data as any).country.borderCountries).toContainEqual({
      names: { official: 'French Republic' },
      population: expect.any(Number),
    });
    expect(queries()[0]?.get('response_fields')).toBe('borders,codes,names.common');
    expect(
      queries()
        .slice(1)
        .every((query) => query.get('response_fields') === null),
    ).toBe(true);
  });

  it('serves every selected field of a search, which a client-chosen list could once break', async () => {
    const result = await gw.query('{ countriesByCode(q: "CHE") { nodes { codes { alpha2 } names { common } } } }');
    expect(result.errors).toBeUndefined();
    expect((result.data as any).countriesByCode.nodes[0]).toEqual({ codes: { alpha2: 'CH' }, names: { common: 'Switzerland' } });
    expect(queries()[0]?.get('response_fields')).toBe('codes.alpha_2,names.common');
  });

  it('keeps what the money fields read', async () => {
    const result = await gw.query(
      '{ countries(limit: 3, where: [{ field: "region", equals: "Europe" }]) { nodes { currencyRate(to: "JPY") } } }',
    );
    expect(result.errors).toBeUndefined();
    for (const node of (result.data as any).countries.nodes) expect(node.currencyRate).toBeGreaterThan(0);
    expect(
      queries()
        .find((query) => query.has('response_fields'))
        ?.get('response_fields'),
    ).toBe('currencies');
  });

  it('no longer takes responseFields from the client', async () => {
    const result = await gw.query('{ countriesByCode(q: "CHE", responseFields: ["names"]) { nodes { codes { alpha2 } } } }');
    expect(result.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
