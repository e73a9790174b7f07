import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { TokenRecordWire } from '../interfaces/crypto-analytics/wire.js';
import type { StablecoinStateWire, StablecoinExchangeQuoteWire, ErgoTokenPriceWire, MosaikViewElementWire } from '../interfaces/blockchain-utility/wire.js';
import type { AddressRecordWire } from '../interfaces/address/wire.js';
import type { CountryWire, CountryNamesWire, CountryPageWire, RateTableWire, IpLookupWire, UserAgentPartWire } from '../interfaces/country-data/wire.js';
import type { VisitorParent } from '../features/visitor/visitor-parent.js';
import type { MarketIndicatorWire } from '../features/live/wire.js';
import type { CryptoBrief as CryptoBriefRecord, StatementParent, BriefInput as BriefInputRecord } from '../features/brief/brief-types.js';
import type { GatewayContext } from '../context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** Free text to search for; not empty, at most 1000 characters. */
  AddressSearchText: { input: string; output: string; }
  /** An API key (`ak_...`) or sub-licensed key (`sl_...`). */
  ApiKeyText: { input: string; output: string; }
  /** Partial address typed so far; at most 150 characters. */
  AutocompleteText: { input: string; output: string; }
  BoundingBox: { input: string; output: string; }
  /** The name of a config, unique per key; 1 to 32 characters. */
  ConfigName: { input: string; output: string; }
  /** A serialised configuration (free-form text, often JSON); at most 4096 characters. */
  ConfigPayload: { input: string; output: string; }
  ContextCode: { input: string; output: string; }
  CountryCode: { input: string; output: string; }
  CountryIso3: { input: string; output: string; }
  CurrencyCode: { input: string; output: string; }
  Date: { input: string; output: string; }
  Email: { input: string; output: string; }
  ErgoAddress: { input: string; output: string; }
  ErgoId: { input: string; output: string; }
  FieldPath: { input: string; output: string; }
  IpAddress: { input: string; output: string; }
  /** A licensee key (`sk_...`). */
  LicenseeKeyText: { input: string; output: string; }
  /** Name of the licensed person or organisation. */
  LicenseeName: { input: string; output: string; }
  LonLatRadius: { input: string; output: string; }
  /** A 64-bit integer as a decimal string, so values beyond 2^53 keep every digit. */
  Long: { input: string; output: string; }
  /** A string that cannot be passed as an empty value */
  NonEmptyString: { input: string; output: string; }
  /** Floats that will have a value of 0 or more. */
  NonNegativeFloat: { input: number; output: number; }
  /** Integers that will have a value of 0 or more. */
  NonNegativeInt: { input: number; output: number; }
  /** Floats that will have a value of 0 or less. */
  NonPositiveFloat: { input: number; output: number; }
  /** A phone number to check, as typed; at most 64 characters. */
  PhoneNumberText: { input: string; output: string; }
  /** A place name or its beginning; at most 150 characters. */
  PlaceSearchText: { input: string; output: string; }
  /** Integers that will have a value greater than 0. */
  PositiveInt: { input: number; output: number; }
  /** Text to search for; not empty. */
  SearchText: { input: string; output: string; }
  SortSpec: { input: string; output: string; }
  /** The `id` of an address suggestion, such as `paf_23747771` or `usps_...`. */
  SuggestionId: { input: string; output: string; }
  /** A field whose value conforms to the standard URL format as specified in RFC3986: https://www.ietf.org/rfc/rfc3986.txt. */
  URL: { input: string; output: string; }
  UUID: { input: string; output: string; }
  UkPostcode: { input: string; output: string; }
  UprnText: { input: string; output: string; }
  YearMonth: { input: string; output: string; }
  /** An entity representation: `__typename` and the entity's key fields, e.g. { __typename: "Country", code: "GB" }. */
  _Any: { input: unknown; output: unknown; }
};

/** The delivery lines and country every address has, UK (PAF form) or US (USPS form). */
export type Address = {
  /** The full record of the address's country (the United Kingdom for England, Scotland...). */
  country?: Maybe<Country>;
  /** ISO 3166-1 alpha-3 code of the country. */
  countryIso?: Maybe<Scalars['String']['output']>;
  /** ISO 3166-1 alpha-2 code of the country. */
  countryIso2?: Maybe<Scalars['String']['output']>;
  /** Name of the country, or constituent country of the UK (England, Scotland...), as the record gives it. */
  countryName: Scalars['String']['output'];
  /** Identifier of the record (paf_..., mr_..., usps_...); absent from some older UK answers. */
  id?: Maybe<Scalars['String']['output']>;
  /** First delivery line. */
  line1: Scalars['String']['output'];
  /** Second delivery line; may be empty. */
  line2: Scalars['String']['output'];
};

/**
 * The dataset a record comes from. UK records: `paf` Postcode Address File, `mr` Multiple
 * Residence, `nyb` Not Yet Built, `pafa` PAF alias, `pafw` Welsh-language PAF. US records:
 * always `usps` (the USPS ZIP+4 product). One enum for both, so a search hit's `dataset`
 * reads the same whichever country it is from.
 */
export type AddressDataset =
  | 'mr'
  | 'nyb'
  | 'paf'
  | 'pafa'
  | 'pafw'
  | 'usps';

/** One address found by a search, UK (PAF form) or US (USPS form). */
export type AddressSearchHit = UkAddress | UsAddress;

/** A page of addresses found by a search. */
export type AddressSearchResult = {
  __typename?: 'AddressSearchResult';
  /** The addresses, most relevant (or nearest) first. */
  hits: Array<AddressSearchHit>;
  /** The page size applied. */
  limit: Scalars['Int']['output'];
  /** The zero-based page returned. */
  page: Scalars['Int']['output'];
  /** How many addresses matched in all. */
  total: Scalars['Int']['output'];
};

/**
 * A short, readable form of a possible address for partial input. `udprn` (and `umprn`
 * for a Multiple Residence household) are present for UK suggestions.
 */
export type AddressSuggestion = {
  __typename?: 'AddressSuggestion';
  /** Identifier to resolve with the `gbr` or `usa` resolution operation (absent from older recorded answers). */
  id?: Maybe<Scalars['String']['output']>;
  /** The text to show. */
  suggestion: Scalars['String']['output'];
  /** UDPRN of a UK suggestion. */
  udprn?: Maybe<Scalars['Int']['output']>;
  /** UMPRN of a Multiple Residence suggestion. */
  umprn?: Maybe<Scalars['Int']['output']>;
  urls: SuggestionUrls;
};

/** Land area. */
export type Area = {
  __typename?: 'Area';
  /** Square kilometres. */
  kilometers: Scalars['Float']['output'];
  /** Square miles. */
  miles: Scalars['Float']['output'];
};

/** The new babel-fee offer form while it is being filled in; any value may be missing. */
export type BabelFeeOfferDraftInput = {
  /** The creator's pay-to-public-key address. */
  address?: InputMaybe<Scalars['String']['input']>;
  /** nanoERG to lock in the offer. */
  ergAmount?: InputMaybe<Scalars['Long']['input']>;
  /** Raw token units the whole ERG amount buys. */
  tokenAmount?: InputMaybe<Scalars['Long']['input']>;
  /** The token the offer accepts. */
  tokenId?: InputMaybe<Scalars['String']['input']>;
};

/** The new babel-fee offer form as submitted; the Mosaik executor may post further values, which are ignored. */
export type BabelFeeOfferInput = {
  /** The creator's pay-to-public-key address. */
  address: Scalars['String']['input'];
  /** nanoERG to lock in the offer. */
  ergAmount: Scalars['Long']['input'];
  /** Raw token units the whole ERG amount buys. */
  tokenAmount: Scalars['Long']['input'];
  /** The token the offer accepts. */
  tokenId: Scalars['String']['input'];
};

/** A number a statement states, named so it can be recomputed from the statement's inputs. */
export type BriefFigure = {
  __typename?: 'BriefFigure';
  name: Scalars['String']['output'];
  value: Scalars['Float']['output'];
};

/** One number the brief rests on, and where it came from. */
export type BriefInput = {
  __typename?: 'BriefInput';
  /** The day the value is for, if it is dated. */
  date?: Maybe<Scalars['Date']['output']>;
  /** The vendor's field name, e.g. CLOSE. */
  field: Scalars['String']['output'];
  /** Stable id: operation, token, field and day. */
  id: Scalars['ID']['output'];
  /** The operation (that interface's GraphQL field) that answered it. */
  operation: Scalars['String']['output'];
  /** The interface it came from: crypto-analytics, blockchain-utility or country-data. */
  source: Scalars['String']['output'];
  /** The token it is about, if any. */
  token?: Maybe<Scalars['String']['output']>;
  value: Scalars['Float']['output'];
};

/** Which part of the brief a statement belongs to. */
export type BriefSection =
  | 'WHAT_CHANGED'
  | 'WHAT_TO_WATCH'
  | 'WHY_IT_MATTERS';

export type BriefStatement = {
  __typename?: 'BriefStatement';
  figures: Array<BriefFigure>;
  /** For a why-it-matters statement, the kind of the what-changed statement it follows from; its inputs and figures are among this statement's. */
  follows?: Maybe<Scalars['String']['output']>;
  /** The inputs this statement rests on. */
  inputs: Array<BriefInput>;
  /** How the statement is computed; the same kind is always computed the same way (see the README). */
  kind: Scalars['String']['output'];
  section: BriefSection;
  text: Scalars['String']['output'];
};

/** Dates that matter for scheduling in the country. */
export type CalendarConventions = {
  __typename?: 'CalendarConventions';
  academicYearStart?: Maybe<MonthDay>;
  fiscalYearStart?: Maybe<MonthDay>;
  startOfWeek: Weekday;
};

/** A capital city and the functions it holds. */
export type Capital = {
  __typename?: 'Capital';
  administrative: Scalars['Boolean']['output'];
  constitutional: Scalars['Boolean']['output'];
  /** Where the city is; null when unknown. */
  coordinates?: Maybe<Coordinates>;
  executive: Scalars['Boolean']['output'];
  judicial: Scalars['Boolean']['output'];
  legislative: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  /** The capital to name when only one is named. */
  primary: Scalars['Boolean']['output'];
};

/** Road conventions. */
export type Cars = {
  __typename?: 'Cars';
  drivingSide: DrivingSide;
  /** International vehicle registration codes. */
  signs: Array<Scalars['String']['output']>;
};

/** The political status of the record. */
export type Classification = {
  __typename?: 'Classification';
  dependency: Scalars['Boolean']['output'];
  /** e.g. overseas territory; null for sovereign states. */
  dependencyType?: Maybe<Scalars['String']['output']>;
  disputed: Scalars['Boolean']['output'];
  /** ISO 3166-1 status, e.g. officially-assigned. */
  isoStatus: Scalars['String']['output'];
  sovereign: Scalars['Boolean']['output'];
  unMember: Scalars['Boolean']['output'];
  unObserver: Scalars['Boolean']['output'];
};

/** A messy address to cleanse. */
export type CleanseInput = {
  /** The post town, when held apart from the text. */
  postTown?: InputMaybe<Scalars['String']['input']>;
  /** The postcode, when held apart from the text. */
  postcode?: InputMaybe<Scalars['String']['input']>;
  /** Free text to search for; not empty, at most 1000 characters. */
  query: Scalars['AddressSearchText']['input'];
};

/** The closest canonical address to the input and how each element matched. */
export type CleanseResult = {
  __typename?: 'CleanseResult';
  /** Match score (0 to 1) over all elements of the address; 1 is a full match. */
  confidence: Scalars['NonNegativeFloat']['output'];
  /** How many addresses matched the input (the closest one is returned). */
  count: Scalars['Int']['output'];
  /**
   * Match score (0 to 1) over the elements the input contained only; a correct but
   * partial address fits 1.
   */
  fit: Scalars['NonNegativeFloat']['output'];
  localityMatch: MatchLevel;
  /** The closest address, or null when nothing matched. */
  match?: Maybe<UkAddress>;
  organisationMatch: MatchLevel;
  postTownMatch: MatchLevel;
  postcodeMatch: MatchLevel;
  premiseMatch: MatchLevel;
  /** The input as received. */
  query: Scalars['String']['output'];
  thoroughfareMatch: MatchLevel;
};

/** A named, serialised configuration stored on a key. */
export type Config = {
  __typename?: 'Config';
  /** When the config was created (ISO 8601). */
  createdAt: Scalars['String']['output'];
  /** The config's name, unique per key. */
  name: Scalars['String']['output'];
  /** The serialised configuration (free-form text, often JSON), at most 4096 characters. */
  payload: Scalars['String']['output'];
  /** When the config was last changed (ISO 8601). */
  updatedAt: Scalars['String']['output'];
};

/** The new payload of a config. */
export type ConfigUpdateInput = {
  /** A serialised configuration (free-form text, often JSON); at most 4096 characters. */
  payload: Scalars['ConfigPayload']['input'];
};

/** A point in WGS 84 degrees. */
export type Coordinates = {
  __typename?: 'Coordinates';
  lat: Scalars['Float']['output'];
  lng: Scalars['Float']['output'];
};

/** A country or territory with an ISO 3166-1 code. */
export type Country = {
  __typename?: 'Country';
  area: Area;
  /** The countries that share a land border with this one, in the order of borders; empty for islands. */
  borderCountries: Array<Country>;
  /** Alpha-3 codes of the countries sharing a land border. */
  borders: Array<Scalars['String']['output']>;
  /** International dialling codes with their plus sign. */
  callingCodes: Array<Scalars['String']['output']>;
  /** Capital cities; some countries have several, each with its role. */
  capitals: Array<Capital>;
  cars: Cars;
  classification: Classification;
  /** ISO 3166-1 alpha-2 code (upper case): the key peers use to point at a country. */
  code: Scalars['String']['output'];
  codes: CountryCodes;
  /** Continents the country lies on. */
  continents: Array<Scalars['String']['output']>;
  /** An amount in this country's currency converted into currency `to`. */
  convert?: Maybe<Money>;
  coordinates: Coordinates;
  /** Currencies in legal use. */
  currencies: Array<Currency>;
  /** Units of currency `to` per one unit of this country's currency. */
  currencyRate?: Maybe<Scalars['Float']['output']>;
  date: CalendarConventions;
  /** Names of the inhabitants, per language. */
  demonyms: Array<Demonym>;
  economy?: Maybe<Economy>;
  /** Rates of every currency against this country's currency (its first listed one); null if it has none. */
  exchangeRates?: Maybe<ExchangeRateTable>;
  flag: Flag;
  /** Form of government (premium plans). */
  governmentType?: Maybe<Scalars['String']['output']>;
  /** Whether the country has no sea coast. */
  landlocked: Scalars['Boolean']['output'];
  /** Official or widely used languages. */
  languages: Array<Language>;
  /** Heads of state and government (premium plans); null without access. */
  leaders?: Maybe<Array<Leader>>;
  links: CountryLinks;
  memberships: Memberships;
  names: CountryNames;
  numberFormat: NumberFormat;
  /** The sovereign country of a dependency; null for sovereign states. */
  parent?: Maybe<ParentCountry>;
  /** Inhabitants (latest estimate). */
  population?: Maybe<Scalars['Int']['output']>;
  postalCode: PostalCodeFormat;
  /** UN geoscheme region, e.g. Europe. */
  region: Scalars['String']['output'];
  /** UN geoscheme subregion, e.g. Western Europe. */
  subregion?: Maybe<Scalars['String']['output']>;
  /** IANA time-zone names in use. */
  timezones: Array<Scalars['String']['output']>;
  /** Country-code top-level domains. */
  tlds: Array<Scalars['String']['output']>;
  /** Stable identifier of the record. */
  uuid: Scalars['UUID']['output'];
};


/** A country or territory with an ISO 3166-1 code. */
export type CountryConvertArgs = {
  amount: Scalars['Float']['input'];
  to: Scalars['CurrencyCode']['input'];
};


/** A country or territory with an ISO 3166-1 code. */
export type CountryCurrencyRateArgs = {
  to: Scalars['CurrencyCode']['input'];
};

/** Every standard code of the country; null where a scheme has none. */
export type CountryCodes = {
  __typename?: 'CountryCodes';
  /** ISO 3166-1 alpha-2. */
  alpha2: Scalars['String']['output'];
  /** ISO 3166-1 alpha-3. */
  alpha3: Scalars['String']['output'];
  /** ISO 3166-1 numeric */
  ccn3?: Maybe<Scalars['String']['output']>;
  /** International Olympic Committee code. */
  cioc?: Maybe<Scalars['String']['output']>;
  /** FIFA code. */
  fifa?: Maybe<Scalars['String']['output']>;
  /** FIPS 10-4 code. */
  fips?: Maybe<Scalars['String']['output']>;
  /** Geopolitical Entities and Codes (successor of FIPS 10-4). */
  gec?: Maybe<Scalars['String']['output']>;
};

/** One exact-match condition on a field of the country record. */
export type CountryFieldFilter = {
  /** The value the field must equal (case does not matter), e.g. Europe, true, EUR. */
  equals: Scalars['String']['input'];
  /** Dotted field path of the vendor's record, e.g. region, memberships.nato, currencies.code. */
  field: Scalars['String']['input'];
};

/** Where to read more. */
export type CountryLinks = {
  __typename?: 'CountryLinks';
  googleMaps?: Maybe<Scalars['URL']['output']>;
  official?: Maybe<Scalars['URL']['output']>;
  openStreetMaps?: Maybe<Scalars['URL']['output']>;
  wikipedia?: Maybe<Scalars['URL']['output']>;
};

/** The names of a country. */
export type CountryNames = {
  __typename?: 'CountryNames';
  /** Other spellings and abbreviations. */
  alternates: Array<Scalars['String']['output']>;
  /** The everyday English name, e.g. France. */
  common: Scalars['String']['output'];
  /** Names in the country's own languages. */
  native: Array<LocalizedName>;
  /** The formal English name, e.g. French Republic. */
  official: Scalars['String']['output'];
  /** Names in other languages; all of them unless languages (ISO 639-3 codes) narrows the list. */
  translations: Array<LocalizedName>;
};


/** The names of a country. */
export type CountryNamesTranslationsArgs = {
  languages?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** The envelope of every country search. */
export type CountryPage = {
  __typename?: 'CountryPage';
  /** Countries on this page. */
  count: Scalars['Int']['output'];
  limit: Scalars['Int']['output'];
  /** Whether more matches follow this page. */
  more: Scalars['Boolean']['output'];
  nodes: Array<Country>;
  offset: Scalars['Int']['output'];
  /** Matches in all. */
  total: Scalars['Int']['output'];
};

/**
 * The daily crypto brief: what changed, why it matters and what to watch next, composed by the
 * gateway from the crypto-analytics, blockchain-utility and country-data interfaces. The same
 * inputs always give the same brief.
 */
export type CryptoBrief = {
  __typename?: 'CryptoBrief';
  /** ISO 4217 code of the currency amounts are stated in. */
  currency: Scalars['String']['output'];
  date: Scalars['Date']['output'];
  headline: Scalars['String']['output'];
  /** How many inputs the brief rests on. */
  inputCount: Scalars['Int']['output'];
  /** Every input, in the order collected. */
  inputs: Array<BriefInput>;
  whatChanged: Array<BriefStatement>;
  whatToWatch: Array<BriefStatement>;
  whyItMatters: Array<BriefStatement>;
};

export type CryptoExchange =
  | 'binance'
  | 'bybit'
  | 'coinbase'
  | 'gate'
  | 'kraken'
  | 'kucoin'
  | 'okx';

/** A currency with its ISO 4217 code. */
export type Currency = {
  __typename?: 'Currency';
  /** ISO 4217 alphabetic code. */
  code: Scalars['String']['output'];
  name: Scalars['String']['output'];
  /** The usual sign */
  symbol?: Maybe<Scalars['String']['output']>;
};

/** An amount converted at the reference rate. */
export type CurrencyConversion = {
  __typename?: 'CurrencyConversion';
  /** The amount in `from`. */
  amount: Scalars['Float']['output'];
  /** Date of the reference rates. */
  date?: Maybe<Scalars['Date']['output']>;
  from: Currency;
  /** Units of `to` per one unit of `from`. */
  rate: Scalars['Float']['output'];
  /** The amount in `to`. */
  result: Scalars['Float']['output'];
  to: Currency;
};

/** Outcome of a deletion. */
export type DeletionResult = {
  __typename?: 'DeletionResult';
  /** How many records were deleted. */
  deleted: Scalars['Int']['output'];
};

/** What the inhabitants are called in one language. */
export type Demonym = {
  __typename?: 'Demonym';
  feminine: Scalars['String']['output'];
  /** ISO 639-3 code of the language. */
  language: Scalars['String']['output'];
  masculine: Scalars['String']['output'];
};

/** Which side of the road traffic keeps to. */
export type DrivingSide =
  | 'left'
  | 'right';

/** Economic indicators. */
export type Economy = {
  __typename?: 'Economy';
  /** Income inequality */
  giniCoefficient?: Maybe<Scalars['Float']['output']>;
};

/**
 * Verdict on an e-mail address. Each flag is null when it could not be established;
 * `result` is `unknown` when deliverability could not be established.
 */
export type EmailValidation = {
  __typename?: 'EmailValidation';
  /** Whether the domain accepts mail for any mailbox name. */
  catchall?: Maybe<Scalars['Boolean']['output']>;
  /** Whether mail to the address is delivered. */
  deliverable?: Maybe<Scalars['Boolean']['output']>;
  /** Whether the domain is a throwaway mailbox service. */
  disposable?: Maybe<Scalars['Boolean']['output']>;
  /** Whether the domain is a free mailbox provider (Gmail, Outlook...). */
  free?: Maybe<Scalars['Boolean']['output']>;
  result: EmailVerdict;
  /** Whether the mailbox names a role (admin@, support@, postmaster@...) rather than a person. */
  role?: Maybe<Scalars['Boolean']['output']>;
};

/** Whether mail to an address is delivered, is not, or cannot be told. */
export type EmailVerdict =
  | 'deliverable'
  | 'not_deliverable'
  | 'unknown';

/** An Ergo node the service probes (the vendor's `NodePeer`). */
export type ErgoNodePeer = {
  __typename?: 'ErgoNodePeer';
  /** Height of the last full block the node has. */
  blockHeight: Scalars['Long']['output'];
  /** Whether the node runs the extra blockchain (indexer) API. */
  blockchainApi: Scalars['Boolean']['output'];
  /** Height of the last header the node has. */
  headerHeight: Scalars['Long']['output'];
  /** When the node last answered, in milliseconds since the Unix epoch. */
  lastSeen: Scalars['Long']['output'];
  /** The node's self-declared name. */
  name: Scalars['String']['output'];
  /** Whether the node's REST API answers the public. */
  openRestApi: Scalars['Boolean']['output'];
  /** How long the node took to answer, in milliseconds. */
  responseTime: Scalars['Long']['output'];
  /** The node's REST API address. */
  url: Scalars['String']['output'];
};

/** How a wallet should present an ErgoPay message. */
export type ErgoPayMessageSeverity =
  | 'ERROR'
  | 'INFORMATION'
  | 'NONE'
  | 'WARNING';

/**
 * An ErgoPay answer (EIP-20) for a wallet to sign. `reducedTx` is the base64url encoding
 * (no padding) of a transaction for the wallet to sign. Note for sandbox users: a true
 * ErgoPay reduced transaction also carries each input's reduced sigma proposition, which
 * only the ErgoScript interpreter can compute; the sandbox has no interpreter, so it encodes
 * the unsigned transaction in Ergo's binary transaction format (inputs with empty proofs,
 * data inputs, token ids, outputs), which decodes with any Ergo transaction deserializer.
 */
export type ErgoPaySigningRequest = {
  __typename?: 'ErgoPaySigningRequest';
  /** The address expected to sign (whose boxes are spent). */
  address: Scalars['String']['output'];
  /** All addresses expected to sign. */
  addresses: Array<Scalars['String']['output']>;
  /** A sentence the wallet shows above the transaction. */
  message: Scalars['String']['output'];
  messageSeverity: ErgoPayMessageSeverity;
  /** The transaction to sign, base64url without padding (see the schema description for what the sandbox puts here). */
  reducedTx: Scalars['String']['output'];
  /** The transactions to sign when there are several; here the single `reducedTx`. */
  reducedTxList: Array<Scalars['String']['output']>;
  /** A URL the wallet posts the submitted transaction id to, when the service wants it. */
  replyTo?: Maybe<Scalars['String']['output']>;
};

/** The EIP-21 verdict on a token (the vendor's `CheckResponse`). */
export type ErgoTokenCheck = {
  __typename?: 'ErgoTokenCheck';
  /** 0 unknown, 1 verified, 2 suspicious, 3 blocked. */
  genuine: Scalars['Int']['output'];
  token?: Maybe<GenuineToken>;
};

/** A token's price in ERG and its market activity (the vendor's `TokenPrice`). */
export type ErgoTokenPrice = {
  __typename?: 'ErgoTokenPrice';
  /** Raw token units obtainable at this price now (the bank's minting capacity for SigUSD/SigRSV, the pool's reserve for other tokens); 0 when none. */
  available: Scalars['Long']['output'];
  /** The token's name. */
  displayName: Scalars['String']['output'];
  /** The ERG value of one whole token (10^9 ÷ price), a decimal string with up to 9 decimals; null when price is 0. */
  ergPerToken?: Maybe<Scalars['String']['output']>;
  /** When the price last changed, in milliseconds since the Unix epoch. */
  lastUpdated: Scalars['Long']['output'];
  /** How many whole tokens one ERG buys, as a fixed-point number with 9 decimals (divide by 10^9); the ERG value of one whole token is 10^9 ÷ price. */
  price: Scalars['Long']['output'];
  /** One whole token in a currency: its ERG value × the bank's ERG/USD rate × D's exchange rate; null when unpriced. */
  priceIn?: Maybe<Money>;
  /** Id of the token. */
  tokenId: Scalars['String']['output'];
  /** price as a decimal string: how many whole tokens one ERG buys, e.g. "0.815901529". */
  tokensPerErg: Scalars['String']['output'];
  /** nanoERG traded in the token during the last 24 hours. */
  volumeLastDay: Scalars['Long']['output'];
};


/** A token's price in ERG and its market activity (the vendor's `TokenPrice`). */
export type ErgoTokenPricePriceInArgs = {
  currency: Scalars['CurrencyCode']['input'];
};

/** The rate of one currency against a table's base. */
export type ExchangeRate = {
  __typename?: 'ExchangeRate';
  /** ISO 4217 code. */
  currency: Scalars['String']['output'];
  /** Units of this currency per one unit of the base. */
  rate: Scalars['Float']['output'];
};

/** Rates of every supported currency against one base. */
export type ExchangeRateTable = {
  __typename?: 'ExchangeRateTable';
  /** ISO 4217 code of the base. */
  base: Scalars['String']['output'];
  /** Date of the reference rates. */
  date: Scalars['Date']['output'];
  /** Rates against the base: all currencies in the table's order, or those of currencies (ISO 4217 codes) in the order given. */
  rates: Array<ExchangeRate>;
};


/** Rates of every supported currency against one base. */
export type ExchangeRateTableRatesArgs = {
  currencies?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** The national flag. */
export type Flag = {
  __typename?: 'Flag';
  description?: Maybe<Scalars['String']['output']>;
  emoji: Scalars['String']['output'];
  htmlEntity: Scalars['String']['output'];
  /** Code points of the emoji, e.g. U+1F1EB U+1F1F7. */
  unicode: Scalars['String']['output'];
  urlPng: Scalars['URL']['output'];
  urlSvg: Scalars['URL']['output'];
};

/** A token listed as genuine by EIP-21. */
export type GenuineToken = {
  __typename?: 'GenuineToken';
  /** Who issues the token. */
  issuer?: Maybe<Scalars['String']['output']>;
  /** Id of the token. */
  tokenId: Scalars['String']['output'];
  /** The token's verbose name. */
  tokenName: Scalars['String']['output'];
  /** Whether no other token may use this name (another token using it is suspicious). */
  uniqueName: Scalars['Boolean']['output'];
};

/** A token's place in the index from a rebalancing date. */
export type IndexConstituent = {
  __typename?: 'IndexConstituent';
  /** The token's weight in the index (fractions sum to 1). */
  blWeight: Scalars['NonNegativeFloat']['output'];
  /** Start of the UTC rebalancing day. */
  date: Scalars['Date']['output'];
  /** The same instant in Unix seconds. */
  epoch: Scalars['Int']['output'];
  /** The exchange the token is held on. */
  exchange: Scalars['String']['output'];
  /** The token's price in USD on the rebalancing day. */
  initialPrice: Scalars['Float']['output'];
  /** The token's market cap in USD on the rebalancing day. */
  marketCap?: Maybe<Scalars['Float']['output']>;
  /** The token's id. */
  tokenId: Scalars['Int']['output'];
  /** The token's name. */
  tokenName: Scalars['String']['output'];
  /** The token's symbol. */
  tokenSymbol: Scalars['String']['output'];
};

/** How often the index is rebalanced (on the first day of each month, quarter or year). */
export type IndexTimeHorizon =
  | 'month'
  | 'quarter'
  | 'year';

/** A token's long-term grades on a day. */
export type InvestorGrade = {
  __typename?: 'InvestorGrade';
  /** Start of the UTC day graded. */
  date: Scalars['Date']['output'];
  /** The same instant in Unix seconds. */
  epoch: Scalars['Int']['output'];
  /** Grade of size and liquidity. */
  fundamentalGrade: Scalars['NonNegativeFloat']['output'];
  /** Grade of the token's technology. */
  technologyGrade: Scalars['NonNegativeFloat']['output'];
  /** Overall long-term grade. */
  tmInvestorGrade: Scalars['NonNegativeFloat']['output'];
  /** The token's id. */
  tokenId: Scalars['Int']['output'];
  /** The token's name. */
  tokenName: Scalars['String']['output'];
  /** The token's symbol. */
  tokenSymbol: Scalars['String']['output'];
  /** Grade of price against long-run value; null while there is too little history. */
  valuationGrade?: Maybe<Scalars['NonNegativeFloat']['output']>;
};

export type IpCity = {
  __typename?: 'IpCity';
  name: Scalars['String']['output'];
};

export type IpContinent = {
  __typename?: 'IpContinent';
  /** Two-letter continent code, e.g. EU. */
  code: Scalars['String']['output'];
  name: Scalars['String']['output'];
};

export type IpCountry = {
  __typename?: 'IpCountry';
  alpha2: Scalars['String']['output'];
  name: Scalars['String']['output'];
};

/** The place of an address; parts unknown to the database are null. */
export type IpLocation = {
  __typename?: 'IpLocation';
  city?: Maybe<IpCity>;
  continent?: Maybe<IpContinent>;
  country?: Maybe<IpCountry>;
};

/** Where an IP address is registered. */
export type IpLookup = {
  __typename?: 'IpLookup';
  /** The full record of the country the address is registered in. */
  country?: Maybe<Country>;
  /** The address looked up. */
  ip: Scalars['String']['output'];
  location: IpLocation;
  /** IP version */
  version: Scalars['Int']['output'];
};

/** Automatic purchase of lookups when the balance runs low. */
export type KeyAutomatedTopups = {
  __typename?: 'KeyAutomatedTopups';
  /** Whether automatic top-ups are on. */
  enabled: Scalars['Boolean']['output'];
};

/** Whether a key can be used now, and its search contexts. */
export type KeyAvailability = {
  __typename?: 'KeyAvailability';
  /**
   * False when the key has no lookups left, reached its daily or per-IP limit, or is used
   * from a URL it does not allow.
   */
  available: Scalars['Boolean']['output'];
  /** The caller's current context (alpha-3 code) when the key covers it, else an empty string. */
  context?: Maybe<Scalars['String']['output']>;
  /** The countries the key covers. */
  contexts?: Maybe<Array<KeyContext>>;
};

/** A country the key's address search covers. */
export type KeyContext = {
  __typename?: 'KeyContext';
  /** The full record of the country this search context covers. */
  country?: Maybe<Country>;
  /** Name of the country as shown in an address finder. */
  description: Scalars['String']['output'];
  /** Flag of the country. */
  emoji: Scalars['String']['output'];
  /** ISO 3166-1 alpha-2 code. */
  iso2: Scalars['String']['output'];
  /** ISO 3166-1 alpha-3 code. */
  iso3: Scalars['String']['output'];
  /** Whether reverse geocoding (search by coordinates) is available there. */
  rgeo: Scalars['Boolean']['output'];
};

/** The daily lookup limit of a key. */
export type KeyDailyLimit = {
  __typename?: 'KeyDailyLimit';
  /** Lookups counted against the limit today. */
  consumed: Scalars['Int']['output'];
  /** Most lookups per day; null when no limit is set. */
  limit?: Maybe<Scalars['Int']['output']>;
};

/** The UK datasets enabled on the key. */
export type KeyDatasets = {
  __typename?: 'KeyDatasets';
  /** Multiple Residence households. */
  mr: Scalars['Boolean']['output'];
  /** Not Yet Built premises. */
  nyb: Scalars['Boolean']['output'];
  /** Postcode Address File. */
  paf: Scalars['Boolean']['output'];
};

/** Private details of a key. */
export type KeyDetails = {
  __typename?: 'KeyDetails';
  /** URLs the key may be used from; empty means any. */
  allowedUrls: Array<Scalars['String']['output']>;
  automatedTopups: KeyAutomatedTopups;
  /** Batches of lookups currently on the key. */
  currentPurchases: Array<KeyPurchase>;
  dailyLimit: KeyDailyLimit;
  datasets: KeyDatasets;
  individualLimit: KeyIndividualLimit;
  /** Paid lookups left. */
  lookupsRemaining: Scalars['Int']['output'];
  notifications: KeyNotifications;
};

/** The per-IP daily lookup limit of a key. */
export type KeyIndividualLimit = {
  __typename?: 'KeyIndividualLimit';
  /** Whether the per-IP limit reads the client address from `X-Forwarded-For`. */
  ipForwarding?: Maybe<Scalars['Boolean']['output']>;
  /** Most lookups per IP address per day; null when no limit is set. */
  limit?: Maybe<Scalars['Int']['output']>;
};

/** Where notifications about the key go. */
export type KeyNotifications = {
  __typename?: 'KeyNotifications';
  /** Addresses that receive notifications. */
  emails: Array<Scalars['String']['output']>;
  /** Whether notifications are sent. */
  enabled: Scalars['Boolean']['output'];
};

/** A purchased batch of lookups. */
export type KeyPurchase = {
  __typename?: 'KeyPurchase';
  /** Lookups used from this batch. */
  consumed: Scalars['Int']['output'];
  /** When the batch expires (ISO 8601); null until first used. */
  expires?: Maybe<Scalars['String']['output']>;
  /** Lookups bought. */
  purchased: Scalars['Int']['output'];
};

/** Paid lookups of a key over an interval. */
export type KeyUsage = {
  __typename?: 'KeyUsage';
  /** Days with lookups, latest first. */
  dailyCount: Array<KeyUsageDay>;
  /** End of the interval (ISO 8601). */
  end: Scalars['String']['output'];
  /** Start of the interval (ISO 8601). */
  start: Scalars['String']['output'];
  /** Paid lookups in the interval. */
  total: Scalars['Int']['output'];
};

/** Paid lookups on one day. */
export type KeyUsageDay = {
  __typename?: 'KeyUsageDay';
  /** Paid lookups that day. */
  count: Scalars['Int']['output'];
  /** Midnight UTC of the day (ISO 8601). */
  date: Scalars['Date']['output'];
};

/** A language. */
export type Language = {
  __typename?: 'Language';
  /** ISO 639-3 code. */
  isoCode: Scalars['String']['output'];
  /** English name. */
  name: Scalars['String']['output'];
  /** The language's name for itself. */
  native?: Maybe<Scalars['String']['output']>;
};

/** A head of state or government. */
export type Leader = {
  __typename?: 'Leader';
  name: Scalars['String']['output'];
  title: Scalars['String']['output'];
};

/** RESISTANCE for a level above the last close, SUPPORT for one at or below it. */
export type LevelType =
  | 'RESISTANCE'
  | 'SUPPORT';

/** Another legal end user of the data, licensed under a key. */
export type Licensee = {
  __typename?: 'Licensee';
  /** The licensee's address lines and post town, comma separated. */
  address: Scalars['String']['output'];
  /** When the licensee was created (ISO 8601). */
  createdAt: Scalars['String']['output'];
  daily: LicenseeDaily;
  /** Immutable identifier, used to page through licensees. */
  id: Scalars['String']['output'];
  /** The licensee key (`sk_...`) the licensee presents with its lookups. */
  key: Scalars['String']['output'];
  /** Name of the licensed person or organisation. */
  name: Scalars['String']['output'];
  /** The licensee's postcode. */
  postcode: Scalars['String']['output'];
  /** URLs the licensee may use the key from; empty means any. */
  whitelist: Array<Scalars['String']['output']>;
};

/** The daily limit and today's count of a licensee. */
export type LicenseeDaily = {
  __typename?: 'LicenseeDaily';
  /** Lookups on the day of `updatedAt`. */
  count: Scalars['Int']['output'];
  /** Most lookups per day; null when no limit is set. */
  limit?: Maybe<Scalars['Int']['output']>;
  /** When the count last changed (ISO 8601). */
  updatedAt: Scalars['String']['output'];
};

/** The daily lookup limit to set on a licensee. */
export type LicenseeDailyLimitInput = {
  /** Most lookups per day; null removes the limit. */
  limit?: InputMaybe<Scalars['Int']['input']>;
};

/** The properties of a licensee that can be set. */
export type LicenseeInput = {
  /** The licensee's address lines and post town, comma separated. */
  address?: InputMaybe<Scalars['String']['input']>;
  daily?: InputMaybe<LicenseeDailyLimitInput>;
  /** Name of the licensed person or organisation. */
  name?: InputMaybe<Scalars['LicenseeName']['input']>;
  /** The licensee's postcode (a UK postcode, any case and spacing). */
  postcode?: InputMaybe<Scalars['String']['input']>;
  /** URLs the licensee may use the key from; empty means any. */
  whitelist?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
};

/** A page of licensees. */
export type LicenseeList = {
  __typename?: 'LicenseeList';
  /** Whether more licensees follow this page. */
  hasMore: Scalars['Boolean']['output'];
  /** The licensees, in creation order. */
  licensees: Array<Licensee>;
};

/** A name of a country in one language. */
export type LocalizedName = {
  __typename?: 'LocalizedName';
  common: Scalars['String']['output'];
  /** ISO 639-3 code of the language, e.g. fra. */
  language: Scalars['String']['output'];
  official: Scalars['String']['output'];
};

/** The whole market's state on a day. */
export type MarketIndicator = {
  __typename?: 'MarketIndicator';
  /** Start of the UTC day. */
  date: Scalars['Date']['output'];
  /** The same instant in Unix seconds. */
  epoch: Scalars['Int']['output'];
  /** The latest non-neutral signal on or before the day (0 if none yet). */
  lastTmGradeSignal: Scalars['Int']['output'];
  /** Percentage of tokens with a high trader grade. */
  tmGradePercHighCoins: Scalars['NonNegativeFloat']['output'];
  /** The day's signal: 1 bullish, 0 neutral, -1 bearish. */
  tmGradeSignal: Scalars['Int']['output'];
  /** Total market cap of the covered tokens in USD. */
  totalCryptoMcap: Scalars['Float']['output'];
};

/**
 * How one element of the input matched the address: FULL, PARTIAL, INCORRECT (present
 * but different), MISSING (absent from the input), NA (the address has no such element),
 * NO_MATCH (nothing matched at all).
 */
export type MatchLevel =
  | 'FULL'
  | 'INCORRECT'
  | 'MISSING'
  | 'NA'
  | 'NO_MATCH'
  | 'PARTIAL';

/** Membership of international organisations. */
export type Memberships = {
  __typename?: 'Memberships';
  africanUnion: Scalars['Boolean']['output'];
  arabLeague: Scalars['Boolean']['output'];
  asean: Scalars['Boolean']['output'];
  brics: Scalars['Boolean']['output'];
  commonwealth: Scalars['Boolean']['output'];
  eu: Scalars['Boolean']['output'];
  eurozone: Scalars['Boolean']['output'];
  g7: Scalars['Boolean']['output'];
  g20: Scalars['Boolean']['output'];
  nato: Scalars['Boolean']['output'];
  oecd: Scalars['Boolean']['output'];
  opec: Scalars['Boolean']['output'];
  schengen: Scalars['Boolean']['output'];
  un: Scalars['Boolean']['output'];
};

/** An amount of money in one currency. */
export type Money = {
  __typename?: 'Money';
  amount: Scalars['Float']['output'];
  /** Date of the exchange rates used to reach this amount. */
  asOf: Scalars['Date']['output'];
  /** ISO 4217 code. */
  currency: Scalars['String']['output'];
};

/** A day of the year. */
export type MonthDay = {
  __typename?: 'MonthDay';
  day: Scalars['PositiveInt']['output'];
  month: Scalars['PositiveInt']['output'];
};

/**
 * Something a Mosaik app can make the wallet do, referred to by `id` from view elements.
 * Which of the optional fields apply depends on `type`: `url` for the URL actions
 * (ErgoPayAction, BackendRequestAction, NavigateAction, BrowserAction, QrCodeAction,
 * ErgoAuthAction), `postValues` for BackendRequestAction, `onFinished` for ErgoPayAction,
 * `newContent` for ChangeSiteAction, the dialog fields for DialogAction, `text` for
 * CopyClipboardAction, `tokenId` for TokenInformationAction.
 */
export type MosaikAction = {
  __typename?: 'MosaikAction';
  /** The action's id, unique within the app. */
  id: Scalars['String']['output'];
  /** The text a DialogAction shows. */
  message?: Maybe<Scalars['String']['output']>;
  /** Label of a DialogAction's dismissing button. */
  negativeButtonText?: Maybe<Scalars['String']['output']>;
  newContent?: Maybe<MosaikViewContent>;
  /** Id of an action to run once an ErgoPay transaction was submitted. */
  onFinished?: Maybe<Scalars['String']['output']>;
  /** Id of an action to run when the dismissing button is pressed. */
  onNegativeButtonClicked?: Maybe<Scalars['String']['output']>;
  /** Id of an action to run when the confirming button is pressed. */
  onPositiveButtonClicked?: Maybe<Scalars['String']['output']>;
  /** Label of a DialogAction's confirming button. */
  positiveButtonText?: Maybe<Scalars['String']['output']>;
  postValues?: Maybe<MosaikPostValues>;
  /** The text a CopyClipboardAction copies. */
  text?: Maybe<Scalars['String']['output']>;
  /** The token a TokenInformationAction shows. */
  tokenId?: Maybe<Scalars['String']['output']>;
  type: MosaikActionType;
  /** The URL to open, call or pay (ErgoPay URLs use the `ergopay://` scheme; a wallet fetches them over https). */
  url?: Maybe<Scalars['String']['output']>;
};

/** The kind of a Mosaik action. */
export type MosaikActionType =
  | 'BackendRequestAction'
  | 'BrowserAction'
  | 'ChangeSiteAction'
  | 'CopyClipboardAction'
  | 'DialogAction'
  | 'ErgoAuthAction'
  | 'ErgoPayAction'
  | 'NavigateAction'
  | 'QrCodeAction'
  | 'ReloadAction'
  | 'TokenInformationAction';

/** A Mosaik app as a wallet loads it (Mosaik is the UI description format of Ergo wallets). */
export type MosaikApp = {
  __typename?: 'MosaikApp';
  /** The actions the view's elements refer to by id. */
  actions: Array<MosaikAction>;
  manifest: MosaikManifest;
  view: MosaikViewElement;
};

/** The canvas width a Mosaik app is designed for. */
export type MosaikCanvasDimension =
  | 'COMPACT_WIDTH'
  | 'FULL_WIDTH'
  | 'MEDIUM_WIDTH';

/** One type-specific field of a Mosaik view element, e.g. a Label's text or a DropDownList's entries. */
export type MosaikElementAttribute = {
  __typename?: 'MosaikElementAttribute';
  /** The value as JSON text, whatever its kind (a DropDownList's entries map is an object). */
  json: Scalars['String']['output'];
  /** The field's name, e.g. text, style, entries, placeholder. */
  name: Scalars['String']['output'];
  /** The value as text when it is a string, number or boolean; null for objects and lists. */
  value?: Maybe<Scalars['String']['output']>;
};

/** What a Mosaik app declares about itself to the wallet running it. */
export type MosaikManifest = {
  __typename?: 'MosaikManifest';
  /** A sentence describing the app. */
  appDescription?: Maybe<Scalars['String']['output']>;
  /** Name shown for the app. */
  appName: Scalars['String']['output'];
  /** The app's version; a wallet reloads the app when it changes. */
  appVersion: Scalars['Int']['output'];
  /** Seconds a wallet may show a cached copy of the app. */
  cacheLifetime: Scalars['Int']['output'];
  /** Where the wallet may report errors. */
  errorReportUrl?: Maybe<Scalars['String']['output']>;
  /** The app's icon. */
  iconUrl?: Maybe<Scalars['String']['output']>;
  /** The URL a wallet polls for notifications (see `MosaikNotification`). */
  notificationCheckUrl?: Maybe<Scalars['String']['output']>;
  /** Id of an action to run once the app is shown. */
  onAppLoadedAction?: Maybe<Scalars['String']['output']>;
  /** Id of an action to run when the wallet's canvas changes size. */
  onResizeAction?: Maybe<Scalars['String']['output']>;
  targetCanvasDimension?: Maybe<MosaikCanvasDimension>;
  /** The Mosaik version the app is written for. */
  targetMosaikVersion: Scalars['Int']['output'];
};

/** The answer to a Mosaik backend request; the wallet runs `action` (the vendor's `FetchActionResponse`). */
export type MosaikNextAction = {
  __typename?: 'MosaikNextAction';
  action: MosaikAction;
  /** The app's version; a wallet reloads the app when it differs from what it runs. */
  appVersion: Scalars['Int']['output'];
};

/** What a wallet polling a Mosaik app's notification URL is told (the vendor's `NotificationCheckResponse`). */
export type MosaikNotification = {
  __typename?: 'MosaikNotification';
  /** The notification text. */
  message?: Maybe<Scalars['String']['output']>;
  /** Time the message refers to, in milliseconds since the Unix epoch; a wallet shows it when newer than what it saw. */
  messageTs: Scalars['Long']['output'];
  /** Minutes until the wallet should poll again. */
  nextCheck: Scalars['Int']['output'];
};

/** Which form values a Mosaik BackendRequestAction posts (ALL enforces validity first, VALID skips invalid ones, NONE posts none). */
export type MosaikPostValues =
  | 'ALL'
  | 'NONE'
  | 'VALID';

/** Replacement content for a ChangeSiteAction; elements replace the ones with the same `id`. */
export type MosaikViewContent = {
  __typename?: 'MosaikViewContent';
  /** Actions the new elements refer to. */
  actions?: Maybe<Array<MosaikAction>>;
  view: MosaikViewElement;
};

/**
 * One element of a Mosaik view tree. The tree is free-form: every element has `type` and
 * the common fields below, layout elements (Column, Row, Box, Card) nest others in
 * `children`, and each element type adds its own fields (a Label's `text` and `style`, a
 * DropDownList's `entries` map, an input's `value` and `placeholder`...), which this schema
 * allows without listing them (additionalProperties).
 */
export type MosaikViewElement = {
  __typename?: 'MosaikViewElement';
  /**
   * The element's type-specific fields (a Label's text and style, a DropDownList's entries, an
   * input's placeholder and limits...). Mosaik elements are free-form by design: each type adds its
   * own fields, so they come as name/value pairs; the common fields and children are typed.
   */
  attributes: Array<MosaikElementAttribute>;
  /** Nested elements of a layout element. */
  children?: Maybe<Array<MosaikViewElement>>;
  /** The element's id; inputs post their value under it, and ChangeSiteAction replaces by it. */
  id?: Maybe<Scalars['String']['output']>;
  /** Id of the action to run on click. */
  onClickAction?: Maybe<Scalars['String']['output']>;
  /** Id of the action to run on long press. */
  onLongPressAction?: Maybe<Scalars['String']['output']>;
  /** The element type, e.g. Column, Row, Card, Label, Button, ErgAmountLabel, TokenLabel, ErgoAddressChooseButton, DropDownList, ErgAmountInputField, IntegerInputField, TextInputField. */
  type: Scalars['String']['output'];
  /** Whether the element is shown. */
  visible?: Maybe<Scalars['Boolean']['output']>;
};

export type Mutation = {
  __typename?: 'Mutation';
  /**
   * Called while the user fills in the new-offer form; answers with a change-site action that
   * replaces the price label with the price the current values give (nanoERG per raw token
   * unit, and ERG per whole token), or a hint while values are missing.
   */
  addBabelFeeOfferInput?: Maybe<MosaikNextAction>;
  /**
   * Stores a named, serialised configuration (for example the settings of an address
   * finder) so an integration can fetch it at run time instead of hard-coding it. Names
   * are unique per key.
   */
  createKeyConfig?: Maybe<Config>;
  /**
   * Registers another legal end user of the data under this key (sub-licensing) and
   * issues the licensee key it must present on its lookups.
   */
  createLicensee?: Maybe<Licensee>;
  /**
   * Records a request that a payer send ERG (and optionally a token) to the receiver, and
   * answers with its id and the ErgoPay URL the payer's wallet opens. Answers 409 while an
   * identical request (same receiver, sender, amounts) is still open.
   */
  createPaymentRequest?: Maybe<PaymentRequestCreated>;
  /** Removes a config for good. */
  deleteKeyConfig?: Maybe<DeletionResult>;
  /** Cancels a licensee; its licensee key stops working. */
  deleteLicensee?: Maybe<DeletionResult>;
  /**
   * Checks the form, records the burn under a new uuid and answers with an ErgoPay action
   * whose URL is `/suite/tokenburn/get/{uuid}`. Answers 409 when the address does not hold
   * the amount.
   */
  prepareTokenBurn?: Maybe<MosaikNextAction>;
  /**
   * Checks the submitted form and answers with an ErgoPay action pointing at
   * `/createbabel/{address}` with the form's values. Answers 400 for a malformed value and
   * 409 when the offer cannot be made (blocked token, address cannot cover it).
   */
  submitBabelFeeOffer?: Maybe<MosaikNextAction>;
  /** Overwrites the payload of an existing config and moves its `updatedAt`. */
  updateKeyConfig?: Maybe<Config>;
  /** Changes the given properties of a licensee; properties left out keep their value. */
  updateLicensee?: Maybe<Licensee>;
};


export type MutationAddBabelFeeOfferInputArgs = {
  values?: InputMaybe<BabelFeeOfferDraftInput>;
};


export type MutationCreateKeyConfigArgs = {
  input?: InputMaybe<NewConfigInput>;
  key: Scalars['ApiKeyText']['input'];
};


export type MutationCreateLicenseeArgs = {
  input?: InputMaybe<LicenseeInput>;
  key: Scalars['ApiKeyText']['input'];
};


export type MutationCreatePaymentRequestArgs = {
  input?: InputMaybe<PaymentRequestInput>;
};


export type MutationDeleteKeyConfigArgs = {
  key: Scalars['ApiKeyText']['input'];
  name: Scalars['ConfigName']['input'];
};


export type MutationDeleteLicenseeArgs = {
  id: Scalars['LicenseeKeyText']['input'];
  key: Scalars['ApiKeyText']['input'];
};


export type MutationPrepareTokenBurnArgs = {
  values?: InputMaybe<TokenBurnInput>;
};


export type MutationSubmitBabelFeeOfferArgs = {
  values?: InputMaybe<BabelFeeOfferInput>;
};


export type MutationUpdateKeyConfigArgs = {
  input?: InputMaybe<ConfigUpdateInput>;
  key: Scalars['ApiKeyText']['input'];
  name: Scalars['ConfigName']['input'];
};


export type MutationUpdateLicenseeArgs = {
  id: Scalars['LicenseeKeyText']['input'];
  input?: InputMaybe<LicenseeInput>;
  key: Scalars['ApiKeyText']['input'];
};

/** The kind of line a phone number is; null when not known. */
export type NetworkType =
  | 'landline'
  | 'landline_premium'
  | 'landline_tollfree'
  | 'mobile'
  | 'pager'
  | 'unknown'
  | 'virtual';

/** A config to create. */
export type NewConfigInput = {
  /** The name of a config, unique per key; 1 to 32 characters. */
  name: Scalars['ConfigName']['input'];
  /** A serialised configuration (free-form text, often JSON); at most 4096 characters. */
  payload: Scalars['ConfigPayload']['input'];
};

/** How numbers are written. */
export type NumberFormat = {
  __typename?: 'NumberFormat';
  decimalSeparator: Scalars['String']['output'];
  thousandsSeparator: Scalars['String']['output'];
};

/** The sovereign country a dependency belongs to. */
export type ParentCountry = {
  __typename?: 'ParentCountry';
  alpha2: Scalars['String']['output'];
  alpha3: Scalars['String']['output'];
};

/** The payment request just created (the vendor's `AddRequestResponse`). */
export type PaymentRequestCreated = {
  __typename?: 'PaymentRequestCreated';
  /** The ErgoPay URL the payer's wallet opens (`#P2PK_ADDRESS#` is filled in by the wallet). */
  ergoPayUrl: Scalars['String']['output'];
  /** The request's id, for `/payment/state/{requestId}`. */
  requestId: Scalars['String']['output'];
};

/** A request that a payer send ERG (and optionally a token) to a receiver. */
export type PaymentRequestInput = {
  /** A note shown to the payer (at most 500 characters). */
  message?: InputMaybe<Scalars['String']['input']>;
  /** nanoERG to pay (at least 1,000,000; a box holding a token needs that much ERG anyway). */
  nanoErg: Scalars['Long']['input'];
  /** The address to pay. */
  receiverAddress: Scalars['String']['input'];
  /** The payer's address, when known; the transaction spends its boxes. */
  senderAddress?: InputMaybe<Scalars['String']['input']>;
  /** A token to pay as well. */
  tokenId?: InputMaybe<Scalars['String']['input']>;
  /** Raw units of `tokenId` to pay; required with `tokenId`. */
  tokenRawAmount?: InputMaybe<Scalars['Long']['input']>;
};

/** Where a payment request stands. */
export type PaymentRequestState = {
  __typename?: 'PaymentRequestState';
  paymentRequestState: PaymentRequestStatus;
  /** The request's id. */
  requestId: Scalars['String']['output'];
  /** Id of the paying transaction, once the payer fetched it. */
  txId?: Maybe<Scalars['String']['output']>;
};

/** CREATED, WAITING (transaction fetched by the payer, not confirmed), EXECUTED (confirmed) or INVALID (expired or unpayable). */
export type PaymentRequestStatus =
  | 'CREATED'
  | 'EXECUTED'
  | 'INVALID'
  | 'WAITING';

/** The network serving a phone number; null when not requested. */
export type PhoneCarrier = {
  __typename?: 'PhoneCarrier';
  /** ISO 3166-1 alpha-2 code of the carrier's country. */
  country?: Maybe<Scalars['String']['output']>;
  /** Name of the carrier; null when unknown. */
  name?: Maybe<Scalars['String']['output']>;
  /** Mobile network code of the carrier; null when unknown. */
  networkCode?: Maybe<Scalars['String']['output']>;
  networkType?: Maybe<NetworkType>;
};

/** Verdict on a phone number. For an invalid number every property but `valid` is null. */
export type PhoneNumberValidation = {
  __typename?: 'PhoneNumberValidation';
  /** Name of the number's country. */
  country?: Maybe<Scalars['String']['output']>;
  currentCarrier?: Maybe<PhoneCarrier>;
  /** The number with its country code, digits only. */
  internationalFormat?: Maybe<Scalars['String']['output']>;
  /** ISO 3166-1 alpha-3 code of the number's country. */
  isoCountry?: Maybe<Scalars['String']['output']>;
  /** ISO 3166-1 alpha-2 code of the number's country. */
  isoCountry2?: Maybe<Scalars['String']['output']>;
  /** The number as written within its country. */
  nationalFormat?: Maybe<Scalars['String']['output']>;
  originalCarrier?: Maybe<PhoneCarrier>;
  /** Whether the number is valid in its country's numbering plan. */
  valid: Scalars['Boolean']['output'];
};

/** A geographical place. */
export type Place = {
  __typename?: 'Place';
  /** The full record of the place's country. */
  country?: Maybe<Country>;
  /** ISO 3166-1 alpha-3 code of the place's country. */
  countryIso: Scalars['String']['output'];
  /** Where the place record comes from (the hosted service uses GeoNames, `geonames`). */
  dataset: Scalars['String']['output'];
  /** Longer name that tells the place apart. */
  descriptiveName: Scalars['String']['output'];
  /** Identifier of the place. */
  id: Scalars['String']['output'];
  /** ISO 639-1 language of the names. */
  language: Scalars['String']['output'];
  /** Latitude of the place in degrees (WGS84); null when not known. */
  latitude?: Maybe<Scalars['Float']['output']>;
  /** Longitude of the place in degrees (WGS84); null when not known. */
  longitude?: Maybe<Scalars['Float']['output']>;
  /** Name of the place. */
  name: Scalars['String']['output'];
};

/** A possible place for a name. */
export type PlaceSuggestion = {
  __typename?: 'PlaceSuggestion';
  /** The full record of the suggested place's country. */
  country?: Maybe<Country>;
  /** ISO 3166-1 alpha-3 code of the place's country. */
  countryIso: Scalars['String']['output'];
  /** Longer name that tells the place apart (with its region and country). */
  descriptiveName: Scalars['String']['output'];
  /** Identifier to resolve with the place operation. */
  id: Scalars['String']['output'];
  /** Name of the place. */
  name: Scalars['String']['output'];
};

/** The shape of postal codes; null fields where the country has none. */
export type PostalCodeFormat = {
  __typename?: 'PostalCodeFormat';
  /** Pattern with # for a digit and @ for a letter. */
  format?: Maybe<Scalars['String']['output']>;
  regex?: Maybe<Scalars['String']['output']>;
};

/** Success envelope of a postcode lookup, with paging facts. */
export type PostcodeAddressPage = {
  __typename?: 'PostcodeAddressPage';
  /** The addresses at the postcode (one page of at most 100). */
  addresses: Array<UkAddress>;
  /** The page size (100). */
  limit?: Maybe<Scalars['Int']['output']>;
  /** The zero-based page returned. */
  page?: Maybe<Scalars['Int']['output']>;
  /** How many addresses the postcode has in all. */
  total?: Maybe<Scalars['Int']['output']>;
};

/** `S` for a small-user postcode, `L` for a large-user postcode. */
export type PostcodeType =
  | 'L'
  | 'S';

/** A token's predicted candle for a future day. */
export type PricePrediction = {
  __typename?: 'PricePrediction';
  /** Predicted closing price in USD. */
  close: Scalars['Float']['output'];
  /** Start of the predicted UTC day. */
  date: Scalars['Date']['output'];
  /** The same instant in Unix seconds. */
  epoch: Scalars['Int']['output'];
  /** The as-of day the prediction was made on. */
  forecastDate?: Maybe<Scalars['Date']['output']>;
  /** Days between the as-of day and the predicted day. */
  forecastHorizonDays?: Maybe<Scalars['PositiveInt']['output']>;
  /** Name of the forecasting model. */
  forecastModel?: Maybe<Scalars['String']['output']>;
  /** Predicted high in USD. */
  high: Scalars['Float']['output'];
  /** Predicted low in USD. */
  low: Scalars['Float']['output'];
  /** Predicted opening price in USD. */
  open: Scalars['Float']['output'];
  /** The token's id. */
  tokenId: Scalars['Int']['output'];
  /** The token's name. */
  tokenName: Scalars['String']['output'];
  /** The token's symbol. */
  tokenSymbol: Scalars['String']['output'];
  /** Predicted traded volume in USD. */
  volume: Scalars['Float']['output'];
};

/** A token's risk and return over a period. Returns are fractions (0.1 = 10 %). */
export type QuantMetricsTier1 = {
  __typename?: 'QuantMetricsTier1';
  /** Sensitivity of the token's daily returns to the whole market's. */
  beta: Scalars['Float']['output'];
  /** Compound annual growth rate. */
  cagr: Scalars['Float']['output'];
  /** Total return over the period. */
  cumulativeReturn: Scalars['Float']['output'];
  /** Start of the as-of UTC day. */
  date: Scalars['Date']['output'];
  /** Last day of the period (the as-of day). */
  endPeriod: Scalars['Date']['output'];
  /** The same instant in Unix seconds. */
  epoch: Scalars['Int']['output'];
  /** Largest fall from a peak, as a negative fraction. */
  maxDrawdown: Scalars['NonPositiveFloat']['output'];
  /** Annualised return per unit of annualised volatility. */
  sharpe: Scalars['Float']['output'];
  /** Annualised return per unit of annualised downside deviation. */
  sortino: Scalars['Float']['output'];
  /** First day of the period. */
  startPeriod: Scalars['Date']['output'];
  /** The token's id. */
  tokenId: Scalars['Int']['output'];
  /** The token's name. */
  tokenName: Scalars['String']['output'];
  /** The token's symbol. */
  tokenSymbol: Scalars['String']['output'];
  /** Annualised standard deviation of daily returns. */
  volatility: Scalars['NonNegativeFloat']['output'];
};

/** Statistics of a token's daily and monthly returns. Returns are fractions (0.1 = 10 %). */
export type QuantMetricsTier2 = {
  __typename?: 'QuantMetricsTier2';
  /** Mean daily return. */
  avgDailyReturn: Scalars['Float']['output'];
  /** Mean return of the months that fell; null if none did. */
  avgDownMonth?: Maybe<Scalars['Float']['output']>;
  /** Mean calendar-month return. */
  avgMonthlyReturn: Scalars['Float']['output'];
  /** Mean return of the months that rose; null if none did. */
  avgUpMonth?: Maybe<Scalars['Float']['output']>;
  /** Day of the best daily return. */
  bestDay: Scalars['Date']['output'];
  bestMonth: Scalars['YearMonth']['output'];
  /** Start of the as-of UTC day. */
  date: Scalars['Date']['output'];
  /** The same instant in Unix seconds. */
  epoch: Scalars['Int']['output'];
  /** Best daily return. */
  maxDailyReturn: Scalars['Float']['output'];
  /** Best monthly return. */
  maxMonthlyReturn: Scalars['Float']['output'];
  /** Worst daily return. */
  minDailyReturn: Scalars['Float']['output'];
  /** Worst monthly return. */
  minMonthlyReturn: Scalars['Float']['output'];
  /** Standard deviation of daily returns. */
  stdDailyReturn: Scalars['NonNegativeFloat']['output'];
  /** Standard deviation of monthly returns. */
  stdMonthlyReturn: Scalars['NonNegativeFloat']['output'];
  /** The token's id. */
  tokenId: Scalars['Int']['output'];
  /** The token's name. */
  tokenName: Scalars['String']['output'];
  /** The token's symbol. */
  tokenSymbol: Scalars['String']['output'];
  /** Day of the worst daily return. */
  worstDay: Scalars['Date']['output'];
  worstMonth: Scalars['YearMonth']['output'];
};

export type Query = {
  __typename?: 'Query';
  /**
   * Apollo Federation: the entities behind these representations, in order; null (with an error at
   * its index) for a malformed or unknown one.
   */
  _entities: Array<Maybe<_Entity>>;
  /**
   * This graph's SDL for schema stitching, with @key and @merge from
   * @graphql-tools/stitching-directives: countries merge by `code` through countriesByCodes, tokens
   * by `id` through tokensByIds.
   */
  _sdl: Scalars['String']['output'];
  /** Apollo Federation: this subgraph's SDL with its federation directives. */
  _service: _Service;
  /**
   * Returns the address with this Unique Delivery Point Reference Number, Royal Mail's
   * numeric identifier of a delivery point (up to 8 digits). Worth storing: it fetches
   * the current form of an address later and reveals deleted ones. Test values: `0`
   * answers with a sample address, `-1` with 4044, `-2` with 4020, `-3` with 4021.
   */
  addressByUdprn?: Maybe<UkAddress>;
  /**
   * Returns one household behind a shared letterbox (a Multiple Residence premise) by its
   * UMPRN. Needs a key with the Multiple Residence dataset. Test values: `0` answers
   * with a sample household, `-1` with 4046, `-2` with 4020, `-3` with 4021.
   */
  addressByUmprn?: Maybe<UkAddress>;
  /**
   * Returns short, human-readable address suggestions for partial input, best first.
   * A suggestion is not a full address: resolve its `id` with the `gbr` or `usa`
   * resolution operation (that second step is the paid one). Suggestions are free but
   * meant to be followed by resolutions. Filters restrict the suggestions, biases
   * reorder them. The suggestion text may change format over time: show it, don't parse it.
   */
  addressSuggestions?: Maybe<Array<AddressSuggestion>>;
  /**
   * Finds complete addresses matching free text, ranked by relevance and paged with
   * `limit` and `page`. When the text contains a UK postcode, every address at that
   * postcode is returned (limit and page do not apply to it); when it contains a US ZIP
   * code, the street address written before it is parsed and checked against the ZIP.
   * With `lon` and `lat` instead of text, the addresses within 100 metres of the point
   * are returned, nearest first. Filters narrow the result set (terms of one filter are
   * OR'ed, different filters AND'ed); biases only reorder it.
   */
  addresses?: Maybe<AddressSearchResult>;
  /**
   * Public information about a key: whether it can be used right now by this caller,
   * and the countries (contexts) its address search covers. A key is unavailable when it
   * has no lookups left, has hit a daily or per-IP limit, or is used from a URL it does
   * not allow. The test key `iddqd` is always available, `idkfa` never is.
   */
  apiKey?: Maybe<KeyAvailability>;
  /** Remaining lookups, limits, allowed URLs, notification and dataset settings of a key. */
  apiKeyDetails?: Maybe<KeyDetails>;
  /**
   * Downloads the paid lookups of a key between `start` and `end` as CSV, one lookup per
   * line: time (ISO 8601), client IP, search term, requesting URL, operation, tags. The
   * same interval rules as the usage report apply. Failures answer in JSON.
   */
  apiKeyLookups?: Maybe<Scalars['String']['output']>;
  /**
   * Counts the paid lookups of a key per day between `start` and `end`. Without `end`
   * the interval ends now; without `start` it begins 21 days before its end. The
   * interval may not exceed 90 days.
   */
  apiKeyUsage?: Maybe<KeyUsage>;
  /**
   * The Mosaik app listing the open babel-fee offers per token (price, ERG left, tokens
   * collected) with a cancel action per offer and a link to the new-offer form.
   */
  babelFeeApp?: Maybe<MosaikApp>;
  /**
   * The Mosaik form for a new babel-fee offer: address, token, ERG to lock and token amount.
   * Changing an input posts the form to `newoffer/new-input`; submitting posts it to
   * `newoffer/doit`.
   */
  babelFeeNewOfferApp?: Maybe<MosaikApp>;
  /**
   * Polled by wallets that added the babel-fee app: a summary of the open offers, the time of
   * the newest offer (a wallet shows the message when this is newer than what it last saw),
   * and when to poll next.
   */
  babelFeeNotifications?: Maybe<MosaikNotification>;
  /**
   * An ErgoPay answer whose transaction locks `ergAmount` nanoERG from the address's boxes in
   * a new EIP-31 babel-fee box for `tokenId`: the contract carries the token id, R4 the
   * creator's public key and R5 the price in nanoERG per raw token unit
   * (`ergAmount` ÷ `tokenAmount`, rounded down). Anyone may later pay a transaction fee with
   * the token by swapping it for ERG from this box. Answers 409 when the token is on the
   * blocked list or the address cannot cover the offer.
   */
  babelFeeOfferTransaction?: Maybe<ErgoPaySigningRequest>;
  /** Ids of the tokens known to be harmful or to impersonate genuine tokens. */
  blockedErgoTokens: Array<Scalars['ErgoId']['output']>;
  /**
   * The Mosaik app that merges the many small boxes of a wallet address into one; its button
   * is an ErgoPay action whose URL carries the `#P2PK_ADDRESS#` placeholder the wallet fills
   * in.
   */
  boxConsolidationApp?: Maybe<MosaikApp>;
  /**
   * An ErgoPay answer whose transaction spends the address's unspent boxes (at most 100)
   * into one box holding all their ERG and tokens, less the miner fee. Answers 409 when the
   * address holds fewer than two boxes.
   */
  boxConsolidationTransaction?: Maybe<ErgoPaySigningRequest>;
  /**
   * An ErgoPay answer whose transaction spends the babel-fee box back to its creator (the
   * public key in R4), returning its ERG and any tokens it collected. Answers 404 for a box
   * that is not unspent, 409 for a box that is not a babel-fee box.
   */
  cancelBabelFeeOfferTransaction?: Maybe<ErgoPaySigningRequest>;
  /**
   * Matches a free-form, possibly misspelt or incomplete UK address to the closest
   * canonical address and reports how well each element matched. `confidence` (0 to 1)
   * weighs every element of the matched address, so missing elements lower it; `fit`
   * weighs only the elements the input contained. There is no universal threshold:
   * judge it per data set, from the scores of a sample.
   */
  cleanseAddress?: Maybe<CleanseResult>;
  /** Convert an amount between two currencies */
  convertCurrency?: Maybe<CurrencyConversion>;
  /** How closely each token's daily returns moved with every other token's over the last year, as of today. One record per token pair, strongest correlation first. */
  correlations?: Maybe<Array<TokenCorrelation>>;
  /** Lists countries page by page; q searches names and codes, where keeps exact matches. */
  countries?: Maybe<CountryPage>;
  /**
   * Finds countries whose alpha-2, alpha-3, numeric, IOC, FIFA, FIPS or GEC code equals
   * the query (case does not matter).
   */
  countriesByCode?: Maybe<CountryPage>;
  /**
   * The countries with these ISO 3166-1 alpha-2 codes, in the order given; null (with an error at
   * its index) for a code that is malformed or names no country.
   */
  countriesByCodes: Array<Maybe<Country>>;
  /**
   * Finds countries whose common, official, alternate, native or translated name
   * contains the query (case and accents do not matter).
   */
  countriesByName?: Maybe<CountryPage>;
  /**
   * Finds countries whose field `property` (a dotted path such as `names.common` or
   * `capitals.name`) contains the query. Lists match when any element does.
   */
  countriesSearch?: Maybe<CountryPage>;
  /**
   * Finds countries whose field `property` equals `value` exactly (case does not
   * matter), for example `/countries/v5/codes.alpha_2/CA` or `/countries/v5/currencies/CAD`.
   * For a list of objects such as `currencies` the value is compared with each element's
   * code or name.
   */
  countriesWhere?: Maybe<CountryPage>;
  /** The country with this code of any kind (alpha-2, alpha-3, numeric, IOC or FIFA), or null. */
  country?: Maybe<Country>;
  /** The daily crypto brief for a day (default today, UTC), with amounts in a currency (default USD). */
  cryptoBrief?: Maybe<CryptoBrief>;
  /** Every supported currency with its name and symbol */
  currencies?: Maybe<Array<Currency>>;
  /**
   * Checks an e-mail address: syntax, whether its domain is a disposable or free-mail
   * provider, whether it names a role rather than a person, and (where it can be known)
   * whether mail would be delivered. Facts that cannot be established are `null`, and
   * `result` is then `unknown`.
   */
  emailValidation?: Maybe<EmailValidation>;
  /**
   * Ergo nodes the service probes, best first (highest block height, then fastest answer).
   * By default only peers that answered the last probe and have an open REST API are listed.
   */
  ergoNodePeers?: Maybe<Array<ErgoNodePeer>>;
  /**
   * Whether a token is genuine by EIP-21: 1 verified (listed as genuine), 3 blocked, 2
   * suspicious (not listed, but uses the unique name of a genuine token; `token` is the
   * genuine one it imitates), 0 unknown.
   */
  ergoTokenCheck?: Maybe<ErgoTokenCheck>;
  /** The price of one token; 404 when the service has no price for it. */
  ergoTokenPrice?: Maybe<ErgoTokenPrice>;
  /** The price of every token the service prices, SigUSD and SigRSV included. */
  ergoTokenPrices?: Maybe<Array<ErgoTokenPrice>>;
  /** Exchange-rate table for a base currency */
  exchangeRates?: Maybe<ExchangeRateTable>;
  /** The tokens of value listed as genuine, with their issuer and whether their name is reserved. */
  genuineErgoTokens?: Maybe<Array<GenuineToken>>;
  /** The constituents and weights of the crypto index at each rebalancing date between `startDate` and `endDate` (default: the whole history up to today), newest rebalancing first and largest weight first within it. */
  indices?: Maybe<Array<IndexConstituent>>;
  /** Daily long-term grades (0–100) per token: the overall investor grade and its fundamental, technology and valuation parts. Newest day first, tokens ordered as for prices; the range defaults to the whole history up to today. */
  investorGrades?: Maybe<Array<InvestorGrade>>;
  /** Locate an IP address (the caller's when none is given) */
  ipLookup?: Maybe<IpLookup>;
  /**
   * Returns one config by name. This read needs no credentials, so browser integrations
   * can fetch their settings.
   */
  keyConfig?: Maybe<Config>;
  /** All configs stored on a key, oldest first. */
  keyConfigs?: Maybe<Array<Config>>;
  /** Returns a licensee by its licensee key. */
  licensee?: Maybe<Licensee>;
  /**
   * Lists a key's licensees in creation order, at most `limit` per page; pass the `id`
   * of the last one seen as `starting_after` for the next page.
   */
  licensees?: Maybe<LicenseeList>;
  /** One record per day for the market as a whole: total market cap, the share of tokens with a high trader grade, and the bullish (1), neutral (0) or bearish (-1) signal drawn from it. Newest day first; the range defaults to the whole history up to today. */
  marketIndicator?: Maybe<Array<MarketIndicator>>;
  /**
   * Where a payment request stands: CREATED (nobody opened it yet), WAITING (the payer's
   * wallet fetched the transaction; it is not confirmed yet), EXECUTED (the transaction is
   * on chain; `txId` says which) or INVALID (expired, or the payer could not pay).
   */
  paymentRequest?: Maybe<PaymentRequestState>;
  /**
   * Checks a phone number against the numbering plan of its country and returns it in
   * national and international form with its country and line type. Give the country
   * code (`+44`, `44` or `0044`); a number starting with a single `0` is read as a UK
   * national number.
   */
  phoneNumberValidation?: Maybe<PhoneNumberValidation>;
  /** Returns the full record of a place suggestion. */
  place?: Maybe<Place>;
  /**
   * Suggests geographical places (countries, towns, cities) for a name, best first, at
   * most 10. Resolve a suggestion's `id` to get the place's coordinates.
   */
  places?: Maybe<Array<PlaceSuggestion>>;
  /**
   * Lists every address at a postcode; spaces and case in the postcode do not matter.
   * Postcodes with more than 100 premises (a few Multiple Residence ones) are paged with
   * `page`. An unknown postcode answers 404 (code 4040) with up to five similar, existing
   * postcodes in `suggestions`, common slips (O for 0, I for 1) corrected first; the list
   * is empty when the input is too far from any postcode. Unknown postcodes are not charged.
   */
  postcodeAddresses?: Maybe<PostcodeAddressPage>;
  /** Predicted candles for the seven days after the as-of `date` (default: today), one record per token and predicted day, nearest day first. A `date` with too little history before it, or after today, gives an empty list. */
  pricePredictions?: Maybe<Array<PricePrediction>>;
  /** Volatility, Sharpe and Sortino ratios, CAGR, cumulative return, maximum drawdown and beta of each token over its history up to the as-of `date` (default: today), one record per token. The vendor serves this at /v1/quantmetrics-tier-1. */
  quantMetricsTier1?: Maybe<Array<QuantMetricsTier1>>;
  /** Statistics of each token's daily and calendar-month returns over its history up to the as-of `date` (default: today): averages, spreads, extremes and when they happened. One record per token. The vendor serves this at /v1/quantmetrics-tier-2. */
  quantMetricsTier2?: Maybe<Array<QuantMetricsTier2>>;
  /** Price levels where a token repeatedly turned, found in its daily candles between `startDate` (default: 364 days before `endDate`) and `endDate` (default: today). Levels above the last close in the window are resistance, the others support; highest level first within a token. */
  resistanceSupport?: Maybe<Array<ResistanceSupportLevel>>;
  /** Turns the `id` of an address suggestion into the full UK address record. */
  resolveUkAddress?: Maybe<UkAddress>;
  /** Turns the `id` of a US address suggestion into the full USPS-style record. */
  resolveUsAddress?: Maybe<UsAddress>;
  /** What each token's price would be if the total crypto market cap and the token's share of it (dominance) took given values. One record per token and scenario, as of today. */
  scenarioAnalysis?: Maybe<Array<ScenarioPrediction>>;
  /** Daily sentiment per token: polarity (-1 to 1) on Twitter, Reddit and Telegram, their combined polarity and a 0–100 sentiment index. Newest day first, tokens ordered as for prices; the range defaults to the whole history up to today. */
  sentiments?: Maybe<Array<Sentiment>>;
  /**
   * What buying (positive amount) or selling (negative amount) SigRSV at the bank costs or
   * pays right now. Answers 409 when the bank would refuse the exchange.
   */
  sigRsvExchangeQuote?: Maybe<StablecoinExchangeQuote>;
  /**
   * An ErgoPay answer whose transaction buys or sells SigRSV at the bank for the given
   * address, built like the SigUSD exchange.
   */
  sigRsvExchangeTransaction?: Maybe<ErgoPaySigningRequest>;
  /** The price of SigRSV at the SigmaUSD bank, in the shape of the token price list. */
  sigRsvPrice?: Maybe<ErgoTokenPrice>;
  /**
   * What buying (positive amount) or selling (negative amount) SigUSD at the bank costs or
   * pays right now: the base value at the bank's nominal price, the bank's 2 % fee, the
   * TokenJay fee and the total. Answers 409 when the bank would refuse the exchange (the
   * reserve ratio would leave its band, or more SigUSD would be sold than circulate).
   */
  sigUsdExchangeQuote?: Maybe<StablecoinExchangeQuote>;
  /**
   * An ErgoPay answer whose transaction buys or sells SigUSD at the bank for the given
   * address: it spends the bank box and the address's boxes, reads the oracle box as data
   * input, and creates the new bank box, the receipt box for the address, the TokenJay fee
   * box, change and the miner fee.
   */
  sigUsdExchangeTransaction?: Maybe<ErgoPaySigningRequest>;
  /** The price of SigUSD at the SigmaUSD bank, in the shape of the token price list. */
  sigUsdPrice?: Maybe<ErgoTokenPrice>;
  /**
   * The current state of the SigmaUSD (AgeUSD) bank, computed from the bank box and the
   * ERG/USD oracle-pool box: the reserve ratio and the nominal prices of SigUSD and SigRSV.
   */
  stablecoinState?: Maybe<StablecoinState>;
  /** The token with this id or this symbol (give exactly one), or null when there is none. */
  token?: Maybe<Token>;
  /**
   * The Mosaik form for burning tokens: address, token id and raw amount; submitting posts the
   * form to `/suite/tokenburn/prepare`.
   */
  tokenBurnApp?: Maybe<MosaikApp>;
  /**
   * An ErgoPay answer whose transaction burns the prepared amount of the token from the
   * address's boxes (the token is in the inputs and in no output). Answers 404 for an unknown
   * uuid and 409 when the address no longer holds the amount.
   */
  tokenBurnRequest?: Maybe<ErgoPaySigningRequest>;
  /** Daily open, high, low, close (USD) and traded volume (USD) per token and day in the date range, newest day first; within a day, tokens in the order of `tokens` (or largest market cap first when `tokens` is omitted). The range defaults to the whole history up to today. Page through long histories with `limit` and `page`. */
  tokenPrices?: Maybe<Array<TokenDailyPrice>>;
  /** The tokens the service covers with their ids, which every other operation takes in `tokens`. Filters combine: a token is listed when it matches every filter given (any value within one filter). Without filters, all tokens, largest market cap first. */
  tokens?: Maybe<Array<Token>>;
  /**
   * The tokens with these ids, in the order given; null (with an error at its index) for an id
   * that is not positive or names no token.
   */
  tokensByIds: Array<Maybe<Token>>;
  /** Daily short-term grades (0–100) per token: the overall trader grade with its technical and quantitative parts. Newest day first, tokens ordered as for prices; the range defaults to the whole history up to today. */
  traderGrades?: Maybe<Array<TraderGrade>>;
  /** Long (1), neutral (0) or short (-1) trading signals per token. Each record is a day on which a token's signal changed, newest first, so the first record of a token is its signal today and the day it was given. */
  tradingIndicators?: Maybe<Array<TradingIndicator>>;
  /** Parse a User-Agent string (the caller's when none is given) */
  userAgent?: Maybe<UserAgent>;
  /** What a frontend needs to localise a page for the caller, with no arguments. */
  visitor: Visitor;
};


export type Query_EntitiesArgs = {
  representations: Array<Scalars['_Any']['input']>;
};


export type QueryAddressByUdprnArgs = {
  udprn: Scalars['Int']['input'];
};


export type QueryAddressByUmprnArgs = {
  umprn: Scalars['Int']['input'];
};


export type QueryAddressSuggestionsArgs = {
  biasCountry?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  biasIp?: InputMaybe<Scalars['Boolean']['input']>;
  biasLonlat?: InputMaybe<Scalars['LonLatRadius']['input']>;
  biasPostTown?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  biasPostcode?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  biasPostcodeArea?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  biasPostcodeOutward?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  biasPostcodeSector?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  biasThoroughfare?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  box?: InputMaybe<Scalars['BoundingBox']['input']>;
  context?: InputMaybe<Scalars['ContextCode']['input']>;
  country?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  postTown?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  postcode?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  postcodeArea?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  postcodeOutward?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  postcodeSector?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  postcodeType?: InputMaybe<Array<InputMaybe<PostcodeType>>>;
  query?: InputMaybe<Scalars['AutocompleteText']['input']>;
  suOrganisationIndicator?: InputMaybe<SmallUserIndicator>;
  uprn?: InputMaybe<Scalars['UprnText']['input']>;
};


export type QueryAddressesArgs = {
  biasCountry?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  biasLonlat?: InputMaybe<Scalars['LonLatRadius']['input']>;
  biasPostTown?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  biasPostcode?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  biasPostcodeArea?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  biasPostcodeOutward?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  biasPostcodeSector?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  biasThoroughfare?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  box?: InputMaybe<Scalars['BoundingBox']['input']>;
  country?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  lat?: InputMaybe<Scalars['Float']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  lon?: InputMaybe<Scalars['Float']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  postTown?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  postcode?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  postcodeArea?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  postcodeOutward?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  postcodeSector?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  postcodeType?: InputMaybe<Array<InputMaybe<PostcodeType>>>;
  query?: InputMaybe<Scalars['AddressSearchText']['input']>;
  suOrganisationIndicator?: InputMaybe<SmallUserIndicator>;
  uprn?: InputMaybe<Scalars['UprnText']['input']>;
};


export type QueryApiKeyArgs = {
  key: Scalars['ApiKeyText']['input'];
};


export type QueryApiKeyDetailsArgs = {
  key: Scalars['ApiKeyText']['input'];
};


export type QueryApiKeyLookupsArgs = {
  end?: InputMaybe<Scalars['Long']['input']>;
  key: Scalars['ApiKeyText']['input'];
  licensee?: InputMaybe<Scalars['LicenseeKeyText']['input']>;
  start?: InputMaybe<Scalars['Long']['input']>;
};


export type QueryApiKeyUsageArgs = {
  end?: InputMaybe<Scalars['Long']['input']>;
  key: Scalars['ApiKeyText']['input'];
  licensee?: InputMaybe<Scalars['LicenseeKeyText']['input']>;
  start?: InputMaybe<Scalars['Long']['input']>;
  tags?: InputMaybe<Array<InputMaybe<Scalars['NonEmptyString']['input']>>>;
};


export type QueryBabelFeeOfferTransactionArgs = {
  address: Scalars['ErgoAddress']['input'];
  ergAmount: Scalars['Long']['input'];
  tokenAmount: Scalars['Long']['input'];
  tokenId: Scalars['ErgoId']['input'];
};


export type QueryBoxConsolidationTransactionArgs = {
  address: Scalars['ErgoAddress']['input'];
};


export type QueryCancelBabelFeeOfferTransactionArgs = {
  boxId: Scalars['ErgoId']['input'];
};


export type QueryCleanseAddressArgs = {
  input?: InputMaybe<CleanseInput>;
};


export type QueryConvertCurrencyArgs = {
  amount: Scalars['NonNegativeFloat']['input'];
  from: Scalars['CurrencyCode']['input'];
  to: Scalars['CurrencyCode']['input'];
};


export type QueryCorrelationsArgs = {
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  tokens?: InputMaybe<Array<InputMaybe<Scalars['PositiveInt']['input']>>>;
};


export type QueryCountriesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  where?: InputMaybe<Array<CountryFieldFilter>>;
};


export type QueryCountriesByCodeArgs = {
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  offset?: InputMaybe<Scalars['NonNegativeInt']['input']>;
  q: Scalars['SearchText']['input'];
};


export type QueryCountriesByCodesArgs = {
  codes: Array<Scalars['String']['input']>;
};


export type QueryCountriesByNameArgs = {
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  offset?: InputMaybe<Scalars['NonNegativeInt']['input']>;
  q: Scalars['SearchText']['input'];
};


export type QueryCountriesSearchArgs = {
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  offset?: InputMaybe<Scalars['NonNegativeInt']['input']>;
  property: Scalars['FieldPath']['input'];
  q: Scalars['SearchText']['input'];
};


export type QueryCountriesWhereArgs = {
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  offset?: InputMaybe<Scalars['NonNegativeInt']['input']>;
  property: Scalars['FieldPath']['input'];
  sort?: InputMaybe<Scalars['SortSpec']['input']>;
  value: Scalars['NonEmptyString']['input'];
};


export type QueryCountryArgs = {
  code: Scalars['CountryCode']['input'];
};


export type QueryCryptoBriefArgs = {
  currency?: InputMaybe<Scalars['CurrencyCode']['input']>;
  date?: InputMaybe<Scalars['Date']['input']>;
};


export type QueryEmailValidationArgs = {
  email: Scalars['Email']['input'];
};


export type QueryErgoNodePeersArgs = {
  closedApi?: InputMaybe<Scalars['Boolean']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  unreachable?: InputMaybe<Scalars['Boolean']['input']>;
};


export type QueryErgoTokenCheckArgs = {
  tokenId: Scalars['ErgoId']['input'];
  tokenName: Scalars['String']['input'];
};


export type QueryErgoTokenPriceArgs = {
  tokenId: Scalars['ErgoId']['input'];
};


export type QueryExchangeRatesArgs = {
  base?: InputMaybe<Scalars['CurrencyCode']['input']>;
};


export type QueryIndicesArgs = {
  endDate?: InputMaybe<Scalars['Date']['input']>;
  exchanges?: InputMaybe<Array<InputMaybe<CryptoExchange>>>;
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  lowCap?: InputMaybe<Scalars['Boolean']['input']>;
  startDate?: InputMaybe<Scalars['Date']['input']>;
  timeHorizon?: InputMaybe<IndexTimeHorizon>;
};


export type QueryInvestorGradesArgs = {
  endDate?: InputMaybe<Scalars['Date']['input']>;
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  startDate?: InputMaybe<Scalars['Date']['input']>;
  tokens?: InputMaybe<Array<InputMaybe<Scalars['PositiveInt']['input']>>>;
};


export type QueryIpLookupArgs = {
  ip?: InputMaybe<Scalars['IpAddress']['input']>;
};


export type QueryKeyConfigArgs = {
  key: Scalars['ApiKeyText']['input'];
  name: Scalars['ConfigName']['input'];
};


export type QueryKeyConfigsArgs = {
  key: Scalars['ApiKeyText']['input'];
};


export type QueryLicenseeArgs = {
  id: Scalars['LicenseeKeyText']['input'];
  key: Scalars['ApiKeyText']['input'];
};


export type QueryLicenseesArgs = {
  key: Scalars['ApiKeyText']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  query?: InputMaybe<Scalars['String']['input']>;
  startingAfter?: InputMaybe<Scalars['NonEmptyString']['input']>;
};


export type QueryMarketIndicatorArgs = {
  endDate?: InputMaybe<Scalars['Date']['input']>;
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  startDate?: InputMaybe<Scalars['Date']['input']>;
};


export type QueryPaymentRequestArgs = {
  requestId: Scalars['UUID']['input'];
};


export type QueryPhoneNumberValidationArgs = {
  currentCarrier?: InputMaybe<Scalars['Boolean']['input']>;
  number: Scalars['PhoneNumberText']['input'];
};


export type QueryPlaceArgs = {
  id: Scalars['NonEmptyString']['input'];
};


export type QueryPlacesArgs = {
  biasCountryIso?: InputMaybe<Array<InputMaybe<Scalars['CountryIso3']['input']>>>;
  biasIp?: InputMaybe<Scalars['Boolean']['input']>;
  biasLonlat?: InputMaybe<Scalars['LonLatRadius']['input']>;
  countryIso?: InputMaybe<Array<InputMaybe<Scalars['CountryIso3']['input']>>>;
  query?: InputMaybe<Scalars['PlaceSearchText']['input']>;
};


export type QueryPostcodeAddressesArgs = {
  page?: InputMaybe<Scalars['Int']['input']>;
  postcode: Scalars['UkPostcode']['input'];
  tags?: InputMaybe<Array<InputMaybe<Scalars['NonEmptyString']['input']>>>;
};


export type QueryPricePredictionsArgs = {
  date?: InputMaybe<Scalars['Date']['input']>;
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  tokens?: InputMaybe<Array<InputMaybe<Scalars['PositiveInt']['input']>>>;
};


export type QueryQuantMetricsTier1Args = {
  date?: InputMaybe<Scalars['Date']['input']>;
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  tokens?: InputMaybe<Array<InputMaybe<Scalars['PositiveInt']['input']>>>;
};


export type QueryQuantMetricsTier2Args = {
  date?: InputMaybe<Scalars['Date']['input']>;
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  tokens?: InputMaybe<Array<InputMaybe<Scalars['PositiveInt']['input']>>>;
};


export type QueryResistanceSupportArgs = {
  endDate?: InputMaybe<Scalars['Date']['input']>;
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  startDate?: InputMaybe<Scalars['Date']['input']>;
  tokens?: InputMaybe<Array<InputMaybe<Scalars['PositiveInt']['input']>>>;
};


export type QueryResolveUkAddressArgs = {
  id: Scalars['SuggestionId']['input'];
};


export type QueryResolveUsAddressArgs = {
  id: Scalars['SuggestionId']['input'];
};


export type QueryScenarioAnalysisArgs = {
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  tokens?: InputMaybe<Array<InputMaybe<Scalars['PositiveInt']['input']>>>;
};


export type QuerySentimentsArgs = {
  endDate?: InputMaybe<Scalars['Date']['input']>;
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  startDate?: InputMaybe<Scalars['Date']['input']>;
  tokens?: InputMaybe<Array<InputMaybe<Scalars['PositiveInt']['input']>>>;
};


export type QuerySigRsvExchangeQuoteArgs = {
  amount: Scalars['Long']['input'];
};


export type QuerySigRsvExchangeTransactionArgs = {
  address: Scalars['ErgoAddress']['input'];
  amount: Scalars['Long']['input'];
  checkRate?: InputMaybe<Scalars['Long']['input']>;
  executionFee?: InputMaybe<Scalars['Long']['input']>;
};


export type QuerySigUsdExchangeQuoteArgs = {
  amount: Scalars['Long']['input'];
};


export type QuerySigUsdExchangeTransactionArgs = {
  address: Scalars['ErgoAddress']['input'];
  amount: Scalars['Long']['input'];
  checkRate?: InputMaybe<Scalars['Long']['input']>;
  executionFee?: InputMaybe<Scalars['Long']['input']>;
};


export type QueryTokenArgs = {
  id?: InputMaybe<Scalars['Int']['input']>;
  symbol?: InputMaybe<Scalars['String']['input']>;
};


export type QueryTokenBurnRequestArgs = {
  uuid: Scalars['UUID']['input'];
};


export type QueryTokenPricesArgs = {
  endDate?: InputMaybe<Scalars['Date']['input']>;
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  page?: InputMaybe<Scalars['NonNegativeInt']['input']>;
  startDate?: InputMaybe<Scalars['Date']['input']>;
  tokens?: InputMaybe<Array<InputMaybe<Scalars['PositiveInt']['input']>>>;
};


export type QueryTokensArgs = {
  ids?: InputMaybe<Array<InputMaybe<Scalars['PositiveInt']['input']>>>;
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  names?: InputMaybe<Array<InputMaybe<Scalars['NonEmptyString']['input']>>>;
  page?: InputMaybe<Scalars['NonNegativeInt']['input']>;
  symbols?: InputMaybe<Array<InputMaybe<Scalars['NonEmptyString']['input']>>>;
};


export type QueryTokensByIdsArgs = {
  ids: Array<Scalars['Int']['input']>;
};


export type QueryTraderGradesArgs = {
  endDate?: InputMaybe<Scalars['Date']['input']>;
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  startDate?: InputMaybe<Scalars['Date']['input']>;
  tokens?: InputMaybe<Array<InputMaybe<Scalars['PositiveInt']['input']>>>;
};


export type QueryTradingIndicatorsArgs = {
  limit?: InputMaybe<Scalars['PositiveInt']['input']>;
  tokens?: InputMaybe<Array<InputMaybe<Scalars['PositiveInt']['input']>>>;
};


export type QueryUserAgentArgs = {
  ua?: InputMaybe<Scalars['String']['input']>;
};

/** A price level where a token repeatedly turned. */
export type ResistanceSupportLevel = {
  __typename?: 'ResistanceSupportLevel';
  /** Start of the UTC day the levels are computed as of (the window's last day). */
  date: Scalars['Date']['output'];
  /** The same instant in Unix seconds. */
  epoch: Scalars['Int']['output'];
  /** Day of the latest turning point at the level. */
  lastTouchDate?: Maybe<Scalars['Date']['output']>;
  /** The level's price in USD. */
  level: Scalars['Float']['output'];
  levelType: LevelType;
  /** The token's id. */
  tokenId: Scalars['Int']['output'];
  /** The token's name. */
  tokenName: Scalars['String']['output'];
  /** The token's symbol. */
  tokenSymbol: Scalars['String']['output'];
  /** How many turning points make up the level. */
  touches?: Maybe<Scalars['PositiveInt']['output']>;
};

/** A token's price under one market-size and dominance scenario. */
export type ScenarioPrediction = {
  __typename?: 'ScenarioPrediction';
  /** The token's share of the total market cap today, in percent. */
  currentDominance: Scalars['NonNegativeFloat']['output'];
  /** The token's price today in USD. */
  currentPrice?: Maybe<Scalars['Float']['output']>;
  /** Start of the UTC day the scenario starts from. */
  date: Scalars['Date']['output'];
  /** The token's share of the market in the scenario, in percent. */
  dominance: Scalars['NonNegativeFloat']['output'];
  /** The same instant in Unix seconds. */
  epoch: Scalars['Int']['output'];
  /** The token's price in the scenario, in USD. */
  prediction: Scalars['Float']['output'];
  /** The token's id. */
  tokenId: Scalars['Int']['output'];
  /** The token's name. */
  tokenName: Scalars['String']['output'];
  /** The token's symbol. */
  tokenSymbol: Scalars['String']['output'];
  /** Total crypto market cap in the scenario, in USD. */
  totalMarketCap: Scalars['Float']['output'];
};

/** A token's sentiment on a day. */
export type Sentiment = {
  __typename?: 'Sentiment';
  /** Start of the UTC day. */
  date: Scalars['Date']['output'];
  /** The same instant in Unix seconds. */
  epoch: Scalars['Int']['output'];
  /** Combined polarity of all channels. */
  polarityIndex: Scalars['Float']['output'];
  /** Polarity on Reddit. */
  polarityReddit: Scalars['Float']['output'];
  /** Polarity on Telegram. */
  polarityTelegram: Scalars['Float']['output'];
  /** Polarity on Twitter. */
  polarityTwitter: Scalars['Float']['output'];
  /** Overall sentiment, 0 most negative, 100 most positive. */
  sentimentIndex: Scalars['NonNegativeFloat']['output'];
  /** The token's id. */
  tokenId: Scalars['Int']['output'];
  /** The token's name. */
  tokenName: Scalars['String']['output'];
  /** The token's symbol. */
  tokenSymbol: Scalars['String']['output'];
};

export type SmallUserIndicator =
  | 'Y';

/** A quote for buying or selling SigUSD or SigRSV at the bank (the vendor's `AgeUsdExchangeInfo`). */
export type StablecoinExchangeQuote = {
  __typename?: 'StablecoinExchangeQuote';
  /** The bank's 2 % protocol fee in nanoERG (paid into the reserve). */
  bankFeeAmount: Scalars['Long']['output'];
  /** A sentence describing `bankFeeAmount`. */
  bankFeeDescription: Scalars['String']['output'];
  /** Value of the tokens at the bank's nominal price, in nanoERG (before fees). */
  ergAmount: Scalars['Long']['output'];
  /** A sentence describing `ergAmount`. */
  ergAmountDescription: Scalars['String']['output'];
  /** The nominal price used, in nanoERG per raw token unit; pass it back as `checkRate` to refuse a moved rate. */
  exchangeRate: Scalars['Long']['output'];
  /** TokenJay's service fee in nanoERG (paid to TokenJay's fee address). */
  jayFeeAmount: Scalars['Long']['output'];
  /** A sentence describing `jayFeeAmount`. */
  jayFeeDescription: Scalars['String']['output'];
  /** nanoERG the user pays in total when buying, or receives in total when selling (miner fee not included). */
  totalAmount: Scalars['Long']['output'];
  /** totalAmount in ERG, a decimal string such as "125.321495725". */
  totalAmountInErg: Scalars['String']['output'];
};

/** The SigmaUSD bank's state, from its bank box (reserve, circulating supplies) and the ERG/USD oracle box (the vendor's `AgeUsdInfo`). */
export type StablecoinState = {
  __typename?: 'StablecoinState';
  /** One ERG in a currency, at the SigmaUSD bank's rate (SigUSD is pegged to the US dollar) × D's exchange rate. */
  ergPrice?: Maybe<Money>;
  /** Reserve ÷ liabilities in percent (the protocol keeps it between 400 and 800 for minting); reserve × 100 ÷ (circulating SigUSD × nanoERG per 0.01 USD), rounded down. */
  reserveRatio: Scalars['Float']['output'];
  /** Nominal SigRSV price in nanoERG per SigRSV; equity ÷ circulating SigRSV, or the bootstrap price 1,000,000 when there is no equity. */
  sigRsvPrice: Scalars['Long']['output'];
  /** One SigRSV at the bank's nominal price, in a currency. */
  sigRsvPriceIn?: Maybe<Money>;
  /** sigRsvPrice as ERG per SigRSV, a decimal string such as "0.001433005". */
  sigRsvPriceInErg: Scalars['String']['output'];
  /** Nominal SigUSD price in nanoERG per raw unit (0.01 SigUSD); the oracle rate unless the reserve no longer covers all SigUSD. */
  sigUsdPrice: Scalars['Long']['output'];
  /** One whole SigUSD at the bank's nominal price, in a currency. */
  sigUsdPriceIn?: Maybe<Money>;
  /** sigUsdPrice as ERG per whole SigUSD (one US dollar), a decimal string such as "1.2256381". */
  sigUsdPriceInErg: Scalars['String']['output'];
};


/** The SigmaUSD bank's state, from its bank box (reserve, circulating supplies) and the ERG/USD oracle box (the vendor's `AgeUsdInfo`). */
export type StablecoinStateErgPriceArgs = {
  currency?: InputMaybe<Scalars['CurrencyCode']['input']>;
};


/** The SigmaUSD bank's state, from its bank box (reserve, circulating supplies) and the ERG/USD oracle box (the vendor's `AgeUsdInfo`). */
export type StablecoinStateSigRsvPriceInArgs = {
  currency: Scalars['CurrencyCode']['input'];
};


/** The SigmaUSD bank's state, from its bank box (reserve, circulating supplies) and the ERG/USD oracle box (the vendor's `AgeUsdInfo`). */
export type StablecoinStateSigUsdPriceInArgs = {
  currency: Scalars['CurrencyCode']['input'];
};

export type Subscription = {
  __typename?: 'Subscription';
  /** Rates of every currency against `base` (as the `exchangeRates` query's table). */
  currencyRates?: Maybe<ExchangeRateTable>;
  /** Units of currency `to` per one unit of currency `from` (as `Country.currencyRate`). */
  exchangeRate?: Maybe<Scalars['Float']['output']>;
  /** The market as a whole, its latest daily record (as the `marketIndicator` query's first). */
  marketIndicator?: Maybe<MarketIndicator>;
  /** The SigmaUSD bank's state, as the `stablecoinState` query gives it (a new Ergo block every ~2 minutes). */
  stablecoinState?: Maybe<StablecoinState>;
  /** The latest daily candle of each token, in the order of `symbols` (ticker symbols, e.g. BTC); as the `tokenPrices` query's records. */
  tokenPrices?: Maybe<Array<TokenDailyPrice>>;
};


export type SubscriptionCurrencyRatesArgs = {
  base: Scalars['CurrencyCode']['input'];
};


export type SubscriptionExchangeRateArgs = {
  from: Scalars['CurrencyCode']['input'];
  to: Scalars['CurrencyCode']['input'];
};


export type SubscriptionTokenPricesArgs = {
  symbols: Array<Scalars['String']['input']>;
};

/** Paths (relative to the service's host) that fetch the full address of a UK suggestion. */
export type SuggestionUrls = {
  __typename?: 'SuggestionUrls';
  /** Path of the UDPRN lookup of the suggested address. */
  udprn?: Maybe<Scalars['String']['output']>;
  /** Path of the UMPRN lookup, for a Multiple Residence household. */
  umprn?: Maybe<Scalars['String']['output']>;
};

/** A token the service covers. */
export type Token = {
  __typename?: 'Token';
  /** The token's sector, e.g. layer-1, defi, meme. */
  category?: Maybe<Scalars['String']['output']>;
  /** Circulating supply in tokens. */
  circulatingSupply?: Maybe<Scalars['Float']['output']>;
  /** Correlation with the other tokens over the last year, strongest first; limit keeps the first ones. */
  correlations: Array<TokenCorrelation>;
  /** Exchanges that list the token. */
  exchangeList?: Maybe<Array<Scalars['String']['output']>>;
  /** The service's id for the token. */
  id: Scalars['Int']['output'];
  /** The latest long-term grades. */
  investorGrade?: Maybe<InvestorGrade>;
  /** Market capitalisation in USD at the latest close (price x circulating supply). */
  marketCap?: Maybe<Scalars['Float']['output']>;
  /** The token's name, e.g. Bitcoin. */
  name: Scalars['String']['output'];
  /** Predicted candles for the coming days, nearest first. */
  prediction: Array<PricePrediction>;
  /** The latest daily close in a currency: A's USD price × D's exchange rate. */
  price?: Maybe<Money>;
  /** The latest daily close in the currency of a country (its first listed one). */
  priceIn?: Maybe<Money>;
  /** Daily candles from startDate to endDate (default: the 30 days up to today, UTC), newest day first. */
  prices: Array<TokenDailyPrice>;
  /** Risk and return over the token's history up to today (the tier 1 metrics). */
  quantMetrics?: Maybe<QuantMetricsTier1>;
  /** Resistance and support levels found in the last year, highest first. */
  resistanceSupport: Array<ResistanceSupportLevel>;
  /** The latest sentiment. */
  sentiment?: Maybe<Sentiment>;
  /** The token's ticker symbol, e.g. BTC. */
  symbol?: Maybe<Scalars['String']['output']>;
  /** The latest short-term grades. */
  traderGrade?: Maybe<TraderGrade>;
};


/** A token the service covers. */
export type TokenCorrelationsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/** A token the service covers. */
export type TokenPriceArgs = {
  currency?: InputMaybe<Scalars['CurrencyCode']['input']>;
};


/** A token the service covers. */
export type TokenPriceInArgs = {
  country: Scalars['CountryCode']['input'];
};


/** A token the service covers. */
export type TokenPricesArgs = {
  endDate?: InputMaybe<Scalars['Date']['input']>;
  startDate?: InputMaybe<Scalars['Date']['input']>;
};

/** The token burn form as submitted; further posted values are ignored. */
export type TokenBurnInput = {
  /** The address holding the tokens. */
  address: Scalars['String']['input'];
  /** Raw token units to burn. */
  amount: Scalars['Long']['input'];
  /** The token to burn. */
  tokenId: Scalars['String']['input'];
};

/** How closely two tokens' daily returns moved together. */
export type TokenCorrelation = {
  __typename?: 'TokenCorrelation';
  /** Correlation coefficient of the two tokens' daily returns. */
  correlation: Scalars['Float']['output'];
  /** Start of the UTC day the correlation is computed as of. */
  date: Scalars['Date']['output'];
  /** The same instant in Unix seconds. */
  epoch: Scalars['Int']['output'];
  /** The second token's id. */
  token2Id?: Maybe<Scalars['Int']['output']>;
  /** The second token's name. */
  token2Name: Scalars['String']['output'];
  /** The second token's symbol. */
  token2Symbol: Scalars['String']['output'];
  /** The first token's id. */
  tokenId: Scalars['Int']['output'];
  /** The first token's name. */
  tokenName: Scalars['String']['output'];
  /** The first token's symbol. */
  tokenSymbol: Scalars['String']['output'];
};

/** One token's daily candle (UTC day). */
export type TokenDailyPrice = {
  __typename?: 'TokenDailyPrice';
  /** Last price of the day in USD. */
  close: Scalars['Float']['output'];
  /** The token's latest price in USD (today's close). */
  currentPrice?: Maybe<Scalars['Float']['output']>;
  /** Start of the UTC day. */
  date: Scalars['Date']['output'];
  /** The same instant in Unix seconds. */
  epoch: Scalars['Int']['output'];
  /** Highest price of the day in USD. */
  high: Scalars['Float']['output'];
  /** Lowest price of the day in USD. */
  low: Scalars['Float']['output'];
  /** Market capitalisation in USD at the day's close (close x circulating supply). */
  marketCap?: Maybe<Scalars['Float']['output']>;
  /** First price of the day in USD. */
  open: Scalars['Float']['output'];
  /** The token's id. */
  tokenId: Scalars['Int']['output'];
  /** The token's name. */
  tokenName: Scalars['String']['output'];
  /** The token's symbol. */
  tokenSymbol: Scalars['String']['output'];
  /** Traded volume of the day in USD. */
  volume: Scalars['Float']['output'];
};

/** A token's short-term grades on a day. */
export type TraderGrade = {
  __typename?: 'TraderGrade';
  /** Start of the UTC day graded. */
  date: Scalars['Date']['output'];
  /** The same instant in Unix seconds. */
  epoch: Scalars['Int']['output'];
  /** Quantitative (risk-adjusted return) grade. */
  quantGrade: Scalars['NonNegativeFloat']['output'];
  /** Technical-analysis grade. */
  taGrade: Scalars['NonNegativeFloat']['output'];
  /** Overall short-term grade. */
  tmTraderGrade: Scalars['NonNegativeFloat']['output'];
  /** The token's id. */
  tokenId: Scalars['Int']['output'];
  /** The token's name. */
  tokenName: Scalars['String']['output'];
  /** The token's symbol. */
  tokenSymbol: Scalars['String']['output'];
};

/** A change of a token's trading signal. */
export type TradingIndicator = {
  __typename?: 'TradingIndicator';
  /** The close in USD on the day of the signal. */
  close?: Maybe<Scalars['Float']['output']>;
  /** Start of the UTC day the signal was given. */
  date: Scalars['Date']['output'];
  /** The same instant in Unix seconds. */
  epoch: Scalars['Int']['output'];
  /** The fast moving average of closes on that day (20 days). */
  fastMa?: Maybe<Scalars['Float']['output']>;
  /** The slow moving average of closes on that day (50 days). */
  slowMa?: Maybe<Scalars['Float']['output']>;
  /** The token's id. */
  tokenId: Scalars['Int']['output'];
  /** The token's name. */
  tokenName: Scalars['String']['output'];
  /** The token's symbol. */
  tokenSymbol: Scalars['String']['output'];
  /** 1 long, 0 neutral, -1 short. */
  tradingSignal: Scalars['Int']['output'];
};

/**
 * A UK address in the form of Royal Mail's Postcode Address File (PAF). Every property
 * is present; one that does not apply is an empty string. `dataset` tells the variant:
 * `paf` a delivery point on PAF; `mr` a Multiple Residence household sharing the
 * delivery point of a PAF address (it has a `umprn`); `nyb` a premise not yet built;
 * `pafa` an alias form of a PAF address; `pafw` the Welsh-language form of a PAF address.
 * `id`, `dataset`, `country_iso`, `country_iso_2`, `language` and `county_code` are
 * returned by the current service but absent from older recorded answers. PAF limits
 * the lengths: post town 30 characters, localities 35, thoroughfares 80, building
 * number 4, building name 50, sub-building name 30, PO box 6, department and
 * organisation 60, premise 84.
 */
export type UkAddress = Address & {
  __typename?: 'UkAddress';
  /** The current administrative county or unitary authority of the postcode; may be empty. */
  administrativeCounty: Scalars['String']['output'];
  /** Name of the building (The Manor, Victoria House, 12A). */
  buildingName: Scalars['String']['output'];
  /** Number of the premise on its street. */
  buildingNumber: Scalars['String']['output'];
  /** The full record of the address's country (the United Kingdom for England, Scotland...). */
  country?: Maybe<Country>;
  /** ISO 3166-1 alpha-3 code of the country (GBR, IMN, JEY, GGY). */
  countryIso?: Maybe<Scalars['String']['output']>;
  /** ISO 3166-1 alpha-2 code of the country (GB, IM, JE, GG). */
  countryIso2?: Maybe<Scalars['String']['output']>;
  /**
   * The constituent country or crown dependency: England, Scotland, Wales, Northern
   * Ireland, Jersey, Guernsey, Isle of Man (older answers say Channel Islands for the
   * last-but-one two).
   */
  countryName: Scalars['String']['output'];
  /**
   * The best county available: the postal county, else the administrative county,
   * else the traditional county; empty when none applies.
   */
  county: Scalars['String']['output'];
  /** Short code of the county; may be empty. */
  countyCode?: Maybe<Scalars['String']['output']>;
  dataset?: Maybe<AddressDataset>;
  /**
   * Two characters (a digit, then a letter) that with the postcode identify the delivery
   * point uniquely; always `1A` for a large user.
   */
  deliveryPointSuffix: Scalars['String']['output'];
  /** Department within the organisation. */
  departmentName: Scalars['String']['output'];
  /** Locality that tells apart two streets of the same name within a post town. */
  dependantLocality: Scalars['String']['output'];
  /** A second street name needed when a street name repeats within a post town. */
  dependantThoroughfare: Scalars['String']['output'];
  /** The current district or unitary authority of the postcode. */
  district: Scalars['String']['output'];
  /** A smaller locality that tells apart two dependant localities of the same name. */
  doubleDependantLocality: Scalars['String']['output'];
  /** Metres east on the Ordnance Survey National Grid (the Irish Grid in Northern Ireland); null when not known. */
  eastings?: Maybe<Scalars['Int']['output']>;
  /** Identifier of the record across datasets, such as `paf_23747771` or `mr_50906066`. */
  id?: Maybe<Scalars['String']['output']>;
  /** ISO 639-1 language of the record, `en` or `cy` (Welsh). */
  language?: Maybe<Scalars['String']['output']>;
  /** Latitude in degrees (WGS84); null when the location is not known. */
  latitude?: Maybe<Scalars['Float']['output']>;
  /**
   * First address line, never empty. For a business it holds the organisation's
   * name; otherwise the premise and street.
   */
  line1: Scalars['String']['output'];
  /** Second address line; may be empty. */
  line2: Scalars['String']['output'];
  /** Third address line; may be empty. */
  line3: Scalars['String']['output'];
  /** Longitude in degrees (WGS84); null when the location is not known. */
  longitude?: Maybe<Scalars['Float']['output']>;
  /** Metres north on the Ordnance Survey National Grid (the Irish Grid in Northern Ireland); null when not known. */
  northings?: Maybe<Scalars['Int']['output']>;
  /** Name of the organisation at the delivery point. */
  organisationName: Scalars['String']['output'];
  /** PO Box number; only large users have one. */
  poBox: Scalars['String']['output'];
  /**
   * The town Royal Mail routes the mail through, always present and in capitals. It is
   * a sorting instruction, not necessarily the nearest town.
   */
  postTown: Scalars['String']['output'];
  /** The former postal county, as used before postcodes; may be empty. */
  postalCounty: Scalars['String']['output'];
  /** The postcode, upper case with its single space. */
  postcode: Scalars['String']['output'];
  /** The part of the postcode after the space (sector digit and unit). */
  postcodeInward: Scalars['String']['output'];
  /** The part of the postcode before the space (area and district). */
  postcodeOutward: Scalars['String']['output'];
  /**
   * `S` for a small-user postcode (a group of delivery points, 15 on average and never
   * more than 100) or `L` for a large-user postcode (a single address with a lot of
   * mail, or PO boxes).
   */
  postcodeType: Scalars['String']['output'];
  /** Building number, building name and sub-building name combined into one readable premise string. */
  premise: Scalars['String']['output'];
  /** `Y` when a small-user organisation is present at the address, otherwise empty. */
  suOrganisationIndicator: Scalars['String']['output'];
  /** A flat, unit or room within the building; only present with a building name or number. */
  subBuildingName: Scalars['String']['output'];
  /** The street. */
  thoroughfare: Scalars['String']['output'];
  /** The historic county; may be empty. */
  traditionalCounty: Scalars['String']['output'];
  /** Unique Delivery Point Reference Number, Royal Mail's identifier of the delivery point (up to 8 digits). */
  udprn: Scalars['Int']['output'];
  /** UMPRN of a Multiple Residence household; null for any other address. */
  umprn?: Maybe<Scalars['Int']['output']>;
  /**
   * Unique Property Reference Number of the Ordnance Survey, up to 12 digits, sent as a
   * string because it can exceed the integers a browser holds exactly. Multiple
   * Residence households share the UPRN of their premise. Empty when not known.
   */
  uprn: Scalars['String']['output'];
  /** The current electoral ward of the postcode; may be empty. */
  ward: Scalars['String']['output'];
};

/**
 * A US address in the form of the USPS ZIP+4 product. Every property is present; one that
 * is not known or does not apply is an empty string.
 */
export type UsAddress = Address & {
  __typename?: 'UsAddress';
  /** Kind of the secondary unit (APT, STE, UNIT...). */
  addressSecondaryAbbreviation: Scalars['String']['output'];
  /** `B` for a base (preferred) record, `A` for an alternate record. */
  baseAlternateCode: Scalars['String']['output'];
  /** Name of a company, building or complex at the address. */
  buildingOrFirmName: Scalars['String']['output'];
  /** Four-character postal route (first letter B PO Box, H highway, C city, G general, R rural). */
  carrierRouteId: Scalars['String']['output'];
  /** Where carrier-route rates and merged 5-digit presort are available. */
  carrierRouteRateSortation: Scalars['String']['output'];
  /** City name valid for mailing. */
  city: Scalars['String']['output'];
  /** USPS 13-character abbreviation of a long city name. */
  cityAbbreviation: Scalars['String']['output'];
  /** `Y` when the city name is approved for mailing, `N` when not. */
  cityStateMailingNameIndicator: Scalars['String']['output'];
  /** Kind of locale named: B branch, C community post office, N non-postal name, P post office, S station, U urbanization. */
  cityStateNameFacilityCode: Scalars['String']['output'];
  /** Congressional district (a number, or AL for a state's single at-large district); null when not known. */
  congressionalDistrictNumber?: Maybe<Scalars['String']['output']>;
  /** The full record of the address's country (the United States, Puerto Rico or Guam). */
  country?: Maybe<Country>;
  /** ISO 3166-1 alpha-3 code (USA, PRI, GUM). */
  countryIso?: Maybe<Scalars['String']['output']>;
  /** ISO 3166-1 alpha-2 code (US, PR, GU). */
  countryIso2?: Maybe<Scalars['String']['output']>;
  /** United States, Puerto Rico or Guam. */
  countryName: Scalars['String']['output'];
  /** County or parish of the ZIP code. */
  county: Scalars['String']['output'];
  /** FIPS code of the county within its state; null when not known. */
  countyNumber?: Maybe<Scalars['Int']['output']>;
  dataset?: Maybe<AddressDataset>;
  /** USPS finance number of the post office; null when not known. */
  financeNumber?: Maybe<Scalars['Int']['output']>;
  /** Kind of government building or firm-only delivery (A to G). */
  governmentBuildingIndicator: Scalars['String']['output'];
  /** Identifier of the record, beginning `usps_`. */
  id?: Maybe<Scalars['String']['output']>;
  /** `L` when the address is an old (usually rural-route) address converted by the LACS service. */
  lacsStatusIndicator: Scalars['String']['output'];
  /** ISO 639-1 language of the record, always `en`. */
  language?: Maybe<Scalars['String']['output']>;
  /** City, state and ZIP (or ZIP+4) as written on the last line of a mail piece. */
  lastLine: Scalars['String']['output'];
  /** The delivery line (usually the street address). */
  line1: Scalars['String']['output'];
  /** Second delivery line, used when the first holds a firm or building name. */
  line2: Scalars['String']['output'];
  /** Municipality key into the USPS City State file. */
  municipalityCityStateKey: Scalars['String']['output'];
  /** The four-digit ZIP add-on, when known. */
  plus4Code: Scalars['String']['output'];
  /** The preferred last-line city name of the ZIP code. */
  preferredCity: Scalars['String']['output'];
  /** Key of the preferred last-line name in the USPS City State file. */
  preferredLastLineCityStateKey: Scalars['String']['output'];
  /** The house, rural route, contract box or PO Box number before the street name. */
  primaryNumber: Scalars['String']['output'];
  /**
   * Kind of record: G general delivery, H high-rise, F firm, S street, P PO Box, R rural
   * route or contract, M multi-carrier.
   */
  recordTypeCode: Scalars['String']['output'];
  /** Number of the apartment, suite or other unit. */
  secondaryNumber: Scalars['String']['output'];
  /** Full name of the state, territory or armed-forces designation. */
  state: Scalars['String']['output'];
  /** Two-letter state, territory or armed-forces code. */
  stateAbbreviation: Scalars['String']['output'];
  /** The street name without directions or suffix. */
  streetName: Scalars['String']['output'];
  /** Direction after the street name. */
  streetPostDirectionalAbbreviation: Scalars['String']['output'];
  /** Direction before the street name (N, SW...). */
  streetPreDirectionalAbbreviation: Scalars['String']['output'];
  /** USPS abbreviation of the street type (ST, AVE, HWY...). */
  streetSuffixAbbreviation: Scalars['String']['output'];
  /** USPS key of the base record, fixed for the record's life. */
  updateKeyNumber: Scalars['String']['output'];
  /** Urbanization key into the USPS City State file. */
  urbanizationCityStateKey: Scalars['String']['output'];
  /** M military, P PO boxes only, U unique (a single organisation); empty for a standard ZIP or when unknown. */
  zipClassificationCode: Scalars['String']['output'];
  /** The five-digit ZIP code. */
  zipCode: Scalars['String']['output'];
  /** ZIP and add-on as `12345-6789`, when the add-on is known. */
  zipPlus4Code: Scalars['String']['output'];
};

/** What a User-Agent string says about the client; unknown parts are null. */
export type UserAgent = {
  __typename?: 'UserAgent';
  browser: UserAgentBrowser;
  cpu: UserAgentCpu;
  device: UserAgentDevice;
  engine: UserAgentEngine;
  os: UserAgentOs;
  ua: Scalars['String']['output'];
};

export type UserAgentBrowser = {
  __typename?: 'UserAgentBrowser';
  major?: Maybe<Scalars['String']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  /** crawler, cli, email, fetcher, inapp, mediaplayer or library. */
  type?: Maybe<Scalars['String']['output']>;
  version?: Maybe<Scalars['String']['output']>;
};

export type UserAgentCpu = {
  __typename?: 'UserAgentCpu';
  architecture?: Maybe<Scalars['String']['output']>;
};

export type UserAgentDevice = {
  __typename?: 'UserAgentDevice';
  model?: Maybe<Scalars['String']['output']>;
  /** mobile, tablet, console, smarttv, wearable or embedded; null for desktops. */
  type?: Maybe<Scalars['String']['output']>;
  vendor?: Maybe<Scalars['String']['output']>;
};

export type UserAgentEngine = {
  __typename?: 'UserAgentEngine';
  name?: Maybe<Scalars['String']['output']>;
  version?: Maybe<Scalars['String']['output']>;
};

export type UserAgentOs = {
  __typename?: 'UserAgentOs';
  name?: Maybe<Scalars['String']['output']>;
  version?: Maybe<Scalars['String']['output']>;
};

/** The caller of this request, as the gateway sees it: where they are and what they browse with. */
export type Visitor = {
  __typename?: 'Visitor';
  browser?: Maybe<UserAgentBrowser>;
  /** The country the address is registered in; null when `located` is false. */
  country?: Maybe<Country>;
  /** ISO 4217 code of that country's currency. */
  currency?: Maybe<Scalars['String']['output']>;
  device?: Maybe<UserAgentDevice>;
  /** The full rate table against the visitor's currency. */
  exchangeRates?: Maybe<ExchangeRateTable>;
  /** The caller's IP address: the first valid X-Forwarded-For hop (malformed hops are skipped), else the connection's. */
  ip?: Maybe<Scalars['String']['output']>;
  /** Whether the caller's address was placed in a country; when false, `reason` says why and the location fields are null. */
  located: Scalars['Boolean']['output'];
  os?: Maybe<UserAgentOs>;
  /** The rate of each of `symbols` against the visitor's currency, in the order given; null when the visitor is not located. */
  rates?: Maybe<Array<VisitorRate>>;
  /** Why the caller was not placed in a country; null when `located` is true. */
  reason?: Maybe<VisitorUnlocatedReason>;
};


/** The caller of this request, as the gateway sees it: where they are and what they browse with. */
export type VisitorRatesArgs = {
  symbols: Array<Scalars['CurrencyCode']['input']>;
};

/** A rate of one asked-for currency against the visitor's currency. */
export type VisitorRate = {
  __typename?: 'VisitorRate';
  /** ISO 4217 code, as asked. */
  currency: Scalars['String']['output'];
  /** Units of `currency` per one unit of the visitor's currency; null when the rate table has no rate for it. */
  rate?: Maybe<Scalars['Float']['output']>;
};

/** Why the gateway could not place the caller in a country (see `Visitor.located`). */
export type VisitorUnlocatedReason =
  /** The request carried no usable address: no valid X-Forwarded-For hop and no connection address. */
  | 'NO_ADDRESS'
  /** The address is loopback, private or link-local (a developer's own machine, an internal proxy that does not forward the client): no country owns it. Send the client's address in X-Forwarded-For. */
  | 'PRIVATE_ADDRESS'
  /** The address is public, but the country-data interface knows no country for it. */
  | 'UNKNOWN_ADDRESS';

/** A day of the week. */
export type Weekday =
  | 'friday'
  | 'monday'
  | 'saturday'
  | 'sunday';

/** The entities a peer subgraph may return by key. */
export type _Entity = Country | Currency | Token | UkAddress;

/** This subgraph's own schema for composition. */
export type _Service = {
  __typename?: '_Service';
  /** The schema with @link, @key and @shareable, for IntrospectAndCompose and other composers. */
  sdl: Scalars['String']['output'];
};



export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;



/** Mapping of union types */
export type ResolversUnionTypes<_RefType extends Record<string, unknown>> = {
  AddressSearchHit:
    | ( AddressRecordWire )
    | ( AddressRecordWire )
  ;
  _Entity:
    | ( CountryWire )
    | ( Currency )
    | ( TokenRecordWire )
    | ( AddressRecordWire )
  ;
};

/** Mapping of interface types */
export type ResolversInterfaceTypes<_RefType extends Record<string, unknown>> = {
  Address:
    | ( AddressRecordWire )
    | ( AddressRecordWire )
  ;
};

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Address: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['Address']>;
  AddressDataset: null;
  AddressSearchHit: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['AddressSearchHit']>;
  AddressSearchResult: ResolverTypeWrapper<Omit<AddressSearchResult, 'hits'> & { hits: Array<ResolversTypes['AddressSearchHit']> }>;
  AddressSearchText: ResolverTypeWrapper<Scalars['AddressSearchText']['output']>;
  AddressSuggestion: ResolverTypeWrapper<AddressSuggestion>;
  ApiKeyText: ResolverTypeWrapper<Scalars['ApiKeyText']['output']>;
  Area: ResolverTypeWrapper<Area>;
  AutocompleteText: ResolverTypeWrapper<Scalars['AutocompleteText']['output']>;
  BabelFeeOfferDraftInput: BabelFeeOfferDraftInput;
  BabelFeeOfferInput: BabelFeeOfferInput;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  BoundingBox: ResolverTypeWrapper<Scalars['BoundingBox']['output']>;
  BriefFigure: ResolverTypeWrapper<BriefFigure>;
  BriefInput: ResolverTypeWrapper<BriefInputRecord>;
  BriefSection: BriefSection;
  BriefStatement: ResolverTypeWrapper<StatementParent>;
  CalendarConventions: ResolverTypeWrapper<CalendarConventions>;
  Capital: ResolverTypeWrapper<Capital>;
  Cars: ResolverTypeWrapper<Cars>;
  Classification: ResolverTypeWrapper<Classification>;
  CleanseInput: CleanseInput;
  CleanseResult: ResolverTypeWrapper<Omit<CleanseResult, 'match'> & { match?: Maybe<ResolversTypes['UkAddress']> }>;
  Config: ResolverTypeWrapper<Config>;
  ConfigName: ResolverTypeWrapper<Scalars['ConfigName']['output']>;
  ConfigPayload: ResolverTypeWrapper<Scalars['ConfigPayload']['output']>;
  ConfigUpdateInput: ConfigUpdateInput;
  ContextCode: ResolverTypeWrapper<Scalars['ContextCode']['output']>;
  Coordinates: ResolverTypeWrapper<Coordinates>;
  Country: ResolverTypeWrapper<CountryWire>;
  CountryCode: ResolverTypeWrapper<Scalars['CountryCode']['output']>;
  CountryCodes: ResolverTypeWrapper<CountryCodes>;
  CountryFieldFilter: CountryFieldFilter;
  CountryIso3: ResolverTypeWrapper<Scalars['CountryIso3']['output']>;
  CountryLinks: ResolverTypeWrapper<CountryLinks>;
  CountryNames: ResolverTypeWrapper<CountryNamesWire>;
  CountryPage: ResolverTypeWrapper<CountryPageWire>;
  CryptoBrief: ResolverTypeWrapper<CryptoBriefRecord>;
  CryptoExchange: null;
  Currency: ResolverTypeWrapper<Currency>;
  CurrencyCode: ResolverTypeWrapper<Scalars['CurrencyCode']['output']>;
  CurrencyConversion: ResolverTypeWrapper<CurrencyConversion>;
  Date: ResolverTypeWrapper<Scalars['Date']['output']>;
  DeletionResult: ResolverTypeWrapper<DeletionResult>;
  Demonym: ResolverTypeWrapper<Demonym>;
  DrivingSide: null;
  Economy: ResolverTypeWrapper<Economy>;
  Email: ResolverTypeWrapper<Scalars['Email']['output']>;
  EmailValidation: ResolverTypeWrapper<EmailValidation>;
  EmailVerdict: null;
  ErgoAddress: ResolverTypeWrapper<Scalars['ErgoAddress']['output']>;
  ErgoId: ResolverTypeWrapper<Scalars['ErgoId']['output']>;
  ErgoNodePeer: ResolverTypeWrapper<ErgoNodePeer>;
  ErgoPayMessageSeverity: ErgoPayMessageSeverity;
  ErgoPaySigningRequest: ResolverTypeWrapper<ErgoPaySigningRequest>;
  ErgoTokenCheck: ResolverTypeWrapper<ErgoTokenCheck>;
  ErgoTokenPrice: ResolverTypeWrapper<ErgoTokenPriceWire>;
  ExchangeRate: ResolverTypeWrapper<ExchangeRate>;
  ExchangeRateTable: ResolverTypeWrapper<RateTableWire>;
  FieldPath: ResolverTypeWrapper<Scalars['FieldPath']['output']>;
  Flag: ResolverTypeWrapper<Flag>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  GenuineToken: ResolverTypeWrapper<GenuineToken>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  IndexConstituent: ResolverTypeWrapper<IndexConstituent>;
  IndexTimeHorizon: null;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  InvestorGrade: ResolverTypeWrapper<TokenRecordWire>;
  IpAddress: ResolverTypeWrapper<Scalars['IpAddress']['output']>;
  IpCity: ResolverTypeWrapper<IpCity>;
  IpContinent: ResolverTypeWrapper<IpContinent>;
  IpCountry: ResolverTypeWrapper<IpCountry>;
  IpLocation: ResolverTypeWrapper<IpLocation>;
  IpLookup: ResolverTypeWrapper<IpLookupWire>;
  KeyAutomatedTopups: ResolverTypeWrapper<KeyAutomatedTopups>;
  KeyAvailability: ResolverTypeWrapper<Omit<KeyAvailability, 'contexts'> & { contexts?: Maybe<Array<ResolversTypes['KeyContext']>> }>;
  KeyContext: ResolverTypeWrapper<AddressRecordWire>;
  KeyDailyLimit: ResolverTypeWrapper<KeyDailyLimit>;
  KeyDatasets: ResolverTypeWrapper<KeyDatasets>;
  KeyDetails: ResolverTypeWrapper<KeyDetails>;
  KeyIndividualLimit: ResolverTypeWrapper<KeyIndividualLimit>;
  KeyNotifications: ResolverTypeWrapper<KeyNotifications>;
  KeyPurchase: ResolverTypeWrapper<KeyPurchase>;
  KeyUsage: ResolverTypeWrapper<KeyUsage>;
  KeyUsageDay: ResolverTypeWrapper<KeyUsageDay>;
  Language: ResolverTypeWrapper<Language>;
  Leader: ResolverTypeWrapper<Leader>;
  LevelType: LevelType;
  Licensee: ResolverTypeWrapper<Licensee>;
  LicenseeDaily: ResolverTypeWrapper<LicenseeDaily>;
  LicenseeDailyLimitInput: LicenseeDailyLimitInput;
  LicenseeInput: LicenseeInput;
  LicenseeKeyText: ResolverTypeWrapper<Scalars['LicenseeKeyText']['output']>;
  LicenseeList: ResolverTypeWrapper<LicenseeList>;
  LicenseeName: ResolverTypeWrapper<Scalars['LicenseeName']['output']>;
  LocalizedName: ResolverTypeWrapper<LocalizedName>;
  LonLatRadius: ResolverTypeWrapper<Scalars['LonLatRadius']['output']>;
  Long: ResolverTypeWrapper<Scalars['Long']['output']>;
  MarketIndicator: ResolverTypeWrapper<MarketIndicatorWire>;
  MatchLevel: MatchLevel;
  Memberships: ResolverTypeWrapper<Memberships>;
  Money: ResolverTypeWrapper<Money>;
  MonthDay: ResolverTypeWrapper<MonthDay>;
  MosaikAction: ResolverTypeWrapper<Omit<MosaikAction, 'newContent'> & { newContent?: Maybe<ResolversTypes['MosaikViewContent']> }>;
  MosaikActionType: null;
  MosaikApp: ResolverTypeWrapper<Omit<MosaikApp, 'actions' | 'view'> & { actions: Array<ResolversTypes['MosaikAction']>, view: ResolversTypes['MosaikViewElement'] }>;
  MosaikCanvasDimension: MosaikCanvasDimension;
  MosaikElementAttribute: ResolverTypeWrapper<MosaikElementAttribute>;
  MosaikManifest: ResolverTypeWrapper<MosaikManifest>;
  MosaikNextAction: ResolverTypeWrapper<Omit<MosaikNextAction, 'action'> & { action: ResolversTypes['MosaikAction'] }>;
  MosaikNotification: ResolverTypeWrapper<MosaikNotification>;
  MosaikPostValues: MosaikPostValues;
  MosaikViewContent: ResolverTypeWrapper<Omit<MosaikViewContent, 'actions' | 'view'> & { actions?: Maybe<Array<ResolversTypes['MosaikAction']>>, view: ResolversTypes['MosaikViewElement'] }>;
  MosaikViewElement: ResolverTypeWrapper<MosaikViewElementWire>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  NetworkType: null;
  NewConfigInput: NewConfigInput;
  NonEmptyString: ResolverTypeWrapper<Scalars['NonEmptyString']['output']>;
  NonNegativeFloat: ResolverTypeWrapper<Scalars['NonNegativeFloat']['output']>;
  NonNegativeInt: ResolverTypeWrapper<Scalars['NonNegativeInt']['output']>;
  NonPositiveFloat: ResolverTypeWrapper<Scalars['NonPositiveFloat']['output']>;
  NumberFormat: ResolverTypeWrapper<NumberFormat>;
  ParentCountry: ResolverTypeWrapper<ParentCountry>;
  PaymentRequestCreated: ResolverTypeWrapper<PaymentRequestCreated>;
  PaymentRequestInput: PaymentRequestInput;
  PaymentRequestState: ResolverTypeWrapper<PaymentRequestState>;
  PaymentRequestStatus: PaymentRequestStatus;
  PhoneCarrier: ResolverTypeWrapper<PhoneCarrier>;
  PhoneNumberText: ResolverTypeWrapper<Scalars['PhoneNumberText']['output']>;
  PhoneNumberValidation: ResolverTypeWrapper<PhoneNumberValidation>;
  Place: ResolverTypeWrapper<AddressRecordWire>;
  PlaceSearchText: ResolverTypeWrapper<Scalars['PlaceSearchText']['output']>;
  PlaceSuggestion: ResolverTypeWrapper<AddressRecordWire>;
  PositiveInt: ResolverTypeWrapper<Scalars['PositiveInt']['output']>;
  PostalCodeFormat: ResolverTypeWrapper<PostalCodeFormat>;
  PostcodeAddressPage: ResolverTypeWrapper<Omit<PostcodeAddressPage, 'addresses'> & { addresses: Array<ResolversTypes['UkAddress']> }>;
  PostcodeType: PostcodeType;
  PricePrediction: ResolverTypeWrapper<TokenRecordWire>;
  QuantMetricsTier1: ResolverTypeWrapper<TokenRecordWire>;
  QuantMetricsTier2: ResolverTypeWrapper<QuantMetricsTier2>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  ResistanceSupportLevel: ResolverTypeWrapper<TokenRecordWire>;
  ScenarioPrediction: ResolverTypeWrapper<ScenarioPrediction>;
  SearchText: ResolverTypeWrapper<Scalars['SearchText']['output']>;
  Sentiment: ResolverTypeWrapper<TokenRecordWire>;
  SmallUserIndicator: SmallUserIndicator;
  SortSpec: ResolverTypeWrapper<Scalars['SortSpec']['output']>;
  StablecoinExchangeQuote: ResolverTypeWrapper<StablecoinExchangeQuoteWire>;
  StablecoinState: ResolverTypeWrapper<StablecoinStateWire>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  SuggestionId: ResolverTypeWrapper<Scalars['SuggestionId']['output']>;
  SuggestionUrls: ResolverTypeWrapper<SuggestionUrls>;
  Token: ResolverTypeWrapper<TokenRecordWire>;
  TokenBurnInput: TokenBurnInput;
  TokenCorrelation: ResolverTypeWrapper<TokenRecordWire>;
  TokenDailyPrice: ResolverTypeWrapper<TokenRecordWire>;
  TraderGrade: ResolverTypeWrapper<TokenRecordWire>;
  TradingIndicator: ResolverTypeWrapper<TradingIndicator>;
  URL: ResolverTypeWrapper<Scalars['URL']['output']>;
  UUID: ResolverTypeWrapper<Scalars['UUID']['output']>;
  UkAddress: ResolverTypeWrapper<AddressRecordWire>;
  UkPostcode: ResolverTypeWrapper<Scalars['UkPostcode']['output']>;
  UprnText: ResolverTypeWrapper<Scalars['UprnText']['output']>;
  UsAddress: ResolverTypeWrapper<AddressRecordWire>;
  UserAgent: ResolverTypeWrapper<Omit<UserAgent, 'browser' | 'device' | 'os'> & { browser: ResolversTypes['UserAgentBrowser'], device: ResolversTypes['UserAgentDevice'], os: ResolversTypes['UserAgentOs'] }>;
  UserAgentBrowser: ResolverTypeWrapper<UserAgentPartWire>;
  UserAgentCpu: ResolverTypeWrapper<UserAgentCpu>;
  UserAgentDevice: ResolverTypeWrapper<UserAgentPartWire>;
  UserAgentEngine: ResolverTypeWrapper<UserAgentEngine>;
  UserAgentOs: ResolverTypeWrapper<UserAgentPartWire>;
  Visitor: ResolverTypeWrapper<VisitorParent>;
  VisitorRate: ResolverTypeWrapper<VisitorRate>;
  VisitorUnlocatedReason: VisitorUnlocatedReason;
  Weekday: null;
  YearMonth: ResolverTypeWrapper<Scalars['YearMonth']['output']>;
  _Any: ResolverTypeWrapper<Scalars['_Any']['output']>;
  _Entity: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['_Entity']>;
  _Service: ResolverTypeWrapper<_Service>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Address: ResolversInterfaceTypes<ResolversParentTypes>['Address'];
  AddressSearchHit: ResolversUnionTypes<ResolversParentTypes>['AddressSearchHit'];
  AddressSearchResult: Omit<AddressSearchResult, 'hits'> & { hits: Array<ResolversParentTypes['AddressSearchHit']> };
  AddressSearchText: Scalars['AddressSearchText']['output'];
  AddressSuggestion: AddressSuggestion;
  ApiKeyText: Scalars['ApiKeyText']['output'];
  Area: Area;
  AutocompleteText: Scalars['AutocompleteText']['output'];
  BabelFeeOfferDraftInput: BabelFeeOfferDraftInput;
  BabelFeeOfferInput: BabelFeeOfferInput;
  Boolean: Scalars['Boolean']['output'];
  BoundingBox: Scalars['BoundingBox']['output'];
  BriefFigure: BriefFigure;
  BriefInput: BriefInputRecord;
  BriefStatement: StatementParent;
  CalendarConventions: CalendarConventions;
  Capital: Capital;
  Cars: Cars;
  Classification: Classification;
  CleanseInput: CleanseInput;
  CleanseResult: Omit<CleanseResult, 'match'> & { match?: Maybe<ResolversParentTypes['UkAddress']> };
  Config: Config;
  ConfigName: Scalars['ConfigName']['output'];
  ConfigPayload: Scalars['ConfigPayload']['output'];
  ConfigUpdateInput: ConfigUpdateInput;
  ContextCode: Scalars['ContextCode']['output'];
  Coordinates: Coordinates;
  Country: CountryWire;
  CountryCode: Scalars['CountryCode']['output'];
  CountryCodes: CountryCodes;
  CountryFieldFilter: CountryFieldFilter;
  CountryIso3: Scalars['CountryIso3']['output'];
  CountryLinks: CountryLinks;
  CountryNames: CountryNamesWire;
  CountryPage: CountryPageWire;
  CryptoBrief: CryptoBriefRecord;
  Currency: Currency;
  CurrencyCode: Scalars['CurrencyCode']['output'];
  CurrencyConversion: CurrencyConversion;
  Date: Scalars['Date']['output'];
  DeletionResult: DeletionResult;
  Demonym: Demonym;
  Economy: Economy;
  Email: Scalars['Email']['output'];
  EmailValidation: EmailValidation;
  ErgoAddress: Scalars['ErgoAddress']['output'];
  ErgoId: Scalars['ErgoId']['output'];
  ErgoNodePeer: ErgoNodePeer;
  ErgoPaySigningRequest: ErgoPaySigningRequest;
  ErgoTokenCheck: ErgoTokenCheck;
  ErgoTokenPrice: ErgoTokenPriceWire;
  ExchangeRate: ExchangeRate;
  ExchangeRateTable: RateTableWire;
  FieldPath: Scalars['FieldPath']['output'];
  Flag: Flag;
  Float: Scalars['Float']['output'];
  GenuineToken: GenuineToken;
  ID: Scalars['ID']['output'];
  IndexConstituent: IndexConstituent;
  Int: Scalars['Int']['output'];
  InvestorGrade: TokenRecordWire;
  IpAddress: Scalars['IpAddress']['output'];
  IpCity: IpCity;
  IpContinent: IpContinent;
  IpCountry: IpCountry;
  IpLocation: IpLocation;
  IpLookup: IpLookupWire;
  KeyAutomatedTopups: KeyAutomatedTopups;
  KeyAvailability: Omit<KeyAvailability, 'contexts'> & { contexts?: Maybe<Array<ResolversParentTypes['KeyContext']>> };
  KeyContext: AddressRecordWire;
  KeyDailyLimit: KeyDailyLimit;
  KeyDatasets: KeyDatasets;
  KeyDetails: KeyDetails;
  KeyIndividualLimit: KeyIndividualLimit;
  KeyNotifications: KeyNotifications;
  KeyPurchase: KeyPurchase;
  KeyUsage: KeyUsage;
  KeyUsageDay: KeyUsageDay;
  Language: Language;
  Leader: Leader;
  Licensee: Licensee;
  LicenseeDaily: LicenseeDaily;
  LicenseeDailyLimitInput: LicenseeDailyLimitInput;
  LicenseeInput: LicenseeInput;
  LicenseeKeyText: Scalars['LicenseeKeyText']['output'];
  LicenseeList: LicenseeList;
  LicenseeName: Scalars['LicenseeName']['output'];
  LocalizedName: LocalizedName;
  LonLatRadius: Scalars['LonLatRadius']['output'];
  Long: Scalars['Long']['output'];
  MarketIndicator: MarketIndicatorWire;
  Memberships: Memberships;
  Money: Money;
  MonthDay: MonthDay;
  MosaikAction: Omit<MosaikAction, 'newContent'> & { newContent?: Maybe<ResolversParentTypes['MosaikViewContent']> };
  MosaikApp: Omit<MosaikApp, 'actions' | 'view'> & { actions: Array<ResolversParentTypes['MosaikAction']>, view: ResolversParentTypes['MosaikViewElement'] };
  MosaikElementAttribute: MosaikElementAttribute;
  MosaikManifest: MosaikManifest;
  MosaikNextAction: Omit<MosaikNextAction, 'action'> & { action: ResolversParentTypes['MosaikAction'] };
  MosaikNotification: MosaikNotification;
  MosaikViewContent: Omit<MosaikViewContent, 'actions' | 'view'> & { actions?: Maybe<Array<ResolversParentTypes['MosaikAction']>>, view: ResolversParentTypes['MosaikViewElement'] };
  MosaikViewElement: MosaikViewElementWire;
  Mutation: Record<PropertyKey, never>;
  NewConfigInput: NewConfigInput;
  NonEmptyString: Scalars['NonEmptyString']['output'];
  NonNegativeFloat: Scalars['NonNegativeFloat']['output'];
  NonNegativeInt: Scalars['NonNegativeInt']['output'];
  NonPositiveFloat: Scalars['NonPositiveFloat']['output'];
  NumberFormat: NumberFormat;
  ParentCountry: ParentCountry;
  PaymentRequestCreated: PaymentRequestCreated;
  PaymentRequestInput: PaymentRequestInput;
  PaymentRequestState: PaymentRequestState;
  PhoneCarrier: PhoneCarrier;
  PhoneNumberText: Scalars['PhoneNumberText']['output'];
  PhoneNumberValidation: PhoneNumberValidation;
  Place: AddressRecordWire;
  PlaceSearchText: Scalars['PlaceSearchText']['output'];
  PlaceSuggestion: AddressRecordWire;
  PositiveInt: Scalars['PositiveInt']['output'];
  PostalCodeFormat: PostalCodeFormat;
  PostcodeAddressPage: Omit<PostcodeAddressPage, 'addresses'> & { addresses: Array<ResolversParentTypes['UkAddress']> };
  PricePrediction: TokenRecordWire;
  QuantMetricsTier1: TokenRecordWire;
  QuantMetricsTier2: QuantMetricsTier2;
  Query: Record<PropertyKey, never>;
  ResistanceSupportLevel: TokenRecordWire;
  ScenarioPrediction: ScenarioPrediction;
  SearchText: Scalars['SearchText']['output'];
  Sentiment: TokenRecordWire;
  SortSpec: Scalars['SortSpec']['output'];
  StablecoinExchangeQuote: StablecoinExchangeQuoteWire;
  StablecoinState: StablecoinStateWire;
  String: Scalars['String']['output'];
  Subscription: Record<PropertyKey, never>;
  SuggestionId: Scalars['SuggestionId']['output'];
  SuggestionUrls: SuggestionUrls;
  Token: TokenRecordWire;
  TokenBurnInput: TokenBurnInput;
  TokenCorrelation: TokenRecordWire;
  TokenDailyPrice: TokenRecordWire;
  TraderGrade: TokenRecordWire;
  TradingIndicator: TradingIndicator;
  URL: Scalars['URL']['output'];
  UUID: Scalars['UUID']['output'];
  UkAddress: AddressRecordWire;
  UkPostcode: Scalars['UkPostcode']['output'];
  UprnText: Scalars['UprnText']['output'];
  UsAddress: AddressRecordWire;
  UserAgent: Omit<UserAgent, 'browser' | 'device' | 'os'> & { browser: ResolversParentTypes['UserAgentBrowser'], device: ResolversParentTypes['UserAgentDevice'], os: ResolversParentTypes['UserAgentOs'] };
  UserAgentBrowser: UserAgentPartWire;
  UserAgentCpu: UserAgentCpu;
  UserAgentDevice: UserAgentPartWire;
  UserAgentEngine: UserAgentEngine;
  UserAgentOs: UserAgentPartWire;
  Visitor: VisitorParent;
  VisitorRate: VisitorRate;
  YearMonth: Scalars['YearMonth']['output'];
  _Any: Scalars['_Any']['output'];
  _Entity: ResolversUnionTypes<ResolversParentTypes>['_Entity'];
  _Service: _Service;
};

export type AuthenticatedDirectiveArgs = { };

export type AuthenticatedDirectiveResolver<Result, Parent, ContextType = GatewayContext, Args = AuthenticatedDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type CostDirectiveArgs = {
  weight: Scalars['Int']['input'];
};

export type CostDirectiveResolver<Result, Parent, ContextType = GatewayContext, Args = CostDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type DeferDirectiveArgs = {
  if?: Scalars['Boolean']['input'];
  label?: Maybe<Scalars['String']['input']>;
};

export type DeferDirectiveResolver<Result, Parent, ContextType = GatewayContext, Args = DeferDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type ListSizeDirectiveArgs = {
  assumedSize?: Maybe<Scalars['Int']['input']>;
  requireOneSlicingArgument?: Maybe<Scalars['Boolean']['input']>;
  sizedFields?: Maybe<Array<Scalars['String']['input']>>;
  slicingArguments?: Maybe<Array<Scalars['String']['input']>>;
};

export type ListSizeDirectiveResolver<Result, Parent, ContextType = GatewayContext, Args = ListSizeDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type RequiresScopesDirectiveArgs = {
  scopes: Array<Array<Scalars['String']['input']>>;
};

export type RequiresScopesDirectiveResolver<Result, Parent, ContextType = GatewayContext, Args = RequiresScopesDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type StreamDirectiveArgs = {
  if?: Scalars['Boolean']['input'];
  initialCount?: Maybe<Scalars['Int']['input']>;
  label?: Maybe<Scalars['String']['input']>;
};

export type StreamDirectiveResolver<Result, Parent, ContextType = GatewayContext, Args = StreamDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type AddressResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Address'] = ResolversParentTypes['Address']> = {
  __resolveType: TypeResolveFn<'UkAddress' | 'UsAddress', ParentType, ContextType>;
};

export type AddressDatasetResolvers = { MR: 'mr', NYB: 'nyb', PAF: 'paf', PAFA: 'pafa', PAFW: 'pafw', USPS: 'usps' };

export type AddressSearchHitResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AddressSearchHit'] = ResolversParentTypes['AddressSearchHit']> = {
  __resolveType: TypeResolveFn<'UkAddress' | 'UsAddress', ParentType, ContextType>;
};

export type AddressSearchResultResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AddressSearchResult'] = ResolversParentTypes['AddressSearchResult']> = {
  hits?: Resolver<Array<ResolversTypes['AddressSearchHit']>, ParentType, ContextType>;
  limit?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  page?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export interface AddressSearchTextScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['AddressSearchText'], any> {
  name: 'AddressSearchText';
}

export type AddressSuggestionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AddressSuggestion'] = ResolversParentTypes['AddressSuggestion']> = {
  id?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  suggestion?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  udprn?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  umprn?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  urls?: Resolver<ResolversTypes['SuggestionUrls'], ParentType, ContextType>;
};

export interface ApiKeyTextScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['ApiKeyText'], any> {
  name: 'ApiKeyText';
}

export type AreaResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Area'] = ResolversParentTypes['Area']> = {
  kilometers?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  miles?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export interface AutocompleteTextScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['AutocompleteText'], any> {
  name: 'AutocompleteText';
}

export interface BoundingBoxScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['BoundingBox'], any> {
  name: 'BoundingBox';
}

export type BriefFigureResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['BriefFigure'] = ResolversParentTypes['BriefFigure']> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type BriefInputResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['BriefInput'] = ResolversParentTypes['BriefInput']> = {
  date?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  field?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  operation?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  token?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  value?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type BriefStatementResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['BriefStatement'] = ResolversParentTypes['BriefStatement']> = {
  figures?: Resolver<Array<ResolversTypes['BriefFigure']>, ParentType, ContextType>;
  follows?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  inputs?: Resolver<Array<ResolversTypes['BriefInput']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  section?: Resolver<ResolversTypes['BriefSection'], ParentType, ContextType>;
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CalendarConventionsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CalendarConventions'] = ResolversParentTypes['CalendarConventions']> = {
  academicYearStart?: Resolver<Maybe<ResolversTypes['MonthDay']>, ParentType, ContextType>;
  fiscalYearStart?: Resolver<Maybe<ResolversTypes['MonthDay']>, ParentType, ContextType>;
  startOfWeek?: Resolver<ResolversTypes['Weekday'], ParentType, ContextType>;
};

export type CapitalResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Capital'] = ResolversParentTypes['Capital']> = {
  administrative?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  constitutional?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  coordinates?: Resolver<Maybe<ResolversTypes['Coordinates']>, ParentType, ContextType>;
  executive?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  judicial?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  legislative?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  primary?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type CarsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Cars'] = ResolversParentTypes['Cars']> = {
  drivingSide?: Resolver<ResolversTypes['DrivingSide'], ParentType, ContextType>;
  signs?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ClassificationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Classification'] = ResolversParentTypes['Classification']> = {
  dependency?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  dependencyType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  disputed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isoStatus?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sovereign?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  unMember?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  unObserver?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type CleanseResultResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CleanseResult'] = ResolversParentTypes['CleanseResult']> = {
  confidence?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  fit?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  localityMatch?: Resolver<ResolversTypes['MatchLevel'], ParentType, ContextType>;
  match?: Resolver<Maybe<ResolversTypes['UkAddress']>, ParentType, ContextType>;
  organisationMatch?: Resolver<ResolversTypes['MatchLevel'], ParentType, ContextType>;
  postTownMatch?: Resolver<ResolversTypes['MatchLevel'], ParentType, ContextType>;
  postcodeMatch?: Resolver<ResolversTypes['MatchLevel'], ParentType, ContextType>;
  premiseMatch?: Resolver<ResolversTypes['MatchLevel'], ParentType, ContextType>;
  query?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  thoroughfareMatch?: Resolver<ResolversTypes['MatchLevel'], ParentType, ContextType>;
};

export type ConfigResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Config'] = ResolversParentTypes['Config']> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  payload?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export interface ConfigNameScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['ConfigName'], any> {
  name: 'ConfigName';
}

export interface ConfigPayloadScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['ConfigPayload'], any> {
  name: 'ConfigPayload';
}

export interface ContextCodeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['ContextCode'], any> {
  name: 'ContextCode';
}

export type CoordinatesResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Coordinates'] = ResolversParentTypes['Coordinates']> = {
  lat?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  lng?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type CountryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Country'] = ResolversParentTypes['Country']> = {
  area?: Resolver<ResolversTypes['Area'], ParentType, ContextType>;
  borderCountries?: Resolver<Array<ResolversTypes['Country']>, ParentType, ContextType>;
  borders?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  callingCodes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  capitals?: Resolver<Array<ResolversTypes['Capital']>, ParentType, ContextType>;
  cars?: Resolver<ResolversTypes['Cars'], ParentType, ContextType>;
  classification?: Resolver<ResolversTypes['Classification'], ParentType, ContextType>;
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  codes?: Resolver<ResolversTypes['CountryCodes'], ParentType, ContextType>;
  continents?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  convert?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType, RequireFields<CountryConvertArgs, 'amount' | 'to'>>;
  coordinates?: Resolver<ResolversTypes['Coordinates'], ParentType, ContextType>;
  currencies?: Resolver<Array<ResolversTypes['Currency']>, ParentType, ContextType>;
  currencyRate?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType, RequireFields<CountryCurrencyRateArgs, 'to'>>;
  date?: Resolver<ResolversTypes['CalendarConventions'], ParentType, ContextType>;
  demonyms?: Resolver<Array<ResolversTypes['Demonym']>, ParentType, ContextType>;
  economy?: Resolver<Maybe<ResolversTypes['Economy']>, ParentType, ContextType>;
  exchangeRates?: Resolver<Maybe<ResolversTypes['ExchangeRateTable']>, ParentType, ContextType>;
  flag?: Resolver<ResolversTypes['Flag'], ParentType, ContextType>;
  governmentType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  landlocked?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  languages?: Resolver<Array<ResolversTypes['Language']>, ParentType, ContextType>;
  leaders?: Resolver<Maybe<Array<ResolversTypes['Leader']>>, ParentType, ContextType>;
  links?: Resolver<ResolversTypes['CountryLinks'], ParentType, ContextType>;
  memberships?: Resolver<ResolversTypes['Memberships'], ParentType, ContextType>;
  names?: Resolver<ResolversTypes['CountryNames'], ParentType, ContextType>;
  numberFormat?: Resolver<ResolversTypes['NumberFormat'], ParentType, ContextType>;
  parent?: Resolver<Maybe<ResolversTypes['ParentCountry']>, ParentType, ContextType>;
  population?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  postalCode?: Resolver<ResolversTypes['PostalCodeFormat'], ParentType, ContextType>;
  region?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subregion?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  timezones?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  tlds?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  uuid?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export interface CountryCodeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['CountryCode'], any> {
  name: 'CountryCode';
}

export type CountryCodesResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CountryCodes'] = ResolversParentTypes['CountryCodes']> = {
  alpha2?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  alpha3?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ccn3?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  cioc?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fifa?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fips?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  gec?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export interface CountryIso3ScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['CountryIso3'], any> {
  name: 'CountryIso3';
}

export type CountryLinksResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CountryLinks'] = ResolversParentTypes['CountryLinks']> = {
  googleMaps?: Resolver<Maybe<ResolversTypes['URL']>, ParentType, ContextType>;
  official?: Resolver<Maybe<ResolversTypes['URL']>, ParentType, ContextType>;
  openStreetMaps?: Resolver<Maybe<ResolversTypes['URL']>, ParentType, ContextType>;
  wikipedia?: Resolver<Maybe<ResolversTypes['URL']>, ParentType, ContextType>;
};

export type CountryNamesResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CountryNames'] = ResolversParentTypes['CountryNames']> = {
  alternates?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  common?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  native?: Resolver<Array<ResolversTypes['LocalizedName']>, ParentType, ContextType>;
  official?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  translations?: Resolver<Array<ResolversTypes['LocalizedName']>, ParentType, ContextType, Partial<CountryNamesTranslationsArgs>>;
};

export type CountryPageResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CountryPage'] = ResolversParentTypes['CountryPage']> = {
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  limit?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  more?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Country']>, ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type CryptoBriefResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CryptoBrief'] = ResolversParentTypes['CryptoBrief']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  headline?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  inputCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  inputs?: Resolver<Array<ResolversTypes['BriefInput']>, ParentType, ContextType>;
  whatChanged?: Resolver<Array<ResolversTypes['BriefStatement']>, ParentType, ContextType>;
  whatToWatch?: Resolver<Array<ResolversTypes['BriefStatement']>, ParentType, ContextType>;
  whyItMatters?: Resolver<Array<ResolversTypes['BriefStatement']>, ParentType, ContextType>;
};

export type CryptoExchangeResolvers = { BINANCE: 'binance', BYBIT: 'bybit', COINBASE: 'coinbase', GATE: 'gate', KRAKEN: 'kraken', KUCOIN: 'kucoin', OKX: 'okx' };

export type CurrencyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Currency'] = ResolversParentTypes['Currency']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  symbol?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export interface CurrencyCodeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['CurrencyCode'], any> {
  name: 'CurrencyCode';
}

export type CurrencyConversionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CurrencyConversion'] = ResolversParentTypes['CurrencyConversion']> = {
  amount?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  date?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  from?: Resolver<ResolversTypes['Currency'], ParentType, ContextType>;
  rate?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  result?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  to?: Resolver<ResolversTypes['Currency'], ParentType, ContextType>;
};

export interface DateScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Date'], any> {
  name: 'Date';
}

export type DeletionResultResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeletionResult'] = ResolversParentTypes['DeletionResult']> = {
  deleted?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type DemonymResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Demonym'] = ResolversParentTypes['Demonym']> = {
  feminine?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  language?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  masculine?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type DrivingSideResolvers = { LEFT: 'left', RIGHT: 'right' };

export type EconomyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Economy'] = ResolversParentTypes['Economy']> = {
  giniCoefficient?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
};

export interface EmailScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Email'], any> {
  name: 'Email';
}

export type EmailValidationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['EmailValidation'] = ResolversParentTypes['EmailValidation']> = {
  catchall?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  deliverable?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  disposable?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  free?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  result?: Resolver<ResolversTypes['EmailVerdict'], ParentType, ContextType>;
  role?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
};

export type EmailVerdictResolvers = { DELIVERABLE: 'deliverable', NOT_DELIVERABLE: 'not_deliverable', UNKNOWN: 'unknown' };

export interface ErgoAddressScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['ErgoAddress'], any> {
  name: 'ErgoAddress';
}

export interface ErgoIdScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['ErgoId'], any> {
  name: 'ErgoId';
}

export type ErgoNodePeerResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ErgoNodePeer'] = ResolversParentTypes['ErgoNodePeer']> = {
  blockHeight?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  blockchainApi?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  headerHeight?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  lastSeen?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  openRestApi?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  responseTime?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ErgoPaySigningRequestResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ErgoPaySigningRequest'] = ResolversParentTypes['ErgoPaySigningRequest']> = {
  address?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  addresses?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  messageSeverity?: Resolver<ResolversTypes['ErgoPayMessageSeverity'], ParentType, ContextType>;
  reducedTx?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reducedTxList?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  replyTo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ErgoTokenCheckResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ErgoTokenCheck'] = ResolversParentTypes['ErgoTokenCheck']> = {
  genuine?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  token?: Resolver<Maybe<ResolversTypes['GenuineToken']>, ParentType, ContextType>;
};

export type ErgoTokenPriceResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ErgoTokenPrice'] = ResolversParentTypes['ErgoTokenPrice']> = {
  available?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  displayName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ergPerToken?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  priceIn?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType, RequireFields<ErgoTokenPricePriceInArgs, 'currency'>>;
  tokenId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokensPerErg?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  volumeLastDay?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
};

export type ExchangeRateResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ExchangeRate'] = ResolversParentTypes['ExchangeRate']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  rate?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type ExchangeRateTableResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ExchangeRateTable'] = ResolversParentTypes['ExchangeRateTable']> = {
  base?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  rates?: Resolver<Array<ResolversTypes['ExchangeRate']>, ParentType, ContextType, Partial<ExchangeRateTableRatesArgs>>;
};

export interface FieldPathScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['FieldPath'], any> {
  name: 'FieldPath';
}

export type FlagResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Flag'] = ResolversParentTypes['Flag']> = {
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  emoji?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  htmlEntity?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  unicode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  urlPng?: Resolver<ResolversTypes['URL'], ParentType, ContextType>;
  urlSvg?: Resolver<ResolversTypes['URL'], ParentType, ContextType>;
};

export type GenuineTokenResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['GenuineToken'] = ResolversParentTypes['GenuineToken']> = {
  issuer?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  tokenId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  uniqueName?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type IndexConstituentResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['IndexConstituent'] = ResolversParentTypes['IndexConstituent']> = {
  blWeight?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  epoch?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  exchange?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  initialPrice?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  marketCap?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  tokenId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokenName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenSymbol?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type IndexTimeHorizonResolvers = { MONTH: 'month', QUARTER: 'quarter', YEAR: 'year' };

export type InvestorGradeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['InvestorGrade'] = ResolversParentTypes['InvestorGrade']> = {
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  epoch?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  fundamentalGrade?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  technologyGrade?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  tmInvestorGrade?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  tokenId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokenName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenSymbol?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  valuationGrade?: Resolver<Maybe<ResolversTypes['NonNegativeFloat']>, ParentType, ContextType>;
};

export interface IpAddressScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['IpAddress'], any> {
  name: 'IpAddress';
}

export type IpCityResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['IpCity'] = ResolversParentTypes['IpCity']> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type IpContinentResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['IpContinent'] = ResolversParentTypes['IpContinent']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type IpCountryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['IpCountry'] = ResolversParentTypes['IpCountry']> = {
  alpha2?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type IpLocationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['IpLocation'] = ResolversParentTypes['IpLocation']> = {
  city?: Resolver<Maybe<ResolversTypes['IpCity']>, ParentType, ContextType>;
  continent?: Resolver<Maybe<ResolversTypes['IpContinent']>, ParentType, ContextType>;
  country?: Resolver<Maybe<ResolversTypes['IpCountry']>, ParentType, ContextType>;
};

export type IpLookupResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['IpLookup'] = ResolversParentTypes['IpLookup']> = {
  country?: Resolver<Maybe<ResolversTypes['Country']>, ParentType, ContextType>;
  ip?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  location?: Resolver<ResolversTypes['IpLocation'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type KeyAutomatedTopupsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KeyAutomatedTopups'] = ResolversParentTypes['KeyAutomatedTopups']> = {
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type KeyAvailabilityResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KeyAvailability'] = ResolversParentTypes['KeyAvailability']> = {
  available?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  context?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  contexts?: Resolver<Maybe<Array<ResolversTypes['KeyContext']>>, ParentType, ContextType>;
};

export type KeyContextResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KeyContext'] = ResolversParentTypes['KeyContext']> = {
  country?: Resolver<Maybe<ResolversTypes['Country']>, ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  emoji?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  iso2?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  iso3?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  rgeo?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type KeyDailyLimitResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KeyDailyLimit'] = ResolversParentTypes['KeyDailyLimit']> = {
  consumed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  limit?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type KeyDatasetsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KeyDatasets'] = ResolversParentTypes['KeyDatasets']> = {
  mr?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  nyb?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  paf?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type KeyDetailsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KeyDetails'] = ResolversParentTypes['KeyDetails']> = {
  allowedUrls?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  automatedTopups?: Resolver<ResolversTypes['KeyAutomatedTopups'], ParentType, ContextType>;
  currentPurchases?: Resolver<Array<ResolversTypes['KeyPurchase']>, ParentType, ContextType>;
  dailyLimit?: Resolver<ResolversTypes['KeyDailyLimit'], ParentType, ContextType>;
  datasets?: Resolver<ResolversTypes['KeyDatasets'], ParentType, ContextType>;
  individualLimit?: Resolver<ResolversTypes['KeyIndividualLimit'], ParentType, ContextType>;
  lookupsRemaining?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  notifications?: Resolver<ResolversTypes['KeyNotifications'], ParentType, ContextType>;
};

export type KeyIndividualLimitResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KeyIndividualLimit'] = ResolversParentTypes['KeyIndividualLimit']> = {
  ipForwarding?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  limit?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type KeyNotificationsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KeyNotifications'] = ResolversParentTypes['KeyNotifications']> = {
  emails?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type KeyPurchaseResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KeyPurchase'] = ResolversParentTypes['KeyPurchase']> = {
  consumed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  expires?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  purchased?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type KeyUsageResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KeyUsage'] = ResolversParentTypes['KeyUsage']> = {
  dailyCount?: Resolver<Array<ResolversTypes['KeyUsageDay']>, ParentType, ContextType>;
  end?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  start?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type KeyUsageDayResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KeyUsageDay'] = ResolversParentTypes['KeyUsageDay']> = {
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
};

export type LanguageResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Language'] = ResolversParentTypes['Language']> = {
  isoCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  native?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type LeaderResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Leader'] = ResolversParentTypes['Leader']> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type LicenseeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Licensee'] = ResolversParentTypes['Licensee']> = {
  address?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  daily?: Resolver<ResolversTypes['LicenseeDaily'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  postcode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  whitelist?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type LicenseeDailyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['LicenseeDaily'] = ResolversParentTypes['LicenseeDaily']> = {
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  limit?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export interface LicenseeKeyTextScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['LicenseeKeyText'], any> {
  name: 'LicenseeKeyText';
}

export type LicenseeListResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['LicenseeList'] = ResolversParentTypes['LicenseeList']> = {
  hasMore?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  licensees?: Resolver<Array<ResolversTypes['Licensee']>, ParentType, ContextType>;
};

export interface LicenseeNameScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['LicenseeName'], any> {
  name: 'LicenseeName';
}

export type LocalizedNameResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['LocalizedName'] = ResolversParentTypes['LocalizedName']> = {
  common?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  language?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  official?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export interface LonLatRadiusScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['LonLatRadius'], any> {
  name: 'LonLatRadius';
}

export interface LongScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Long'], any> {
  name: 'Long';
}

export type MarketIndicatorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MarketIndicator'] = ResolversParentTypes['MarketIndicator']> = {
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  epoch?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  lastTmGradeSignal?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tmGradePercHighCoins?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  tmGradeSignal?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  totalCryptoMcap?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type MembershipsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Memberships'] = ResolversParentTypes['Memberships']> = {
  africanUnion?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  arabLeague?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  asean?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  brics?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  commonwealth?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  eu?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  eurozone?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  g7?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  g20?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  nato?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  oecd?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  opec?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  schengen?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  un?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type MoneyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Money'] = ResolversParentTypes['Money']> = {
  amount?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  asOf?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MonthDayResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MonthDay'] = ResolversParentTypes['MonthDay']> = {
  day?: Resolver<ResolversTypes['PositiveInt'], ParentType, ContextType>;
  month?: Resolver<ResolversTypes['PositiveInt'], ParentType, ContextType>;
};

export type MosaikActionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MosaikAction'] = ResolversParentTypes['MosaikAction']> = {
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  negativeButtonText?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  newContent?: Resolver<Maybe<ResolversTypes['MosaikViewContent']>, ParentType, ContextType>;
  onFinished?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  onNegativeButtonClicked?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  onPositiveButtonClicked?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  positiveButtonText?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  postValues?: Resolver<Maybe<ResolversTypes['MosaikPostValues']>, ParentType, ContextType>;
  text?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  tokenId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['MosaikActionType'], ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type MosaikActionTypeResolvers = { BACKEND_REQUEST_ACTION: 'BackendRequestAction', BROWSER_ACTION: 'BrowserAction', CHANGE_SITE_ACTION: 'ChangeSiteAction', COPY_CLIPBOARD_ACTION: 'CopyClipboardAction', DIALOG_ACTION: 'DialogAction', ERGO_AUTH_ACTION: 'ErgoAuthAction', ERGO_PAY_ACTION: 'ErgoPayAction', NAVIGATE_ACTION: 'NavigateAction', QR_CODE_ACTION: 'QrCodeAction', RELOAD_ACTION: 'ReloadAction', TOKEN_INFORMATION_ACTION: 'TokenInformationAction' };

export type MosaikAppResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MosaikApp'] = ResolversParentTypes['MosaikApp']> = {
  actions?: Resolver<Array<ResolversTypes['MosaikAction']>, ParentType, ContextType>;
  manifest?: Resolver<ResolversTypes['MosaikManifest'], ParentType, ContextType>;
  view?: Resolver<ResolversTypes['MosaikViewElement'], ParentType, ContextType>;
};

export type MosaikElementAttributeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MosaikElementAttribute'] = ResolversParentTypes['MosaikElementAttribute']> = {
  json?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type MosaikManifestResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MosaikManifest'] = ResolversParentTypes['MosaikManifest']> = {
  appDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  appName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  appVersion?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  cacheLifetime?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  errorReportUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  iconUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  notificationCheckUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  onAppLoadedAction?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  onResizeAction?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  targetCanvasDimension?: Resolver<Maybe<ResolversTypes['MosaikCanvasDimension']>, ParentType, ContextType>;
  targetMosaikVersion?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type MosaikNextActionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MosaikNextAction'] = ResolversParentTypes['MosaikNextAction']> = {
  action?: Resolver<ResolversTypes['MosaikAction'], ParentType, ContextType>;
  appVersion?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type MosaikNotificationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MosaikNotification'] = ResolversParentTypes['MosaikNotification']> = {
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  messageTs?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  nextCheck?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type MosaikViewContentResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MosaikViewContent'] = ResolversParentTypes['MosaikViewContent']> = {
  actions?: Resolver<Maybe<Array<ResolversTypes['MosaikAction']>>, ParentType, ContextType>;
  view?: Resolver<ResolversTypes['MosaikViewElement'], ParentType, ContextType>;
};

export type MosaikViewElementResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MosaikViewElement'] = ResolversParentTypes['MosaikViewElement']> = {
  attributes?: Resolver<Array<ResolversTypes['MosaikElementAttribute']>, ParentType, ContextType>;
  children?: Resolver<Maybe<Array<ResolversTypes['MosaikViewElement']>>, ParentType, ContextType>;
  id?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  onClickAction?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  onLongPressAction?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  visible?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
};

export type MutationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  addBabelFeeOfferInput?: Resolver<Maybe<ResolversTypes['MosaikNextAction']>, ParentType, ContextType, Partial<MutationAddBabelFeeOfferInputArgs>>;
  createKeyConfig?: Resolver<Maybe<ResolversTypes['Config']>, ParentType, ContextType, RequireFields<MutationCreateKeyConfigArgs, 'key'>>;
  createLicensee?: Resolver<Maybe<ResolversTypes['Licensee']>, ParentType, ContextType, RequireFields<MutationCreateLicenseeArgs, 'key'>>;
  createPaymentRequest?: Resolver<Maybe<ResolversTypes['PaymentRequestCreated']>, ParentType, ContextType, Partial<MutationCreatePaymentRequestArgs>>;
  deleteKeyConfig?: Resolver<Maybe<ResolversTypes['DeletionResult']>, ParentType, ContextType, RequireFields<MutationDeleteKeyConfigArgs, 'key' | 'name'>>;
  deleteLicensee?: Resolver<Maybe<ResolversTypes['DeletionResult']>, ParentType, ContextType, RequireFields<MutationDeleteLicenseeArgs, 'id' | 'key'>>;
  prepareTokenBurn?: Resolver<Maybe<ResolversTypes['MosaikNextAction']>, ParentType, ContextType, Partial<MutationPrepareTokenBurnArgs>>;
  submitBabelFeeOffer?: Resolver<Maybe<ResolversTypes['MosaikNextAction']>, ParentType, ContextType, Partial<MutationSubmitBabelFeeOfferArgs>>;
  updateKeyConfig?: Resolver<Maybe<ResolversTypes['Config']>, ParentType, ContextType, RequireFields<MutationUpdateKeyConfigArgs, 'key' | 'name'>>;
  updateLicensee?: Resolver<Maybe<ResolversTypes['Licensee']>, ParentType, ContextType, RequireFields<MutationUpdateLicenseeArgs, 'id' | 'key'>>;
};

export type NetworkTypeResolvers = { LANDLINE: 'landline', LANDLINE_PREMIUM: 'landline_premium', LANDLINE_TOLLFREE: 'landline_tollfree', MOBILE: 'mobile', PAGER: 'pager', UNKNOWN: 'unknown', VIRTUAL: 'virtual' };

export interface NonEmptyStringScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['NonEmptyString'], any> {
  name: 'NonEmptyString';
}

export interface NonNegativeFloatScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['NonNegativeFloat'], any> {
  name: 'NonNegativeFloat';
}

export interface NonNegativeIntScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['NonNegativeInt'], any> {
  name: 'NonNegativeInt';
}

export interface NonPositiveFloatScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['NonPositiveFloat'], any> {
  name: 'NonPositiveFloat';
}

export type NumberFormatResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['NumberFormat'] = ResolversParentTypes['NumberFormat']> = {
  decimalSeparator?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  thousandsSeparator?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ParentCountryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ParentCountry'] = ResolversParentTypes['ParentCountry']> = {
  alpha2?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  alpha3?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PaymentRequestCreatedResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PaymentRequestCreated'] = ResolversParentTypes['PaymentRequestCreated']> = {
  ergoPayUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  requestId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PaymentRequestStateResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PaymentRequestState'] = ResolversParentTypes['PaymentRequestState']> = {
  paymentRequestState?: Resolver<ResolversTypes['PaymentRequestStatus'], ParentType, ContextType>;
  requestId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  txId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PhoneCarrierResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PhoneCarrier'] = ResolversParentTypes['PhoneCarrier']> = {
  country?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  networkCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  networkType?: Resolver<Maybe<ResolversTypes['NetworkType']>, ParentType, ContextType>;
};

export interface PhoneNumberTextScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['PhoneNumberText'], any> {
  name: 'PhoneNumberText';
}

export type PhoneNumberValidationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PhoneNumberValidation'] = ResolversParentTypes['PhoneNumberValidation']> = {
  country?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  currentCarrier?: Resolver<Maybe<ResolversTypes['PhoneCarrier']>, ParentType, ContextType>;
  internationalFormat?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  isoCountry?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  isoCountry2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  nationalFormat?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  originalCarrier?: Resolver<Maybe<ResolversTypes['PhoneCarrier']>, ParentType, ContextType>;
  valid?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type PlaceResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Place'] = ResolversParentTypes['Place']> = {
  country?: Resolver<Maybe<ResolversTypes['Country']>, ParentType, ContextType>;
  countryIso?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dataset?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  descriptiveName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  language?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  latitude?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  longitude?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export interface PlaceSearchTextScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['PlaceSearchText'], any> {
  name: 'PlaceSearchText';
}

export type PlaceSuggestionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PlaceSuggestion'] = ResolversParentTypes['PlaceSuggestion']> = {
  country?: Resolver<Maybe<ResolversTypes['Country']>, ParentType, ContextType>;
  countryIso?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  descriptiveName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export interface PositiveIntScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['PositiveInt'], any> {
  name: 'PositiveInt';
}

export type PostalCodeFormatResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PostalCodeFormat'] = ResolversParentTypes['PostalCodeFormat']> = {
  format?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  regex?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PostcodeAddressPageResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PostcodeAddressPage'] = ResolversParentTypes['PostcodeAddressPage']> = {
  addresses?: Resolver<Array<ResolversTypes['UkAddress']>, ParentType, ContextType>;
  limit?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  page?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  total?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type PricePredictionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PricePrediction'] = ResolversParentTypes['PricePrediction']> = {
  close?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  epoch?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  forecastDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  forecastHorizonDays?: Resolver<Maybe<ResolversTypes['PositiveInt']>, ParentType, ContextType>;
  forecastModel?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  high?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  low?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  open?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  tokenId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokenName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenSymbol?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  volume?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type QuantMetricsTier1Resolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['QuantMetricsTier1'] = ResolversParentTypes['QuantMetricsTier1']> = {
  beta?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  cagr?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  cumulativeReturn?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  endPeriod?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  epoch?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  maxDrawdown?: Resolver<ResolversTypes['NonPositiveFloat'], ParentType, ContextType>;
  sharpe?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  sortino?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  startPeriod?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  tokenId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokenName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenSymbol?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  volatility?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
};

export type QuantMetricsTier2Resolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['QuantMetricsTier2'] = ResolversParentTypes['QuantMetricsTier2']> = {
  avgDailyReturn?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  avgDownMonth?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  avgMonthlyReturn?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  avgUpMonth?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  bestDay?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  bestMonth?: Resolver<ResolversTypes['YearMonth'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  epoch?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  maxDailyReturn?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  maxMonthlyReturn?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  minDailyReturn?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  minMonthlyReturn?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  stdDailyReturn?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  stdMonthlyReturn?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  tokenId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokenName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenSymbol?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  worstDay?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  worstMonth?: Resolver<ResolversTypes['YearMonth'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  _entities?: Resolver<Array<Maybe<ResolversTypes['_Entity']>>, ParentType, ContextType, RequireFields<Query_EntitiesArgs, 'representations'>>;
  _sdl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  _service?: Resolver<ResolversTypes['_Service'], ParentType, ContextType>;
  addressByUdprn?: Resolver<Maybe<ResolversTypes['UkAddress']>, ParentType, ContextType, RequireFields<QueryAddressByUdprnArgs, 'udprn'>>;
  addressByUmprn?: Resolver<Maybe<ResolversTypes['UkAddress']>, ParentType, ContextType, RequireFields<QueryAddressByUmprnArgs, 'umprn'>>;
  addressSuggestions?: Resolver<Maybe<Array<ResolversTypes['AddressSuggestion']>>, ParentType, ContextType, RequireFields<QueryAddressSuggestionsArgs, 'limit'>>;
  addresses?: Resolver<Maybe<ResolversTypes['AddressSearchResult']>, ParentType, ContextType, RequireFields<QueryAddressesArgs, 'limit'>>;
  apiKey?: Resolver<Maybe<ResolversTypes['KeyAvailability']>, ParentType, ContextType, RequireFields<QueryApiKeyArgs, 'key'>>;
  apiKeyDetails?: Resolver<Maybe<ResolversTypes['KeyDetails']>, ParentType, ContextType, RequireFields<QueryApiKeyDetailsArgs, 'key'>>;
  apiKeyLookups?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType, RequireFields<QueryApiKeyLookupsArgs, 'key'>>;
  apiKeyUsage?: Resolver<Maybe<ResolversTypes['KeyUsage']>, ParentType, ContextType, RequireFields<QueryApiKeyUsageArgs, 'key'>>;
  babelFeeApp?: Resolver<Maybe<ResolversTypes['MosaikApp']>, ParentType, ContextType>;
  babelFeeNewOfferApp?: Resolver<Maybe<ResolversTypes['MosaikApp']>, ParentType, ContextType>;
  babelFeeNotifications?: Resolver<Maybe<ResolversTypes['MosaikNotification']>, ParentType, ContextType>;
  babelFeeOfferTransaction?: Resolver<Maybe<ResolversTypes['ErgoPaySigningRequest']>, ParentType, ContextType, RequireFields<QueryBabelFeeOfferTransactionArgs, 'address' | 'ergAmount' | 'tokenAmount' | 'tokenId'>>;
  blockedErgoTokens?: Resolver<Array<ResolversTypes['ErgoId']>, ParentType, ContextType>;
  boxConsolidationApp?: Resolver<Maybe<ResolversTypes['MosaikApp']>, ParentType, ContextType>;
  boxConsolidationTransaction?: Resolver<Maybe<ResolversTypes['ErgoPaySigningRequest']>, ParentType, ContextType, RequireFields<QueryBoxConsolidationTransactionArgs, 'address'>>;
  cancelBabelFeeOfferTransaction?: Resolver<Maybe<ResolversTypes['ErgoPaySigningRequest']>, ParentType, ContextType, RequireFields<QueryCancelBabelFeeOfferTransactionArgs, 'boxId'>>;
  cleanseAddress?: Resolver<Maybe<ResolversTypes['CleanseResult']>, ParentType, ContextType, Partial<QueryCleanseAddressArgs>>;
  convertCurrency?: Resolver<Maybe<ResolversTypes['CurrencyConversion']>, ParentType, ContextType, RequireFields<QueryConvertCurrencyArgs, 'amount' | 'from' | 'to'>>;
  correlations?: Resolver<Maybe<Array<ResolversTypes['TokenCorrelation']>>, ParentType, ContextType, RequireFields<QueryCorrelationsArgs, 'limit'>>;
  countries?: Resolver<Maybe<ResolversTypes['CountryPage']>, ParentType, ContextType, RequireFields<QueryCountriesArgs, 'limit' | 'offset'>>;
  countriesByCode?: Resolver<Maybe<ResolversTypes['CountryPage']>, ParentType, ContextType, RequireFields<QueryCountriesByCodeArgs, 'limit' | 'q'>>;
  countriesByCodes?: Resolver<Array<Maybe<ResolversTypes['Country']>>, ParentType, ContextType, RequireFields<QueryCountriesByCodesArgs, 'codes'>>;
  countriesByName?: Resolver<Maybe<ResolversTypes['CountryPage']>, ParentType, ContextType, RequireFields<QueryCountriesByNameArgs, 'limit' | 'q'>>;
  countriesSearch?: Resolver<Maybe<ResolversTypes['CountryPage']>, ParentType, ContextType, RequireFields<QueryCountriesSearchArgs, 'limit' | 'property' | 'q'>>;
  countriesWhere?: Resolver<Maybe<ResolversTypes['CountryPage']>, ParentType, ContextType, RequireFields<QueryCountriesWhereArgs, 'limit' | 'property' | 'value'>>;
  country?: Resolver<Maybe<ResolversTypes['Country']>, ParentType, ContextType, RequireFields<QueryCountryArgs, 'code'>>;
  cryptoBrief?: Resolver<Maybe<ResolversTypes['CryptoBrief']>, ParentType, ContextType, RequireFields<QueryCryptoBriefArgs, 'currency'>>;
  currencies?: Resolver<Maybe<Array<ResolversTypes['Currency']>>, ParentType, ContextType>;
  emailValidation?: Resolver<Maybe<ResolversTypes['EmailValidation']>, ParentType, ContextType, RequireFields<QueryEmailValidationArgs, 'email'>>;
  ergoNodePeers?: Resolver<Maybe<Array<ResolversTypes['ErgoNodePeer']>>, ParentType, ContextType, RequireFields<QueryErgoNodePeersArgs, 'limit'>>;
  ergoTokenCheck?: Resolver<Maybe<ResolversTypes['ErgoTokenCheck']>, ParentType, ContextType, RequireFields<QueryErgoTokenCheckArgs, 'tokenId' | 'tokenName'>>;
  ergoTokenPrice?: Resolver<Maybe<ResolversTypes['ErgoTokenPrice']>, ParentType, ContextType, RequireFields<QueryErgoTokenPriceArgs, 'tokenId'>>;
  ergoTokenPrices?: Resolver<Maybe<Array<ResolversTypes['ErgoTokenPrice']>>, ParentType, ContextType>;
  exchangeRates?: Resolver<Maybe<ResolversTypes['ExchangeRateTable']>, ParentType, ContextType, Partial<QueryExchangeRatesArgs>>;
  genuineErgoTokens?: Resolver<Maybe<Array<ResolversTypes['GenuineToken']>>, ParentType, ContextType>;
  indices?: Resolver<Maybe<Array<ResolversTypes['IndexConstituent']>>, ParentType, ContextType, RequireFields<QueryIndicesArgs, 'limit' | 'timeHorizon'>>;
  investorGrades?: Resolver<Maybe<Array<ResolversTypes['InvestorGrade']>>, ParentType, ContextType, RequireFields<QueryInvestorGradesArgs, 'limit'>>;
  ipLookup?: Resolver<Maybe<ResolversTypes['IpLookup']>, ParentType, ContextType, Partial<QueryIpLookupArgs>>;
  keyConfig?: Resolver<Maybe<ResolversTypes['Config']>, ParentType, ContextType, RequireFields<QueryKeyConfigArgs, 'key' | 'name'>>;
  keyConfigs?: Resolver<Maybe<Array<ResolversTypes['Config']>>, ParentType, ContextType, RequireFields<QueryKeyConfigsArgs, 'key'>>;
  licensee?: Resolver<Maybe<ResolversTypes['Licensee']>, ParentType, ContextType, RequireFields<QueryLicenseeArgs, 'id' | 'key'>>;
  licensees?: Resolver<Maybe<ResolversTypes['LicenseeList']>, ParentType, ContextType, RequireFields<QueryLicenseesArgs, 'key' | 'limit'>>;
  marketIndicator?: Resolver<Maybe<Array<ResolversTypes['MarketIndicator']>>, ParentType, ContextType, RequireFields<QueryMarketIndicatorArgs, 'limit'>>;
  paymentRequest?: Resolver<Maybe<ResolversTypes['PaymentRequestState']>, ParentType, ContextType, RequireFields<QueryPaymentRequestArgs, 'requestId'>>;
  phoneNumberValidation?: Resolver<Maybe<ResolversTypes['PhoneNumberValidation']>, ParentType, ContextType, RequireFields<QueryPhoneNumberValidationArgs, 'number'>>;
  place?: Resolver<Maybe<ResolversTypes['Place']>, ParentType, ContextType, RequireFields<QueryPlaceArgs, 'id'>>;
  places?: Resolver<Maybe<Array<ResolversTypes['PlaceSuggestion']>>, ParentType, ContextType, Partial<QueryPlacesArgs>>;
  postcodeAddresses?: Resolver<Maybe<ResolversTypes['PostcodeAddressPage']>, ParentType, ContextType, RequireFields<QueryPostcodeAddressesArgs, 'postcode'>>;
  pricePredictions?: Resolver<Maybe<Array<ResolversTypes['PricePrediction']>>, ParentType, ContextType, RequireFields<QueryPricePredictionsArgs, 'limit'>>;
  quantMetricsTier1?: Resolver<Maybe<Array<ResolversTypes['QuantMetricsTier1']>>, ParentType, ContextType, RequireFields<QueryQuantMetricsTier1Args, 'limit'>>;
  quantMetricsTier2?: Resolver<Maybe<Array<ResolversTypes['QuantMetricsTier2']>>, ParentType, ContextType, RequireFields<QueryQuantMetricsTier2Args, 'limit'>>;
  resistanceSupport?: Resolver<Maybe<Array<ResolversTypes['ResistanceSupportLevel']>>, ParentType, ContextType, RequireFields<QueryResistanceSupportArgs, 'limit'>>;
  resolveUkAddress?: Resolver<Maybe<ResolversTypes['UkAddress']>, ParentType, ContextType, RequireFields<QueryResolveUkAddressArgs, 'id'>>;
  resolveUsAddress?: Resolver<Maybe<ResolversTypes['UsAddress']>, ParentType, ContextType, RequireFields<QueryResolveUsAddressArgs, 'id'>>;
  scenarioAnalysis?: Resolver<Maybe<Array<ResolversTypes['ScenarioPrediction']>>, ParentType, ContextType, RequireFields<QueryScenarioAnalysisArgs, 'limit'>>;
  sentiments?: Resolver<Maybe<Array<ResolversTypes['Sentiment']>>, ParentType, ContextType, RequireFields<QuerySentimentsArgs, 'limit'>>;
  sigRsvExchangeQuote?: Resolver<Maybe<ResolversTypes['StablecoinExchangeQuote']>, ParentType, ContextType, RequireFields<QuerySigRsvExchangeQuoteArgs, 'amount'>>;
  sigRsvExchangeTransaction?: Resolver<Maybe<ResolversTypes['ErgoPaySigningRequest']>, ParentType, ContextType, RequireFields<QuerySigRsvExchangeTransactionArgs, 'address' | 'amount'>>;
  sigRsvPrice?: Resolver<Maybe<ResolversTypes['ErgoTokenPrice']>, ParentType, ContextType>;
  sigUsdExchangeQuote?: Resolver<Maybe<ResolversTypes['StablecoinExchangeQuote']>, ParentType, ContextType, RequireFields<QuerySigUsdExchangeQuoteArgs, 'amount'>>;
  sigUsdExchangeTransaction?: Resolver<Maybe<ResolversTypes['ErgoPaySigningRequest']>, ParentType, ContextType, RequireFields<QuerySigUsdExchangeTransactionArgs, 'address' | 'amount'>>;
  sigUsdPrice?: Resolver<Maybe<ResolversTypes['ErgoTokenPrice']>, ParentType, ContextType>;
  stablecoinState?: Resolver<Maybe<ResolversTypes['StablecoinState']>, ParentType, ContextType>;
  token?: Resolver<Maybe<ResolversTypes['Token']>, ParentType, ContextType, Partial<QueryTokenArgs>>;
  tokenBurnApp?: Resolver<Maybe<ResolversTypes['MosaikApp']>, ParentType, ContextType>;
  tokenBurnRequest?: Resolver<Maybe<ResolversTypes['ErgoPaySigningRequest']>, ParentType, ContextType, RequireFields<QueryTokenBurnRequestArgs, 'uuid'>>;
  tokenPrices?: Resolver<Maybe<Array<ResolversTypes['TokenDailyPrice']>>, ParentType, ContextType, RequireFields<QueryTokenPricesArgs, 'limit'>>;
  tokens?: Resolver<Maybe<Array<ResolversTypes['Token']>>, ParentType, ContextType, RequireFields<QueryTokensArgs, 'limit'>>;
  tokensByIds?: Resolver<Array<Maybe<ResolversTypes['Token']>>, ParentType, ContextType, RequireFields<QueryTokensByIdsArgs, 'ids'>>;
  traderGrades?: Resolver<Maybe<Array<ResolversTypes['TraderGrade']>>, ParentType, ContextType, RequireFields<QueryTraderGradesArgs, 'limit'>>;
  tradingIndicators?: Resolver<Maybe<Array<ResolversTypes['TradingIndicator']>>, ParentType, ContextType, RequireFields<QueryTradingIndicatorsArgs, 'limit'>>;
  userAgent?: Resolver<Maybe<ResolversTypes['UserAgent']>, ParentType, ContextType, Partial<QueryUserAgentArgs>>;
  visitor?: Resolver<ResolversTypes['Visitor'], ParentType, ContextType>;
};

export type ResistanceSupportLevelResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ResistanceSupportLevel'] = ResolversParentTypes['ResistanceSupportLevel']> = {
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  epoch?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  lastTouchDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  level?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  levelType?: Resolver<ResolversTypes['LevelType'], ParentType, ContextType>;
  tokenId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokenName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenSymbol?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  touches?: Resolver<Maybe<ResolversTypes['PositiveInt']>, ParentType, ContextType>;
};

export type ScenarioPredictionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ScenarioPrediction'] = ResolversParentTypes['ScenarioPrediction']> = {
  currentDominance?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  currentPrice?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  dominance?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  epoch?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  prediction?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  tokenId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokenName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenSymbol?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totalMarketCap?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export interface SearchTextScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['SearchText'], any> {
  name: 'SearchText';
}

export type SentimentResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Sentiment'] = ResolversParentTypes['Sentiment']> = {
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  epoch?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  polarityIndex?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  polarityReddit?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  polarityTelegram?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  polarityTwitter?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  sentimentIndex?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  tokenId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokenName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenSymbol?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export interface SortSpecScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['SortSpec'], any> {
  name: 'SortSpec';
}

export type StablecoinExchangeQuoteResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['StablecoinExchangeQuote'] = ResolversParentTypes['StablecoinExchangeQuote']> = {
  bankFeeAmount?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  bankFeeDescription?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ergAmount?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  ergAmountDescription?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  exchangeRate?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  jayFeeAmount?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  jayFeeDescription?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totalAmount?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  totalAmountInErg?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type StablecoinStateResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['StablecoinState'] = ResolversParentTypes['StablecoinState']> = {
  ergPrice?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType, RequireFields<StablecoinStateErgPriceArgs, 'currency'>>;
  reserveRatio?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  sigRsvPrice?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  sigRsvPriceIn?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType, RequireFields<StablecoinStateSigRsvPriceInArgs, 'currency'>>;
  sigRsvPriceInErg?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sigUsdPrice?: Resolver<ResolversTypes['Long'], ParentType, ContextType>;
  sigUsdPriceIn?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType, RequireFields<StablecoinStateSigUsdPriceInArgs, 'currency'>>;
  sigUsdPriceInErg?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SubscriptionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = {
  currencyRates?: SubscriptionResolver<Maybe<ResolversTypes['ExchangeRateTable']>, "currencyRates", ParentType, ContextType, RequireFields<SubscriptionCurrencyRatesArgs, 'base'>>;
  exchangeRate?: SubscriptionResolver<Maybe<ResolversTypes['Float']>, "exchangeRate", ParentType, ContextType, RequireFields<SubscriptionExchangeRateArgs, 'from' | 'to'>>;
  marketIndicator?: SubscriptionResolver<Maybe<ResolversTypes['MarketIndicator']>, "marketIndicator", ParentType, ContextType>;
  stablecoinState?: SubscriptionResolver<Maybe<ResolversTypes['StablecoinState']>, "stablecoinState", ParentType, ContextType>;
  tokenPrices?: SubscriptionResolver<Maybe<Array<ResolversTypes['TokenDailyPrice']>>, "tokenPrices", ParentType, ContextType, RequireFields<SubscriptionTokenPricesArgs, 'symbols'>>;
};

export interface SuggestionIdScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['SuggestionId'], any> {
  name: 'SuggestionId';
}

export type SuggestionUrlsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SuggestionUrls'] = ResolversParentTypes['SuggestionUrls']> = {
  udprn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  umprn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type TokenResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Token'] = ResolversParentTypes['Token']> = {
  category?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  circulatingSupply?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  correlations?: Resolver<Array<ResolversTypes['TokenCorrelation']>, ParentType, ContextType, Partial<TokenCorrelationsArgs>>;
  exchangeList?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  investorGrade?: Resolver<Maybe<ResolversTypes['InvestorGrade']>, ParentType, ContextType>;
  marketCap?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  prediction?: Resolver<Array<ResolversTypes['PricePrediction']>, ParentType, ContextType>;
  price?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType, RequireFields<TokenPriceArgs, 'currency'>>;
  priceIn?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType, RequireFields<TokenPriceInArgs, 'country'>>;
  prices?: Resolver<Array<ResolversTypes['TokenDailyPrice']>, ParentType, ContextType, Partial<TokenPricesArgs>>;
  quantMetrics?: Resolver<Maybe<ResolversTypes['QuantMetricsTier1']>, ParentType, ContextType>;
  resistanceSupport?: Resolver<Array<ResolversTypes['ResistanceSupportLevel']>, ParentType, ContextType>;
  sentiment?: Resolver<Maybe<ResolversTypes['Sentiment']>, ParentType, ContextType>;
  symbol?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  traderGrade?: Resolver<Maybe<ResolversTypes['TraderGrade']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type TokenCorrelationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TokenCorrelation'] = ResolversParentTypes['TokenCorrelation']> = {
  correlation?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  epoch?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  token2Id?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  token2Name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  token2Symbol?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokenName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenSymbol?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TokenDailyPriceResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TokenDailyPrice'] = ResolversParentTypes['TokenDailyPrice']> = {
  close?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  currentPrice?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  epoch?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  high?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  low?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  marketCap?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  open?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  tokenId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokenName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenSymbol?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  volume?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type TraderGradeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TraderGrade'] = ResolversParentTypes['TraderGrade']> = {
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  epoch?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  quantGrade?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  taGrade?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  tmTraderGrade?: Resolver<ResolversTypes['NonNegativeFloat'], ParentType, ContextType>;
  tokenId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokenName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenSymbol?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TradingIndicatorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['TradingIndicator'] = ResolversParentTypes['TradingIndicator']> = {
  close?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  epoch?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  fastMa?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  slowMa?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  tokenId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokenName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenSymbol?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tradingSignal?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export interface UrlScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['URL'], any> {
  name: 'URL';
}

export interface UuidScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['UUID'], any> {
  name: 'UUID';
}

export type UkAddressResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UkAddress'] = ResolversParentTypes['UkAddress']> = {
  administrativeCounty?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  buildingName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  buildingNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  country?: Resolver<Maybe<ResolversTypes['Country']>, ParentType, ContextType>;
  countryIso?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  countryIso2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  countryName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  county?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  countyCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  dataset?: Resolver<Maybe<ResolversTypes['AddressDataset']>, ParentType, ContextType>;
  deliveryPointSuffix?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  departmentName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dependantLocality?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dependantThoroughfare?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  district?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  doubleDependantLocality?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  eastings?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  id?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  language?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  latitude?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  line1?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  line2?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  line3?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  longitude?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  northings?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  organisationName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  poBox?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  postTown?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  postalCounty?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  postcode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  postcodeInward?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  postcodeOutward?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  postcodeType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  premise?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  suOrganisationIndicator?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subBuildingName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  thoroughfare?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  traditionalCounty?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  udprn?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  umprn?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  uprn?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ward?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export interface UkPostcodeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['UkPostcode'], any> {
  name: 'UkPostcode';
}

export interface UprnTextScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['UprnText'], any> {
  name: 'UprnText';
}

export type UsAddressResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UsAddress'] = ResolversParentTypes['UsAddress']> = {
  addressSecondaryAbbreviation?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  baseAlternateCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  buildingOrFirmName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  carrierRouteId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  carrierRouteRateSortation?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  city?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  cityAbbreviation?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  cityStateMailingNameIndicator?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  cityStateNameFacilityCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  congressionalDistrictNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  country?: Resolver<Maybe<ResolversTypes['Country']>, ParentType, ContextType>;
  countryIso?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  countryIso2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  countryName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  county?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  countyNumber?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  dataset?: Resolver<Maybe<ResolversTypes['AddressDataset']>, ParentType, ContextType>;
  financeNumber?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  governmentBuildingIndicator?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lacsStatusIndicator?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  language?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastLine?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  line1?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  line2?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  municipalityCityStateKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  plus4Code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  preferredCity?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  preferredLastLineCityStateKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  primaryNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  recordTypeCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  secondaryNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  stateAbbreviation?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  streetName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  streetPostDirectionalAbbreviation?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  streetPreDirectionalAbbreviation?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  streetSuffixAbbreviation?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updateKeyNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  urbanizationCityStateKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  zipClassificationCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  zipCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  zipPlus4Code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type UserAgentResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserAgent'] = ResolversParentTypes['UserAgent']> = {
  browser?: Resolver<ResolversTypes['UserAgentBrowser'], ParentType, ContextType>;
  cpu?: Resolver<ResolversTypes['UserAgentCpu'], ParentType, ContextType>;
  device?: Resolver<ResolversTypes['UserAgentDevice'], ParentType, ContextType>;
  engine?: Resolver<ResolversTypes['UserAgentEngine'], ParentType, ContextType>;
  os?: Resolver<ResolversTypes['UserAgentOs'], ParentType, ContextType>;
  ua?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type UserAgentBrowserResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserAgentBrowser'] = ResolversParentTypes['UserAgentBrowser']> = {
  major?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type UserAgentCpuResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserAgentCpu'] = ResolversParentTypes['UserAgentCpu']> = {
  architecture?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type UserAgentDeviceResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserAgentDevice'] = ResolversParentTypes['UserAgentDevice']> = {
  model?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  vendor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type UserAgentEngineResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserAgentEngine'] = ResolversParentTypes['UserAgentEngine']> = {
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type UserAgentOsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserAgentOs'] = ResolversParentTypes['UserAgentOs']> = {
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type VisitorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Visitor'] = ResolversParentTypes['Visitor']> = {
  browser?: Resolver<Maybe<ResolversTypes['UserAgentBrowser']>, ParentType, ContextType>;
  country?: Resolver<Maybe<ResolversTypes['Country']>, ParentType, ContextType>;
  currency?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  device?: Resolver<Maybe<ResolversTypes['UserAgentDevice']>, ParentType, ContextType>;
  exchangeRates?: Resolver<Maybe<ResolversTypes['ExchangeRateTable']>, ParentType, ContextType>;
  ip?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  located?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  os?: Resolver<Maybe<ResolversTypes['UserAgentOs']>, ParentType, ContextType>;
  rates?: Resolver<Maybe<Array<ResolversTypes['VisitorRate']>>, ParentType, ContextType, RequireFields<VisitorRatesArgs, 'symbols'>>;
  reason?: Resolver<Maybe<ResolversTypes['VisitorUnlocatedReason']>, ParentType, ContextType>;
};

export type VisitorRateResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['VisitorRate'] = ResolversParentTypes['VisitorRate']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  rate?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
};

export type WeekdayResolvers = { FRIDAY: 'friday', MONDAY: 'monday', SATURDAY: 'saturday', SUNDAY: 'sunday' };

export interface YearMonthScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['YearMonth'], any> {
  name: 'YearMonth';
}

export interface _AnyScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['_Any'], any> {
  name: '_Any';
}

export type _EntityResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['_Entity'] = ResolversParentTypes['_Entity']> = {
  __resolveType: TypeResolveFn<'Country' | 'Currency' | 'Token' | 'UkAddress', ParentType, ContextType>;
};

export type _ServiceResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['_Service'] = ResolversParentTypes['_Service']> = {
  sdl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type Resolvers<ContextType = GatewayContext> = {
  Address?: AddressResolvers<ContextType>;
  AddressDataset?: AddressDatasetResolvers;
  AddressSearchHit?: AddressSearchHitResolvers<ContextType>;
  AddressSearchResult?: AddressSearchResultResolvers<ContextType>;
  AddressSearchText?: GraphQLScalarType;
  AddressSuggestion?: AddressSuggestionResolvers<ContextType>;
  ApiKeyText?: GraphQLScalarType;
  Area?: AreaResolvers<ContextType>;
  AutocompleteText?: GraphQLScalarType;
  BoundingBox?: GraphQLScalarType;
  BriefFigure?: BriefFigureResolvers<ContextType>;
  BriefInput?: BriefInputResolvers<ContextType>;
  BriefStatement?: BriefStatementResolvers<ContextType>;
  CalendarConventions?: CalendarConventionsResolvers<ContextType>;
  Capital?: CapitalResolvers<ContextType>;
  Cars?: CarsResolvers<ContextType>;
  Classification?: ClassificationResolvers<ContextType>;
  CleanseResult?: CleanseResultResolvers<ContextType>;
  Config?: ConfigResolvers<ContextType>;
  ConfigName?: GraphQLScalarType;
  ConfigPayload?: GraphQLScalarType;
  ContextCode?: GraphQLScalarType;
  Coordinates?: CoordinatesResolvers<ContextType>;
  Country?: CountryResolvers<ContextType>;
  CountryCode?: GraphQLScalarType;
  CountryCodes?: CountryCodesResolvers<ContextType>;
  CountryIso3?: GraphQLScalarType;
  CountryLinks?: CountryLinksResolvers<ContextType>;
  CountryNames?: CountryNamesResolvers<ContextType>;
  CountryPage?: CountryPageResolvers<ContextType>;
  CryptoBrief?: CryptoBriefResolvers<ContextType>;
  CryptoExchange?: CryptoExchangeResolvers;
  Currency?: CurrencyResolvers<ContextType>;
  CurrencyCode?: GraphQLScalarType;
  CurrencyConversion?: CurrencyConversionResolvers<ContextType>;
  Date?: GraphQLScalarType;
  DeletionResult?: DeletionResultResolvers<ContextType>;
  Demonym?: DemonymResolvers<ContextType>;
  DrivingSide?: DrivingSideResolvers;
  Economy?: EconomyResolvers<ContextType>;
  Email?: GraphQLScalarType;
  EmailValidation?: EmailValidationResolvers<ContextType>;
  EmailVerdict?: EmailVerdictResolvers;
  ErgoAddress?: GraphQLScalarType;
  ErgoId?: GraphQLScalarType;
  ErgoNodePeer?: ErgoNodePeerResolvers<ContextType>;
  ErgoPaySigningRequest?: ErgoPaySigningRequestResolvers<ContextType>;
  ErgoTokenCheck?: ErgoTokenCheckResolvers<ContextType>;
  ErgoTokenPrice?: ErgoTokenPriceResolvers<ContextType>;
  ExchangeRate?: ExchangeRateResolvers<ContextType>;
  ExchangeRateTable?: ExchangeRateTableResolvers<ContextType>;
  FieldPath?: GraphQLScalarType;
  Flag?: FlagResolvers<ContextType>;
  GenuineToken?: GenuineTokenResolvers<ContextType>;
  IndexConstituent?: IndexConstituentResolvers<ContextType>;
  IndexTimeHorizon?: IndexTimeHorizonResolvers;
  InvestorGrade?: InvestorGradeResolvers<ContextType>;
  IpAddress?: GraphQLScalarType;
  IpCity?: IpCityResolvers<ContextType>;
  IpContinent?: IpContinentResolvers<ContextType>;
  IpCountry?: IpCountryResolvers<ContextType>;
  IpLocation?: IpLocationResolvers<ContextType>;
  IpLookup?: IpLookupResolvers<ContextType>;
  KeyAutomatedTopups?: KeyAutomatedTopupsResolvers<ContextType>;
  KeyAvailability?: KeyAvailabilityResolvers<ContextType>;
  KeyContext?: KeyContextResolvers<ContextType>;
  KeyDailyLimit?: KeyDailyLimitResolvers<ContextType>;
  KeyDatasets?: KeyDatasetsResolvers<ContextType>;
  KeyDetails?: KeyDetailsResolvers<ContextType>;
  KeyIndividualLimit?: KeyIndividualLimitResolvers<ContextType>;
  KeyNotifications?: KeyNotificationsResolvers<ContextType>;
  KeyPurchase?: KeyPurchaseResolvers<ContextType>;
  KeyUsage?: KeyUsageResolvers<ContextType>;
  KeyUsageDay?: KeyUsageDayResolvers<ContextType>;
  Language?: LanguageResolvers<ContextType>;
  Leader?: LeaderResolvers<ContextType>;
  Licensee?: LicenseeResolvers<ContextType>;
  LicenseeDaily?: LicenseeDailyResolvers<ContextType>;
  LicenseeKeyText?: GraphQLScalarType;
  LicenseeList?: LicenseeListResolvers<ContextType>;
  LicenseeName?: GraphQLScalarType;
  LocalizedName?: LocalizedNameResolvers<ContextType>;
  LonLatRadius?: GraphQLScalarType;
  Long?: GraphQLScalarType;
  MarketIndicator?: MarketIndicatorResolvers<ContextType>;
  Memberships?: MembershipsResolvers<ContextType>;
  Money?: MoneyResolvers<ContextType>;
  MonthDay?: MonthDayResolvers<ContextType>;
  MosaikAction?: MosaikActionResolvers<ContextType>;
  MosaikActionType?: MosaikActionTypeResolvers;
  MosaikApp?: MosaikAppResolvers<ContextType>;
  MosaikElementAttribute?: MosaikElementAttributeResolvers<ContextType>;
  MosaikManifest?: MosaikManifestResolvers<ContextType>;
  MosaikNextAction?: MosaikNextActionResolvers<ContextType>;
  MosaikNotification?: MosaikNotificationResolvers<ContextType>;
  MosaikViewContent?: MosaikViewContentResolvers<ContextType>;
  MosaikViewElement?: MosaikViewElementResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  NetworkType?: NetworkTypeResolvers;
  NonEmptyString?: GraphQLScalarType;
  NonNegativeFloat?: GraphQLScalarType;
  NonNegativeInt?: GraphQLScalarType;
  NonPositiveFloat?: GraphQLScalarType;
  NumberFormat?: NumberFormatResolvers<ContextType>;
  ParentCountry?: ParentCountryResolvers<ContextType>;
  PaymentRequestCreated?: PaymentRequestCreatedResolvers<ContextType>;
  PaymentRequestState?: PaymentRequestStateResolvers<ContextType>;
  PhoneCarrier?: PhoneCarrierResolvers<ContextType>;
  PhoneNumberText?: GraphQLScalarType;
  PhoneNumberValidation?: PhoneNumberValidationResolvers<ContextType>;
  Place?: PlaceResolvers<ContextType>;
  PlaceSearchText?: GraphQLScalarType;
  PlaceSuggestion?: PlaceSuggestionResolvers<ContextType>;
  PositiveInt?: GraphQLScalarType;
  PostalCodeFormat?: PostalCodeFormatResolvers<ContextType>;
  PostcodeAddressPage?: PostcodeAddressPageResolvers<ContextType>;
  PricePrediction?: PricePredictionResolvers<ContextType>;
  QuantMetricsTier1?: QuantMetricsTier1Resolvers<ContextType>;
  QuantMetricsTier2?: QuantMetricsTier2Resolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  ResistanceSupportLevel?: ResistanceSupportLevelResolvers<ContextType>;
  ScenarioPrediction?: ScenarioPredictionResolvers<ContextType>;
  SearchText?: GraphQLScalarType;
  Sentiment?: SentimentResolvers<ContextType>;
  SortSpec?: GraphQLScalarType;
  StablecoinExchangeQuote?: StablecoinExchangeQuoteResolvers<ContextType>;
  StablecoinState?: StablecoinStateResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  SuggestionId?: GraphQLScalarType;
  SuggestionUrls?: SuggestionUrlsResolvers<ContextType>;
  Token?: TokenResolvers<ContextType>;
  TokenCorrelation?: TokenCorrelationResolvers<ContextType>;
  TokenDailyPrice?: TokenDailyPriceResolvers<ContextType>;
  TraderGrade?: TraderGradeResolvers<ContextType>;
  TradingIndicator?: TradingIndicatorResolvers<ContextType>;
  URL?: GraphQLScalarType;
  UUID?: GraphQLScalarType;
  UkAddress?: UkAddressResolvers<ContextType>;
  UkPostcode?: GraphQLScalarType;
  UprnText?: GraphQLScalarType;
  UsAddress?: UsAddressResolvers<ContextType>;
  UserAgent?: UserAgentResolvers<ContextType>;
  UserAgentBrowser?: UserAgentBrowserResolvers<ContextType>;
  UserAgentCpu?: UserAgentCpuResolvers<ContextType>;
  UserAgentDevice?: UserAgentDeviceResolvers<ContextType>;
  UserAgentEngine?: UserAgentEngineResolvers<ContextType>;
  UserAgentOs?: UserAgentOsResolvers<ContextType>;
  Visitor?: VisitorResolvers<ContextType>;
  VisitorRate?: VisitorRateResolvers<ContextType>;
  Weekday?: WeekdayResolvers;
  YearMonth?: GraphQLScalarType;
  _Any?: GraphQLScalarType;
  _Entity?: _EntityResolvers<ContextType>;
  _Service?: _ServiceResolvers<ContextType>;
};

export type DirectiveResolvers<ContextType = GatewayContext> = {
  authenticated?: AuthenticatedDirectiveResolver<any, any, ContextType>;
  cost?: CostDirectiveResolver<any, any, ContextType>;
  defer?: DeferDirectiveResolver<any, any, ContextType>;
  listSize?: ListSizeDirectiveResolver<any, any, ContextType>;
  requiresScopes?: RequiresScopesDirectiveResolver<any, any, ContextType>;
  stream?: StreamDirectiveResolver<any, any, ContextType>;
};
