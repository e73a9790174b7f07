/**
 * One malformed key spoils only its own field. graphql-js refuses a whole request when one
 * variable does not coerce, so a stitching gateway that batches many `country(code:)` lookups into
 * one operation (`batch: true`, `$_v0_code` … `$_v6_code`) lost every sibling to one bad code. A
 * key scalar (schema/domain-scalars.ts, KEY_SCALARS) therefore hands a variable it refuses on as
 * a RefusedKey, and every field taking that scalar fails with the error the request would have
 * had: graphql-js's message for the variable, its location, BAD_USER_INPUT naming it. Literals are
 * still refused in validation, and `refusedAsRequest` keeps a request with nothing else to answer
 * refused whole, as before. Shared: the schema makes these errors, the HTTP layer's answer reads them.
 */
import {
  defaultFieldResolver,
  type ExecutionResult,
  getNamedType,
  GraphQLError,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  isObjectType,
  Kind,
} from 'graphql';
import { inspect } from 'graphql/jsutils/inspect.js';

/** A variable's value a key scalar refused, and the scalar's reason. */
export class RefusedKey {
  constructor(
    readonly value: unknown,
    readonly reason: string,
  ) {}
}

/** A refused key's error, a class of its own so the answer can tell it from the field's other failures. */
export class RefusedKeyError extends GraphQLError {}

/**
 * The error graphql-js gives for a variable that does not coerce (`at "$codes[1]"` when it is an
 * element of a list), raised at the field that takes it.
 */
function refusedKeyError(refused: RefusedKey, argument: string, index: number | undefined, info: GraphQLResolveInfo): GraphQLError {
  const value = info.fieldNodes[0]?.arguments?.find((node) => node.name.value === argument)?.value;
  const variable = value?.kind === Kind.VARIABLE ? value.name.value : argument;
  const definition = info.operation.variableDefinitions?.find((node) => node.variable.name.value === variable);
  const at = index === undefined ? '' : ` at "${variable}[${index}]"`;
  return new RefusedKeyError(`Variable "$${variable}" got invalid value ${inspect(refused.value)}${at}; ${refused.reason}`, {
    nodes: definition ?? info.fieldNodes,
    extensions: { code: 'BAD_USER_INPUT', variable },
  });
}

/** The first refused key in an argument's value (the value itself, or an element of a list), with its index. */
function refusedIn(value: unknown): { refused: RefusedKey; index?: number } | undefined {
  if (value instanceof RefusedKey) return { refused: value };
  if (!Array.isArray(value)) return undefined;
  const index = value.findIndex((element) => element instanceof RefusedKey);
  const refused: unknown = value[index];
  return refused instanceof RefusedKey ? { refused, index } : undefined;
}

/**
 * Every field with an argument of one of `scalars` fails alone when that argument is a
 * RefusedKey; wraps the resolvers in place.
 */
export function failRefusedKeysAlone(schema: GraphQLSchema, scalars: ReadonlySet<string>): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const keys = field.args.filter((arg) => scalars.has(getNamedType(arg.type).name)).map((arg) => arg.name);
      if (keys.length === 0) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args: Record<string, unknown>, context, info) => {
        for (const key of keys) {
          const found = refusedIn(args[key]);
          if (found) throw refusedKeyError(found.refused, key, found.index, info);
        }
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}

/** The refused key's own error: graphql-js and graphql-jit wrap it with a path, and graphql-jit drops its nodes. */
function refusedKeyOf(error: GraphQLError): RefusedKeyError | undefined {
  if (error instanceof RefusedKeyError) return error;
  return error.originalError instanceof RefusedKeyError ? error.originalError : undefined;
}

function position(error: GraphQLError): number {
  const location = error.locations?.[0];
  return location ? location.line * 1e6 + location.column : 0;
}

/**
 * The answer graphql-js gave before refused keys failed alone, when that is still the answer: a
 * request is refused whole unless a root field other than the refused ones answered (a batch of
 * lookups, one of them malformed), and whenever a refused key is below the root, where the field
 * is part of a client's own selection rather than one lookup among others. One error per
 * variable, in the order of their definitions, as graphql-js reports them. Undefined when the
 * answer stands as it is.
 */
export function refusedAsRequest(result: ExecutionResult): ExecutionResult | undefined {
  const refused = (result.errors ?? []).filter((error) => refusedKeyOf(error) !== undefined);
  if (refused.length === 0) return undefined;
  const roots = new Set(refused.map((error) => (error.path?.length === 1 ? error.path[0] : undefined)));
  const othersAnswered = Object.keys(result.data ?? {}).some((key) => !roots.has(key));
  if (othersAnswered && !roots.has(undefined)) return undefined;
  const byVariable = new Map<unknown, RefusedKeyError>();
  for (const own of refused.map(refusedKeyOf)) {
    if (own && !byVariable.has(own.extensions['variable'])) byVariable.set(own.extensions['variable'], own);
  }
  return { errors: [...byVariable.values()].sort((first, second) => position(first) - position(second)) };
}
