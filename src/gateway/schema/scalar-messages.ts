/**
 * The scalars Mesh takes from graphql-scalars and makes from length-bounded strings refuse bad
 * values with messages such as "Value is not a non-negative number: -5" or "SearchText cannot be
 * less than 1 but given " — not what a client expected, in words. This transform keeps each
 * scalar's own checks and says, in plain words, what it takes and what came.
 */
import { refusedVariable } from './domain-scalars.js';
import { type GraphQLScalarType, type GraphQLSchema, isScalarType, type ValueNode, Kind, print, valueFromASTUntyped } from 'graphql';

/** What each numeric scalar of the source schemas takes, in words. */
const EXPECTED: Readonly<Record<string, string>> = {
  PositiveInt: 'a positive whole number (1 or more)',
  NonNegativeInt: 'a whole number of 0 or more',
  NonPositiveInt: 'a whole number of 0 or less',
  NegativeInt: 'a negative whole number',
  PositiveFloat: 'a number greater than 0',
  NonNegativeFloat: 'a number of 0 or more',
  NonPositiveFloat: 'a number of 0 or less',
  NegativeFloat: 'a number less than 0',
  NonEmptyString: 'a string of at least 1 character',
  Long: 'a 64-bit whole number, as an integer or a decimal string',
};

function characters(count: number): string {
  return `${count} character${count === 1 ? '' : 's'}`;
}

/** Mesh's `@length(min, max)` on a source scalar, as words; undefined when it has none. */
function lengthExpectation(scalar: GraphQLScalarType): string | undefined {
  const directive = scalar.astNode?.directives?.find((node) => node.name.value === 'length');
  if (!directive) return undefined;
  const bound = (name: string): number | undefined => {
    const argument = directive.arguments?.find((node) => node.name.value === name);
    return argument?.value.kind === Kind.INT ? Number(argument.value.value) : undefined;
  };
  const min = bound('min');
  const max = bound('max');
  if (min !== undefined && max !== undefined) return `a string of ${min} to ${characters(max)}`;
  if (min !== undefined) return `a string of at least ${characters(min)}`;
  return max === undefined ? undefined : `a string of at most ${characters(max)}`;
}

/** The scalar's plain expectation, if the gateway rewords it. */
export function expectationOf(scalar: GraphQLScalarType): string | undefined {
  return EXPECTED[scalar.name] ?? lengthExpectation(scalar);
}

/** A literal as the client wrote it: strings quoted, numbers as written. */
function literalText(node: ValueNode): string {
  return node.kind === Kind.STRING ? JSON.stringify(node.value) : print(node);
}

/** Rewords the scalar's refusals in place, keeping its own checks. */
function reword(scalar: GraphQLScalarType, expected: string): void {
  const { parseValue, parseLiteral } = scalar.toConfig();
  const message = (received: string): string => `${scalar.name} must be ${expected}; received ${received}`;
  scalar.parseValue = (value: unknown) => {
    try {
      return parseValue(value);
    } catch {
      throw refusedVariable(message(JSON.stringify(value) ?? String(value)));
    }
  };
  scalar.parseLiteral = (node, variables) => {
    try {
      return parseLiteral(node, variables);
    } catch {
      throw new TypeError(message(node.kind === Kind.VARIABLE ? JSON.stringify(valueFromASTUntyped(node, variables)) : literalText(node)));
    }
  };
}

/**
 * Rewords every known or length-bounded scalar's refusals, in place: the scalars are the
 * schema's own (the merge made them), and copying the schema to replace them cost start-up.
 */
export function plainScalarMessages(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isScalarType(type)) continue;
    const expected = expectationOf(type);
    if (expected) reword(type, expected);
  }
  return schema;
}
