/** Yoga's side of the request line (request-log.ts): when each request started, and what it named. */
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../logger.js';
import type { GatewayMetrics } from '../ops/metrics.js';
import { requestIdOf } from '../ops/request-id.js';
import { namedOperation, requestLog, type RequestLogOptions } from './request-log.js';

interface RequestRecord {
  start: number;
  operationName?: string;
}

/** Yoga plugin writing the request line to `logger`, and the same facts to `metrics` when given. */
export function useRequestLog(logger: Logger, metrics?: GatewayMetrics, options: RequestLogOptions = {}): Plugin {
  const records = new WeakMap<Request, RequestRecord>();
  const write = requestLog(logger, metrics, options);
  return {
    onRequest({ request }) {
      records.set(request, { start: performance.now() });
    },
    onParams({ request, params }) {
      const record = records.get(request);
      if (record) record.operationName = namedOperation(params.operationName, params.query);
    },
    onResultProcess({ request, result }) {
      if (Array.isArray(result) || Symbol.asyncIterator in result) return;
      const record = records.get(request);
      write({
        requestId: requestIdOf(request),
        method: request.method,
        operationName: record?.operationName,
        result,
        elapsedMs: record ? performance.now() - record.start : undefined,
      });
    },
  };
}
