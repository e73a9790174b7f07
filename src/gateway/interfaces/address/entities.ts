/** C's entity: a UK address, which peers point at by its UDPRN. */
import { badInput } from '../../errors.js';
import type { ArgumentAt, EntityDeclaration } from '../../schema/entity-declaration.js';
import type { GatewayContext } from '../../context.js';
import type { AddressRecordWire } from './wire.js';

/** UDPRNs: the vendor has no batch lookup, so each distinct UDPRN is one request. */
function addressesByUdprn(udprns: readonly unknown[], argumentAt: ArgumentAt, context: GatewayContext): Promise<AddressRecordWire>[] {
  return udprns.map(async (udprn, index) => {
    if (typeof udprn !== 'number' || !Number.isInteger(udprn) || udprn < 0)
      throw badInput(argumentAt(index), 'a UDPRN (a whole number)', udprn);
    return (await context.upstream.get<{ result: AddressRecordWire }>('address', '/udprn/{udprn}', { udprn })).result;
  });
}

export const ADDRESS_ENTITIES: readonly EntityDeclaration[] = [
  { type: 'UkAddress', fields: 'udprn', field: 'udprn', resolve: addressesByUdprn, owns: (record) => 'udprn' in record },
];
