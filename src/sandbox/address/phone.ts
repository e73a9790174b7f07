/**
 * Phone number validation with `libphonenumber-js` (full metadata): validity in the numbering
 * plan, national and international forms, country and line type. Carrier names and network
 * codes are not in the numbering plan (and numbers get ported), so they are null.
 */
import { type NumberType, type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { countryOfAlpha2 } from './countries.js';
import type { NetworkType, PhoneCarrier, PhoneNumberValidation } from './types.js';

const NETWORK_TYPES: Partial<Record<NonNullable<NumberType>, NetworkType>> = {
  MOBILE: 'mobile',
  FIXED_LINE: 'landline',
  FIXED_LINE_OR_MOBILE: 'unknown',
  PREMIUM_RATE: 'landline_premium',
  TOLL_FREE: 'landline_tollfree',
  SHARED_COST: 'landline',
  VOIP: 'virtual',
  PERSONAL_NUMBER: 'virtual',
  PAGER: 'pager',
  UAN: 'landline',
  VOICEMAIL: 'unknown',
};

const INVALID: PhoneNumberValidation = {
  valid: false,
  national_format: null,
  international_format: null,
  iso_country: null,
  iso_country_2: null,
  country: null,
  current_carrier: null,
  original_carrier: null,
};

/**
 * Reads the number the way the vendor asks callers to write it: `+44...`, `0044...` or
 * `44...` carry the country code; a single leading `0` is a UK national number.
 */
function parse(raw: string): PhoneNumber | undefined {
  const text = raw.trim();
  if (text.startsWith('+')) return parsePhoneNumberFromString(text);
  const digits = text.replace(/[^\d]/g, '');
  if (digits.startsWith('00')) return parsePhoneNumberFromString(`+${digits.slice(2)}`);
  if (digits.startsWith('0')) return parsePhoneNumberFromString(digits, 'GB');
  return parsePhoneNumberFromString(`+${digits}`);
}

function carrierOf(number: PhoneNumber): PhoneCarrier {
  const type = number.getType();
  return {
    network_code: null,
    name: null,
    country: number.country ?? null,
    network_type: type ? (NETWORK_TYPES[type] ?? 'unknown') : 'unknown',
  };
}

/** The verdict on one phone number; `withCurrentCarrier` adds the carrier serving it now. */
export function validatePhoneNumber(raw: string, withCurrentCarrier: boolean): PhoneNumberValidation {
  const number = parse(raw);
  if (!number?.isValid() || !number.country) return INVALID;
  const country = countryOfAlpha2(number.country);
  return {
    valid: true,
    national_format: number.formatNational(),
    international_format: number.number.slice(1),
    iso_country: country?.iso3 ?? null,
    iso_country_2: number.country,
    country: country?.name ?? null,
    current_carrier: withCurrentCarrier ? carrierOf(number) : null,
    original_carrier: carrierOf(number),
  };
}
