/**
 * The UK sample indexed the ways the interface looks addresses up: by postcode, UDPRN,
 * UMPRN and record id, always through the datasets the calling key has enabled (a key
 * without the Multiple Residence dataset never sees `mr` records).
 */
import type { UkAddress, UkDataset } from './types.js';

/** Which datasets a key may read. */
export interface DatasetAccess {
  paf: boolean;
  mr: boolean;
  nyb: boolean;
}

function readable(address: UkAddress, access: DatasetAccess): boolean {
  if (address.dataset === 'mr') return access.mr;
  if (address.dataset === 'nyb') return access.nyb;
  return access.paf;
}

function group<K>(addresses: readonly UkAddress[], keyOf: (address: UkAddress) => K | undefined): Map<K, UkAddress[]> {
  const groups = new Map<K, UkAddress[]>();
  for (const address of addresses) {
    const key = keyOf(address);
    if (key === undefined) continue;
    const list = groups.get(key) ?? [];
    list.push(address);
    groups.set(key, list);
  }
  return groups;
}

export class UkAddressIndex {
  private readonly byPostcode: Map<string, UkAddress[]>;
  private readonly byId: Map<string, UkAddress>;

  constructor(private readonly addresses: readonly UkAddress[]) {
    this.byPostcode = group(addresses, (address) => address.postcode);
    this.byId = new Map(addresses.map((address) => [address.id, address]));
  }

  /** Every postcode of the sample, whatever the datasets (postcode existence is public). */
  get postcodes(): string[] {
    return [...this.byPostcode.keys()];
  }

  /** Whether any record has this (normalised) postcode. */
  hasPostcode(postcode: string): boolean {
    return this.byPostcode.has(postcode);
  }

  /** The records the key may read, in sample order. */
  visible(access: DatasetAccess): UkAddress[] {
    return this.addresses.filter((address) => readable(address, access));
  }

  /** The readable records at a normalised postcode. */
  atPostcode(postcode: string, access: DatasetAccess): UkAddress[] {
    return (this.byPostcode.get(postcode) ?? []).filter((address) => readable(address, access));
  }

  /** A record by id (`paf_<udprn>`, `mr_<umprn>`, ...), if readable. */
  find(id: string, access: DatasetAccess): UkAddress | undefined {
    const address = this.byId.get(id);
    return address && readable(address, access) ? address : undefined;
  }

  /** The delivery point with this UDPRN (not one of its Multiple Residence households). */
  byUdprn(udprn: number, access: DatasetAccess, dataset: UkDataset = 'paf'): UkAddress | undefined {
    return this.find(`${dataset}_${udprn}`, access);
  }

  /** The Multiple Residence household with this UMPRN. */
  byUmprn(umprn: number, access: DatasetAccess): UkAddress | undefined {
    return this.find(`mr_${umprn}`, access);
  }

  /** The first record of the sample with the given dataset, for the vendor's test numbers. */
  firstOf(dataset: UkDataset): UkAddress | undefined {
    return this.addresses.find((address) => address.dataset === dataset);
  }
}
