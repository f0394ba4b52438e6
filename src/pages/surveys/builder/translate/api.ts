// The translation calls: add a language, save texts of one language, set its status (the builder's
// server half, server/routes/surveyBuilder.ts), the ~250 languages a survey can be written in, and the
// translation spreadsheet (download, upload).
import { useQuery } from '@tanstack/react-query';
import type { ItemTextKind } from '../../../../../engine/survey/index';
import { api, ApiError, request } from '../../../../api/client';
import { session } from '../../../../state/session';

export interface Language {
  id: number;
  name: string;
  code: string;
}

export interface Saved {
  surveyId: string;
  version: number;
}

export const useLanguages = () =>
  useQuery({ queryKey: ['languages'], staleTime: Infinity, queryFn: () => api.get<Language[]>('/Languages/getAll') });

export const addLanguage = (surveyId: string, languageId: number) => api.post<Saved>('/Survey/AddSurveyLanguage', { surveyId, languageId });

export const setTranslationStatus = (surveyId: string, languageId: number, translateStatus: number) =>
  api.post<Saved>('/Survey/SetTranslationStatus', { surveyId, languageId, translateStatus });

export const saveTranslation = (
  surveyId: string,
  languageId: number,
  body: { texts: { itemId: string; kind: ItemTextKind; text: string }[]; choiceTexts: { choiceId: string; text: string }[] },
) => api.post<Saved>('/Survey/SaveTranslation', { surveyId, languageId, ...body });

export interface Imported extends Saved {
  languages: { languageId: number; changed: number }[];
  unknownRows: number;
}

/** The largest sheet the server reads (server/services/surveyTranslationSheet.ts): refused here before sending. */
export const MAX_SHEET_BYTES = 2 * 1024 * 1024;

export async function importSheet(surveyId: string, file: File): Promise<Imported> {
  const form = new FormData();
  form.append('file', file, file.name);
  const envelope = await request<Imported>('POST', '/Survey/ImportTranslations', { form, query: { surveyId } });
  return envelope.data;
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
