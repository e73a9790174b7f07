/** Great-circle distance helpers for reverse geocoding and location biases. */

const EARTH_RADIUS_METRES = 6_371_008.8;

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Haversine distance in metres between two longitude/latitude points. */
export function distanceMetres(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dLat = radians(lat2 - lat1);
  const dLon = radians(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Parses `lon,lat,radius` (the vendor's `bias_lonlat`), or undefined when malformed. */
export function parseCircle(text: string): { lon: number; lat: number; radius: number } | undefined {
  const [lon, lat, radius] = text.split(',').map(Number);
  if (lon === undefined || lat === undefined || radius === undefined || [lon, lat, radius].some(Number.isNaN)) return undefined;
  return { lon, lat, radius: Math.min(radius, 50_000) };
}
