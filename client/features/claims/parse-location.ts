/** City, state and ZIP parsed out of a location text (docs/product.md#claim-dialog); a part not found is ''. */
export type ParsedLocation = { city: string; state: string; zip: string };

const ZIP = String.raw`\d{5}(?:-\d{4})?`;
/** 'zip — city, state': the form of a location suggestion's label (any dash). */
const ZIP_FIRST = new RegExp(String.raw`^(${ZIP})\s*[—–-]\s*(.+?)\s*,\s*(.+?)$`);
/** 'City, ST 12345' (the ZIP, and a full state name instead of the code, are accepted too). */
const CITY_FIRST = new RegExp(String.raw`^(.+?)\s*,\s*([A-Za-z][A-Za-z .]*?)\.?(?:\s*,?\s*(${ZIP}))?$`);
const ZIP_ONLY = new RegExp(String.raw`^(${ZIP})$`);
const COUNTRY_SUFFIX = /\s*,\s*(?:USA|US|United States(?: of America)?)\.?$/i;

/**
 * Parses the two location forms of docs/product.md#claim-dialog: 'zip — city, state' and 'City, ST 12345'. A trailing country
 * (', USA', as bulk imports write it) is ignored. Text in neither form is taken as a city.
 */
export function parseLocation(text: string): ParsedLocation {
  const value = text.trim().replace(/\s+/g, ' ').replace(COUNTRY_SUFFIX, '');
  if (!value) return { city: '', state: '', zip: '' };

  const zipFirst = ZIP_FIRST.exec(value);
  if (zipFirst) return { zip: zipFirst[1], city: zipFirst[2], state: zipFirst[3] };

  const zipOnly = ZIP_ONLY.exec(value);
  if (zipOnly) return { city: '', state: '', zip: zipOnly[1] };

  const cityFirst = CITY_FIRST.exec(value);
  if (cityFirst) {
    const state = cityFirst[2].trim();
    return { city: cityFirst[1], state: state.length === 2 ? state.toUpperCase() : state, zip: cityFirst[3] ?? '' };
  }
  return { city: value, state: '', zip: '' };
}
