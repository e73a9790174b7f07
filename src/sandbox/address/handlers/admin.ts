/**
 * Key configs and licensees: create, read, update and delete, persisted on disk. A licensee's
 * daily count is computed from the key's log of paid lookups made with its licensee key.
 */
import type { SandboxHandler } from '../../sandbox-server.js';
import { pathKey } from '../auth.js';
import type { AddressContext } from '../context.js';
import { success } from '../envelope.js';
import type { LicenseeInput, StoredLicensee } from '../licensees.js';
import type { Licensee } from '../types.js';

const DAY_MS = 86_400_000;

export function adminHandlers(context: AddressContext): Record<string, SandboxHandler> {
  const { keys, configs, licensees } = context;

  const withDaily = (apiKey: string, stored: StoredLicensee): Licensee => {
    const dayStart = Math.floor(context.now() / DAY_MS) * DAY_MS;
    const today = keys.entries(apiKey).filter((entry) => entry.licensee === stored.key && entry.time >= dayStart);
    const { dailyLimit, ...rest } = stored;
    return {
      ...rest,
      daily: {
        limit: dailyLimit,
        count: today.length,
        updatedAt: new Date(today.at(-1)?.time ?? Date.parse(stored.createdAt)).toISOString(),
      },
    };
  };

  return {
    keyConfigs: async (request) => success({ configs: await configs.list(pathKey(request, keys).key) }),
    keyConfig: async (request) => {
      const key = pathKey(request, keys);
      return success(await configs.get(key.key, String(request.params.path.config)));
    },
    createKeyConfig: async (request) => {
      const key = pathKey(request, keys);
      const body = request.body as { name: string; payload: string };
      return success(await configs.create(key.key, body.name, body.payload));
    },
    updateKeyConfig: async (request) => {
      const key = pathKey(request, keys);
      const body = request.body as { payload: string };
      return success(await configs.update(key.key, String(request.params.path.config), body.payload));
    },
    deleteKeyConfig: async (request) => {
      const key = pathKey(request, keys);
      return success({ deleted: await configs.remove(key.key, String(request.params.path.config)) });
    },
    licensees: async (request) => {
      const key = pathKey(request, keys);
      const { starting_after: startingAfter, limit, query } = request.params.query;
      const page = await licensees.list(key.key, {
        startingAfter: typeof startingAfter === 'string' ? startingAfter : undefined,
        limit: typeof limit === 'number' ? limit : 100,
        query: typeof query === 'string' ? query : (request.query.get('q') ?? undefined),
      });
      return success({ licensees: page.licensees.map((stored) => withDaily(key.key, stored)), hasMore: page.hasMore });
    },
    licensee: async (request) => {
      const key = pathKey(request, keys);
      return success(withDaily(key.key, await licensees.get(key.key, String(request.params.path.licensee))));
    },
    createLicensee: async (request) => {
      const key = pathKey(request, keys);
      return success(withDaily(key.key, await licensees.create(key.key, request.body as LicenseeInput)));
    },
    updateLicensee: async (request) => {
      const key = pathKey(request, keys);
      return success(
        withDaily(key.key, await licensees.update(key.key, String(request.params.path.licensee), request.body as LicenseeInput)),
      );
    },
    deleteLicensee: async (request) => {
      const key = pathKey(request, keys);
      return success({ deleted: await licensees.remove(key.key, String(request.params.path.licensee)) });
    },
  };
}
