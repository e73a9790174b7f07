/** The peer subgraph's users (peer-subgraph.ts), and what a router answers for them across both graphs. */
import type { PeerUser } from './peer-subgraph.js';

export const BTC = 3375;
export const ETH = 3306;

export const PEER_USERS: readonly PeerUser[] = [
  { id: 'u1', name: 'Ada', countryCode: 'GB', tokenId: BTC },
  { id: 'u2', name: 'Grace', countryCode: 'US', tokenId: ETH },
  { id: 'u3', name: 'Marie', countryCode: 'FR', tokenId: BTC },
];

/** `{ users { name country { names { common } } favouriteToken { name } } }` over PEER_USERS. */
export const RESOLVED_PEER_USERS = [
  { name: 'Ada', country: { names: { common: 'United Kingdom' } }, favouriteToken: { name: 'Bitcoin' } },
  { name: 'Grace', country: { names: { common: 'United States' } }, favouriteToken: { name: 'Ethereum' } },
  { name: 'Marie', country: { names: { common: 'France' } }, favouriteToken: { name: 'Bitcoin' } },
];
