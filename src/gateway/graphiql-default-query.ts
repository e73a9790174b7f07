/**
 * The operation GraphiQL opens with: one request answered by the country-data interface, so a
 * first visitor sees data at once. The example tests run it like every other example.
 */
export const GRAPHIQL_DEFAULT_QUERY = `# Try it: one request, answered by the country-data interface.
# Send your own upstream key with a header such as x-country-api-key.
query FranceAtAGlance {
  country(code: "FR") {
    names { common official }
    codes { alpha2 alpha3 }
    capitals { name }
    currencies { code name symbol }
    population
  }
  convertCurrency(from: "EUR", to: "JPY", amount: 10) { result rate }
  ipLookup(ip: "8.8.8.8") { ip location { country { name } } }
  userAgent(ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)") { os { name version } device { type } }
}
`;
