/**
 * `npm run generate`: builds the gateway's schema as it is served, publishes it sorted to
 * schema/gateway.graphql, then runs GraphQL Code Generator on it into
 * src/gateway/generated/resolvers-types.ts, the types every hand-written resolver map is checked
 * against. Both files are committed, as are docs/configuration.md and .env.example, written from
 * the configuration catalogue (scripts/config-docs.ts).
 *
 * `--check` (part of `npm run lint`) writes nothing: it generates in memory and exits 1 naming
 * each file that differs from what is committed.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { executeCodegen } from '@graphql-codegen/cli';
import { isEnumType } from 'graphql';
import { buildGatewaySchema } from '../src/gateway/build-schema.js';
import { PUBLISHED_SCHEMA_PATH, printPublishedSchema } from '../src/gateway/schema/published-schema.js';
import { codegenConfig, RESOLVER_TYPES_FILE } from './codegen-config.js';
import { configurationFiles } from './config-docs.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Published {
  sdl: string;
  /** Per enum, each GraphQL value name → the wire value resolvers hold (see enum-value-case.ts). */
  enumValues: Record<string, Record<string, string>>;
}

async function published(): Promise<Published> {
  // The contract is published without TYPE_PREFIX, whatever the environment says.
  const { schema, destroy } = await buildGatewaySchema(ROOT, { typePrefix: '', checkSDL: true });
  try {
    const enumValues: Published['enumValues'] = {};
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isEnumType(type) || type.name.startsWith('__')) continue;
      const renamed = type.getValues().filter((value) => value.value !== value.name);
      if (renamed.length > 0) enumValues[type.name] = Object.fromEntries(renamed.map((value) => [value.name, String(value.value)]));
    }
    return { sdl: printPublishedSchema(schema), enumValues };
  } finally {
    destroy();
  }
}

/** `schema` is the published file, or (for `--check`) the SDL text itself, so nothing is written. */
async function resolverTypes(schema: string, enumValues: Published['enumValues']): Promise<string> {
  const { result, error } = await executeCodegen(codegenConfig(schema, enumValues));
  if (error) throw error;
  const output = result.find((file) => file.filename === RESOLVER_TYPES_FILE);
  if (!output) throw new Error(`GraphQL Code Generator produced no ${RESOLVER_TYPES_FILE}`);
  return output.content;
}

async function write(file: string, content: string): Promise<void> {
  await mkdir(dirname(join(ROOT, file)), { recursive: true });
  await writeFile(join(ROOT, file), content);
  console.log(`wrote ${file}`);
}

async function committed(file: string): Promise<string | undefined> {
  return readFile(join(ROOT, file), 'utf8').catch(() => undefined);
}

async function main(check: boolean): Promise<number> {
  const { sdl, enumValues } = await published();
  if (check) {
    const expected = { [PUBLISHED_SCHEMA_PATH]: sdl, [RESOLVER_TYPES_FILE]: await resolverTypes(sdl, enumValues), ...configurationFiles() };
    const stale = [];
    for (const [file, content] of Object.entries(expected)) if ((await committed(file)) !== content) stale.push(file);
    for (const file of stale) console.error(`${file} is stale: run npm run generate and commit the result.`);
    return stale.length > 0 ? 1 : 0;
  }
  await write(PUBLISHED_SCHEMA_PATH, sdl);
  await write(RESOLVER_TYPES_FILE, await resolverTypes(join(ROOT, PUBLISHED_SCHEMA_PATH), enumValues));
  for (const [file, content] of Object.entries(configurationFiles())) await write(file, content);
  return 0;
}

process.exitCode = await main(process.argv.includes('--check'));
