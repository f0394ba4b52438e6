// A survey's media files as the pages reach them (GET DataCollection/getSurveyMedia/{surveyId}/{fileName}).
// A deployed survey's media are public; one not yet deployed serves them only to members who may read
// its project, and the session travels as a header, not a cookie: an <img> cannot carry it, so those
// are fetched with it and shown from an object URL.
import { SURVEY_MEDIA_API } from '../../schemas/surveyMedia';
import { session } from '../state/session';
import { pathOf } from './call';

export const surveyMediaPath = (surveyId: string, fileName: string): string =>
  `/api${pathOf(SURVEY_MEDIA_API.getSurveyMedia, { surveyId, fileName })}`;

/** The file fetched with the session's headers. */
export async function fetchSurveyMedia(surveyId: string, fileName: string): Promise<Blob> {
  const res = await fetch(surveyMediaPath(surveyId, fileName), {
    headers: { authorization: `Bearer ${session.token ?? ''}`, 'organization-id': session.organizationId ?? '' },
  });
  if (!res.ok) throw new Error(String(res.status));
  return res.blob();
}

const objectUrls = new Map<string, Promise<string>>();

/** An object URL of the file fetched with the session, once per file for the page's life; a failure is not kept (the file may be uploaded next). */
export function signedMediaUrl(surveyId: string, fileName: string): Promise<string> {
  const key = surveyMediaPath(surveyId, fileName);
  let url = objectUrls.get(key);
  if (url === undefined) {
    url = fetchSurveyMedia(surveyId, fileName).then((b) => URL.createObjectURL(b));
    url.catch(() => objectUrls.delete(key));
    objectUrls.set(key, url);
  }
  return url;
}

/** A file replaced by an upload: the next look fetches it anew. */
export function forgetSignedMedia(surveyId: string, fileName: string): void {
  const key = surveyMediaPath(surveyId, fileName);
  const url = objectUrls.get(key);
  objectUrls.delete(key);
  void url?.then(
    (u) => URL.revokeObjectURL(u),
    () => undefined,
  );
}

/** The renderer's FormContext.mediaUrl for a survey: public links once it is deployed (lazy images, kept offline by the worker), signed ones before. */
export function mediaUrlFor(surveyId: string, deployed: boolean): (fileName: string) => string | Promise<string> {
  return (fileName) => (deployed ? surveyMediaPath(surveyId, fileName) : signedMediaUrl(surveyId, fileName));
}
