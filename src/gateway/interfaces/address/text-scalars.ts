/**
 * C's text scalars: the vendor checks their values (resolvers.ts gives each its behaviour), and
 * their values travel as strings (the generated resolver types, through interface.ts). Kept
 * apart from the resolvers so interface.ts can list them without loading the graph module.
 */
export const ADDRESS_TEXT_SCALARS: readonly string[] = [
  'AddressSearchText',
  'ApiKeyText',
  'AutocompleteText',
  'BoundingBox',
  'ConfigName',
  'ConfigPayload',
  'ContextCode',
  'CountryIso3',
  'EmailAddressText',
  'LicenseeKeyText',
  'LicenseeName',
  'LonLatRadius',
  'PhoneNumberText',
  'PlaceSearchText',
  'PostcodeText',
  'SuggestionId',
  'UprnText',
];
