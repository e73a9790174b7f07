import { lexicographicSortSchema, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../src/gateway/build-schema.js';
import { ROOT } from '../support/gateway.js';

describe('the public schema', () => {
  it('matches the reviewed snapshot (regenerate with `npx vitest run test/schema-snapshot.test.ts -u`)', async () => {
    const { schema, destroy } = await buildGatewaySchema(ROOT);
    try {
      await expect(printSchema(lexicographicSortSchema(schema))).toMatchFileSnapshot('./__snapshots__/schema.graphql');
    } finally {
      destroy();
    }
  });

  it('uses no generated type names and no JSON scalar', async () => {
    const { schema, destroy } = await buildGatewaySchema(ROOT);
    try {
      const names = Object.keys(schema.getTypeMap()).filter((name) => !name.startsWith('__'));
      expect(names.filter((name) => name.includes('_') || /^(query|mutation)[A-Z]|Response$/.test(name))).toEqual([]);
      expect(names).not.toContain('JSON');
    } finally {
      destroy();
    }
  });
});
