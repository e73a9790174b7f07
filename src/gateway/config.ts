/**
 * The one place where the environment becomes typed configuration (see docs/configuration.md).
 * Each interface's variables come from its entry in the registry (interfaces/registry.ts). An
 * interface without a URL runs against its built-in sandbox (in production only with
 * ALLOW_SANDBOXES=true).
 */
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { DEFAULT_LIMITS, loadLimits, type OperationLimits } from './http/limits-config.js';
import { loadUpstreamSettings, type UpstreamSettings } from './upstream/upstream-settings.js';
import { loadPersistedDocuments, type PersistedDocuments } from './persisted/persisted-documents.js';
import { type CallerLimitSettings, type QuotaDeclarations, readCallerLimits } from './callers/caller-limits.js';
import { loadIdentitySettings } from './callers/identity-config.js';
import { identityEnabled, type IdentitySettings } from './callers/identity.js';
import { DEVELOPMENT_POSTURE, type Posture } from './http/posture.js';
import type { IntrospectionPolicy } from './http/introspection-policy.js';
import { DEFAULT_TRUST_PROXY, parseTrustProxy } from './upstream/caller-address.js';
import { DEFAULT_HTTP_SERVER_LIMITS, type HttpServerLimits } from './ops/listen.js';
import { DEFAULT_LIVE_SETTINGS, type LiveSettings, loadLiveSettings } from './live/live-settings.js';
import { wholeNumberVariable } from './env-number.js';
import { TRACE_EXPORT_DELAY_MS } from './ops/tracing/export-delay.js';
import type { SamplerSetting } from './ops/tracing/root-sampling.js';
import type { InterfaceDefinition, InterfaceVariables, LiveFeedDefinition } from './interfaces/interface-definition.js';
import { byInterface, INTERFACES, type Interfaces, type UpstreamName } from './interfaces/registry.js';
import { LOG_LEVELS, type LogLevel } from './logger.js';

export type { UpstreamName };

export interface UpstreamConfig {
  name: UpstreamName;
  /** Base URL without a trailing slash, or undefined to use the sandbox. */
  url: string | undefined;
  /** The configured key (and C's user token); a client's own key header wins per request. */
  key: string | undefined;
  userToken?: string | undefined;
}

export interface GatewayConfig {
  /** Interface to listen on: loopback by default, `0.0.0.0` in the container. */
  host: string;
  port: number;
  /** Browser origins allowed by CORS (`*` as a port matches any port); undefined = same-origin and local tools. */
  corsOrigins: string[] | undefined;
  /** How long in-flight requests may finish after SIGTERM before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** How long an upstream's answer to the readiness probe is reused by `/readyz`. */
  readinessCacheMs: number;
  /** READINESS_REQUIRES: interfaces without which this replica is useless; only their unreadiness makes `/readyz` 503. */
  readinessRequires: UpstreamName[];
  /** HTTP_* timeouts and the connection cap of the node:http server. */
  http: HttpServerLimits;
  upstreams: Record<UpstreamName, UpstreamConfig>;
  /** Time allowed for one upstream request before it fails as UPSTREAM_TIMEOUT. */
  upstreamTimeoutMs: number;
  /** How long slowly changing data (country records, currency symbols) is reused by default; 0 = never. */
  cacheTtlMs: number;
  /** OPERATION_CACHE_MAX_BYTES: bytes of whole answers kept in memory (cache/operation-cache.ts); 0 turns that cache off. */
  operationCacheMaxBytes: number;
  /** Depth, alias, token, directive, size and fan-out limits of one operation. */
  limits: OperationLimits;
  /** Body cap, retries and circuit breakers of the upstream client. */
  upstream: UpstreamSettings;
  /** TYPE_PREFIX: prepended to every type's name so peers' same-named types compose beside ours. */
  typePrefix: string;
  /** FEDERATION_AUTH_DIRECTIVES: the subgraph SDL carries `@authenticated`/`@requiresScopes` (routers that enforce them only). */
  federationAuthDirectives: boolean;
  /** WORKERS: gateway processes sharing the port (node:cluster); 1 = this process serves. */
  workers: number;
  /**
   * Interfaces whose URL is a sandbox another process started (GATEWAY_SANDBOX_UPSTREAMS, set by
   * the WORKERS primary for its workers, so their provenance still says `sandbox: true`).
   */
  sandboxUpstreams: UpstreamName[];
  /** REDIS_URL and REDIS_KEY_PREFIX: the store replicas share for cached answers and APQ; in memory when absent. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** OpenTelemetry tracing, on when the standard OTEL_* variables configure an OTLP exporter. */
  tracing: { serviceName: string; exportDelayMs: number; sampler: SamplerSetting } | undefined;
  /** GRAPHQL_JIT: compiled execution with graphql-jit. */
  jit: boolean;
  /** METRICS: serve Prometheus metrics at /metrics. */
  metrics: boolean;
  /** COMPRESSION: br/gzip/zstd answers by Accept-Encoding (http/compression.ts); off when a proxy in front compresses. */
  compression: boolean;
  /** PERSISTED_DOCUMENTS (read and checked at start) and PERSISTED_ONLY. */
  persisted: { documents: PersistedDocuments | undefined; only: boolean };
  /** NODE_ENV=production: the defaults a public deployment needs (see docs/production-and-security.md). */
  production: boolean;
  /** INTROSPECTION, GRAPHIQL, TRUST_PROXY, ADDRESS_ADMIN_OPERATIONS: closed by default in production. */
  posture: Posture;
  /** AUTH_*: who the caller is (JWT or a static key); off unless configured. */
  identity: IdentitySettings;
  /**
   * RATE_LIMIT_PER_MINUTE[_<TIER>] and DAILY_QUOTA_<VENDOR>[_<TIER>]: per-caller limits, on in
   * production or once any of the variables is set; undefined (no limits) in development.
   */
  callerLimits: CallerLimitSettings | undefined;
  /** LIVE_* and MAX_SUBSCRIPTIONS_*: poll intervals per feed, the key cap and the subscription limits. */
  live: LiveSettings;
  /** LOG_LEVEL, and LOG_SAMPLE_OK: the share of successful requests whose request line is written. */
  log: { level: LogLevel; sampleOk: number };
}

type Env = Record<string, string | undefined>;

/** Every malformed variable at once, one line each, so a deploy needs one fix round, not one per variable. */
export class ConfigError extends TypeError {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Collects problems instead of throwing at the first, and returns a placeholder so reading can go on. */
function check<T>(problems: string[], read: () => T, placeholder: T): T {
  try {
    return read();
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
    return placeholder;
  }
}

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function baseUrl(env: Env, name: string): string | undefined {
  const value = optional(env, name);
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('not http');
  } catch {
    throw new TypeError(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function port(env: Env): number {
  const raw = optional(env, 'PORT') ?? '4000';
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new TypeError(`PORT must be a port number from 0 to 65535, got "${raw}"`);
  return value;
}

/** TYPE_PREFIX: a GraphQL name start (letter or underscore, then letters, digits, underscores), or ''. */
export function readTypePrefix(env: Env): string {
  const value = optional(env, 'TYPE_PREFIX') ?? '';
  if (value !== '' && !/^[A-Za-z][A-Za-z0-9_]*$/.test(value))
    throw new TypeError(`TYPE_PREFIX must be a GraphQL name such as Rest, got "${value}"`);
  return value;
}

const HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function host(env: Env): string {
  const value = optional(env, 'HOST') ?? '127.0.0.1';
  if (isIP(value) === 0 && !HOSTNAME.test(value))
    throw new TypeError(`HOST must be an IP address or a host name (e.g. 127.0.0.1 or 0.0.0.0), got "${value}"`);
  return value;
}

/** An origin as browsers send it (scheme://host[:port], no path), where the port may be `*`. */
const ORIGIN = /^https?:\/\/[^/:\s]+(?::(?:\d{1,5}|\*))?$/i;

function corsOrigins(env: Env): string[] | undefined {
  const raw = optional(env, 'CORS_ORIGINS');
  if (raw === undefined) return undefined;
  const entries = raw
    .split(',')
    .map((entry) => entry.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const bad = entries.filter((entry) => !ORIGIN.test(entry));
  if (bad.length > 0 || entries.length === 0)
    throw new TypeError(
      `CORS_ORIGINS must be a comma-separated list of origins like https://app.example or http://localhost:*, got "${bad.join(',') || raw}"`,
    );
  return entries;
}

/** The variables that configure each registered interface. */
export const UPSTREAM_VARIABLES: Readonly<Record<UpstreamName, InterfaceVariables>> = byInterface(INTERFACES, ({ variables }) => variables);

/**
 * Each of `interfaces`' daily-quota variable and how its calls count against it
 * (callers/quota-units.ts), the table the caller limits are read and counted with.
 */
export function quotaDeclarations(interfaces: Interfaces): QuotaDeclarations {
  return byInterface(interfaces, ({ variables, vendor }) => ({ dailyQuota: variables.dailyQuota, quota: vendor.quota }));
}

/** The live feeds `interfaces` declare, in the registry's order. */
export function liveFeeds(interfaces: Interfaces): LiveFeedDefinition[] {
  return interfaces.flatMap((definition) => definition.liveFeeds ?? []);
}

/** Narrows `name` to one of `interfaces`' names. */
function isUpstreamName(interfaces: Interfaces, name: string): name is UpstreamName {
  return interfaces.some((definition) => definition.name === name);
}

function workers(env: Env): number {
  const raw = optional(env, 'WORKERS') ?? '1';
  if (raw.toLowerCase() === 'auto') return availableParallelism();
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 64)
    throw new TypeError(`WORKERS must be a whole number from 1 to 64, or auto, got "${raw}"`);
  return value;
}

function sandboxUpstreams(env: Env, interfaces: Interfaces): UpstreamName[] {
  const names = (optional(env, 'GATEWAY_SANDBOX_UPSTREAMS') ?? '').split(',').filter(Boolean);
  const known = (name: string): name is UpstreamName => isUpstreamName(interfaces, name);
  const bad = names.filter((name) => !known(name));
  if (bad.length > 0) throw new TypeError(`GATEWAY_SANDBOX_UPSTREAMS names unknown interfaces: ${bad.join(', ')}`);
  return names.filter(known);
}

function readinessRequires(env: Env, interfaces: Interfaces): UpstreamName[] {
  const names = (optional(env, 'READINESS_REQUIRES') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known = (name: string): name is UpstreamName => isUpstreamName(interfaces, name);
  const bad = names.filter((name) => !known(name));
  if (bad.length > 0)
    throw new TypeError(
      `READINESS_REQUIRES names unknown interfaces: ${bad.join(', ')}; allowed: ${interfaces.map(({ name }) => name).join(', ')}`,
    );
  return [...new Set(names.filter(known))];
}

/** The HTTP_* variables; every one at least 1, since 0 would turn a guard off rather than tighten it. */
function httpServerLimits(env: Env, problems: string[]): HttpServerLimits {
  const read = (name: string, key: keyof HttpServerLimits): number =>
    check(problems, () => wholeNumberVariable(env, name, DEFAULT_HTTP_SERVER_LIMITS[key], 1), DEFAULT_HTTP_SERVER_LIMITS[key]);
  const limits: HttpServerLimits = {
    headersTimeoutMs: read('HTTP_HEADERS_TIMEOUT_MS', 'headersTimeoutMs'),
    requestTimeoutMs: read('HTTP_REQUEST_TIMEOUT_MS', 'requestTimeoutMs'),
    keepAliveTimeoutMs: read('HTTP_KEEP_ALIVE_TIMEOUT_MS', 'keepAliveTimeoutMs'),
    maxConnections: read('HTTP_MAX_CONNECTIONS', 'maxConnections'),
  };
  // The headers are part of the request: node:http refuses to start with the headers allowed longer.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs)
    problems.push(
      `HTTP_HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not exceed HTTP_REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs})`,
    );
  return limits;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = optional(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new TypeError(`${name} must be true or false, got "${env[name] ?? ''}"`);
}

function httpUrl(env: Env, name: string): void {
  const value = optional(env, name);
  if (value !== undefined && !/^https?:\/\/[^\s]+$/i.test(value)) throw new TypeError(`${name} must be an http(s) URL, got "${value}"`);
}

/** On when OTEL_TRACES_EXPORTER=otlp or an OTLP endpoint is set; OTEL_SDK_DISABLED and OTEL_TRACES_EXPORTER=none win. */
function tracing(env: Env): GatewayConfig['tracing'] {
  httpUrl(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  httpUrl(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const exporter = optional(env, 'OTEL_TRACES_EXPORTER')?.toLowerCase();
  if (exporter !== undefined && exporter !== 'otlp' && exporter !== 'none')
    throw new TypeError(`OTEL_TRACES_EXPORTER must be otlp or none, got "${exporter}"`);
  const protocol = optional(env, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? optional(env, 'OTEL_EXPORTER_OTLP_PROTOCOL');
  if (protocol !== undefined && protocol !== 'http/json')
    throw new TypeError(`OTEL_EXPORTER_OTLP_PROTOCOL must be http/json (the exporter this gateway ships), got "${protocol}"`);
  const endpoint = optional(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? optional(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  const on = exporter === 'otlp' || (exporter === undefined && endpoint !== undefined);
  if (!on || flag(env, 'OTEL_SDK_DISABLED', false)) return undefined;
  return {
    serviceName: optional(env, 'OTEL_SERVICE_NAME') ?? 'four-rest-one-graph',
    exportDelayMs: wholeNumberVariable(env, 'OTEL_BSP_SCHEDULE_DELAY', TRACE_EXPORT_DELAY_MS, 0),
    sampler: samplerSetting(env),
  };
}

/** The standard OTEL_TRACES_SAMPLER values: the share of root spans each records, `*traceidratio` taking OTEL_TRACES_SAMPLER_ARG. */
const SAMPLERS: ReadonlyMap<string, number | 'ratio'> = new Map<string, number | 'ratio'>([
  ['always_on', 1],
  ['always_off', 0],
  ['traceidratio', 'ratio'],
  ['parentbased_always_on', 1],
  ['parentbased_always_off', 0],
  ['parentbased_traceidratio', 'ratio'],
]);

/**
 * OTEL_TRACES_SAMPLER (the specification's default, `parentbased_always_on`) and its ratio. The SDK
 * would log a bad value and record everything; here it is a configuration error, as a bad value of
 * any other variable is, since a sampler typed wrong records every request in production.
 */
function samplerSetting(env: Env): SamplerSetting {
  const name = optional(env, 'OTEL_TRACES_SAMPLER')?.toLowerCase() ?? 'parentbased_always_on';
  const root = SAMPLERS.get(name);
  if (root === undefined) {
    throw new TypeError(`OTEL_TRACES_SAMPLER must be one of ${[...SAMPLERS.keys()].join(', ')}, got "${name}"`);
  }
  const parentBased = name.startsWith('parentbased_');
  if (root !== 'ratio') return { parentBased, rootRatio: root };
  const argument = optional(env, 'OTEL_TRACES_SAMPLER_ARG');
  const ratio = argument === undefined ? 1 : Number(argument);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    throw new TypeError(`OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1 for ${name}, got "${argument ?? ''}"`);
  }
  return { parentBased, rootRatio: ratio };
}

function redis(env: Env): GatewayConfig['redis'] {
  const url = optional(env, 'REDIS_URL');
  if (url === undefined) return undefined;
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = '';
  }
  // Only the scheme is echoed: the URL may hold a password.
  if (protocol !== 'redis:' && protocol !== 'rediss:')
    throw new TypeError(`REDIS_URL must be a redis:// or rediss:// URL, got one starting "${url.split(':')[0] ?? ''}:"`);
  return { url, keyPrefix: optional(env, 'REDIS_KEY_PREFIX') ?? 'four-rest-one-graph:' };
}

const LIMIT_VARIABLE = /^(RATE_LIMIT_PER_MINUTE|DAILY_QUOTA_)/;

/** The caller limits, or undefined when development runs without any limit variable (zero-config). */
function callerLimits(env: Env, production: boolean, vendors: QuotaDeclarations): CallerLimitSettings | undefined {
  const configured = Object.entries(env).some(([name, value]) => LIMIT_VARIABLE.test(name) && value?.trim());
  return production || configured ? readCallerLimits(env, vendors) : undefined;
}

function persisted(env: Env): GatewayConfig['persisted'] {
  const path = optional(env, 'PERSISTED_DOCUMENTS');
  const only = flag(env, 'PERSISTED_ONLY', false);
  if (only && path === undefined) throw new TypeError('PERSISTED_ONLY=true needs PERSISTED_DOCUMENTS, the file of operations to allow');
  return { documents: path === undefined ? undefined : loadPersistedDocuments(path), only };
}

const INTROSPECTION_VALUES: Readonly<Record<string, IntrospectionPolicy>> = { true: 'on', false: 'off', authenticated: 'authenticated' };

function introspection(env: Env, production: boolean, identity: IdentitySettings): IntrospectionPolicy {
  const raw = optional(env, 'INTROSPECTION')?.toLowerCase();
  if (raw === undefined) return production ? 'off' : DEVELOPMENT_POSTURE.introspection;
  const policy = INTROSPECTION_VALUES[raw];
  if (policy === undefined) throw new TypeError(`INTROSPECTION must be true, false or authenticated, got "${env['INTROSPECTION'] ?? ''}"`);
  if (policy === 'authenticated' && !identityEnabled(identity))
    throw new TypeError('INTROSPECTION=authenticated needs AUTH_JWKS_URL or AUTH_API_KEYS_FILE, a way for callers to authenticate');
  return policy;
}

/** The posture: production closes each setting unless its variable opens it; development leaves them open. */
function posture(env: Env, production: boolean, identity: IdentitySettings, problems: string[]): Posture {
  return {
    introspection: check(problems, () => introspection(env, production, identity), 'off'),
    graphiql: check(problems, () => flag(env, 'GRAPHIQL', !production), false),
    trustProxy: check(problems, () => parseTrustProxy(optional(env, 'TRUST_PROXY') ?? DEFAULT_TRUST_PROXY), DEVELOPMENT_POSTURE.trustProxy),
    // Open only where nobody could hold the admin scope anyway and nothing is public: development without identity.
    addressAdminOperations: check(problems, () => flag(env, 'ADDRESS_ADMIN_OPERATIONS', !production && !identityEnabled(identity)), false),
  };
}

/**
 * In production a missing URL is a mistake, not a wish for a sandbox: a deploy that lost a
 * variable would otherwise serve made-up data as if it were the vendor's. ALLOW_SANDBOXES=true
 * lets a demo deployment (compose.yaml) run on them.
 */
function missingUpstreams(env: Env, production: boolean, interfaces: Interfaces): string[] {
  if (!production || flag(env, 'ALLOW_SANDBOXES', false)) return [];
  return interfaces
    .map(({ variables }) => variables)
    .filter((variables) => optional(env, variables.url) === undefined)
    .map(
      (variables) =>
        `${variables.url} is not set: in production (NODE_ENV=production) every interface needs its vendor's URL; ALLOW_SANDBOXES=true serves the built-in sandbox instead`,
    );
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

function logLevel(env: Env): LogLevel {
  const value = optional(env, 'LOG_LEVEL')?.toLowerCase() ?? 'info';
  if (!isLogLevel(value)) throw new TypeError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env['LOG_LEVEL'] ?? ''}"`);
  return value;
}

function logSampleOk(env: Env): number {
  const raw = optional(env, 'LOG_SAMPLE_OK');
  if (raw === undefined) return 1;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new TypeError(`LOG_SAMPLE_OK must be a number from 0 to 1 (the share of successful requests logged), got "${raw}"`);
  return value;
}

/**
 * Reads the configuration of the gateway serving `interfaces` (the registry unless given); throws
 * a ConfigError naming every malformed variable at once.
 */
export function loadConfig(env: Env = process.env, interfaces: Interfaces = INTERFACES): GatewayConfig {
  const problems: string[] = [];
  const url = (name: string): string | undefined => check(problems, () => baseUrl(env, name), undefined);
  const upstream = ({ name, variables, defaultKey }: InterfaceDefinition<UpstreamName>): UpstreamConfig => ({
    name,
    url: url(variables.url),
    key: (variables.key === undefined ? undefined : optional(env, variables.key)) ?? defaultKey,
    ...(variables.userToken === undefined ? {} : { userToken: optional(env, variables.userToken) }),
  });
  const production = optional(env, 'NODE_ENV') === 'production';
  const variables = byInterface(interfaces, (definition) => definition.variables);
  const identity = check(problems, () => loadIdentitySettings(env, variables), { required: false, realm: 'gateway' });
  problems.push(...check(problems, () => missingUpstreams(env, production, interfaces), []));
  const config: GatewayConfig = {
    production,
    posture: posture(env, production, identity, problems),
    identity,
    callerLimits: check(problems, () => callerLimits(env, production, quotaDeclarations(interfaces)), undefined),
    host: check(problems, () => host(env), '127.0.0.1'),
    port: check(problems, () => port(env), 4000),
    corsOrigins: check(problems, () => corsOrigins(env), undefined),
    shutdownTimeoutMs: check(problems, () => wholeNumberVariable(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0), 0),
    readinessCacheMs: check(problems, () => wholeNumberVariable(env, 'READINESS_CACHE_MS', 5_000, 0), 0),
    readinessRequires: check(problems, () => readinessRequires(env, interfaces), []),
    http: httpServerLimits(env, problems),
    upstreamTimeoutMs: check(problems, () => wholeNumberVariable(env, 'UPSTREAM_TIMEOUT_MS', 10_000, 1), 1),
    cacheTtlMs: check(problems, () => wholeNumberVariable(env, 'CACHE_TTL_SECONDS', 3600, 0), 0) * 1000,
    operationCacheMaxBytes: check(problems, () => wholeNumberVariable(env, 'OPERATION_CACHE_MAX_BYTES', 32 * 1024 * 1024, 0), 0),
    limits: check(problems, () => loadLimits(env), DEFAULT_LIMITS),
    upstream: check(problems, () => loadUpstreamSettings(env), loadUpstreamSettings({})),
    typePrefix: check(problems, () => readTypePrefix(env), ''),
    federationAuthDirectives: check(problems, () => flag(env, 'FEDERATION_AUTH_DIRECTIVES', false), false),
    workers: check(problems, () => workers(env), 1),
    sandboxUpstreams: check(problems, () => sandboxUpstreams(env, interfaces), []),
    redis: check(problems, () => redis(env), undefined),
    metrics: check(problems, () => flag(env, 'METRICS', true), true),
    compression: check(problems, () => flag(env, 'COMPRESSION', true), true),
    jit: check(problems, () => flag(env, 'GRAPHQL_JIT', true), true),
    tracing: check(problems, () => tracing(env), undefined),
    persisted: check(problems, () => persisted(env), { documents: undefined, only: false }),
    live: check(problems, () => loadLiveSettings(env, liveFeeds(interfaces)), DEFAULT_LIVE_SETTINGS),
    log: { level: check(problems, () => logLevel(env), 'info'), sampleOk: check(problems, () => logSampleOk(env), 1) },
    upstreams: byInterface(interfaces, upstream),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
