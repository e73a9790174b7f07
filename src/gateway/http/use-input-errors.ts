/**
 * Client mistakes that would otherwise reach the client as the gateway's own failure, or with the
 * wrong code. Yoga parses the `variables` and `extensions` of a GET (or form) request with a bare
 * JSON.parse, so text that is not JSON threw a SyntaxError (HTTP 500); it is BAD_REQUEST, 400, like
 * a malformed JSON body. And two that graphql-js 16's validation gets wrong: it reports an argument
 * literal that its scalar rejects as a validation failure, where for a client that is bad input like any other
 * (re-coded BAD_USER_INPUT, naming the argument when the query makes it clear which one it was);
 * and it lets through an operation type the schema has no root for (none today: Query, Mutation
 * and Subscription all have one; the rule stays for a schema built without live data), which
 * then fails in execution as the gateway's own error, or in graphql-jit's compiler as a plain
 * Error. Such an operation is refused in validation, as graphql-js 17 does.
 */
import { type ASTVisitor, BREAK, type DocumentNode, GraphQLError, Kind, type ValidationContext, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { checkRequestParameters } from './request-parameters.js';

type RequestParser = (request: Request) => unknown;

/**
 * Yoga's request parser, with a parameter that is not JSON, or not of its type, or nested too
 * deep (request-parameters.ts), reported as the client's mistake before any later step reads it.
 */
function refusingMalformedParameters<P extends RequestParser>(parser: P): P {
  const parse = async (request: Request): Promise<unknown> => {
    let params: unknown;
    try {
      params = await parser(request);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      throw new GraphQLError(`The variables or extensions parameter is not valid JSON: ${error.message}.`, {
        extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
      });
    }
    for (const one of Array.isArray(params) ? params : [params]) checkRequestParameters(one);
    return params;
  };
  return parse as P;
}

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

/** Refuses an operation whose type (query, mutation, subscription) has no root type in the schema. */
export function knownOperationTypesRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(operation) {
      if (!context.getSchema().getRootType(operation.operation)) {
        context.reportError(new GraphQLError(`The ${operation.operation} operation is not supported by the schema.`, { nodes: operation }));
      }
      return false;
    },
  };
}

/**
 * Yoga plugin: malformed GET parameters are BAD_REQUEST, unsupported operation types are refused,
 * argument-value validation errors become BAD_USER_INPUT.
 */
export function useInputErrors(): Plugin {
  return {
    onRequestParse({ requestParser, setRequestParser }) {
      if (requestParser) setRequestParser(refusingMalformedParameters(requestParser));
    },
    onValidate: ({ params, addValidationRule }) => {
      addValidationRule(knownOperationTypesRule);
      return ({ result, setResult }) => {
        if (result.length > 0) setResult(result.map((error: Error) => recode(error, params.documentAST)));
      };
    },
  };
}
