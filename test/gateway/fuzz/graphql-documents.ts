/**
 * GraphQL requests built from the schema: valid operations (a root field, arguments of the right
 * types, a selection a few levels deep), the same with one mistake a client makes (a wrong
 * argument type, a missing required argument, an unknown field, a bad variable, a `subscription`,
 * a huge number, a long or odd string), and hostile documents (very deep, many aliases, long,
 * cyclic fragments, garbage). Choices are read from a tape of numbers fast-check generates, where
 * 0 is always the simplest choice, so a failing case shrinks towards a small document.
 */
import fc from 'fast-check';
import {
  getNamedType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
} from 'graphql';

/** One GraphQL request as a client sends it. */
export interface FuzzRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export const MISTAKES = [
  'none',
  'wrong-argument-type',
  'missing-required-argument',
  'unknown-field',
  'unknown-argument',
  'no-selection',
  'selection-on-leaf',
  'bad-variable',
  'undeclared-variable',
  'subscription',
  'huge-number',
  'long-string',
  'unicode',
  'wrong-operation-name',
  'two-anonymous-operations',
] as const;
export type Mistake = (typeof MISTAKES)[number];

const ODD_STRINGS = ['', ' ', 'Zürich', '東京', '🦄🦄', '\u202eevil', '\\', '"', '\u0000', 'ﷺ', 'a\nb', '<script>', '%00', "'; DROP"];
const SCALAR_SAMPLES: Readonly<Record<string, readonly unknown[]>> = {
  Int: [1, 0, 5, 3375, -1],
  Float: [1.5, 0, 100],
  Boolean: [true, false],
  NonNegativeInt: [0, 3],
  PositiveInt: [1, 10],
  NonNegativeFloat: [0, 2.5],
  Long: ['1000', '0'],
  CountryCode: ['US', 'FR', 'GB', 'JP', 'DE', '392', 'SUI'],
  CountryIso3: ['USA', 'FRA'],
  CurrencyCode: ['USD', 'EUR', 'GBP', 'JPY'],
  Date: ['2024-03-01', '2023-12-31'],
  YearMonth: ['2024-03'],
  IpAddress: ['8.8.8.8', '81.2.69.142', '2001:db8::1'],
  Email: ['someone@example.com'],
  UkPostcode: ['SW1A 2AA', 'ID1 1QD'],
  URL: ['https://example.com'],
  UUID: ['123e4567-e89b-12d3-a456-426614174000'],
};
const STRING_SAMPLES = ['bitcoin', 'BTC', 'US', 'abc', '1', 'Europe', '10 downing', 'iddqd'];
/** Fields that answer with whole schemas or entity lookups; they add nothing here but time. */
const SKIPPED_ROOT_FIELDS: ReadonlySet<string> = new Set(['_sdl', '_service']);

/** Reads choices off a tape; past its end every choice is 0, the simplest. */
class Tape {
  private index = 0;

  constructor(private readonly values: readonly number[]) {}

  /** A choice in [0, count). */
  choose(count: number): number {
    const value = this.values[this.index] ?? 0;
    this.index += 1;
    return count <= 0 ? 0 : value % count;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.choose(items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }
}

/** Text written into the document as it is: an enum value, or a number JavaScript cannot hold. */
class Raw {
  constructor(readonly text: string) {}
}

function literal(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

function printValue(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(printValue).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([key, entry]) => `${key}: ${printValue(entry)}`)
      .join(', ')} }`;
  }
  return literal(value);
}

class DocumentBuilder {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly tape: Tape,
  ) {}

  /** A value of `type` that the schema accepts, as far as samples go. */
  value(type: GraphQLInputType, depth: number): unknown {
    if (isNonNullType(type)) return this.value(type.ofType, depth);
    if (isListType(type)) return Array.from({ length: 1 + this.tape.choose(2) }, () => this.value(type.ofType, depth + 1));
    if (isEnumType(type)) return new Raw(this.tape.pick(type.getValues()).name);
    if (isInputObjectType(type)) {
      const result: Record<string, unknown> = {};
      for (const field of Object.values(type.getFields())) {
        if (isNonNullType(field.type) || (depth < 3 && this.tape.choose(3) === 1)) result[field.name] = this.value(field.type, depth + 1);
      }
      return result;
    }
    return this.tape.pick(SCALAR_SAMPLES[type.name] ?? STRING_SAMPLES);
  }

  /** A value of some other kind than `type` takes. */
  wrongValue(type: GraphQLInputType): unknown {
    const named = getNamedType(type);
    const candidates: unknown[] = [{ unexpected: 1 }, [1, 2], null];
    candidates.push(named.name === 'String' || isEnumType(named) ? 12 : 'not-a-number');
    if (named.name === 'Int' || named.name === 'Float') candidates.push(1.5, true);
    if (isEnumType(named)) candidates.push('QUOTED_ENUM');
    return this.tape.pick(candidates);
  }

  arguments(field: GraphQLField<unknown, unknown>, keepOptional: boolean): Map<string, unknown> {
    const result = new Map<string, unknown>();
    for (const argument of field.args) {
      if (isNonNullType(argument.type) || (keepOptional && this.tape.choose(3) === 1))
        result.set(argument.name, this.value(argument.type, 0));
    }
    return result;
  }

  /** The selection of a field of `type`: empty for a leaf, a few subfields otherwise. */
  selection(type: GraphQLNamedType, depth: number): string {
    if (isLeafType(type)) return '';
    if (isAbstractType(type)) {
      const possible = this.schema.getPossibleTypes(type);
      const concrete = possible.length > 0 ? this.tape.pick(possible) : undefined;
      return concrete ? `{ __typename ... on ${concrete.name} ${this.selection(concrete, depth)} }` : '{ __typename }';
    }
    if (!isObjectType(type) && !isInterfaceType(type)) return '{ __typename }';
    const fields = Object.values(type.getFields()).filter((field) => depth < 3 || isLeafType(getNamedType(field.type)));
    if (fields.length === 0) return '{ __typename }';
    const chosen = new Set(Array.from({ length: 1 + this.tape.choose(3) }, () => this.tape.pick(fields)));
    const parts = [...chosen].map((field) => {
      const args = this.arguments(field, false);
      const printed = args.size > 0 ? `(${[...args].map(([name, value]) => `${name}: ${printValue(value)}`).join(', ')})` : '';
      return `${field.name}${printed} ${this.selection(getNamedType(field.type), depth + 1)}`;
    });
    return `{ ${parts.join(' ')} }`;
  }

  /** One operation on one root field, with `mistake` made in it. */
  request(mistake: Mistake): FuzzRequest {
    const mutationType = this.schema.getMutationType();
    const mutation = mutationType !== null && mutationType !== undefined && this.tape.choose(6) === 5;
    const root = mutation && mutationType ? mutationType : this.schema.getQueryType();
    if (!root) throw new TypeError('the schema has no Query type');
    const field = this.tape.pick(Object.values(root.getFields()).filter((candidate) => !SKIPPED_ROOT_FIELDS.has(candidate.name)));
    const args = this.arguments(field, true);
    const argumentTypes = new Map<string, GraphQLArgument>(field.args.map((argument) => [argument.name, argument]));
    const variables: Record<string, unknown> = {};
    const definitions: string[] = [];
    let selection = this.selection(getNamedType(field.type), 1);
    const extraArgs: string[] = [];
    const [firstName] = [...args.keys()];
    const firstType = firstName === undefined ? undefined : argumentTypes.get(firstName)?.type;
    switch (mistake) {
      case 'wrong-argument-type':
        if (firstName && firstType) args.set(firstName, this.wrongValue(firstType));
        else extraArgs.push('unknownArgument: 1');
        break;
      case 'missing-required-argument':
        for (const argument of field.args) if (isNonNullType(argument.type)) args.delete(argument.name);
        break;
      case 'unknown-field':
        selection = selection ? selection.replace(/^\{/, '{ noSuchField ') : '{ noSuchField }';
        break;
      case 'unknown-argument':
        extraArgs.push(`noSuchArgument: ${literal(this.tape.pick(['x', 1, true]))}`);
        break;
      case 'no-selection':
        selection = '';
        break;
      case 'selection-on-leaf':
        selection = selection ? selection.replace(/__typename|(\w+) (?=[}\w])/, '$& { leaf }') : '{ __typename }';
        break;
      case 'bad-variable':
      case 'undeclared-variable':
        if (firstName && firstType) {
          args.delete(firstName);
          extraArgs.push(`${firstName}: $v`);
          if (mistake === 'bad-variable') {
            definitions.push(`$v: ${String(firstType)}`);
            variables.v = this.tape.pick<unknown>([this.wrongValue(firstType), 2 ** 64, 'x'.repeat(100_000), { deep: { deeper: [[[]]] } }]);
          }
        } else {
          definitions.push('$v: NoSuchType');
          variables.v = 1;
        }
        break;
      case 'huge-number':
        if (firstName)
          args.set(
            firstName,
            new Raw(this.tape.pick(['1e400', '18446744073709551616', '-9223372036854775809', '99999999999999999999999', '1e-400'])),
          );
        break;
      case 'long-string':
        if (firstName) args.set(firstName, 'y'.repeat(this.tape.pick([1000, 100_000, 900_000])));
        break;
      case 'unicode':
        if (firstName) args.set(firstName, this.tape.pick(ODD_STRINGS));
        break;
      default:
        break;
    }
    const printedArgs = [...[...args].map(([name, value]) => `${name}: ${printValue(value)}`), ...extraArgs];
    const argsText = printedArgs.length > 0 ? `(${printedArgs.join(', ')})` : '';
    const keyword = mistake === 'subscription' ? 'subscription' : mutation ? 'mutation' : 'query';
    const header = `${keyword} Fuzz${definitions.length > 0 ? `(${definitions.join(', ')})` : ''}`;
    const body = `{ ${field.name}${argsText} ${selection} }`;
    const query = mistake === 'two-anonymous-operations' ? `${body} ${body}` : `${header} ${body}`;
    const operationName = mistake === 'wrong-operation-name' ? 'NoSuchOperation' : undefined;
    return { query, ...(Object.keys(variables).length > 0 ? { variables } : {}), ...(operationName ? { operationName } : {}) };
  }
}

const tapeArbitrary = fc.array(fc.nat({ max: 1000 }), { maxLength: 80 });

/** Valid operations on the schema's root fields. */
export function validRequests(schema: GraphQLSchema): fc.Arbitrary<FuzzRequest> {
  return tapeArbitrary.map((tape) => new DocumentBuilder(schema, new Tape(tape)).request('none'));
}

/** Operations on the schema with at most one client mistake in each. */
export function clientRequests(schema: GraphQLSchema): fc.Arbitrary<FuzzRequest & { mistake: Mistake }> {
  return fc
    .tuple(fc.constantFrom(...MISTAKES), tapeArbitrary)
    .map(([mistake, tape]) => ({ mistake, ...new DocumentBuilder(schema, new Tape(tape)).request(mistake) }));
}

const repeat = (count: number, make: (index: number) => string): string =>
  Array.from({ length: count }, (_, index) => make(index)).join(' ');

/** Documents no well-meaning client writes: they probe the limits and the parser. */
export const hostileRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  fc
    .integer({ min: 1, max: 3000 })
    .map((depth) => ({ query: `{ ${'country(code: "US") { '.repeat(depth)} __typename ${'} '.repeat(depth)}}` })),
  fc.integer({ min: 1, max: 3000 }).map((depth) => ({ query: `{ ${'a { '.repeat(depth)}b${' }'.repeat(depth)} }` })),
  fc.integer({ min: 1, max: 5000 }).map((count) => ({ query: `{ ${repeat(count, (index) => `a${index}: __typename`)} }` })),
  fc
    .integer({ min: 1, max: 2000 })
    .map((count) => ({ query: `{ ${repeat(count, (index) => `c${index}: country(code: "FR") { names { common } }`)} }` })),
  fc.integer({ min: 1, max: 500 }).map((count) => ({ query: `{ __typename ${'@skip(if: false) '.repeat(count)}}` })),
  fc
    .integer({ min: 1, max: 50 })
    .map((count) => ({ query: `{ ${'__schema { types { fields { type { ofType { name } } } } } '.repeat(count)}}` })),
  fc.constant({ query: 'fragment A on Query { ...B } fragment B on Query { ...A } { ...A }' }),
  fc.constant({ query: 'query Q($v: Int = "x") { __typename }' }),
  fc.integer({ min: 1, max: 1_500_000 }).map((length) => ({ query: `{ country(code: "${'Z'.repeat(length)}") { __typename } }` })),
  fc.integer({ min: 1, max: 400_000 }).map((length) => ({ query: `# ${'c'.repeat(length)}\n{ __typename }` })),
  fc.string({ unit: 'grapheme', maxLength: 200 }).map((query) => ({ query })),
  fc
    .array(fc.constantFrom('{', '}', '(', ')', ':', '$', '...', '@', 'query', 'country', 'code', '"US"', '1', '[', ']', '!', '=', 'on'), {
      maxLength: 60,
    })
    .map((tokens) => ({ query: tokens.join(' ') })),
  fc.jsonValue({ maxDepth: 200 }).map((variables) => ({ query: 'query Q($v: [String]) { __typename }', variables: { v: variables } })),
);

/** Example documents with a literal replaced by a value of another kind: almost valid. */
export function mutatedDocuments(documents: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const literals = /"[^"\n]*"|\b\d+(?:\.\d+)?\b|\btrue\b|\bfalse\b/g;
  return fc
    .tuple(
      fc.constantFrom(...documents),
      fc.nat(),
      fc.constantFrom<unknown>('"x"', '-1', '1e999', '99999999999999999999', 'null', '[]', '{}', 'ENUM_VALUE', '"🦄"', '$undeclared'),
    )
    .map(([document, position, replacement]) => {
      const matches = [...document.matchAll(literals)];
      const match = matches.length > 0 ? matches[position % matches.length] : undefined;
      if (!match || match.index === undefined) return { query: document };
      return { query: `${document.slice(0, match.index)}${String(replacement)}${document.slice(match.index + match[0].length)}` };
    });
}
