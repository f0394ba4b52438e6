// The one way a stored submission reaches the server: its multipart fields rebuilt from the record
// (files from their data URLs) and posted with the submit timeout of 120 s.
import type { FormEntry } from '../../../engine/survey/index';
import type { SURVEYS_API } from '../../../schemas/surveys';
import { callEnvelopeAt } from '../../api/call';
import { SUBMIT_TIMEOUT_MS } from '../../api/client';
import type { OutboxRecord } from './machine';

/** Decodes a data URL without fetch, so it works the same in a page, a worker and the unit tests. */
export function dataUrlToBlob(uri: string): Blob {
  const comma = uri.indexOf(',');
  const header = uri.slice(5, comma);
  const type = header.replace(/;base64$/, '').split(';')[0] || 'application/octet-stream';
  const payload = uri.slice(comma + 1);
  if (!header.endsWith(';base64')) return new Blob([decodeURIComponent(payload)], { type });
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

export async function toFormData(entries: readonly FormEntry[]): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') form.append(name, value);
    else if (value.uri.startsWith('data:')) form.append(name, dataUrlToBlob(value.uri), value.fileName);
    else {
      // Not expected (the fill page keeps files as data URLs, which survive a restart); a blob: URL
      // still works while its page lives.
      const blob = await (await fetch(value.uri)).blob();
      form.append(name, new Blob([blob], { type: value.contentType }), value.fileName);
    }
  }
  return form;
}

export interface SubmitAnswer {
  message: string;
  data: unknown;
}

/** Posts the record; resolves with the server's envelope on success, throws ApiError otherwise. */
export async function sendRecord(record: Pick<OutboxRecord, 'entries'>): Promise<SubmitAnswer> {
  const env = await callEnvelopeAt<typeof SURVEYS_API.submitSurvey>(
    { method: 'POST', path: '/DataCollection/SubmitSurvey' },
    {},
    { form: await toFormData(record.entries), timeoutMs: SUBMIT_TIMEOUT_MS },
  );
  return { message: env.message, data: env.data };
}
