// @vitest-environment jsdom
// libphonenumber loads on demand (widgets/phone/numbers.ts): what the respondent types before it is
// here becomes the answer when it arrives, and a stored number shows as stored, then as a number.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { q } from '../../../engine/survey/index';
import { loadPhoneNumbers, phoneNumbers } from '../../../widgets/phone/numbers';
import { mountSurvey, question, settle, type, type MountedForm } from './support';

let m: MountedForm | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});
const input = () => question(m!.container, 'p').querySelector<HTMLInputElement>('input')!;

describe('phone numbers before libphonenumber is here', () => {
  it('keep what is typed and store it as E.164 once the library arrives', async () => {
    expect(phoneNumbers()).toBeNull();
    m = mountSurvey([q.phone('p').label('Phone')]);
    // Focus asks for the library; the typing comes before it is here.
    act(() => void input().dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    type(input(), '(202) 555-0199');
    expect(input().value).toBe('(202) 555-0199');
    expect(m.runtime.data()).toEqual({});
    await loadPhoneNumbers();
    await settle();
    expect(m.runtime.data()).toEqual({ p: '+12025550199' });
    expect(input().value).toBe('(202) 555-0199');
  });

  it('show a stored number, read as a number once the library is here', async () => {
    m = mountSurvey([q.phone('p').label('Phone')], { data: { p: '+12025550123' } });
    await loadPhoneNumbers();
    await settle();
    expect(input().value).toBe('+1 202 555 0123');
  });
});
