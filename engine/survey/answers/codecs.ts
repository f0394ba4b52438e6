// Form value <-> answerDetail, one codec per question type (spec 001 "Answer input"). Form values use
// choice names (what expressions read); answerDetail uses choice ids (what the server stores).
// decode() reads what a multipart form gives too: every leaf may arrive as text.
import type { FieldNode } from '../bindings';
import { isObject } from '../instances';
import type { QuestionType } from '../question-types';
import { FIELD_MESSAGES } from '../validate/messages';
import { formatGeopoint, parseGeopoint, splitNames } from '../values';
import type { AnswerDetail, AnswerFile } from './types';

export type Decoded = { value: unknown } | { error: string };
type Detail = Readonly<Record<string, unknown>>;

interface Codec {
  /** The answerDetail members for a non-empty form value; undefined when the value cannot be encoded. */
  encode(value: unknown, field: FieldNode): Omit<AnswerDetail, 'questionType'> | undefined;
  decode(detail: Detail, field: FieldNode): Decoded;
}

interface ChoiceIndex {
  idOf: Map<string, string>;
  nameOf: Map<string, string>;
  columnIdOf: Map<string, string>;
  columnNameOf: Map<string, string>;
}
const indexes = new WeakMap<FieldNode, ChoiceIndex>();
function index(field: FieldNode): ChoiceIndex {
  let i = indexes.get(field);
  if (i === undefined) {
    i = {
      idOf: new Map(field.choices.map((c) => [c.name, c.id])),
      nameOf: new Map(field.choices.map((c) => [c.id.toLowerCase(), c.name])),
      columnIdOf: new Map(field.columns.map((c) => [c.name, c.id])),
      columnNameOf: new Map(field.columns.map((c) => [c.id.toLowerCase(), c.name])),
    };
    indexes.set(field, i);
  }
  return i;
}

const BAD_CHOICE: Decoded = { error: FIELD_MESSAGES.invalidChoice };
const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const nameOfId = (map: Map<string, string>, id: unknown): string | undefined => {
  const t = text(id);
  return t === undefined ? undefined : map.get(t.toLowerCase());
};

const textCodec: Codec = {
  encode: (v) => (typeof v === 'string' ? { text: v } : typeof v === 'number' || typeof v === 'boolean' ? { text: String(v) } : undefined),
  decode: (d) => {
    const t = text(d.text);
    return t === undefined ? { error: FIELD_MESSAGES.text } : { value: t };
  },
};

const numberCodec: Codec = {
  encode: (v) => (typeof v === 'number' && Number.isFinite(v) ? { number: v } : undefined),
  decode: (d) => {
    const t = typeof d.number === 'number' ? d.number : text(d.number)?.trim() === '' ? NaN : Number(text(d.number));
    return Number.isFinite(t) ? { value: t } : { error: FIELD_MESSAGES.number };
  },
};

const fileCodec: Codec = {
  encode: (v) => {
    if (typeof v !== 'string') return undefined;
    if (!v.startsWith('data:')) return { filePaths: [{ filePath: v }] };
    const meta = v.slice(5, v.indexOf(','));
    const params = meta.split(';');
    const name = params.find((p) => p.startsWith('name='))?.slice(5);
    let fileName = 'file';
    try {
      if (name) fileName = decodeURIComponent(name);
    } catch {
      fileName = name ?? 'file';
    }
    return { answerFiles: [{ fileName, contentType: params[0] || 'application/octet-stream', uri: v }] };
  },
  decode: (d) => {
    const files = list(d.answerFiles).filter(isObject) as Partial<AnswerFile>[];
    const paths = list(d.filePaths).filter(isObject);
    if (files.length + paths.length !== 1)
      return { error: files.length + paths.length ? 'Please attach one file only.' : FIELD_MESSAGES.file };
    const uri = files.length ? text(files[0]!.uri) : text(paths[0]!.filePath);
    return uri ? { value: uri } : { error: FIELD_MESSAGES.file };
  },
};

function gridCodec(many: boolean): Codec {
  return {
    encode: (v, f) => {
      if (!isObject(v)) return undefined;
      const { idOf, columnIdOf } = index(f);
      const cells: { choiceId: string; secondChoiceId: string; column: string }[] = [];
      for (const [row, cell] of Object.entries(v)) {
        for (const column of many ? list(cell) : [cell]) {
          const choiceId = idOf.get(row);
          const secondChoiceId = typeof column === 'string' ? columnIdOf.get(column) : undefined;
          if (choiceId === undefined || secondChoiceId === undefined) return undefined;
          cells.push({ choiceId, secondChoiceId, column: column as string });
        }
      }
      return many
        ? { answerMatrix: cells.map((c) => ({ choiceId: c.choiceId, secondChoiceId: c.secondChoiceId, text: c.column })) }
        : { answerRatings: cells.map((c) => ({ choiceId: c.choiceId, secondChoiceId: c.secondChoiceId })) };
    },
    decode: (d, f) => {
      const { nameOf, columnNameOf } = index(f);
      const out: Record<string, unknown> = {};
      for (const cell of list(many ? d.answerMatrix : d.answerRatings)) {
        if (!isObject(cell)) return BAD_CHOICE;
        const row = nameOfId(nameOf, cell.choiceId);
        const column = nameOfId(columnNameOf, cell.secondChoiceId);
        if (row === undefined || column === undefined) return BAD_CHOICE;
        if (many) {
          const cols = (out[row] ??= []) as string[];
          if (!cols.includes(column)) cols.push(column);
        } else if (row in out) return BAD_CHOICE;
        else out[row] = column;
      }
      return { value: out };
    },
  };
}

export const CODECS: Record<QuestionType, Codec> = {
  0: numberCodec,
  32: {
    encode: (v, f) => {
      const id = typeof v === 'string' ? index(f).idOf.get(v.trim()) : undefined;
      return id === undefined ? undefined : { choices: [id] };
    },
    decode: (d, f) => {
      const ids = list(d.choices);
      const name = ids.length === 1 ? nameOfId(index(f).nameOf, ids[0]) : undefined;
      return name === undefined ? BAD_CHOICE : { value: name };
    },
  },
  33: {
    encode: (v, f) => {
      const ids = typeof v === 'string' ? splitNames(v).map((n) => index(f).idOf.get(n)) : [undefined];
      return ids.every((id): id is string => id !== undefined) ? { choices: ids } : undefined;
    },
    decode: (d, f) => {
      const names = list(d.choices).map((id) => nameOfId(index(f).nameOf, id));
      return names.every((n): n is string => n !== undefined) ? { value: names.join(' ') } : BAD_CHOICE;
    },
  },
  34: textCodec,
  35: numberCodec,
  36: numberCodec,
  37: textCodec,
  38: textCodec,
  40: textCodec,
  // The spec sends phone numbers as answerDetail.number; as text, so that '+' and leading zeros survive.
  100: {
    encode: (v) => (typeof v === 'string' ? { number: v } : undefined),
    decode: (d) => {
      const t = text(d.number);
      return t === undefined ? { error: FIELD_MESSAGES.phone } : { value: t };
    },
  },
  104: textCodec,
  105: {
    encode: (v) => {
      const coords = typeof v === 'string' ? parseGeopoint(v) : undefined;
      return coords ? { coords } : undefined;
    },
    decode: (d) => {
      const c = isObject(d.coords) ? d.coords : isObject(d.answerGeoLocation) ? d.answerGeoLocation : undefined;
      if (c === undefined) return { error: FIELD_MESSAGES.geopoint };
      const parts = [c.latitude, c.longitude, c.altitude, c.accuracy].map((x) =>
        x === undefined || x === null || x === '' ? undefined : Number(x),
      );
      const [latitude, longitude, altitude, accuracy] = parts;
      if (latitude === undefined || longitude === undefined || parts.some((x) => x !== undefined && !Number.isFinite(x)))
        return { error: FIELD_MESSAGES.geopoint };
      return {
        value: formatGeopoint({
          latitude,
          longitude,
          ...(altitude !== undefined ? { altitude } : {}),
          ...(accuracy !== undefined ? { accuracy } : {}),
        }),
      };
    },
  },
  106: fileCodec,
  110: fileCodec,
  112: {
    encode: (v) => (v === true ? { questionChoice: true } : undefined),
    decode: (d) => {
      const t = text(d.questionChoice)?.toLowerCase();
      return t === 'true' ? { value: true } : t === 'false' ? { value: false } : { error: FIELD_MESSAGES.acknowledge };
    },
  },
  113: textCodec,
  275: numberCodec,
  276: gridCodec(false),
  277: gridCodec(true),
  278: {
    encode: (v, f) => {
      if (typeof v !== 'string') return undefined;
      const ranked = splitNames(v).map((n, i) => ({ choiceId: index(f).idOf.get(n), rank: i + 1 }));
      return ranked.every((r): r is { choiceId: string; rank: number } => r.choiceId !== undefined)
        ? { answerRankings: ranked }
        : undefined;
    },
    decode: (d, f) => {
      const ranked: { name: string; rank: number }[] = [];
      for (const r of list(d.answerRankings)) {
        if (!isObject(r)) return BAD_CHOICE;
        const name = nameOfId(index(f).nameOf, r.choiceId);
        const rank = Number(r.rank);
        if (name === undefined || !Number.isInteger(rank) || rank < 1) return BAD_CHOICE;
        ranked.push({ name, rank });
      }
      ranked.sort((a, b) => a.rank - b.rank);
      if (ranked.some((r, i) => r.rank !== i + 1)) return { error: FIELD_MESSAGES.ranking };
      return { value: ranked.map((r) => r.name).join(' ') };
    },
  },
  279: textCodec,
};
