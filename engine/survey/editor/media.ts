// A choice's media file names (XLSForm's media columns of the choices sheet: one file name per kind and
// language), as the builder's choice rows edit them. The file is named, not kept here: the survey's
// media files travel beside the form (as with an XLSForm's media folder), so a name is what the form holds.
import type { ChoiceModel, MediaKind } from '../model';

/** The bound of the save payload's media texts (schemas/surveyBuilder.ts). */
export const MAX_MEDIA_NAME = 500;

/** The file name of a kind in a language; '' when none. */
export function choiceMedia(choice: ChoiceModel, kind: MediaKind, languageId: number): string {
  return choice.media?.find((m) => m.kind === kind && m.languageId === languageId)?.text ?? '';
}

/** The choice with that file name set (blank: removed); other kinds and languages are kept. No media left: no `media` key, as an imported choice without any. */
export function withChoiceMedia(choice: ChoiceModel, kind: MediaKind, languageId: number, name: string): ChoiceModel {
  const others = (choice.media ?? []).filter((m) => !(m.kind === kind && m.languageId === languageId));
  const text = name.trim();
  const media = text === '' ? others : [...others, { kind, languageId, text }];
  const { media: _old, ...rest } = choice;
  void _old;
  return media.length ? { ...rest, media } : rest;
}

/** Why a media file name is refused, or null: a bare file name (no folders), with an extension, within the bound. */
export function mediaNameProblem(name: string): 'path' | 'extension' | 'tooLong' | null {
  const text = name.trim();
  if (text === '') return null;
  if (text.length > MAX_MEDIA_NAME) return 'tooLong';
  if (/[/\\]/.test(text) || text === '.' || text === '..') return 'path';
  if (!/\.[A-Za-z0-9]{1,8}$/.test(text)) return 'extension';
  return null;
}
