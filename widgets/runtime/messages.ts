// The engine's own messages (engine/survey/validate/messages.ts: the spec's English texts) in the
// respondent's language. The engine stays English and language-free; what reaches the screen is looked
// up here by its English text: a fixed message by value, a message with figures by its shape. An
// author's constraint or required message is not one of them and is shown as written. The widgets' own
// refusals (the device's location, a photo that cannot be read) travel the same way.
import type { TFunction } from './texts';
import { FIELD_MESSAGES, NO_LABEL, NO_VALUE, QUESTION_TYPES, SUBMIT_MESSAGES } from '../../engine/survey/index';
import { plainText } from '../../engine/survey/markup';
import { GEO_MESSAGES } from '../geopoint/locate';
import { IMAGE_MESSAGES } from '../image/scale';

const REQUIRED_MESSAGES = {
  field: QUESTION_TYPES[34].requiredMessage,
  selectOne: QUESTION_TYPES[32].requiredMessage,
  selectMultiple: QUESTION_TYPES[33].requiredMessage,
};

type Fixed = { [K in keyof typeof FIELD_MESSAGES]: (typeof FIELD_MESSAGES)[K] extends string ? K : never }[keyof typeof FIELD_MESSAGES];

const fixed = new Map<string, string>();
for (const [key, value] of Object.entries(FIELD_MESSAGES))
  if (typeof value === 'string') fixed.set(value, `widgets.engine.${key as Fixed}`);
for (const [key, value] of Object.entries(SUBMIT_MESSAGES)) fixed.set(value, `widgets.engine.submit.${key}`);
// The question types' own required messages (engine/survey/question-types.ts).
fixed.set(REQUIRED_MESSAGES.field, 'widgets.engine.required');
fixed.set(REQUIRED_MESSAGES.selectOne, 'widgets.engine.selectOne');
fixed.set(REQUIRED_MESSAGES.selectMultiple, 'widgets.engine.selectAtLeastOne');
for (const [key, value] of Object.entries(GEO_MESSAGES)) fixed.set(value, `widgets.gps.${key as keyof typeof GEO_MESSAGES}`);
const IMAGE_KEYS = { read: 'readFailed', scale: 'scaleFailed', encode: 'encodeFailed' } as const satisfies Record<
  keyof typeof IMAGE_MESSAGES,
  string
>;
for (const [key, value] of Object.entries(IMAGE_MESSAGES))
  fixed.set(value, `widgets.file.${IMAGE_KEYS[key as keyof typeof IMAGE_MESSAGES]}`);

const MAX_CHOICES = /^You can select up to (\d+) choices\.$/;
const RANGE = /^Please choose a value between (-?[\d.]+) and (-?[\d.]+)(?: in steps of (-?[\d.]+))?\.$/;

/** A message of the engine in the current language; anything else unchanged. */
export function engineMessage(message: string, t: TFunction): string {
  return engineRule(message, t) ?? message;
}

/** A message of the engine in the current language, or null when the engine does not word it so. */
export function engineRule(message: string, t: TFunction): string | null {
  const key = fixed.get(message);
  if (key !== undefined) return t(key);
  const max = MAX_CHOICES.exec(message);
  if (max) return t('widgets.engine.maxChoices', { count: Number(max[1]) });
  const range = RANGE.exec(message);
  if (range)
    return range[3] === undefined
      ? t('widgets.engine.range', { lo: range[1], hi: range[2] })
      : t('widgets.engine.rangeStep', { lo: range[1], hi: range[2], step: range[3] });
  return null;
}

/**
 * One of the server's errors for a question ('consent: This field is required', as the engine words them
 * on the server) in the current language: the question's name as written, its rule translated.
 */
export function fieldError(error: string, t: TFunction): { name: string | null; message: string } {
  const m = /^([\w.[\]/-]+): (.+)$/.exec(error);
  return m ? { name: m[1]!, message: engineMessage(m[2]!, t) } : { name: null, message: engineMessage(error, t) };
}

const NO_VALUES = new RegExp(NO_VALUE.replace(/[[\]]/g, '\\$&'), 'g');

/**
 * A label as plain words (an option of a list, an aria-label) with the engine's placeholders in the
 * current language: '[No value]' for an answer a label shows that has none, '( No label )'.
 */
export function plainLabel(text: string, t: TFunction): string {
  if (text === NO_LABEL) return t('widgets.noLabel');
  const plain = plainText(text);
  return plain.includes(NO_VALUE) ? plain.replace(NO_VALUES, t('widgets.noValue')) : plain;
}
