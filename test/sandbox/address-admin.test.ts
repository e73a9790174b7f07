/**
 * Sandbox C, key configs and licensees: create, read, update, delete, their bounds and
 * errors, persistence across a restart of the sandbox, and no lost update when many writes
 * race.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedClient, RequestOptions } from '../../src/sandbox/address/checked-client.js';
import type { Config, Licensee } from '../../src/sandbox/address/types.js';
import { type AddressSandbox, type Envelope, type ErrorBody, startAddressSandbox } from '../support/address-sandbox.js';

let clock = Date.parse('2026-11-22T08:00:00.000Z');
const sandboxes: AddressSandbox[] = [];
let dataDir: string;
let client: CheckedClient;

/** Starts a sandbox on the file's clock, over `dataDir` to restart on earlier data, else over a fresh directory. */
async function boot(options: { dataDir?: string; seed?: string } = {}): Promise<AddressSandbox> {
  const sandbox = await startAddressSandbox({ ...options, now: () => clock, requestsPerSecond: 100_000 });
  sandboxes.push(sandbox);
  return sandbox;
}

beforeAll(async () => {
  ({ client, dataDir } = await boot());
});

afterAll(async () => {
  // Newest first: restarts run over the first sandbox's directory, which closing that one removes.
  for (const sandbox of sandboxes.reverse()) await sandbox.close();
});

const TOKEN = { user_token: 'uk_sandbox' };

async function send<T>(method: string, path: string, options: RequestOptions = {}, via = client) {
  const answer = await via.request<T>(method, path, { ...options, query: { ...TOKEN, ...options.query } });
  expect(answer.problems).toEqual([]);
  return answer;
}

describe('key configs', () => {
  const payload = JSON.stringify({ removeOrganisation: false, titleCase: true });

  it('creates, lists, fetches (without credentials), updates and deletes a config', async () => {
    const created = await send<Envelope<Config>>('POST', '/keys/ak_sandbox/configs', { body: { name: 'woocommerce', payload } });
    const createdAt = new Date(clock).toISOString();
    expect(created.body.result).toEqual({ name: 'woocommerce', payload, createdAt, updatedAt: createdAt });
    expect((await send<Envelope<{ configs: Config[] }>>('GET', '/keys/ak_sandbox/configs')).body.result.configs).toEqual([
      created.body.result,
    ]);
    const fetched = await client.get<Envelope<Config>>('/keys/ak_sandbox/configs/woocommerce');
    expect([fetched.status, fetched.body.result]).toEqual([200, created.body.result]);
    clock += 60_000;
    const updated = await send<Envelope<Config>>('POST', '/keys/ak_sandbox/configs/woocommerce', { body: { payload: '{}' } });
    expect(updated.body.result).toEqual({ name: 'woocommerce', payload: '{}', createdAt, updatedAt: new Date(clock).toISOString() });
    expect((await send<Envelope<{ deleted: number }>>('DELETE', '/keys/ak_sandbox/configs/woocommerce')).body.result).toEqual({
      deleted: 1,
    });
    const gone = await client.get<ErrorBody>('/keys/ak_sandbox/configs/woocommerce');
    expect([gone.status, gone.body.code]).toEqual([404, 4040]);
    expect((await send<ErrorBody>('DELETE', '/keys/ak_sandbox/configs/woocommerce')).status).toBe(404);
    expect((await send<ErrorBody>('POST', '/keys/ak_sandbox/configs/woocommerce', { body: { payload: '{}' } })).status).toBe(404);
  });

  it('enforces the bounds: name up to 32 and payload up to 4096 characters', async () => {
    expect((await send('POST', '/keys/ak_sandbox/configs', { body: { name: 'n'.repeat(32), payload: 'p'.repeat(4096) } })).status).toBe(
      200,
    );
    const longName = await send<ErrorBody>('POST', '/keys/ak_sandbox/configs', { body: { name: 'n'.repeat(33), payload: '{}' } });
    expect([longName.status, longName.body.code]).toEqual([400, 4001]);
    expect(longName.body.errors?.[0]).toMatchObject({ path: '.body.name', errorCode: 'maxLength.openapi.validation' });
    const longPayload = await send<ErrorBody>('POST', '/keys/ak_sandbox/configs', { body: { name: 'big', payload: 'p'.repeat(4097) } });
    expect([longPayload.status, longPayload.body.code]).toEqual([400, 4001]);
    const longUpdate = await send<ErrorBody>('POST', `/keys/ak_sandbox/configs/${'n'.repeat(32)}`, { body: { payload: 'p'.repeat(4097) } });
    expect([longUpdate.status, longUpdate.body.code]).toEqual([400, 4001]);
  });

  it('refuses a duplicate name', async () => {
    await send('POST', '/keys/ak_sandbox/configs', { body: { name: 'twice', payload: '1' } });
    const duplicate = await send<ErrorBody>('POST', '/keys/ak_sandbox/configs', { body: { name: 'twice', payload: '2' } });
    expect([duplicate.status, duplicate.body.code]).toEqual([400, 4001]);
    expect((await client.get<Envelope<Config>>('/keys/ak_sandbox/configs/twice')).body.result.payload).toBe('1');
  });

  it('needs the user token for changes, and a known key', async () => {
    const anonymous = await client.request<ErrorBody>('POST', '/keys/ak_sandbox/configs', { body: { name: 'x', payload: '' } });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 4012]);
    const unknown = await send<ErrorBody>('GET', '/keys/ak_nobody/configs');
    expect([unknown.status, unknown.body.code]).toEqual([404, 4042]);
  });

  it('keeps every one of many racing creates, and a name only once', async () => {
    const names = Array.from({ length: 40 }, (_, index) => `race-${String(index).padStart(2, '0')}`);
    const answers = await Promise.all(names.map((name) => send('POST', '/keys/ak_sandbox/configs', { body: { name, payload: name } })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const listed = (await send<Envelope<{ configs: Config[] }>>('GET', '/keys/ak_sandbox/configs')).body.result.configs;
    expect(listed.map((config) => config.name).filter((name) => name.startsWith('race-'))).toEqual(names);
    const same = await Promise.all(
      Array.from({ length: 10 }, () => send('POST', '/keys/ak_sandbox/configs', { body: { name: 'contested', payload: '' } })),
    );
    expect(same.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(9).fill(400)]);
    const file = JSON.parse(await readFile(join(dataDir, 'configs.json'), 'utf8')) as Record<string, Config[]>;
    expect(file.ak_sandbox?.length).toBe(listed.length + 1);
  });

  it('survives a restart of the sandbox', async () => {
    const before = (await send<Envelope<{ configs: Config[] }>>('GET', '/keys/ak_sandbox/configs')).body.result.configs;
    const restarted = (await boot({ dataDir })).client;
    const after = (await send<Envelope<{ configs: Config[] }>>('GET', '/keys/ak_sandbox/configs', {}, restarted)).body.result.configs;
    expect(after).toEqual(before);
    expect(after.length).toBeGreaterThan(40);
  });
});

describe('licensees', () => {
  const input = {
    name: 'Qwerty Widgets Limited',
    address: '12 High Street, Manchester',
    postcode: 'sw1a2aa',
    whitelist: ['https://www.example.com'],
    daily: { limit: 100 },
  };

  it('creates a licensee with reproducible identifiers', async () => {
    const first = await send<Envelope<Licensee>>('POST', '/keys/ak_sandbox/licensees', { body: input });
    const createdAt = new Date(clock).toISOString();
    expect(first.body.result).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      key: expect.stringMatching(/^sk_[A-Za-z0-9_-]{24}$/),
      createdAt,
      name: input.name,
      address: input.address,
      postcode: 'SW1A 2AA',
      whitelist: input.whitelist,
      daily: { limit: 100, count: 0, updatedAt: createdAt },
    });
    // Same seed, same sequence of creations, elsewhere: same identifiers.
    const elsewhere = (await boot()).client;
    const again = await send<Envelope<Licensee>>('POST', '/keys/ak_sandbox/licensees', { body: input }, elsewhere);
    expect([again.body.result.id, again.body.result.key]).toEqual([first.body.result.id, first.body.result.key]);
    const otherSeed = (await boot({ seed: 'another seed' })).client;
    const different = await send<Envelope<Licensee>>('POST', '/keys/ak_sandbox/licensees', { body: input }, otherSeed);
    expect(different.body.result.id).not.toBe(first.body.result.id);
  });

  it('validates name and postcode', async () => {
    for (const body of [{ address: 'nowhere' }, { name: '   ' }, { name: 'Bad Postcode Ltd', postcode: 'not a postcode' }]) {
      const answer = await send<ErrorBody>('POST', '/keys/ak_sandbox/licensees', { body });
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, 4001]);
    }
  });

  it('lists page by page and by name', async () => {
    for (const name of ['Alpha Ltd', 'Beta Ltd', 'Gamma plc']) await send('POST', '/keys/ak_sandbox/licensees', { body: { name } });
    const all = (await send<Envelope<{ licensees: Licensee[]; hasMore: boolean }>>('GET', '/keys/ak_sandbox/licensees')).body.result;
    expect(all.licensees.map((licensee) => licensee.name)).toEqual([input.name, 'Alpha Ltd', 'Beta Ltd', 'Gamma plc']);
    const firstPage = (
      await send<Envelope<{ licensees: Licensee[]; hasMore: boolean }>>('GET', '/keys/ak_sandbox/licensees', { query: { limit: 2 } })
    ).body.result;
    expect([firstPage.licensees.length, firstPage.hasMore]).toEqual([2, true]);
    const next = (
      await send<Envelope<{ licensees: Licensee[]; hasMore: boolean }>>('GET', '/keys/ak_sandbox/licensees', {
        query: { limit: 2, starting_after: firstPage.licensees[1]?.id },
      })
    ).body.result;
    expect([next.licensees.map((licensee) => licensee.name), next.hasMore]).toEqual([['Beta Ltd', 'Gamma plc'], false]);
    const named = (await send<Envelope<{ licensees: Licensee[] }>>('GET', '/keys/ak_sandbox/licensees', { query: { query: 'ltd' } })).body
      .result;
    expect(named.licensees.map((licensee) => licensee.name)).toEqual(['Alpha Ltd', 'Beta Ltd']);
  });

  it('updates only the given properties, counts its lookups, and cancels', async () => {
    const [licensee] = (await send<Envelope<{ licensees: Licensee[] }>>('GET', '/keys/ak_sandbox/licensees')).body.result.licensees;
    if (!licensee) throw new Error('no licensee to update');
    const path = `/keys/ak_sandbox/licensees/${licensee.key}`;
    const updated = (await send<Envelope<Licensee>>('PUT', path, { body: { name: 'Qwerty Widgets Group', daily: { limit: null } } })).body
      .result;
    expect(updated).toEqual({ ...licensee, name: 'Qwerty Widgets Group', daily: { ...licensee.daily, limit: null } });
    clock += 1_000;
    await client.get('/postcodes/SW1A2AA', { api_key: 'ak_sandbox', licensee: licensee.key });
    const counted = (await send<Envelope<Licensee>>('GET', path)).body.result;
    expect(counted.daily).toEqual({ limit: null, count: 1, updatedAt: new Date(clock).toISOString() });
    expect((await send<Envelope<{ deleted: number }>>('DELETE', path)).body.result).toEqual({ deleted: 1 });
    const gone = await send<ErrorBody>('GET', path);
    expect([gone.status, gone.body]).toEqual([404, { code: 4045, message: 'No licensee found' }]);
    expect((await send<ErrorBody>('PUT', path, { body: { name: 'x' } })).body.code).toBe(4045);
  });

  it('survives a restart of the sandbox', async () => {
    const before = (await send<Envelope<{ licensees: Licensee[] }>>('GET', '/keys/ak_sandbox/licensees')).body.result.licensees;
    const restarted = (await boot({ dataDir })).client;
    const after = (await send<Envelope<{ licensees: Licensee[] }>>('GET', '/keys/ak_sandbox/licensees', {}, restarted)).body.result
      .licensees;
    expect(after.map((licensee) => licensee.key)).toEqual(before.map((licensee) => licensee.key));
    expect(after.length).toBe(3);
  });
});
