// Texts in the respondent's language, and label references (spec 001 sections 2 and 5): '${name}' in
// a label or hint shows that answer, '[No value]' when it has none; a missing label is '( No label )'.
import { ISOLATE_END, ISOLATE_START, MESSAGES, replaceReferences } from '../expression/index';
import { plainText } from './markup';
import type { LocalizedText, SurveyLanguage } from './model';

export const NO_VALUE = MESSAGES.noValue;
export const NO_LABEL = MESSAGES.noLabel;
/** The isolates around an answer shown in a label (engine/expression/template.ts shownInLabel). */
export { ISOLATE_END, ISOLATE_START };

export { directionOf } from './direction';

/** A label or hint: the language asked for, else the survey's base language; undefined when neither has one. */
export function textIn(texts: readonly LocalizedText[], languageId: number, baseLanguageId: number): string | undefined {
  let base: string | undefined;
  for (const t of texts) {
    if (t.text.trim() === '') continue;
    if (t.languageId === languageId) return t.text;
    if (t.languageId === baseLanguageId) base = t.text;
  }
  return base;
}

/** A constraint message: the current language, else the first one given (spec 001 section 5). */
export function messageIn(texts: readonly LocalizedText[], languageId: number): string | undefined {
  const nonBlank = texts.filter((t) => t.text.trim() !== '');
  return (nonBlank.find((t) => t.languageId === languageId) ?? nonBlank[0])?.text;
}

export function languageOf(languages: readonly SurveyLanguage[], languageId: number | undefined): SurveyLanguage | undefined {
  return languages.find((l) => l.languageId === languageId) ?? languages.find((l) => l.isBaseLanguage) ?? languages[0];
}

// Private-use characters hold a reference's place while the formatting is read: no markup reads them.
const HELD = /\uE000(\d+)\uE001/g;

/**
 * A label where no answers exist (a data table's column header): each `${name}` reads as the label of
 * the question it names, in brackets and isolated like an answer in a label ('Age of [\u2068Name\u2069]'),
 * or the bare name when that question has no label; formatting is dropped. The fill page shows
 * '[No value]' for an empty answer: the brackets say the same thing, a value that goes there.
 */
export function labelWithoutAnswers(template: string, labelOf: (name: string) => string | undefined): string {
  if (!template.includes('${')) return plainText(template);
  const names: string[] = [];
  const held = replaceReferences(template, (name) => `\uE000${names.push(name) - 1}\uE001`);
  return plainText(held).replace(HELD, (whole, i: string) => {
    // An author's own private-use characters are left as they are.
    const name = names[Number(i)];
    if (name === undefined) return whole;
    // The named question's own references read as names: one level, never a loop.
    const label = labelOf(name);
    const shown = label === undefined || label.trim() === '' ? name : plainText(replaceReferences(label, (n) => n));
    return `[${ISOLATE_START}${shown}${ISOLATE_END}]`;
  });
}
