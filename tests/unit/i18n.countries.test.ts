// Country names in the user's language, sorted as that language sorts, still found by their English name.
import { describe, expect, it } from 'vitest';
import { localizeCountries, startsWithFilter } from '../../src/components/CountryCombobox';

const api = [
  { id: 1, name: 'Albania', code: 'AL' },
  { id: 2, name: 'Egypt', code: 'EG' },
  { id: 3, name: 'Germany', code: 'DE' },
  { id: 4, name: 'Kenya', code: 'KE' },
];

describe('countries', () => {
  it('are named and sorted in German', () => {
    expect(localizeCountries(api, 'de').map((c) => c.name)).toEqual(['Ägypten', 'Albanien', 'Deutschland', 'Kenia']);
  });

  it('are named in Japanese, and typing the English name still finds them', () => {
    const ja = localizeCountries(api, 'ja');
    expect(ja.find((c) => c.id === 3)?.name).toBe('ドイツ');
    expect(startsWithFilter(ja, 'Ger').map((c) => c.id)).toEqual([3]);
  });

  it("keep the API's name where the code is unknown", () => {
    expect(localizeCountries([{ id: 9, name: 'Somewhere', code: 'AA' }], 'fr')[0]?.name).toBe('Somewhere');
  });
});
