/**
 * What the production profile of `npm run bench` needs around the gateway, on loopback in the
 * bench's own process (the load core): an RS256 key made at start, its JWKS served over
 * node:http, a token signed with it for every request, and an OTLP/HTTP collector that accepts
 * and counts trace exports. `productionEnv` is the gateway's environment for the profile.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

const ISSUER = 'https://issuer.bench.invalid/';
const AUDIENCE = 'four-rest-one-graph-bench';
/** The queries read public data; a token still carries the scope a read-only client would have. */
const SCOPE = 'read';
/** A limit no load in the bench reaches, so limits are counted on every request but never refuse one. */
const GENEROUS = '1000000000';
/** The share of traces sampled, as the issue sets it. */
export const TRACE_RATIO = 0.01;

export interface ProductionServices {
  /** The gateway's environment for the production profile (upstream URLs are added by the caller). */
  env: Record<string, string>;
  /** Headers every request of the profile carries. */
  headers: Record<string, string>;
  /** Trace exports the collector received so far, and the spans in them. */
  traces(): { exports: number; spans: number };
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** Spans in an OTLP/HTTP JSON export (resourceSpans → scopeSpans → spans); 0 when it cannot be read. */
function spansIn(text: string): number {
  try {
    const body = JSON.parse(text) as { resourceSpans?: { scopeSpans?: { spans?: unknown[] }[] }[] };
    return (body.resourceSpans ?? []).reduce(
      (sum, resource) => sum + (resource.scopeSpans ?? []).reduce((inner, scope) => inner + (scope.spans?.length ?? 0), 0),
      0,
    );
  } catch {
    return 0;
  }
}

export async function startProductionServices(): Promise<ProductionServices> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = 'bench-1';
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] });
  const token = await new SignJWT({ scope: SCOPE })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject('bench-client')
    .setIssuedAt()
    .setExpirationTime('12h')
    .sign(privateKey);

  const keys = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' });
    response.end(jwks);
  });
  const counted = { exports: 0, spans: 0 };
  const collector = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/traces') {
      request.resume();
      response.writeHead(404).end();
      return;
    }
    void bodyOf(request).then((text) => {
      counted.exports += 1;
      counted.spans += spansIn(text);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  const keysUrl = await listen(keys);
  const collectorUrl = await listen(collector);
  return {
    env: {
      NODE_ENV: 'production',
      AUTH_JWKS_URL: `${keysUrl}/.well-known/jwks.json`,
      AUTH_ISSUER: ISSUER,
      AUTH_AUDIENCE: AUDIENCE,
      AUTH_REQUIRED: 'true',
      RATE_LIMIT_PER_MINUTE: GENEROUS,
      RATE_LIMIT_PER_MINUTE_ANONYMOUS: GENEROUS,
      DAILY_QUOTA_CRYPTO: GENEROUS,
      DAILY_QUOTA_BLOCKCHAIN: GENEROUS,
      DAILY_QUOTA_ADDRESS: GENEROUS,
      DAILY_QUOTA_COUNTRY: GENEROUS,
      // The vendors' keys a deployment sets; the recorded upstream ignores them.
      CRYPTO_API_KEY: 'bench-key',
      COUNTRY_API_KEY: 'bench-key',
      ADDRESS_API_KEY: 'bench-key',
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: String(TRACE_RATIO),
      OTEL_SERVICE_NAME: 'bench-production-profile',
    },
    headers: { authorization: `Bearer ${token}` },
    traces: () => ({ ...counted }),
    async close() {
      for (const server of [keys, collector]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}
