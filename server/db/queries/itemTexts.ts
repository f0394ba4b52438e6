// Which texts of a question are stored as item_texts rows of which kind: declared once, for the writers
// (insertSurvey, the builder's save) and the reader (loadSurveyModel).
import { MEDIA_KINDS, type LocalizedText, type MediaKind, type MediaText, type QuestionModel } from '../../../engine/survey/index';
import type { ItemTextKind } from '../schema-surveys';

const LISTS = {
  label: 'questionLabels',
  hint: 'surveyQuestionHints',
  constraint: 'constraintMessages',
  required: 'requiredMessages',
  guidance: 'guidanceHints',
} as const satisfies Partial<Record<ItemTextKind, keyof QuestionModel>>;

const mediaKind = (kind: MediaKind): ItemTextKind => `media_${kind}`;

/** Every stored text of a question, by kind (empty texts left out by the callers). */
export function itemTextsOf(m: QuestionModel): { kind: ItemTextKind; texts: readonly LocalizedText[] }[] {
  const out: { kind: ItemTextKind; texts: readonly LocalizedText[] }[] = Object.entries(LISTS).map(([kind, field]) => ({
    kind: kind as ItemTextKind,
    texts: m[field],
  }));
  if (m.range) out.push({ kind: 'range_first', texts: m.range.firstLabel }, { kind: 'range_second', texts: m.range.secondLabel });
  for (const kind of MEDIA_KINDS) out.push({ kind: mediaKind(kind), texts: m.media.filter((t) => t.kind === kind) });
  return out;
}

type Row = { kind: string; language_id: number; text: string };

/** The question's texts from its rows. */
export function questionTexts(
  rows: readonly Row[] | undefined,
): Pick<QuestionModel, (typeof LISTS)[keyof typeof LISTS] | 'range' | 'media'> {
  const list = rows ?? [];
  const of = (kind: ItemTextKind): LocalizedText[] =>
    list.filter((t) => t.kind === kind).map((t) => ({ languageId: t.language_id, text: t.text }));
  const first = of('range_first');
  const second = of('range_second');
  const media: MediaText[] = MEDIA_KINDS.flatMap((kind) => of(mediaKind(kind)).map((t) => ({ kind, ...t })));
  return {
    questionLabels: of('label'),
    surveyQuestionHints: of('hint'),
    constraintMessages: of('constraint'),
    requiredMessages: of('required'),
    guidanceHints: of('guidance'),
    range: first.length || second.length ? { firstLabel: first, secondLabel: second } : null,
    media,
  };
}

/** A choices.media value as stored (a JSON array; PGlite and pg both give it parsed, older rows '[]'). */
export function choiceMedia(value: unknown): MediaText[] {
  const v = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(v) ? (v as MediaText[]) : [];
}
