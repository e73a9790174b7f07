/**
 * Public facts no npm package ships, written down once as ISO 3166-1 alpha-2 lists. Each list
 * says what it is as of late 2026; the README names them as the sandbox's own tables.
 */

const list = (codes: string): ReadonlySet<string> => new Set(codes.trim().split(/\s+/));

/** Membership lists of international organisations (member states only, not observers). */
export const MEMBERSHIPS = {
  eu: list('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'),
  // Bulgaria adopted the euro on 2026-01-01.
  eurozone: list('AT BE BG HR CY EE FI FR DE GR IE IT LV LT LU MT NL PT SK SI ES'),
  // Bulgaria and Romania joined fully on 2025-01-01.
  schengen: list('AT BE BG HR CZ DK EE FI FR DE GR HU IS IT LV LI LT LU MT NL NO PL PT RO SK SI ES SE CH'),
  nato: list('AL BE BG CA HR CZ DK EE FI FR DE GR HU IS IT LV LT LU ME NL MK NO PL PT RO SK SI ES SE TR GB US'),
  commonwealth: list(`AG AU BS BD BB BZ BW BN CM CA CY DM SZ FJ GA GM GH GD GY IN JM KE KI LS MW MY MV MT
    MU MZ NA NR NZ NG PK PG RW KN LC VC WS SC SL SG SB ZA LK TG TO TT TV UG GB TZ VU ZM`),
  oecd: list('AU AT BE CA CL CO CR CZ DK EE FI FR DE GR HU IS IE IL IT JP KR LV LT LU MX NL NZ NO PL PT SK SI ES SE CH TR GB US'),
  g7: list('CA FR DE IT JP GB US'),
  // The 19 member countries; the EU and the African Union are members too but are not countries.
  g20: list('AR AU BR CA CN FR DE IN ID IT JP KR MX RU SA ZA TR GB US'),
  brics: list('BR RU IN CN ZA EG ET IR AE ID'),
  opec: list('DZ CG GQ GA IR IQ KW LY NG SA AE VE'),
  african_union: list(`DZ AO BJ BW BF BI CV CM CF TD KM CG CD CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR
    LY MG MW ML MR MU MA MZ NA NE NG RW ST SN SC SL SO ZA SS SD TZ TG TN UG ZM ZW EH`),
  // Timor-Leste joined in October 2025.
  asean: list('BN KH ID LA MY MM PH SG TH VN TL'),
  arab_league: list('DZ BH KM DJ EG IQ JO KW LB LY MR MA OM PS QA SA SO SD SY TN AE YE'),
} as const;

export type MembershipName = keyof typeof MEMBERSHIPS;

export const UN_OBSERVERS = list('VA PS');
export const DISPUTED = list('XK EH TW PS');

/** Dependencies: alpha-2 of the territory → alpha-2 of its sovereign state, and the kind of tie. */
export const DEPENDENCIES: Readonly<Record<string, { parent: string; type: string }>> = Object.fromEntries(
  [
    ['crown dependency', 'GB', 'GG JE IM'],
    ['overseas territory', 'GB', 'AI BM FK GI GS IO KY MS PN SH TC VG'],
    ['overseas region', 'FR', 'GF GP MQ RE YT'],
    ['overseas collectivity', 'FR', 'BL MF NC PF PM TF WF'],
    ['constituent country', 'NL', 'AW CW SX'],
    ['special municipality', 'NL', 'BQ'],
    ['autonomous territory', 'DK', 'FO GL'],
    ['autonomous region', 'FI', 'AX'],
    ['dependent territory', 'NO', 'BV SJ'],
    ['external territory', 'AU', 'CC CX HM NF'],
    ['free association', 'NZ', 'CK NU'],
    ['dependent territory', 'NZ', 'TK'],
    ['special administrative region', 'CN', 'HK MO'],
    ['unincorporated territory', 'US', 'AS GU MP PR UM VI'],
  ].flatMap(([type, parent, codes]) => (codes ?? '').split(' ').map((code) => [code, { parent: parent ?? '', type: type ?? '' }])),
);

/** Countries and territories that drive on the left. */
export const LEFT_HAND_TRAFFIC = list(`AG AI AU BB BD BM BN BS BT BW CC CK CX CY DM FJ FK GB GD GG GY HK ID IE
  IM IN IO JE JM JP KE KI KN KY LC LK LS MO MS MT MU MV MW MY MZ NA NF NP NR NU NZ PG PK PN SB SC SG SH
  SR SZ TC TH TK TL TO TT TV TZ UG VC VG VI WS ZA ZM ZW`);

/** First day of the week per the Unicode CLDR week data; every other country starts on Monday. */
export const WEEK_START: Readonly<Record<string, 'sunday' | 'saturday' | 'friday'>> = {
  ...Object.fromEntries(
    [
      ...list(`AG AS BD BR BS BT BW BZ CA CN CO DM DO ET GT GU HK HN ID IL IN JM JP KE KH KR LA MH MM MO
      MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW`),
    ].map((c) => [c, 'sunday' as const]),
  ),
  ...Object.fromEntries([...list('AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY')].map((c) => [c, 'saturday' as const])),
  MV: 'friday',
};

/** Government fiscal years that do not start on 1 January. */
export const FISCAL_YEAR_START: Readonly<Record<string, { month: number; day: number }>> = {
  US: { month: 10, day: 1 },
  GB: { month: 4, day: 1 },
  IN: { month: 4, day: 1 },
  JP: { month: 4, day: 1 },
  CA: { month: 4, day: 1 },
  ZA: { month: 4, day: 1 },
  HK: { month: 4, day: 1 },
  AU: { month: 7, day: 1 },
  NZ: { month: 7, day: 1 },
  EG: { month: 7, day: 1 },
  PK: { month: 7, day: 1 },
  BD: { month: 7, day: 1 },
  KE: { month: 7, day: 1 },
};

/**
 * FIFA codes of members whose IOC code differs or who have no IOC code; every other FIFA member
 * uses its IOC code.
 */
export const FIFA_CODES: Readonly<Record<string, string>> = {
  XK: 'KVX',
  AI: 'AIA',
  BM: 'BER',
  VG: 'VGB',
  KY: 'CAY',
  CW: 'CUW',
  FO: 'FRO',
  GI: 'GIB',
  MO: 'MAC',
  MS: 'MSR',
  NC: 'NCL',
  PF: 'TAH',
  TC: 'TCA',
};

/** Countries with an IOC code that are not FIFA members (the UK plays as its four nations). */
export const NOT_IN_FIFA = list('MC FM MH PW NR KI TV GB VA');

/** Countries whose capital functions are split between cities. */
export const CAPITAL_ROLES: Readonly<Record<string, Readonly<Record<string, readonly CapitalRole[]>>>> = {
  ZA: { Pretoria: ['executive', 'administrative'], 'Cape Town': ['legislative'], Bloemfontein: ['judicial'] },
  BQ: { Kralendijk: ['administrative', 'executive', 'legislative'], Oranjestad: [], 'The Bottom': [] },
};

export type CapitalRole = 'constitutional' | 'administrative' | 'executive' | 'legislative' | 'judicial';
