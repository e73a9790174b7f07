/** Telling a single result from a stream of them or a batch, for every plugin that reads answers. */
import type { ExecutionResult } from 'graphql';

/** Whether `result` is one ExecutionResult: not an async stream (@defer, subscriptions), not a batch. */
export function isExecutionResult(result: unknown): result is ExecutionResult {
  return typeof result === 'object' && result !== null && !(Symbol.asyncIterator in result) && !Array.isArray(result);
}
