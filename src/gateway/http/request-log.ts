/**
 * One JSON line per GraphQL request: operation, outcome, duration and error codes. A client's
 * mistake is logged at info (it is not the gateway's failure) and never with a stack; a request
 * that hit an unexpected error is logged at error (the error itself, with its stack, is logged
 * where it is masked).
 *
 * Successful lines may be sampled (`sampleOk`, LOG_SAMPLE_OK): a busy replica's log is mostly
 * `ok` lines that say nothing a metric does not. Every other outcome is always logged, since a
 * refusal or a failure is what someone will search the log for.
 */
import type { ExecutionResult } from 'graphql';
import { hotPathLogger, type Logger } from '../logger.js';
import type { GatewayMetrics } from '../ops/metrics.js';
import { codeOf, codesOf } from '../shared/error-codes.js';

const NO_CODES: readonly string[] = [];

export type RequestOutcome = 'ok' | 'partial' | 'refused' | 'failed';

function outcomeOf(result: ExecutionResult, codes: readonly string[]): RequestOutcome {
  if (codes.includes('INTERNAL_SERVER_ERROR')) return 'failed';
  if (codes.length === 0) return 'ok';
  return result.data ? 'partial' : 'refused';
}

function operationNameOf(query: string | undefined): string | undefined {
  return query ? /^\s*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query)?.[1] : undefined;
}

export interface RequestLogOptions {
  /** The share of `ok` requests logged, from 0 to 1 (default 1: every one). */
  sampleOk?: number;
  /** A number in [0, 1) per `ok` request, logged when below `sampleOk`; tests inject their own. */
  random?: () => number;
}

/** One answered GraphQL request, as the request line and the metrics see it. */
export interface AnsweredRequest {
  requestId: string | undefined;
  method: string;
  operationName: string | undefined;
  result: ExecutionResult;
  /** From the request's arrival; undefined when its start was not seen. */
  elapsedMs: number | undefined;
}

/** The operation a request names: its `operationName`, else the name its query text starts with. */
export function namedOperation(operationName: string | null | undefined, query: string | undefined): string | undefined {
  return operationName ?? operationNameOf(query);
}

/**
 * Writes the request line to `logger` and the same facts to `metrics` when given: shared by the
 * Yoga plugin (use-request-log.ts) and the fast path (fast-path.ts), so both write the same line.
 */
export function requestLog(logger: Logger, metrics?: GatewayMetrics, options: RequestLogOptions = {}): (answered: AnsweredRequest) => void {
  const lines = hotPathLogger(logger);
  const sampleOk = options.sampleOk ?? 1;
  const random = options.random ?? Math.random;
  // On sampled lines, so whoever counts requests from the log knows to scale them up.
  const sampling = sampleOk < 1 ? { sampleRate: sampleOk } : {};
  const logged = (outcome: RequestOutcome): boolean => {
    if (outcome === 'failed') return logger.isLevelEnabled('error');
    if (!lines.isLevelEnabled('info')) return false;
    return outcome !== 'ok' || sampleOk >= 1 || random() < sampleOk;
  };
  return ({ requestId, method, operationName, result, elapsedMs }) => {
    const { errors } = result;
    // Most answers have no error: nothing is listed for them.
    const codes = errors?.length ? codesOf(errors) : NO_CODES;
    const outcome = outcomeOf(result, codes);
    metrics?.operation(operationName, outcome, (elapsedMs ?? 0) / 1000, errors?.length ? errors.map(codeOf) : NO_CODES);
    if (!logged(outcome)) return;
    const line = {
      requestId,
      method,
      operationName,
      outcome,
      durationMs: elapsedMs === undefined ? undefined : Math.round(elapsedMs),
      ...(codes.length > 0 ? { errorCodes: codes } : sampling),
    };
    // A failure is rare and wanted at once, like the masked error's own line before it.
    if (outcome === 'failed') logger.error(line, 'graphql request');
    else lines.info(line, 'graphql request');
  };
}
