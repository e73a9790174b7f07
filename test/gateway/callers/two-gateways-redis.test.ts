/**
 * Two real gateway processes (`src/main.ts`, each with its own sandboxes) sharing one real
 * redis-server for the callers' rate limits: a caller limited to 10 requests a minute gets exactly
 * 10 through across both, the 11th is 429 with Retry-After on either, another caller is
 * unaffected; with Redis stopped each process limits on its own, nothing crashes, and each warns
 * once.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { type GatewayProcess, spawnGateway } from '../ops/gateway-process.js';

const sha256 = (key: string): string => createHash('sha256').update(key).digest('hex');
const LIMITED = 'sk_limited_caller';
const OTHER = 'sk_other_caller';

interface Replica {
  process: GatewayProcess;
  url: string;
}

async function ask(replica: Replica, key: string): Promise<Response> {
  return fetch(replica.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ query: '{ __typename }' }),
  });
}

/** Sends `count` requests alternating between the replicas; the statuses in order. */
async function alternate(replicas: readonly Replica[], key: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let request = 0; request < count; request += 1) {
    const response = await ask(replicas[request % replicas.length] as Replica, key);
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  return statuses;
}

const warnings = (replica: Replica): number =>
  replica.process
    .output()
    .split('\n')
    .filter((line) => line.includes('redis unreachable: caller limits')).length;

describe.skipIf(!hasRedisServer())('two gateway processes on one Redis', () => {
  let redis: RedisServer;
  let dir: string;
  let replicas: Replica[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    dir = mkdtempSync(join(tmpdir(), 'two-gateways-'));
    const keysFile = join(dir, 'keys.json');
    writeFileSync(
      keysFile,
      JSON.stringify([
        { id: 'limited', sha256: sha256(LIMITED), scopes: [] },
        { id: 'other', sha256: sha256(OTHER), scopes: [] },
      ]),
    );
    const env = { PORT: '0', REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '10', AUTH_API_KEYS_FILE: keysFile };
    const processes = [spawnGateway(env), spawnGateway(env)];
    replicas = await Promise.all(
      processes.map(async (process) => ({ process, url: String((await process.logLine('gateway ready')).url) })),
    );
  }, 120_000);

  afterAll(async () => {
    for (const replica of replicas) replica.process.child.kill('SIGTERM');
    await Promise.all(replicas.map((replica) => replica.process.exited));
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets a caller limited to 10 a minute through exactly 10 times across both, then 429 with Retry-After on either', async () => {
    expect(await alternate(replicas, LIMITED, 10)).toEqual(Array(10).fill(200));
    for (const replica of replicas) {
      const refused = await ask(replica, LIMITED);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe('RATE_LIMITED');
    }
    const other = await ask(replicas[1] as Replica, OTHER);
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit')).toMatch(/^"default";r=9;t=\d+$/);
  });

  it('limits each process on its own while Redis is down: nothing crashes, each warns once', async () => {
    await redis.stop();
    // Long enough for ioredis to notice and retry a few times.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const replica of replicas) {
      const key = replica === replicas[0] ? OTHER : LIMITED;
      // In memory each process starts counting afresh, whatever Redis held.
      expect(await alternate([replica], key, 11)).toEqual([...Array(10).fill(200), 429]);
    }
    for (const replica of replicas) {
      expect(replica.process.child.exitCode).toBeNull();
      expect(warnings(replica)).toBe(1);
    }
    await redis.start();
  });
});
