// Numbers in a right-to-left label or hint keep their order: each run of digits is isolated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { texts, translate, type TFunction, type Texts } from '../../../widgets/runtime/texts';
import { AuthorText } from '../../../widgets/runtime/AuthorText';
import { TextContext } from '../../../widgets/runtime/text';
import { isolateNumbers, isolateText } from '../../../widgets/shared/bidi';

// The fill route's translator (widgets/runtime/texts.ts), as the fill page gives it to the widgets.
const arabic: TFunction = (key, options) => translate(key, options, 'ar');
beforeAll(() => {
  texts.addResourceBundle('ar', JSON.parse(readFileSync(join(import.meta.dirname, '../../../src/i18n/locales/ar.json'), 'utf8')) as Texts);
});

const html = (text: string) => renderToStaticMarkup(<p dir="rtl">{isolateNumbers(text)}</p>);

describe('isolateNumbers', () => {
  it('isolates a phone number in an Arabic hint as one left-to-right run', () => {
    expect(html('مع رمز البلد، مثل +254 712 345678')).toBe('<p dir="rtl">مع رمز البلد، مثل <bdi dir="ltr">+254 712 345678</bdi></p>');
  });

  it('isolates each number of a sentence, and leaves text without digits as it is', () => {
    expect(html('بين 1,250.50 و 3')).toBe('<p dir="rtl">بين <bdi dir="ltr">1,250.50</bdi> و <bdi dir="ltr">3</bdi></p>');
    expect(isolateNumbers('اسم المستجيب')).toBe('اسم المستجيب');
  });

  it("says '[No value]' in the reader's language, isolated", () => {
    const shown = renderToStaticMarkup(
      <TextContext.Provider value={arabic}>
        <p dir="rtl">{isolateNumbers('عمر [No value]؟')}</p>
      </TextContext.Provider>,
    );
    expect(shown).toBe('<p dir="rtl">عمر <bdi>[لا توجد قيمة]</bdi>؟</p>');
  });

  it("says '( No label )' in the reader's language", () => {
    const shown = renderToStaticMarkup(
      <TextContext.Provider value={arabic}>
        <AuthorText text="( No label )" />
      </TextContext.Provider>,
    );
    expect(shown).toBe('( بلا تسمية )');
  });
});

describe('isolateText', () => {
  it('shows an answer inserted in a label (between the engine isolates) as a bdi of its own direction', () => {
    const label = 'كم عمر \u2068Amina Yusuf\u2069؟ الهاتف \u2068+254 712 345678\u2069';
    expect(renderToStaticMarkup(<p dir="rtl">{isolateText(label)}</p>)).toBe(
      '<p dir="rtl">كم عمر <bdi data-answer="">Amina Yusuf</bdi>؟ الهاتف <bdi data-answer="">+254 712 345678</bdi></p>',
    );
  });

  it('leaves a label without answers to isolateNumbers', () => {
    expect(renderToStaticMarkup(<p>{isolateText('بين 1 و 3')}</p>)).toBe('<p>بين <bdi dir="ltr">1</bdi> و <bdi dir="ltr">3</bdi></p>');
  });
});
