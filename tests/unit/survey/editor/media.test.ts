// A choice's media file names as the builder's choice rows write them.
import { describe, expect, it } from 'vitest';
import { choiceMedia, mediaNameProblem, withChoiceMedia, type ChoiceModel } from '../../../../engine/survey/index';

const choice: ChoiceModel = { id: 'c1', name: 'goat', choiceLabels: [{ languageId: 1, text: 'Goat' }], emoji: null, filters: {} };

describe('choice media', () => {
  it('sets, replaces and removes one language and kind, keeping the others', () => {
    const fr = withChoiceMedia(withChoiceMedia(choice, 'image', 2, 'chevre.png'), 'audio', 1, 'goat.mp3');
    const en = withChoiceMedia(fr, 'image', 1, ' goat.jpg ');
    expect(choiceMedia(en, 'image', 1)).toBe('goat.jpg');
    expect(choiceMedia(withChoiceMedia(en, 'image', 1, 'goat2.jpg'), 'image', 1)).toBe('goat2.jpg');
    expect(withChoiceMedia(en, 'image', 1, '').media).toEqual(fr.media);
    // Nothing left: no media key, as an imported choice without media.
    expect('media' in withChoiceMedia(withChoiceMedia(choice, 'image', 1, 'a.png'), 'image', 1, '')).toBe(false);
  });

  it('takes a bare file name with an extension', () => {
    expect(mediaNameProblem('goat.png')).toBeNull();
    expect(mediaNameProblem('')).toBeNull();
    expect(mediaNameProblem('../etc/passwd.png')).toBe('path');
    expect(mediaNameProblem('images\\goat.png')).toBe('path');
    expect(mediaNameProblem('goat')).toBe('extension');
    expect(mediaNameProblem(`${'a'.repeat(500)}.png`)).toBe('tooLong');
  });
});
