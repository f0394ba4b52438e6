// States and cities for the profile's location fields (spec 001 section 9), from country-state-city, an
// offline dataset kept on the server: at 8 MB it is no download for a phone. With the spec's two fixes:
// for AL the states whose code holds digits are dropped (the dataset lists districts beside the
// counties), and for XK the state names are replaced with the names of their cities ('Prizren District'
// reads 'Prizren'): the dataset has no cities for Kosovo, and its districts are named after them.
import { City, State } from 'country-state-city';

export interface Place {
  code: string;
  name: string;
}

export function statesOf(countryCode: string): Place[] {
  const code = countryCode.toUpperCase();
  const states = State.getStatesOfCountry(code).map((s) => ({ code: s.isoCode, name: s.name }));
  if (code === 'XK') return states.map((s) => ({ code: s.code, name: s.name.replace(/\s*\(.*\)$/, '').replace(/ District$/, '') }));
  return code === 'AL' ? states.filter((s) => !/\d/.test(s.code)) : states;
}

export function citiesOf(countryCode: string, stateCode: string): Place[] {
  const code = countryCode.toUpperCase();
  // Kosovo's choices are its cities already (above): no second level.
  if (code === 'XK') return [];
  return City.getCitiesOfState(code, stateCode).map((c) => ({ code: c.name, name: c.name }));
}
