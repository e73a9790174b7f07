/**
 * Applies the error catalogue to every answer, including the ones Yoga builds before execution
 * (malformed JSON, wrong method, parse and validation errors), so each keeps the HTTP status the
 * GraphQL-over-HTTP spec asks for and a catalogued code. Replaces Yoga's own masking, which
 * logged every client mistake at error level and dropped the status.
 */
import { GraphQLError, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { isExecutionResult } from '../shared/execution-result.js';
import type { UpstreamName } from '../config.js';
import type { Logger } from '../logger.js';
import { maskError, type UpstreamAtPath } from './mask-error.js';
import { requestIdOf } from '../ops/request-id.js';
import { refusedAsRequest } from '../shared/refused-key.js';
import { type ExecutedOperation, upstreamAtPath } from './upstream-at-path.js';

const VARIABLE_MESSAGE = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)"/;

/**
 * graphql-js answers without `data` when the request itself is wrong (a variable that does not
 * coerce, an operation it cannot pick); those are the client's, HTTP 400.
 */
function requestError(error: GraphQLError): GraphQLError {
  const variable = VARIABLE_MESSAGE.exec(error.message)?.[1];
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: {
      code: variable ? 'BAD_USER_INPUT' : 'OPERATION_RESOLUTION_FAILURE',
      ...(variable ? { variable } : {}),
      http: { status: 400, spec: true },
    },
  });
}

/** The interfaces `extensions.provenance` (use-provenance.ts) says the request reached. */
function reachedInterfaces(result: ExecutionResult): UpstreamName[] {
  const provenance: unknown = result.extensions?.provenance;
  if (!Array.isArray(provenance)) return [];
  return provenance.flatMap((entry: unknown) => {
    const name: unknown = typeof entry === 'object' && entry !== null ? Reflect.get(entry, 'interface') : undefined;
    return typeof name === 'string' ? [name as UpstreamName] : [];
  });
}

/** A part of an incremental (@defer/@stream) answer: its own errors and those of its increments. */
interface IncrementalPart extends ExecutionResult {
  incremental?: readonly { errors?: readonly GraphQLError[] }[];
}

/** `part` with every error, its increments' included, through `mask`. */
function maskedPart(part: IncrementalPart, mask: (error: GraphQLError) => GraphQLError): IncrementalPart {
  return {
    ...part,
    ...(part.errors ? { errors: part.errors.map(mask) } : {}),
    ...(part.incremental
      ? {
          incremental: part.incremental.map((increment) =>
            increment.errors ? { ...increment, errors: increment.errors.map(mask) } : increment,
          ),
        }
      : {}),
  };
}

/** Yoga plugin: every error in every answer passes through `maskError`, each part of an incremental one included. */
export function useErrorCatalogue(logger: Logger): Plugin {
  // What each request executed, so an error in its answer can be traced to an interface.
  const executed = new WeakMap<Request, ExecutedOperation>();
  return {
    onExecute: ({ args }) => {
      executed.set(args.contextValue.request, args);
      return {
        onExecuteDone({ result, setResult }) {
          if (isExecutionResult(result)) {
            const answer = refusedAsRequest(result) ?? result;
            if (!('data' in answer) && answer.errors?.length) setResult({ ...answer, errors: answer.errors.map(requestError) });
            return undefined;
          }
          // @defer/@stream: onResultProcess sees the stream, not its parts, so each part is masked as it is sent.
          const requestId = requestIdOf(args.contextValue.request);
          return {
            onNext({ result: part, setResult: setPart }: { result: IncrementalPart; setResult: (next: IncrementalPart) => void }) {
              setPart(maskedPart(part, (error) => maskError(error, logger, requestId)));
            },
          };
        },
      };
    },
    onResultProcess({ request, result, setResult }) {
      if (isExecutionResult(result) && result.errors?.length) {
        const requestId = requestIdOf(request);
        const operation = executed.get(request);
        const upstreamAt: UpstreamAtPath | undefined = operation && ((path) => upstreamAtPath(operation, path, reachedInterfaces(result)));
        setResult({ ...result, errors: result.errors.map((error) => maskError(error, logger, requestId, upstreamAt)) });
      }
    },
  };
}
