/**
 * The entities this feature looks up across interfaces (entity-lookups.ts), declared by its graph
 * module; an interface's own entities are declared by its folder. The composition gathers them
 * for the federation SDL, `_entities`, `_Entity` and the stitching SDL.
 */
import type { EntityDeclaration } from '../../schema/entity-declaration.js';
import { countriesByAlpha2, currenciesByCode, tokensById } from './entity-lookups.js';

export const BY_KEY_ENTITIES: readonly EntityDeclaration[] = [
  {
    type: 'Country',
    fields: 'code',
    field: 'code',
    resolve: countriesByAlpha2,
    owns: (record) => 'codes' in record,
    batch: { field: 'countriesByCodes', keyArg: 'codes' },
  },
  { type: 'Currency', fields: 'code', field: 'code', resolve: currenciesByCode, owns: (record) => 'code' in record && 'symbol' in record },
  {
    type: 'Token',
    fields: 'id',
    field: 'id',
    resolve: tokensById,
    owns: (record) => 'TOKEN_ID' in record,
    batch: { field: 'tokensByIds', keyArg: 'ids' },
  },
];
