/**
 * The limits the vendors document for root-field arguments (page sizes, offsets) and their
 * enumerable choices (sort fields), per interface; schema/input-limits.ts checks them before any
 * upstream request. Stated here, on the interfaces' side, because the schema layer below must
 * not know which vendor serves which field.
 */
import { readFileSync } from 'node:fs';
import { createInputLimitsPass, type InputLimits, sortField, wholeNumber } from '../schema/input-limits.js';
import type { SchemaPass } from '../schema/pipeline.js';
import { MESH_ARTIFACT_DIR } from '../schema/mesh-manifest.js';
import { COUNTRY_SORT_PATHS_FILE } from './country-data/interface.js';
import { CRYPTO_ANALYTICS_ROOT_FIELDS } from './crypto-analytics/index.js';

/** A's `limit` (schema/crypto-analytics.yaml: 1–10000). */
const CRYPTO_LIMIT = { limit: wholeNumber(1, 10_000) };
/** D's paging (schema/country-data.yaml and the vendor's docs: limit 1–100, offset from 0). */
const COUNTRY_PAGING = { limit: wholeNumber(1, 100), offset: wholeNumber(0) };
/** C's paging (schema/address.yaml: limit 1–100, page from 0). */
const ADDRESS_LIMIT = { limit: wholeNumber(1, 100) };

/** D's sortable country paths, as the build step listed them from schema/country-data.yaml. */
function builtCountrySortPaths(): ReadonlySet<string> {
  const file = new URL(`../../../${MESH_ARTIFACT_DIR}/${COUNTRY_SORT_PATHS_FILE}`, import.meta.url);
  const paths: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(paths) || !paths.every((path) => typeof path === 'string') || paths.length === 0) {
    throw new TypeError(`${file.pathname} is not a list of field paths: run npm run build`);
  }
  return new Set(paths);
}

function vendorLimits(): InputLimits {
  const sort = sortField(builtCountrySortPaths(), "D's country record");
  return {
    ...Object.fromEntries(CRYPTO_ANALYTICS_ROOT_FIELDS.map((field) => [`Query.${field}`, CRYPTO_LIMIT])),
    'Query.countries': { ...COUNTRY_PAGING, sort },
    'Query.countriesWhere': { ...COUNTRY_PAGING, sort },
    'Query.countriesByCode': COUNTRY_PAGING,
    'Query.countriesByName': COUNTRY_PAGING,
    'Query.countriesSearch': COUNTRY_PAGING,
    'Query.addresses': { ...ADDRESS_LIMIT, page: wholeNumber(0) },
    'Query.addressSuggestions': ADDRESS_LIMIT,
    'Query.postcodeAddresses': { page: wholeNumber(0) },
    'Query.licensees': ADDRESS_LIMIT,
    // B's peer list (schema/blockchain-utility.yaml: 1–1000).
    'Query.ergoNodePeers': { limit: wholeNumber(1, 1000) },
  };
}

/** The gateway's checks of the vendors' documented limits, a pass of the schema pipeline (build-schema.ts). */
export const inputLimitsPass: SchemaPass = createInputLimitsPass(vendorLimits);
