/** Interface C's wire shapes, as far as hand-written resolvers read them. */

/**
 * A record of C as the vendor sends it: a UK or US address, a place, a place suggestion or a key
 * context. Resolvers read the snake_case numbers and the country hints; the rest passes untouched
 * to the generated field resolvers.
 */
export interface AddressRecordWire {
  /** ISO 3166-1 alpha-2 code, on newer UK and US records. */
  country_iso_2?: string;
  /** ISO 3166-1 alpha-3 code. */
  country_iso?: string;
  /** Alpha-2 code on places and key contexts. */
  iso_2?: string;
  /** The country's name (England, Scotland...), all older UK answers carry. */
  country?: string;
  [field: string]: unknown;
}
