/**
 * D's vendor returns only the record fields named in `response_fields`, and a full country is
 * about 5 kB. The gateway derives that list from the GraphQL selection, so a client never has to
 * (and can no longer make a selected field fail by naming too few): `countries(limit: 100) {
 * nodes { names { common } } }` asks D for `names` only. A hand-written Country field asks for what
 * its declaration says it reads (upstream/field-needs.ts), whichever slice adds it.
 */
import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLFieldResolver,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  getNamedType,
  isObjectType,
  Kind,
  type SelectionSetNode,
} from 'graphql';
import { needOf } from '../../upstream/field-needs.js';
import { withFields } from '../../shared/with-fields.js';

/** The top-level fields of D's country record (the vendor's Country schema). */
const RECORD_FIELDS: ReadonlySet<string> = new Set([
  'uuid',
  'names',
  'codes',
  'capitals',
  'currencies',
  'region',
  'subregion',
  'continents',
  'landlocked',
  'borders',
  'area',
  'coordinates',
  'timezones',
  'population',
  'languages',
  'calling_codes',
  'tlds',
  'demonyms',
  'flag',
  'memberships',
  'classification',
  'parent',
  'government_type',
  'leaders',
  'date',
  'number_format',
  'cars',
  'postal_code',
  'links',
  'economy',
]);

/**
 * Record objects whose parts are asked for one by one (`names.common`), by GraphQL field name →
 * record key: a list that selects `names { common }` should not carry every country's
 * translations into 250 languages. Other objects are small and are asked for whole.
 */
const NESTED_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  names: { common: 'common', official: 'official', alternates: 'alternates', native: 'native', translations: 'translations' },
  codes: { alpha2: 'alpha_2', alpha3: 'alpha_3', ccn3: 'ccn3', cioc: 'cioc', fifa: 'fifa', fips: 'fips', gec: 'gec' },
};

/** Mesh's D root fields that take `response_fields`; the gateway fills it in. */
const TRIMMED_ROOT_FIELDS: ReadonlySet<string> = new Set(['countriesByCode', 'countriesByName', 'countriesSearch', 'countriesWhere']);
const TRIMMING_ARGUMENTS: ReadonlySet<string> = new Set(['responseFields', 'responseFieldsOmit']);

const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function fieldsOf(selectionSet: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, into: FieldNode[] = []): FieldNode[] {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) into.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fieldsOf(selection.selectionSet, fragments, into);
    else {
      const fragment = fragments[selection.name.value];
      if (fragment) fieldsOf(fragment.selectionSet, fragments, into);
    }
  }
  return into;
}

/** The dotted paths below `recordField` that `field` selects, or the whole field when it selects anything else. */
function nestedPaths(recordField: string, field: FieldNode, fragments: Record<string, FragmentDefinitionNode>): string[] {
  const keys = NESTED_FIELDS[recordField];
  if (!keys || !field.selectionSet) return [recordField];
  const paths: string[] = [];
  for (const part of fieldsOf(field.selectionSet, fragments)) {
    if (part.name.value === '__typename') continue;
    const key = keys[part.name.value];
    if (key === undefined) return [recordField];
    paths.push(`${recordField}.${key}`);
  }
  return paths.length > 0 ? paths : [recordField];
}

/**
 * Adds the record fields `country`'s selection needs to `wanted`: what a hand-written field
 * declares it reads (upstream/field-needs.ts), a record field for Mesh's; false when a selected
 * field is neither, so the whole record is asked for.
 */
function addRecordFields(
  country: FieldNode,
  type: GraphQLObjectType,
  fragments: Record<string, FragmentDefinitionNode>,
  wanted: Set<string>,
): boolean {
  if (!country.selectionSet) return true;
  const fields = type.getFields();
  for (const field of fieldsOf(country.selectionSet, fragments)) {
    const name = field.name.value;
    if (name === '__typename') continue;
    const reads = needOf(fields[name])?.reads;
    const recordField = snakeCase(name);
    if (reads) for (const needed of reads) wanted.add(needed);
    else if (RECORD_FIELDS.has(recordField)) for (const path of nestedPaths(recordField, field, fragments)) wanted.add(path);
    else return false;
  }
  return true;
}

/** The object type of `type` (a Country, or a page of them: its `nodes`), where the record fields are. */
function recordType(type: GraphQLOutputType): GraphQLObjectType | undefined {
  const named = getNamedType(type);
  if (!isObjectType(named)) return undefined;
  const nodes = named.getFields()['nodes'];
  const inner = nodes ? getNamedType(nodes.type) : named;
  return isObjectType(inner) ? inner : undefined;
}

type SelectionInfo = Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments' | 'returnType'>;

/**
 * The record fields a selection of `CountryPage.nodes` needs, or undefined when one of the
 * selected fields is not known to map to a record field (then the whole record is asked for).
 */
export function countryRecordFields(info: SelectionInfo): string[] | undefined {
  const type = recordType(info.returnType);
  if (!type) return undefined;
  const wanted = new Set<string>();
  for (const page of info.fieldNodes) {
    if (!page.selectionSet) continue;
    for (const nodes of fieldsOf(page.selectionSet, info.fragments)) {
      if (nodes.name.value === 'nodes' && !addRecordFields(nodes, type, info.fragments, wanted)) return undefined;
    }
  }
  // A page asked for its counts only still needs some record field; uuid is the smallest.
  return wanted.size > 0 ? [...wanted].sort() : ['uuid'];
}

/**
 * The record fields a field of type `Country` selects (e.g. `country(code:)`), with `codes`,
 * which finding the country by its code reads; undefined when one of the selected fields is not
 * known to map to a record field.
 */
export function selectedCountryFields(info: SelectionInfo): string[] | undefined {
  const type = recordType(info.returnType);
  if (!type) return undefined;
  const wanted = new Set<string>(['codes']);
  for (const country of info.fieldNodes) if (!addRecordFields(country, type, info.fragments, wanted)) return undefined;
  return [...wanted].filter((path) => !path.startsWith('codes.')).sort();
}

/**
 * Removes `responseFields`/`responseFieldsOmit` from D's search fields and passes the list the
 * selection needs instead. In place: only these fields' arguments and resolvers change, and each
 * pass over the whole schema costs start-up time.
 */
export function deriveResponseFields(schema: GraphQLSchema): GraphQLSchema {
  const fields = schema.getQueryType()?.getFields() ?? {};
  for (const fieldName of TRIMMED_ROOT_FIELDS) {
    const field = fields[fieldName];
    const resolve: GraphQLFieldResolver<unknown, unknown> | undefined = field?.resolve;
    if (!field || !resolve) throw new TypeError(`deriveResponseFields: Query.${fieldName} has no resolver`);
    field.args = field.args.filter((arg) => !TRIMMING_ARGUMENTS.has(arg.name));
    field.resolve = (root, fieldArgs, context, info) =>
      resolve(root, withFields(fieldArgs, { responseFields: countryRecordFields(info) }), context, info);
  }
  return schema;
}
