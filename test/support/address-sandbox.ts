/**
 * Sandbox C (addresses) for tests: started on port 0 over its own data directory, with a client
 * that checks every answer against `schema/address.yaml`, and the vendor's wire envelopes as the
 * tests read them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { CheckedClient, type RequestOptions } from '../../src/sandbox/address/checked-client.js';
import { type AddressSandboxOptions, createAddressSandbox } from '../../src/sandbox/address/index.js';
import { startSandbox } from '../../src/sandbox/sandbox-server.js';

/** The vendor's success envelope; searches add their paging facts beside `result`. */
export interface Envelope<T> {
  code: number;
  message: string;
  result: T;
  total?: number;
  page?: number;
  limit?: number;
}

/** The vendor's error body: a code, a message, and for some codes the problems or suggestions. */
export interface ErrorBody {
  code: number;
  message: string;
  errors?: { message: string; path: string; errorCode?: string }[];
  suggestions?: string[];
}

/** A running address sandbox with its client and data directory. */
export interface AddressSandbox {
  /** Talks to this sandbox; every answer's `problems` lists where it departs from the document. */
  client: CheckedClient;
  /** Where this sandbox keeps its configs and licensees. */
  dataDir: string;
  /** Stops the sandbox, and removes its data directory if it was made for it. */
  close(): Promise<void>;
}

/**
 * Starts sandbox C with `options` on port 0. Without `options.dataDir` it runs over a fresh
 * temporary directory that `close` removes; with one (a restart over earlier data), the
 * directory is left to whoever made it.
 */
export async function startAddressSandbox(options: AddressSandboxOptions = {}): Promise<AddressSandbox> {
  // Each sandbox writes its own files, so test files running at once cannot see each other's.
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'address-sandbox-')));
  const definition = createAddressSandbox({ ...options, dataDir });
  const running = await startSandbox(definition, 0);
  return {
    client: new CheckedClient(running.url, definition.contract),
    dataDir,
    async close() {
      await running.close();
      if (options.dataDir === undefined) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * GETs `path` and expects a documented refusal with this HTTP `status` and vendor `code`;
 * returns the error body for the caller's further checks.
 */
export async function refused(
  client: CheckedClient,
  path: string,
  query: RequestOptions['query'],
  status: number,
  code: number,
): Promise<ErrorBody> {
  const answer = await client.get<ErrorBody>(path, query);
  expect(answer.problems).toEqual([]);
  expect(answer.status).toBe(status);
  expect(answer.body.code).toBe(code);
  return answer.body;
}
