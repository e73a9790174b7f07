/**
 * One JSON line per GraphQL request: operation, outcome, duration and error codes. A client's
 * mistake is logged at info (it is not the gateway's failure) and never with a stack; a request
 * that hit an unexpected error is logged at error (the error itself, with its stack, is logged
 * where it is masked).
 */
import type { ExecutionResult, GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../logger.js';
import type { GatewayMetrics } from '../ops/metrics.js';
import { requestIdOf } from '../ops/request-id.js';
import { extensionsOf } from './mask-error.js';

export type RequestOutcome = 'ok' | 'partial' | 'refused' | 'failed';

interface RequestRecord {
  start: number;
  operationName?: string;
}

const codeOf = (error: GraphQLError): string => String(extensionsOf(error).code ?? 'UNKNOWN');

/** The distinct `extensions.code`s of a result's errors. */
export function codesOf(errors: readonly GraphQLError[]): string[] {
  return [...new Set(errors.map(codeOf))];
}

function outcomeOf(result: ExecutionResult, codes: readonly string[]): RequestOutcome {
  if (codes.includes('INTERNAL_SERVER_ERROR')) return 'failed';
  if (codes.length === 0) return 'ok';
  return result.data ? 'partial' : 'refused';
}

function operationNameOf(query: string | undefined): string | undefined {
  return query ? /^\s*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query)?.[1] : undefined;
}

/** Yoga plugin writing the request line to `logger`, and the same facts to `metrics` when given. */
export function useRequestLog(logger: Logger, metrics?: GatewayMetrics): Plugin {
  const records = new WeakMap<Request, RequestRecord>();
  return {
    onRequest({ request }) {
      records.set(request, { start: performance.now() });
    },
    onParams({ request, params }) {
      const record = records.get(request);
      if (record) record.operationName = params.operationName ?? operationNameOf(params.query);
    },
    onResultProcess({ request, result }) {
      if (Array.isArray(result) || Symbol.asyncIterator in result) return;
      const record = records.get(request);
      const errors = result.errors ?? [];
      const codes = codesOf(errors);
      const outcome = outcomeOf(result, codes);
      const elapsedMs = record ? performance.now() - record.start : undefined;
      const line = {
        requestId: requestIdOf(request),
        method: request.method,
        operationName: record?.operationName,
        outcome,
        durationMs: elapsedMs === undefined ? undefined : Math.round(elapsedMs),
        ...(codes.length > 0 ? { errorCodes: codes } : {}),
      };
      metrics?.operation(record?.operationName, outcome, (elapsedMs ?? 0) / 1000, errors.map(codeOf));
      if (outcome === 'failed') logger.error(line, 'graphql request');
      else logger.info(line, 'graphql request');
    },
  };
}
