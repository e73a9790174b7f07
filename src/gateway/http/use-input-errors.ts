/**
 * graphql-js reports an argument literal that its scalar rejects as a validation failure; for a
 * client that is bad input like any other. This plugin re-codes those errors BAD_USER_INPUT and
 * names the argument when the query makes it clear which one it was.
 */
import { GraphQLError, Kind } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const VALUE_KINDS: ReadonlySet<string> = new Set([
  Kind.INT,
  Kind.FLOAT,
  Kind.STRING,
  Kind.BOOLEAN,
  Kind.NULL,
  Kind.ENUM,
  Kind.LIST,
  Kind.OBJECT,
]);
// Some scalars throw without pointing at the value; their messages still say what was wrong.
const VALUE_MESSAGES = [/^Expected value of type/, /^Value is not/, /cannot represent/];

function isValueError(error: GraphQLError): boolean {
  const kind = error.nodes?.[0]?.kind;
  return kind === undefined ? VALUE_MESSAGES.some((pattern) => pattern.test(error.message)) : VALUE_KINDS.has(kind);
}

function argumentAt(error: GraphQLError): string | undefined {
  const node = error.nodes?.[0];
  const source = error.source?.body;
  if (!node?.loc || !source) return undefined;
  // The value's node sits right after "name:" in the source text.
  const before = source.slice(0, node.loc.start);
  return /([_A-Za-z][_0-9A-Za-z]*)\s*:\s*$/.exec(before)?.[1];
}

function recode(error: Error): Error {
  if (!(error instanceof GraphQLError) || !isValueError(error)) return error;
  const argument = argumentAt(error);
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { code: 'BAD_USER_INPUT', ...(argument ? { argument } : {}) },
  });
}

/** Yoga plugin: argument-value validation errors become BAD_USER_INPUT. */
export function useInputErrors(): Plugin {
  return {
    onValidate:
      () =>
      ({ result, setResult }) => {
        if (result.length > 0) setResult(result.map((error: Error) => recode(error)));
      },
  };
}
