// Translation calls (spec 001 "Translation data"): add a language to a survey, save texts of one
// language (the editor sends what changed, debounced 500 ms), set a language's status. Texts are
// merged one by one, so two translators of different languages never overwrite each other; the
// version still goes up, so a builder tab open meanwhile reloads before it saves.
import type { Kysely } from 'kysely';
import { TRANSLATE_STATUS, type SaveTranslationBody } from '../../schemas/surveyBuilder';
import { lockSurvey, surveyVersionOf } from '../db/queries/surveyTools';
import {
  addSurveyLanguage,
  languageExists,
  ownedIds,
  setTranslateStatus,
  surveyLanguage,
  writeTranslation,
} from '../db/queries/surveyTranslations';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { keepCurrentVersion } from './surveyVersions';

type Q = Kysely<DB>;

async function locked<T>(
  db: Q,
  organizationId: string,
  surveyId: string,
  work: (trx: Q, head: NonNullable<Awaited<ReturnType<typeof lockSurvey>>>) => Promise<T>,
) {
  return db.transaction().execute(async (trx) => {
    const head = await lockSurvey(trx, organizationId, surveyId);
    if (!head) throw problem('notFound');
    await work(trx, head);
    return { surveyId, version: await surveyVersionOf(trx, organizationId, surveyId) };
  });
}

/** POST /Survey/AddSurveyLanguage: the language starts InProgress. */
export function addLanguage(db: Q, organizationId: string, surveyId: string, languageId: number) {
  return locked(db, organizationId, surveyId, async (trx, head) => {
    if (!(await languageExists(trx, languageId, organizationId))) throw problem('unknownLanguage');
    if (await surveyLanguage(trx, organizationId, surveyId, languageId)) return;
    await keepCurrentVersion(trx, organizationId, head);
    await addSurveyLanguage(trx, organizationId, surveyId, languageId, TRANSLATE_STATUS.InProgress);
  });
}

/** POST /Survey/SaveTranslation. */
export function saveTranslation(db: Q, organizationId: string, body: SaveTranslationBody) {
  return locked(db, organizationId, body.surveyId, async (trx, head) => {
    if (!(await surveyLanguage(trx, organizationId, body.surveyId, body.languageId))) throw problem('languageNotInSurvey');
    const texts = body.texts ?? [];
    const choiceTexts = body.choiceTexts ?? [];
    const owned = await ownedIds(
      trx,
      body.surveyId,
      [...new Set(texts.map((t) => t.itemId))],
      [...new Set(choiceTexts.map((c) => c.choiceId))],
    );
    const strangers = [
      ...texts.filter((t) => !owned.items.has(t.itemId)).map((t) => t.itemId),
      ...choiceTexts.filter((c) => !owned.choices.has(c.choiceId)).map((c) => c.choiceId),
    ];
    if (strangers.length)
      throw problem('validation', {
        errors: [...new Set(strangers)].slice(0, 20).map((id) => `${id} is not an item or choice of this survey`),
      });
    await keepCurrentVersion(trx, organizationId, head);
    await writeTranslation(trx, organizationId, body.surveyId, body.languageId, texts, choiceTexts);
  });
}

/** POST /Survey/SetTranslationStatus: Translated 0, InProgress 1, Archived 2. */
export function setTranslationStatus(db: Q, organizationId: string, surveyId: string, languageId: number, status: number) {
  return locked(db, organizationId, surveyId, async (trx, head) => {
    const lang = await surveyLanguage(trx, organizationId, surveyId, languageId);
    if (!lang) throw problem('languageNotInSurvey');
    if (lang.is_base && status === TRANSLATE_STATUS.Archived) throw problem('baseLanguageStatus');
    if (lang.translate_status === status) return;
    await keepCurrentVersion(trx, organizationId, head);
    await setTranslateStatus(trx, organizationId, surveyId, languageId, status);
  });
}
