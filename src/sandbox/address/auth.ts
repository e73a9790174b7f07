/**
 * Who may call what. The security requirements are read from the OpenAPI document itself
 * (API key, user token or nothing per operation), so the document and the sandbox agree.
 * The guard runs before request validation, in the vendor's order: rate limit (503), then
 * credentials (401/404), then balance and limits for paid lookups (402).
 */
import type { OpenApiContract } from '../openapi-contract.js';
import type { SandboxRequest, SandboxResponse } from '../sandbox-server.js';
import { fail, vendorError } from './envelope.js';
import { type KeyRecord, type KeyStore, originOf } from './keys.js';
import type { SlidingWindowLimiter } from './rate-limit.js';

export type Requirement = 'apiKey' | 'userToken' | 'none';

export interface Credentials {
  apiKey?: string;
  userToken?: string;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function requirementOf(security: Json | undefined): Requirement {
  if (!Array.isArray(security)) return 'apiKey';
  if (security.length === 0) return 'none';
  const schemes = security.flatMap((entry) => (entry && typeof entry === 'object' && !Array.isArray(entry) ? Object.keys(entry) : []));
  return schemes.some((name) => name.startsWith('userToken')) ? 'userToken' : 'apiKey';
}

/** The credential each operation of the document requires. */
export function securityRequirements(contract: OpenApiContract): Map<string, Requirement> {
  const document = contract.document as { [key: string]: Json };
  const paths = (document.paths ?? {}) as { [path: string]: { [method: string]: Json } };
  const requirements = new Map<string, Requirement>();
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const operation = item[method] as { operationId?: string; security?: Json } | undefined;
      if (!operation?.operationId) continue;
      requirements.set(operation.operationId, requirementOf(operation.security ?? document.security));
    }
  }
  return requirements;
}

function header(request: SandboxRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The key and token of a request, from the query or the `Authorization` header. */
export function credentialsOf(request: SandboxRequest): Credentials {
  const fromHeader: Record<string, string> = {};
  for (const match of (header(request, 'authorization') ?? '').matchAll(/(\w+)="([^"]*)"/g)) {
    if (match[1] && match[2] !== undefined) fromHeader[match[1]] = match[2];
  }
  return {
    apiKey: request.query.get('api_key') ?? fromHeader.api_key,
    userToken: request.query.get('user_token') ?? fromHeader.user_token,
  };
}

/** The origin a browser request comes from (`Origin`, else `Referer`). */
export function requestOrigin(request: SandboxRequest): string | undefined {
  const origin = header(request, 'origin') ?? header(request, 'referer');
  return origin ? originOf(origin) : undefined;
}

/** The key a request authenticated with; the guard has already refused unknown keys. */
export function callerKey(request: SandboxRequest, keys: KeyStore): KeyRecord {
  const key = keys.find(credentialsOf(request).apiKey ?? '');
  return key ?? fail(4010);
}

/** The key named in the path of an account operation (already checked by the guard). */
export function pathKey(request: SandboxRequest, keys: KeyStore): KeyRecord {
  return keys.find(String(request.params.path.key ?? '')) ?? fail(4042);
}

export interface GuardOptions {
  contract: OpenApiContract;
  keys: KeyStore;
  limiter: SlidingWindowLimiter;
  /** Operations that take a lookup off the balance. */
  paid: ReadonlySet<string>;
}

/** The sandbox guard: rate limit, credentials, balance and limits. */
export function createGuard({ contract, keys, limiter, paid }: GuardOptions): (request: SandboxRequest) => SandboxResponse | undefined {
  const requirements = securityRequirements(contract);
  return (request) => {
    if (!limiter.allow(request.clientIp)) return vendorError(5030);
    const requirement = requirements.get(request.operationId) ?? 'apiKey';
    if (requirement === 'none') return undefined;
    const credentials = credentialsOf(request);
    if (requirement === 'userToken') {
      const key = keys.find(String(request.params.path.key ?? ''));
      if (!key) return vendorError(4042);
      return key.userToken !== undefined && credentials.userToken === key.userToken ? undefined : vendorError(4012);
    }
    const key = keys.find(credentials.apiKey ?? '');
    if (!key) return vendorError(4010);
    if (!keys.allowsOrigin(key, requestOrigin(request))) return vendorError(4011);
    const refused = paid.has(request.operationId) ? keys.refusal(key, request.clientIp) : undefined;
    return refused ? vendorError(refused) : undefined;
  };
}
