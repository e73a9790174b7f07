/**
 * The fault matrix: every upstream fault mode × body framing × shape of use (tables in
 * fault-matrix-table.ts), against the real gateway process. Each interface's URL points at a raw
 * fault server in front of its real sandbox; a cell names itself with its request id, which the
 * gateway forwards on every upstream call, so the server faults only that cell's calls to the
 * cell's faulty upstream and passes the rest through. The modes run one after another (a mode's
 * retries draw on the per-upstream retry budget, which must not decide another mode's outcome);
 * the cells of a mode run together. The breaker is set never to open, so every cell meets a
 * closed circuit. Each cell is judged on: the catalogued code, the deadline, /healthz while the
 * fault is in flight, the process still running after it, its log free of errors, unhandled
 * rejections and keys, and the answer free of keys, with the healthy part still answering.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpstreamName } from '../../../src/gateway/config.js';
import { ERROR_CODES } from '../../../src/gateway/errors.js';
import { VENDORS } from '../../support/vendors.js';
import { SANDBOXES } from '../../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/sandbox-server.js';
import { type GatewayProcess, spawnGateway } from '../ops/gateway-process.js';
import { type Cell, crossTables, type Data, FRAMINGS, MODES, type Shape, SHAPES, UPSTREAM_TIMEOUT_MS } from './fault-matrix-table.js';
import { fetchReal, type RawFaultServer, type RawRequest, startRawFaultServer } from './raw-fault-server.js';

/** Room above the upstream deadline for the GraphQL work around it, on two busy cores. */
const DEADLINE_MARGIN_MS = 1500;
const HEALTHZ_WITHIN_MS = 100;
/** How long a cell waits for its fault to begin before it measures /healthz anyway (refused connections leave no trace). */
const ENGAGE_WAIT_MS = 300;

interface GraphQLAnswer {
  data?: Data;
  errors?: { message: string; path?: (string | number)[]; extensions?: { code?: unknown } }[];
}

interface Step {
  answer: GraphQLAnswer;
  text: string;
  ms: number;
}

interface CellRun {
  fault: Step;
  /** Cached path: the same request once the upstream is healthy again, then under the fault again. */
  healed?: Step;
  refaulted?: Step;
  /** Requests of this cell the faulty upstream saw under the fault, and under the second fault. */
  faultedRequests: number;
  refaultedRequests: number;
  healthzMs: number;
  healthzStatus: number;
  /** Every probe's time, for the failure message. */
  healthzSamples: number[];
  /** Whether the faulty request was still unanswered when /healthz answered. */
  healthzDuringFault: boolean;
  aliveAfter: boolean;
  /** The credentials the gateway sent the faulty upstream (what a key-echo mode echoes). */
  sentSecrets: string[];
  /** The gateway's output while this cell's mode ran. */
  log: string;
}

/** What the fault servers know of a running cell. */
interface CellState {
  cell: Cell;
  faulting: boolean;
  requests: number;
  sentSecrets: string[];
  engaged: Promise<void>;
  engage(): void;
}

const { cells, gaps } = crossTables();
const registry = new Map<string, CellState>();
const servers = new Map<UpstreamName, RawFaultServer>();
const sandboxes: RunningSandbox[] = [];
/** The configured keys, distinct from the sandboxes' so the fault servers can tell them apart and the log checks can find them. */
const CONFIGURED = {
  CRYPTO_API_KEY: secret('configured-crypto'),
  ADDRESS_API_KEY: secret('configured-address'),
  ADDRESS_USER_TOKEN: secret('configured-token'),
  COUNTRY_API_KEY: secret('configured-country'),
};
const clientKeys = new Map(
  cells.map((cell) => [
    cell.id,
    {
      'x-crypto-api-key': secret('client-crypto'),
      'x-address-api-key': secret('client-address'),
      'x-address-user-token': secret('client-token'),
      'x-country-api-key': secret('client-country'),
    },
  ]),
);
const SECRETS = [...Object.values(CONFIGURED), ...[...clientKeys.values()].flatMap((keys) => Object.values(keys))];
let gateway: GatewayProcess;
let base: string;
let dataRoot: string;

function secret(label: string): string {
  return `${label}-${randomBytes(12).toString('hex')}`;
}

/** The credential values in a request the gateway sent: A's `api_key`, C's and D's `authorization`. */
function credentialsIn(request: RawRequest): string[] {
  const found: string[] = [];
  if (request.headers.api_key) found.push(request.headers.api_key);
  const authorization = request.headers.authorization ?? '';
  for (const match of authorization.matchAll(/"([^"]+)"/g)) if (match[1]) found.push(match[1]);
  if (authorization.startsWith('Bearer ')) found.push(authorization.slice('Bearer '.length));
  return found;
}

async function startUpstream(name: UpstreamName, sandbox: RunningSandbox, credentials: Record<string, string>): Promise<string> {
  const target = new URL(sandbox.url);
  const server = await startRawFaultServer((request, answerIn) => {
    const state = registry.get(request.headers['x-request-id'] ?? '');
    const framing = state && state.cell.framing !== 'unframed' ? state.cell.framing : 'content-length';
    const answer = answerIn(framing);
    const real = (): ReturnType<typeof fetchReal> => fetchReal(target, request, credentials);
    if (!state || !state.faulting || state.cell.shape.faulted !== name) {
      void real().then(
        ({ status, headers, body }) => answer.send(status, headers, body),
        () => answer.reset(),
      );
      return;
    }
    state.requests += 1;
    state.engage();
    const sentSecrets = credentialsIn(request);
    state.sentSecrets.push(...sentSecrets);
    void Promise.resolve(state.cell.mode.respond({ answer, real, sentSecrets, nth: state.requests })).catch(() => answer.reset());
  });
  servers.set(name, server);
  return `${server.url}${target.pathname.replace(/\/$/, '')}`;
}

beforeAll(async () => {
  dataRoot = mkdtempSync(join(tmpdir(), 'fault-matrix-'));
  const urls = new Map<UpstreamName, string>();
  for (const entry of SANDBOXES) {
    const sandbox = await startSandbox(entry.create({ dataDir: join(dataRoot, entry.upstream), clock: () => new Date() }));
    sandboxes.push(sandbox);
    urls.set(entry.upstream, await startUpstream(entry.upstream, sandbox, VENDORS[entry.upstream].authHeaders(entry.credentials)));
  }
  gateway = spawnGateway({
    PORT: '0',
    CRYPTO_API_URL: urls.get('crypto-analytics') ?? '',
    BLOCKCHAIN_API_URL: urls.get('blockchain-utility') ?? '',
    ADDRESS_API_URL: urls.get('address') ?? '',
    COUNTRY_API_URL: urls.get('country-data') ?? '',
    ...CONFIGURED,
    UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    // Every cell meets a closed circuit: the breaker has its own tests, the matrix tests the faults.
    UPSTREAM_BREAKER_MIN_CALLS: '1000000000',
    CACHE_TTL_SECONDS: '3600',
    SHUTDOWN_TIMEOUT_MS: '1000',
  });
  const ready = await gateway.logLine('gateway ready');
  base = String(ready.url).replace(/\/graphql$/, '');
  startProber();
  // Each document once without a fault (an unregistered request id passes), so the first mode's
  // /healthz does not time the compiling of queries and the opening of pools.
  for (const shape of SHAPES) await ask(shape, 'warm-up');
});

afterAll(async () => {
  prober.kill();
  if (gateway.child.exitCode === null) {
    gateway.child.kill('SIGTERM');
    await gateway.exited;
  }
  await Promise.all([...servers.values()].map((server) => server.close()));
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  rmSync(dataRoot, { recursive: true, force: true });
});

/** Sends the shape's document as request `id`, with the cell's own keys where the shape sends them; no answer at all is a step too. */
async function ask(shape: Shape, id: string): Promise<Step> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-request-id': id,
        ...(shape.clientKeys ? clientKeys.get(id) : {}),
      },
      body: JSON.stringify({ query: shape.document(id) }),
    });
    const text = await response.text();
    return { answer: JSON.parse(text) as GraphQLAnswer, text, ms: performance.now() - started };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { answer: {}, text: `no answer from the gateway (${String(error)}${cause})`, ms: performance.now() - started };
  }
}

/**
 * Times /healthz from a process of its own: this one serves the sandboxes and the faults, and a
 * busy event loop here would count against the gateway. Each message is one probe, answered by id.
 */
const PROBER = `
process.on('message', async ({ id, url }) => {
  const started = performance.now();
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    process.send({ id, status: response.status, ms: performance.now() - started });
  } catch {
    process.send({ id, status: 0, ms: performance.now() - started });
  }
});
`;

interface Probe {
  id: number;
  status: number;
  ms: number;
}

const probes = new Map<number, (probe: Probe) => void>();
let prober: ChildProcess;
let probeCount = 0;

function startProber(): void {
  prober = spawn(process.execPath, ['-e', PROBER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  prober.on('message', (message: Probe) => {
    probes.get(message.id)?.(message);
    probes.delete(message.id);
  });
}

function healthz(): Promise<Probe> {
  const id = (probeCount += 1);
  return new Promise((resolve) => {
    probes.set(id, resolve);
    prober.send({ id, url: `${base}/healthz` });
  });
}

async function runCell(cell: Cell): Promise<Omit<CellRun, 'log'>> {
  let engage = (): void => undefined;
  const engaged = new Promise<void>((resolve) => {
    engage = resolve;
  });
  const state: CellState = { cell, faulting: true, requests: 0, sentSecrets: [], engaged, engage };
  registry.set(cell.id, state);
  const server = servers.get(cell.shape.faulted);
  if (cell.mode.refuses) await server?.refuse();
  try {
    let settled = false;
    const pending = ask(cell.shape, cell.id).finally(() => {
      settled = true;
    });
    await Promise.race([engaged, sleep(ENGAGE_WAIT_MS)]);
    const health = await healthzWithin(HEALTHZ_WITHIN_MS);
    const healthzDuringFault = !settled;
    const fault = await pending;
    const faultedRequests = state.requests;
    let healed: Step | undefined;
    let refaulted: Step | undefined;
    if (cell.shape.cached) {
      state.faulting = false;
      if (cell.mode.refuses) await server?.heal();
      healed = await ask(cell.shape, cell.id);
      state.faulting = true;
      state.requests = 0;
      if (cell.mode.refuses) await server?.refuse();
      refaulted = await ask(cell.shape, cell.id);
    }
    const after = await healthz();
    return {
      fault,
      ...(healed ? { healed } : {}),
      ...(refaulted ? { refaulted } : {}),
      faultedRequests,
      refaultedRequests: cell.shape.cached ? state.requests : 0,
      healthzMs: health.ms,
      healthzStatus: health.status,
      healthzSamples: health.samples,
      healthzDuringFault,
      aliveAfter: gateway.child.exitCode === null && after.status === 200,
      sentSecrets: state.sentSecrets,
    };
  } finally {
    if (cell.mode.refuses) await server?.heal();
    registry.delete(cell.id);
  }
}

/**
 * Up to three probes one after another, until one answers 200 within `ms`: the machine is two
 * cores shared with other suites, and one probe that lost the CPU to another process says
 * nothing about the gateway; an event loop the fault blocks fails all three.
 */
async function healthzWithin(ms: number): Promise<Probe & { samples: number[] }> {
  const samples: number[] = [];
  for (;;) {
    const probe = await healthz();
    samples.push(Math.round(probe.ms));
    if ((probe.status === 200 && probe.ms < ms) || samples.length === 3) return { ...probe, samples };
  }
}

/** `run` over `items`, at most `size` at once, results in order. */
async function inBatches<T, R>(items: readonly T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map(run))));
  return results;
}

function codesOf(answer: GraphQLAnswer): unknown[] {
  return (answer.errors ?? []).map((error) => error.extensions?.code);
}

/** The JSON log lines at error level or worse (pino: 50 error, 60 fatal). */
function errorLines(log: string): string[] {
  return log.split('\n').filter((line) => {
    if (!line.startsWith('{')) return false;
    const { level } = JSON.parse(line) as { level?: unknown };
    return typeof level === 'number' && level >= 50;
  });
}

function judge(cell: Cell, run: CellRun | undefined): void {
  if (!run) throw new Error(`cell ${cell.id} did not run (the mode's run failed; see the hook's error)`);
  const { shape, expected } = cell;
  const { answer } = run.fault;
  const summary = run.fault.text.slice(0, 600);
  if (expected === 'ok') {
    expect.soft(answer.errors, `errors where the field should answer: ${summary}`).toBeUndefined();
    expect.soft(shape.answered(answer.data, cell.id), `the faulty part did not answer: ${summary}`).toBe(true);
  } else {
    expect.soft(codesOf(answer).length, `no error: ${summary}`).toBeGreaterThan(0);
    for (const code of codesOf(answer)) expect.soft(code, `every error carries ${expected}: ${summary}`).toBe(expected);
    expect.soft(Object.keys(ERROR_CODES)).toContain(expected);
    expect.soft(shape.answered(answer.data, cell.id), `the faulty part answered despite the fault: ${summary}`).toBe(false);
  }
  if (shape.healthy) expect.soft(shape.healthy(answer.data), `the healthy part did not answer (partial data): ${summary}`).toBe(true);
  for (const step of [run.fault, run.healed, run.refaulted])
    if (step)
      expect.soft(step.ms, 'the answer came within the deadline plus a margin').toBeLessThan(UPSTREAM_TIMEOUT_MS + DEADLINE_MARGIN_MS);
  expect.soft(run.healthzStatus, '/healthz answered during the fault').toBe(200);
  if (cell.mode.holds) expect.soft(run.healthzDuringFault, '/healthz was timed while the faulty call was in flight').toBe(true);
  expect
    .soft(run.healthzMs, `/healthz within ${HEALTHZ_WITHIN_MS} ms during the fault (probes: ${run.healthzSamples.join(', ')} ms)`)
    .toBeLessThan(HEALTHZ_WITHIN_MS);
  expect.soft(run.aliveAfter, `the gateway process is alive after the cell; its output meanwhile:\n${run.log.slice(-2500)}`).toBe(true);
  expect.soft(errorLines(run.log), 'no log line at error level or worse').toEqual([]);
  expect.soft(run.log, 'no uncaught exception or unhandled rejection in the log').not.toMatch(/uncaught|unhandled/i);
  for (const key of SECRETS) {
    expect.soft(run.log.includes(key), 'no key in the log').toBe(false);
    for (const step of [run.fault, run.healed, run.refaulted])
      if (step) expect.soft(step.text.includes(key), 'no key in the answer').toBe(false);
  }
  // A cell whose fault never met a request proves nothing (a refused connection leaves no trace).
  if (!cell.mode.refuses) expect.soft(run.faultedRequests, 'the fault met at least one call').toBeGreaterThan(0);
  if (cell.mode.echoesKeys) expect.soft(run.sentSecrets.length, 'the upstream had a key to echo').toBeGreaterThan(0);
  if (shape.method === 'POST' && !cell.mode.refuses) expect.soft(run.faultedRequests, 'a mutation is sent once, never retried').toBe(1);
  if (run.healed && run.refaulted) {
    const healed = run.healed.text.slice(0, 600);
    expect.soft(run.healed.answer.errors, `the failure was not cached: once healthy, it answers: ${healed}`).toBeUndefined();
    expect.soft(shape.answered(run.healed.answer.data, cell.id), `healed: ${healed}`).toBe(true);
    const refaulted = run.refaulted.text.slice(0, 600);
    expect.soft(run.refaulted.answer.errors, `a cached answer outlives the fault: ${refaulted}`).toBeUndefined();
    expect.soft(shape.answered(run.refaulted.answer.data, cell.id), `refaulted: ${refaulted}`).toBe(true);
    expect.soft(run.refaultedRequests, 'the cached record was not asked for again').toBe(0);
  }
}

for (const mode of MODES) {
  describe(`${mode.name}`, () => {
    const mine = cells.filter((cell) => cell.mode === mode);
    const runs = new Map<string, CellRun>();

    beforeAll(async () => {
      const from = gateway.output().length;
      // Refusing stops a whole upstream, which other cells' healthy parts use: those cells run alone.
      const outcomes = await inBatches(mine, mode.refuses ? 1 : (mode.together ?? mine.length), runCell);
      // Late lines (a crash a moment after the answers) belong to this mode too.
      await sleep(100);
      const log = gateway.output().slice(from);
      mine.forEach((cell, index) => {
        const outcome = outcomes[index];
        if (outcome) runs.set(cell.id, { ...outcome, log });
      });
    }, 60_000);

    for (const cell of mine) it(`${cell.framing} × ${cell.shape.name}`, () => judge(cell, runs.get(cell.id)));
    for (const gap of gaps.filter((candidate) => candidate.mode === mode))
      it.skip(`${gap.framing}: not applicable: ${gap.reason}`, () => undefined);
  });
}

describe('the matrix as a whole', () => {
  it('crosses every mode with every framing it can have and every shape, and says why for the framings it cannot', () => {
    for (const mode of MODES)
      for (const framing of FRAMINGS) {
        const ran = cells.filter((cell) => cell.mode === mode && (cell.framing === framing || cell.framing === 'unframed'));
        const gap = gaps.find((candidate) => candidate.mode === mode && candidate.framing === framing);
        if (gap) expect(gap.reason, `${mode.name} × ${framing}`).not.toBe('');
        else
          expect(
            ran.map((cell) => cell.shape),
            `${mode.name} × ${framing}`,
          ).toEqual(SHAPES);
      }
  });

  it('leaves the gateway process running, its whole log free of errors and keys', async () => {
    expect(gateway.child.exitCode).toBeNull();
    expect((await healthz()).status).toBe(200);
    const log = gateway.output();
    expect(errorLines(log)).toEqual([]);
    expect(log).not.toMatch(/uncaught|unhandled/i);
    for (const key of SECRETS) expect(log.includes(key)).toBe(false);
  });
});
