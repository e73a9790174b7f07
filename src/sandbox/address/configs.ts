/**
 * Key configs, persisted in `<dataDir>/configs.json` as `{ [apiKey]: Config[] }`. Names are
 * unique per key; the length bounds (name ≤ 32, payload ≤ 4096) are enforced by the OpenAPI
 * document before a request gets here.
 */
import { join } from 'node:path';
import { fail } from './envelope.js';
import { JsonFileStore } from '../json-file-store.js';
import type { Config } from './types.js';

type ConfigsDocument = Record<string, Config[]>;

/** The vendor does not publish the code for these; 4001 and 4040 are the closest documented ones. */
function duplicate(name: string): never {
  return fail(4001, {
    message: `A config named "${name}" already exists on this key`,
    errors: [{ message: `name "${name}" is already in use`, path: '.body.name', errorCode: 'unique.validation' }],
  });
}

function missing(name: string): never {
  return fail(4040, { message: `No config named "${name}" on this key` });
}

export class ConfigStore {
  private readonly store: JsonFileStore<ConfigsDocument>;

  constructor(
    dataDir: string,
    private readonly now: () => number,
  ) {
    this.store = new JsonFileStore(join(dataDir, 'configs.json'), () => ({}));
  }

  async list(key: string): Promise<Config[]> {
    return (await this.store.read())[key] ?? [];
  }

  async get(key: string, name: string): Promise<Config> {
    return (await this.list(key)).find((config) => config.name === name) ?? missing(name);
  }

  create(key: string, name: string, payload: string): Promise<Config> {
    return this.store.update((document) => {
      const configs = (document[key] ??= []);
      if (configs.some((config) => config.name === name)) duplicate(name);
      const time = new Date(this.now()).toISOString();
      const config: Config = { name, payload, createdAt: time, updatedAt: time };
      configs.push(config);
      return config;
    });
  }

  update(key: string, name: string, payload: string): Promise<Config> {
    return this.store.update((document) => {
      const config = document[key]?.find((candidate) => candidate.name === name) ?? missing(name);
      config.payload = payload;
      config.updatedAt = new Date(this.now()).toISOString();
      return config;
    });
  }

  remove(key: string, name: string): Promise<number> {
    return this.store.update((document) => {
      const configs = document[key] ?? [];
      const index = configs.findIndex((config) => config.name === name);
      if (index < 0) missing(name);
      configs.splice(index, 1);
      return 1;
    });
  }
}
