// The translation calls: add a language, save texts of one language, set its status (the builder's
// server half, server/routes/surveyBuilder.ts), the ~250 languages a survey can be written in, and the
// translation spreadsheet (download, upload).
import { useQuery } from '@tanstack/react-query';
import type { ItemTextKind } from '../../../../../engine/survey/index';
import { LOOKUPS_API } from '../../../../../schemas/lookups';
import { SURVEY_BUILDER_API as S, TRANSLATE_STATUS } from '../../../../../schemas/surveyBuilder';
import { call } from '../../../../api/call';
import { ApiError } from '../../../../api/client';
import { session } from '../../../../state/session';

export const useLanguages = () => useQuery({ queryKey: ['languages'], staleTime: Infinity, queryFn: () => call(LOOKUPS_API.getAll) });

export const addLanguage = (surveyId: string, languageId: number) => call(S.addSurveyLanguage, { body: { surveyId, languageId } });

/** `translateStatus` is one of TRANSLATE_STATUS (the status select offers no other). */
export const setTranslationStatus = (surveyId: string, languageId: number, translateStatus: number) =>
  call(S.setTranslationStatus, {
    body: { surveyId, languageId, translateStatus: Object.values(TRANSLATE_STATUS).find((s) => s === translateStatus)! },
  });

export const saveTranslation = (
  surveyId: string,
  languageId: number,
  body: { texts: { itemId: string; kind: ItemTextKind; text: string }[]; choiceTexts: { choiceId: string; text: string }[] },
) => call(S.saveTranslation, { body: { surveyId, languageId, ...body } });

/** The largest sheet the server reads (server/services/surveyTranslationSheet.ts): refused here before sending. */
export const MAX_SHEET_BYTES = 2 * 1024 * 1024;

export function importSheet(surveyId: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(S.importTranslations, { query: { surveyId } }, { form });
}

/** GET /Survey/ExportTranslations: saved as '{survey} - translations.xlsx'. */
export async function exportSheet(surveyId: string, surveyName: string): Promise<void> {
  const headers: Record<string, string> = {};
  if (session.token) headers.authorization = `Bearer ${session.token}`;
  if (session.organizationId) headers['organization-id'] = session.organizationId;
  const res = await fetch(`/api/Survey/ExportTranslations?surveyId=${encodeURIComponent(surveyId)}`, { headers });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string; errors?: string[] } | null;
    throw new ApiError('http', res.status, body?.message ?? 'Download failed. Please try again.', body?.errors ?? []);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${surveyName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'survey'} - translations.xlsx`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
