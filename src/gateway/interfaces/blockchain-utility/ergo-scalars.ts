/** B's Ergo scalars: the gateway judges an address's checksum and an id's form before asking the vendor. */
import { ErgoAddress } from '@fleet-sdk/core';
import { domainScalar, must } from '../../schema/domain-scalars.js';

const HEX_64 = /^[0-9a-fA-F]{64}$/;

export const ergoScalars = {
  ErgoAddress: domainScalar({
    name: 'ErgoAddress',
    parse: (text) => {
      must(ErgoAddress.validate(text), 'an Ergo address with a valid checksum');
      return text;
    },
  }),
  ErgoId: domainScalar({
    name: 'ErgoId',
    parse: (text) => {
      must(HEX_64.test(text), '64 hexadecimal digits');
      return text.toLowerCase();
    },
  }),
};
