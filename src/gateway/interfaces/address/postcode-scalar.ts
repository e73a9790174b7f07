/** C's UkPostcode: the gateway judges a postcode itself, so a malformed one never costs a paid lookup. */
import { isValid as isValidPostcode } from 'postcode';
import { domainScalar, must } from '../../schema/domain-scalars.js';

export const ukPostcodeScalar = domainScalar({
  name: 'UkPostcode',
  parse: (text) => {
    must(isValidPostcode(text), 'a UK postcode');
    // Passed on as written: the vendor accepts any spacing and case, and answers for what was asked.
    return text;
  },
});
