import areas from 'china-area-data/data.json' with { type: 'json' };

/** Where an organisation is: the names the branch directory uses for a province and a city. */
export interface Region {
  province: string;
  city: string;
}

const divisions = areas as Record<string, Record<string, string> | undefined>;
/** Under a municipality the next level is its districts, not a city: the directory names the city as it. */
const NOT_A_CITY = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

/**
 * The region an organisation registered in, from its unified social credit code: characters 3-8 are the
 * administrative division (GB/T 2260) of the registering authority, the first two its province and the first
 * four its city. Null when they name no known province.
 */
export function regionOfCreditCode(creditCode: string): Region | null {
  const division = creditCode.slice(2, 8);
  if (!/^\d{6}$/.test(division)) return null;
  const provinceCode = `${division.slice(0, 2)}0000`;
  const province = divisions['86']?.[provinceCode];
  if (!province) return null;
  const city = divisions[provinceCode]?.[`${division.slice(0, 4)}00`];
  return { province, city: city && !NOT_A_CITY.has(city) ? city : province };
}
