/**
 * `GET /addresses`: free-text search, extraction of addresses around the postcodes and ZIP
 * codes a text mentions, reverse geocoding by `lon`/`lat`, and filter-only listing.
 */
import type { SandboxHandler, SandboxRequest } from '../../sandbox-server.js';
import { callerKey } from '../auth.js';
import { type AddressContext, charge, limitOf, textQuery } from '../context.js';
import { fail, success } from '../envelope.js';
import { extractAddresses, mentionsPostcodes } from '../extraction.js';
import { distanceMetres } from '../geo.js';
import type { UkAddress, UsAddress } from '../types.js';
import { type AddressBiases, biasesFrom, biasScore, filtersFrom, hasFilters, passesFilters } from '../uk-filters.js';
import { normalisePostcode, suggestPostcodes } from '../uk-postcode.js';
import { searchAddresses } from '../uk-search.js';
import { testPostcodeFailure } from './uk-lookups.js';

type Hit = UkAddress | UsAddress;

const REVERSE_GEOCODE_RADIUS_METRES = 100;

const isUk = (hit: Hit): hit is UkAddress => hit.dataset !== 'usps';

function pointOf(request: SandboxRequest): { lon: number; lat: number } | undefined {
  const { lon, lat } = request.params.query;
  if (lon === undefined && lat === undefined) return undefined;
  if (typeof lon !== 'number' || typeof lat !== 'number') {
    const missing = lon === undefined ? 'lon' : 'lat';
    return fail(4001, {
      errors: [
        {
          message: `${missing} is required with ${missing === 'lon' ? 'lat' : 'lon'}`,
          path: `.query.${missing}`,
          errorCode: 'required.openapi.validation',
        },
      ],
    });
  }
  return { lon, lat };
}

function nearby(addresses: readonly UkAddress[], lon: number, lat: number): UkAddress[] {
  return addresses
    .flatMap((address) =>
      typeof address.longitude === 'number' && typeof address.latitude === 'number'
        ? [{ address, distance: distanceMetres(lon, lat, address.longitude, address.latitude) }]
        : [],
    )
    .filter(({ distance }) => distance <= REVERSE_GEOCODE_RADIUS_METRES)
    .sort((a, b) => a.distance - b.distance)
    .map(({ address }) => address);
}

function rankByBias(hits: Hit[], biases: AddressBiases): Hit[] {
  if (Object.keys(biases).length === 0) return hits;
  const scored = hits.map((hit) => ({ hit, bias: isUk(hit) ? biasScore(hit, biases) : 0 }));
  return scored.sort((a, b) => b.bias - a.bias).map(({ hit }) => hit);
}

export function searchHandlers(context: AddressContext): Record<string, SandboxHandler> {
  const { uk, keys } = context;
  return {
    addresses: (request) => {
      const key = callerKey(request, keys);
      const point = pointOf(request);
      const filters = filtersFrom(request.params.query);
      const query = textQuery(request, 1000, point === undefined && !hasFilters(filters));
      const visible = uk.visible(key.datasets);
      const limit = limitOf(request);
      const page = Number(request.params.query.page ?? 0);
      let hits: Hit[];
      let wholePostcode = false;
      if (point) {
        hits = nearby(visible, point.lon, point.lat);
      } else if (query !== undefined) {
        const testFailure = testPostcodeFailure(query);
        if (testFailure) fail(testFailure);
        const postcode = normalisePostcode(query);
        if (postcode) {
          // A bare postcode lists the whole postcode, as the vendor does, or is not found.
          hits = visible.filter((address) => address.postcode === postcode);
          if (hits.length === 0) fail(4040, { suggestions: suggestPostcodes(query, uk.postcodes) });
          wholePostcode = true;
        } else if (mentionsPostcodes(query)) {
          hits = extractAddresses(query, visible);
        } else {
          hits = searchAddresses(visible, query).map(({ address }) => address);
        }
      } else {
        hits = visible;
      }
      if (hasFilters(filters)) hits = hits.filter((hit) => isUk(hit) && passesFilters(hit, filters));
      hits = rankByBias(hits, biasesFrom(request.params.query));
      const pageHits = wholePostcode ? hits : hits.slice(page * limit, (page + 1) * limit);
      if (pageHits.length > 0) charge(context, request, key, query ?? `${point?.lon ?? ''},${point?.lat ?? ''}`);
      return success({
        hits: pageHits,
        total: hits.length,
        limit: wholePostcode ? hits.length : limit,
        page: wholePostcode ? 0 : page,
      });
    },
  };
}
