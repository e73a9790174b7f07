/**
 * CORS preflights, as the vendor answers them: every path takes OPTIONS without credentials and
 * allows any origin, the methods that path serves, and the headers the API reads (Authorization
 * for keys and user tokens, Content-Type for JSON bodies).
 */
import type { OpenApiContract } from '../../openapi-contract.js';
import type { SandboxHandler } from '../../sandbox-server.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const SERVED_METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options'];
const ALLOWED_HEADERS = 'Authorization, Content-Type';
/** One day: browsers cap it lower anyway, and the vendor's methods do not change within one. */
const MAX_AGE_SECONDS = '86400';

/** A handler for each documented OPTIONS operation of the contract. */
export function preflightHandlers(contract: OpenApiContract): Record<string, SandboxHandler> {
  const handlers: Record<string, SandboxHandler> = {};
  const paths = contract.document.paths;
  if (!isObject(paths)) return handlers;
  for (const item of Object.values(paths)) {
    if (!isObject(item) || !isObject(item.options)) continue;
    const operationId = item.options.operationId;
    if (typeof operationId !== 'string') continue;
    const methods = SERVED_METHODS.filter((method) => item[method] !== undefined).map((method) => method.toUpperCase());
    const headers = {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': methods.join(', '),
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': MAX_AGE_SECONDS,
    };
    handlers[operationId] = () => ({ status: 204, body: '', headers });
  }
  return handlers;
}
