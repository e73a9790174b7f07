/**
 * graphql-js reports an argument literal that its scalar rejects as a validation failure; for a
 * client that is bad input like any other. This plugin re-codes those errors BAD_USER_INPUT and
 * names the argument when the query makes it clear which one it was.
 */
import { BREAK, type DocumentNode, GraphQLError, Kind, visit } from 'graphql';
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

/** The argument whose value holds the error's node, however deep in a list or input object it sits. */
function argumentAt(error: GraphQLError, document: DocumentNode): string | undefined {
  const loc = error.nodes?.[0]?.loc;
  if (!loc) return undefined;
  let found: string | undefined;
  visit(document, {
    Argument(node) {
      if (node.value.loc && node.value.loc.start <= loc.start && loc.end <= node.value.loc.end) {
        found = node.name.value;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

function recode(error: Error, document: DocumentNode): Error {
  if (!(error instanceof GraphQLError) || !isValueError(error)) return error;
  const argument = argumentAt(error, document);
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
      ({ params }) =>
      ({ result, setResult }) => {
        if (result.length > 0) setResult(result.map((error: Error) => recode(error, params.documentAST)));
      },
  };
}
