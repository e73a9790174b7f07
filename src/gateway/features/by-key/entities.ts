/**
 * The gateway's entities, in the order peers see them: the ones this feature looks up across
 * interfaces (entity-lookups.ts) and the ones an interface's folder declares. The federation SDL,
 * `_entities`, `_Entity` and the stitching SDL all read this one list.
 */
import { ADDRESS_ENTITIES } from '../../interfaces/address/entities.js';
import type { EntityDeclaration } from '../../schema/entity-declaration.js';
import { countriesByAlpha2, currenciesByCode, tokensById } from './entity-lookups.js';

export const ENTITIES: readonly EntityDeclaration[] = [
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
  ...ADDRESS_ENTITIES,
];
