// answerDetail (spec 001 "Answer input") <-> the answers table, where exactly one value column holds an
// answer: text, number, boolean, choice ids, or JSON for coordinates and grids. The slot of each type
// comes from the question type table, so every type is stored the same way everywhere.
import { QUESTION_TYPES, isQuestionType, type AnswerDetail, type AnswerInput, type Bindings } from '../../engine/survey/index';
import type { AnswerRow } from '../db/queries/submissions';

/** A stored file's path as answers carry it back (answerDetail.filePaths[0].filePath). */
export type FileKeyOf = (uri: string) => string | undefined;

export function toAnswerRow(a: AnswerInput, fileKeyOf: FileKeyOf): AnswerRow {
  const d = a.answerDetail;
  const row: AnswerRow = {
    itemId: a.questionId,
    questionType: d.questionType,
    repeatPath: d.repeatGroup ?? '',
    text: null,
    number: null,
    bool: null,
    choices: null,
    detail: null,
  };
  switch (QUESTION_TYPES[d.questionType].slot) {
    case 'counter':
      row.number = Number(d.number);
      break;
    case 'number':
      // Phone numbers travel in answerDetail.number but are text (E.164 keeps its '+').
      if (d.questionType === 100) row.text = String(d.number);
      else row.number = Number(d.number);
      break;
    case 'text':
      row.text = d.text ?? '';
      break;
    case 'choices':
      row.choices = (d.choices ?? []).join(',');
      break;
    case 'questionChoice':
      row.bool = d.questionChoice === true;
      break;
    case 'answerFiles': {
      const uri = d.answerFiles?.[0]?.uri ?? d.filePaths?.[0]?.filePath ?? '';
      row.text = fileKeyOf(uri) ?? uri;
      break;
    }
    case 'coords':
      row.detail = d.coords;
      break;
    case 'answerMatrix':
      row.detail = d.answerMatrix ?? [];
      break;
    case 'answerRankings':
      row.detail = d.answerRankings ?? [];
      break;
    case 'answerRatings':
      row.detail = d.answerRatings ?? [];
      break;
  }
  return row;
}

/** Stored rows back as the spec's answers (what GetById of a submission and the idempotent reply show). */
export function fromAnswerRows(rows: readonly AnswerRow[], b: Bindings, who: { surveyId: string; userId: string | null }): AnswerInput[] {
  const out: AnswerInput[] = [];
  for (const r of rows) {
    const node = b.byId.get(r.itemId);
    if (!node || !isQuestionType(r.questionType)) continue;
    const d: AnswerDetail = { questionType: r.questionType, ...(r.repeatPath ? { repeatGroup: r.repeatPath } : {}) };
    const json = (r.detail ?? []) as never;
    switch (QUESTION_TYPES[r.questionType].slot) {
      case 'counter':
        d.number = r.number ?? 0;
        break;
      case 'number':
        d.number = r.questionType === 100 ? (r.text ?? '') : (r.number ?? 0);
        break;
      case 'text':
        d.text = r.text ?? '';
        break;
      case 'choices':
        d.choices = r.choices ? r.choices.split(',') : [];
        break;
      case 'questionChoice':
        d.questionChoice = r.bool === true;
        break;
      case 'answerFiles':
        d.filePaths = [{ filePath: r.text ?? '' }];
        break;
      case 'coords':
        d.coords = json;
        break;
      case 'answerMatrix':
        d.answerMatrix = json;
        break;
      case 'answerRankings':
        d.answerRankings = json;
        break;
      case 'answerRatings':
        d.answerRatings = json;
        break;
    }
    const suffix = r.repeatPath ? `_${r.repeatPath.replace(/\./g, '_')}` : '';
    const name = node.kind === 'section' ? `${node.name}__counter${suffix}` : `${node.name}${suffix}`;
    out.push({ surveyId: who.surveyId, userId: who.userId, questionId: r.itemId, name, answerDetail: d });
  }
  return out;
}
