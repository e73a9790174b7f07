/**
 * Who may call the sandbox: a known key in `api_key` (or `x-api-key`, which newer clients
 * send), optionally within a request budget per key and time window (off unless configured,
 * so tests and local use are not throttled by surprise).
 */
import type { SandboxRequest, SandboxResponse } from '../sandbox-server.js';
import { failure } from './envelope.js';

export interface RateLimit {
  /** Requests allowed per key in each window. */
  requests: number;
  windowSeconds: number;
}

function headerValue(request: SandboxRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The guard for SandboxDefinition: 401 for a missing or unknown key, 429 over the budget. */
export function createGuard(apiKeys: readonly string[], rateLimit?: RateLimit, now: () => number = Date.now) {
  const known = new Set(apiKeys);
  const windows = new Map<string, { start: number; count: number }>();
  return (request: SandboxRequest): SandboxResponse | undefined => {
    const key = headerValue(request, 'api_key') ?? headerValue(request, 'x-api-key');
    if (!key) return failure(401, 'Missing API key: send it in the api_key header');
    if (!known.has(key)) return failure(401, 'Invalid API key');
    if (!rateLimit) return undefined;
    const windowMs = rateLimit.windowSeconds * 1000;
    const time = now();
    const current = windows.get(key);
    const window = current && time - current.start < windowMs ? current : { start: time, count: 0 };
    window.count += 1;
    windows.set(key, window);
    if (window.count <= rateLimit.requests) return undefined;
    const retryAfter = Math.max(1, Math.ceil((window.start + windowMs - time) / 1000));
    return failure(429, `Rate limit exceeded: ${rateLimit.requests} requests per ${rateLimit.windowSeconds} s`, {
      'retry-after': String(retryAfter),
    });
  };
}
