/**
 * Cleansing, e-mail and phone validation, and place search: each a thin handler over its
 * module, charging the paid ones.
 */
import type { SandboxHandler } from '../../sandbox-server.js';
import { callerKey } from '../auth.js';
import { cleanse, type CleanseInput } from '../cleanse.js';
import { type AddressContext, charge, textQuery } from '../context.js';
import { validateEmail } from '../email.js';
import { fail, success } from '../envelope.js';
import { validatePhoneNumber } from '../phone.js';

export function validationHandlers(context: AddressContext): Record<string, SandboxHandler> {
  const { uk, keys, places } = context;
  return {
    cleanseAddress: (request) => {
      const key = callerKey(request, keys);
      const input = request.body as CleanseInput;
      const result = cleanse(input, uk.visible(key.datasets));
      if (result.match) charge(context, request, key, input.query);
      return success(result);
    },
    emailValidation: (request) => {
      const key = callerKey(request, keys);
      const query = String(request.params.query.query);
      charge(context, request, key, query);
      return success(validateEmail(query));
    },
    phoneNumberValidation: (request) => {
      const key = callerKey(request, keys);
      const query = String(request.params.query.query);
      charge(context, request, key, query);
      return success(validatePhoneNumber(query, request.params.query.current_carrier === true));
    },
    places: (request) => {
      const query = textQuery(request, 150) ?? '';
      const { country_iso: countryIso, bias_country_iso: biasCountryIso, bias_lonlat: biasLonLat } = request.params.query;
      const hits = places.search({
        query,
        countryIso: countryIso as string[] | undefined,
        biasCountryIso: biasCountryIso as string[] | undefined,
        biasLonLat: typeof biasLonLat === 'string' ? biasLonLat : undefined,
      });
      return success({ hits });
    },
    place: (request) => {
      const key = callerKey(request, keys);
      const id = String(request.params.path.place);
      const place = places.find(id) ?? fail(4040, { message: `No place with id ${id}` });
      charge(context, request, key, id);
      return success(place);
    },
  };
}
