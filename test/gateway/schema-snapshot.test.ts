import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../src/gateway/build-schema.js';
import { COMPOSITION_TYPES } from '../../src/gateway/federation/subgraph-sdl.js';
import { PUBLISHED_SCHEMA_PATH, printPublishedSchema } from '../../src/gateway/schema/published-schema.js';
import { ROOT } from '../support/gateway.js';

describe('the public schema', () => {
  it(`is the published contract in ${PUBLISHED_SCHEMA_PATH}`, async () => {
    const { schema, destroy } = await buildGatewaySchema(ROOT);
    try {
      expect(
        printPublishedSchema(schema),
        `the schema the gateway builds differs from ${PUBLISHED_SCHEMA_PATH}: run npm run generate and review the diff`,
      ).toBe(readFileSync(join(ROOT, PUBLISHED_SCHEMA_PATH), 'utf8'));
    } finally {
      destroy();
    }
  });

  it('uses no generated type names and no JSON scalar', async () => {
    const { schema, destroy } = await buildGatewaySchema(ROOT);
    try {
      // The federation spec fixes the names of its own types (_Any, _Entity, _Service).
      const names = Object.keys(schema.getTypeMap()).filter((name) => !name.startsWith('__') && !COMPOSITION_TYPES.has(name));
      expect(names.filter((name) => name.includes('_') || /^(query|mutation)[A-Z]|Response$/.test(name))).toEqual([]);
      expect(names).not.toContain('JSON');
    } finally {
      destroy();
    }
  });
});
