/* global process, URL */
/**
 * Hive Gateway's supergraph, the second peer of `npm run bench`: @graphql-mesh/compose-cli with
 * @omnigraph/openapi composes the four OpenAPI documents as they are, with the endpoints the
 * bench puts in the *_API_URL variables (its static upstream).
 *
 * The one change: the documents share type names with different shapes (RequestProblem,
 * ErrorResponse, TokenPrice), which a federated supergraph cannot merge, so each subgraph's
 * types get its name as a prefix. Root fields keep the operationIds, as in stock Mesh v0.
 *
 * Plain JavaScript so the project's type check does not need this folder's packages installed.
 */
import { fileURLToPath } from 'node:url';
import { createPrefixTransform, defineConfig } from '@graphql-mesh/compose-cli';
import { loadOpenAPISubgraph } from '@omnigraph/openapi';

const schema = (file) => fileURLToPath(new URL(`../../schema/${file}`, import.meta.url));

const endpoint = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set to compose the bench's supergraph`);
  return value;
};

const subgraph = (name, file, url, operationHeaders = {}) => ({
  sourceHandler: loadOpenAPISubgraph(name, { source: schema(file), endpoint: endpoint(url), operationHeaders }),
  transforms: [createPrefixTransform({ value: `${name}_` })],
});

export const composeConfig = defineConfig({
  subgraphs: [
    subgraph('CryptoAnalytics', 'crypto-analytics.yaml', 'CRYPTO_API_URL', { api_key: 'tm-sandbox-demo' }),
    subgraph('BlockchainUtility', 'blockchain-utility.yaml', 'BLOCKCHAIN_API_URL'),
    subgraph('Address', 'address.yaml', 'ADDRESS_API_URL'),
    subgraph('CountryData', 'country-data.yaml', 'COUNTRY_API_URL', { Authorization: 'Bearer rc_live_demo' }),
  ],
});
