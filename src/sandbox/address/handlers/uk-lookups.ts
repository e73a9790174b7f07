/**
 * Direct UK lookups: all addresses at a postcode, one address by UDPRN, one household by
 * UMPRN. The vendor's test values (UDPRN/UMPRN 0, -1, -2, -3 and the postcodes ID1 CLIP and
 * ID1 CHOP) answer as documented and are never charged.
 */
import type { SandboxHandler } from '../../sandbox-server.js';
import { callerKey } from '../auth.js';
import { type AddressContext, charge, pickFields } from '../context.js';
import { fail, success } from '../envelope.js';
import type { UkAddress } from '../types.js';
import { normalisePostcode, suggestPostcodes } from '../uk-postcode.js';

const PAGE_SIZE = 100;

/** Postcodes the vendor documents for testing failures without spending lookups. */
export function testPostcodeFailure(raw: string): 4020 | 4021 | undefined {
  const compact = raw.toUpperCase().replace(/\s+/g, '');
  if (compact === 'ID1CLIP') return 4020;
  if (compact === 'ID1CHOP') return 4021;
  return undefined;
}

/** The vendor's test numbers for UDPRN and UMPRN lookups: 0 succeeds, -1..-3 fail. */
function testNumber(value: number, notFound: number, sample: UkAddress | undefined): UkAddress | undefined {
  if (value === -1) fail(notFound);
  if (value === -2) fail(4020);
  if (value === -3) fail(4021);
  return value === 0 ? (sample ?? fail(notFound)) : undefined;
}

export function ukLookupHandlers(context: AddressContext): Record<string, SandboxHandler> {
  const { uk, keys } = context;
  return {
    postcodeAddresses: (request) => {
      const raw = String(request.params.path.postcode);
      const testFailure = testPostcodeFailure(raw);
      if (testFailure) fail(testFailure);
      const key = callerKey(request, keys);
      const postcode = normalisePostcode(raw);
      const all = postcode ? uk.atPostcode(postcode, key.datasets) : [];
      if (all.length === 0) fail(4040, { suggestions: suggestPostcodes(raw, uk.postcodes) });
      const page = Number(request.params.query.page ?? 0);
      const result = all.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map((address) => pickFields(address, request.params.query.filter));
      const tags = (request.params.query.tags as string[] | undefined) ?? [];
      if (result.length > 0) charge(context, request, key, raw, tags);
      return success(result, { total: all.length, page, limit: PAGE_SIZE });
    },
    addressByUdprn: (request) => {
      const udprn = Number(request.params.path.udprn);
      const key = callerKey(request, keys);
      const test = testNumber(udprn, 4044, uk.firstOf('paf'));
      if (test) return success(pickFields(test, request.params.query.filter));
      const address = uk.byUdprn(udprn, key.datasets) ?? fail(4044);
      charge(context, request, key, String(udprn));
      return success(pickFields(address, request.params.query.filter));
    },
    addressByUmprn: (request) => {
      const umprn = Number(request.params.path.umprn);
      const key = callerKey(request, keys);
      const test = testNumber(umprn, 4046, uk.firstOf('mr'));
      if (test) return success(pickFields(test, request.params.query.filter));
      const address = uk.byUmprn(umprn, key.datasets) ?? fail(4046);
      charge(context, request, key, String(umprn));
      return success(pickFields(address, request.params.query.filter));
    },
  };
}
