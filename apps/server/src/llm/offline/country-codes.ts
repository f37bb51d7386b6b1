/*
 * Country names to ISO 3166 codes, so "customers from Germany" finds country_code = 'DE'. The
 * names come from the runtime's own ICU data (Intl.DisplayNames), nothing is fetched.
 */

// What people say that ICU does not call the country.
const spoken: Record<string, string> = {
  usa: 'US',
  us: 'US',
  america: 'US',
  'united states of america': 'US',
  uk: 'GB',
  britain: 'GB',
  'great britain': 'GB',
  england: 'GB',
  holland: 'NL',
  'czech republic': 'CZ',
};

let byName: Map<string, string> | null = null;

function names(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(spoken));
  const display = new Intl.DisplayNames(['en'], { type: 'region' });
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      try {
        const name = display.of(code);
        // Old codes ICU still names (DD for Germany, FX for France) give way to the current ones.
        const current = Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
        if (name !== undefined && name !== code && current) byName.set(name.toLowerCase(), code);
      } catch {
        // Not a region code ICU knows.
      }
    }
  }
  return byName;
}

/** The ISO 3166 alpha-2 code of a country name, or null ("Germany" → "DE"). */
export function countryCode(name: string): string | null {
  const key = name.trim().toLowerCase();
  if (key.length < 2) return null;
  return names().get(key) ?? null;
}
