// States and cities for the profile's location fields, from country-state-city (an offline dataset,
// loaded on demand: it is large), with the spec's two fixes (spec 001 section 9 "Country fixes"): for AL
// the states whose code holds digits are dropped (the dataset lists districts beside the counties), and
// for XK the states are replaced by the cities (the dataset's Kosovo "states" are not what people name).
export interface Place {
  code: string;
  name: string;
}

import type * as CountryStateCity from 'country-state-city';

type Csc = typeof CountryStateCity;
let loading: Promise<Csc> | undefined;
export const loadLocations = (): Promise<Csc> => (loading ??= import('country-state-city'));

export function statesOf(csc: Csc, countryCode: string): Place[] {
  const code = countryCode.toUpperCase();
  if (code === 'XK') return csc.City.getCitiesOfCountry('XK')?.map((c) => ({ code: c.name, name: c.name })) ?? [];
  const states = csc.State.getStatesOfCountry(code).map((s) => ({ code: s.isoCode, name: s.name }));
  return code === 'AL' ? states.filter((s) => !/\d/.test(s.code)) : states;
}

export function citiesOf(csc: Csc, countryCode: string, stateCode: string): Place[] {
  const code = countryCode.toUpperCase();
  // Kosovo's cities are its states already (above): no second level.
  if (code === 'XK') return [];
  return csc.City.getCitiesOfState(code, stateCode).map((c) => ({ code: c.name, name: c.name }));
}
