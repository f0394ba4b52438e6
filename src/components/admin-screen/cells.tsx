// How each kind of column shows its value. What users typed (names, subjects, e-mails) is isolated
// (<bdi>): an Arabic project name keeps its own order in a left-to-right table and the reverse.
import { Badge, Text, Wrap } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import type { Column } from '../../../schemas/screens';
import type { Row } from './useScreenList';

const dash = <Text color="gray.400">–</Text>;

/**
 * The block of a clamped text users typed (a name, a note), holding that text alone: it takes the text's
 * own direction (dir="auto" isolates as <bdi> does), so an English name on an Arabic page is cut at its
 * end rather than its start; it stays aligned to the page's start.
 */
export const ownDirection = { dir: 'auto', textAlign: 'left', _rtl: { textAlign: 'right' } } as const;

/** What a user typed that a text or person column shows, if any. */
export function typedText(column: Column, row: Row): string | undefined {
  const v = row[column.key];
  if (column.kind === 'text') return typeof v === 'string' && v !== '' ? v : undefined;
  if (column.kind === 'person') return (v as { fullName?: string } | null)?.fullName || undefined;
  return undefined;
}

export function renderCell(column: Column, row: Row, t: TFunction, language: string): ReactNode {
  const v = row[column.key];
  switch (column.kind) {
    case 'text':
    case 'person': {
      const typed = typedText(column, row);
      return typed ? <bdi>{typed}</bdi> : dash;
    }
    case 'count':
      return Array.isArray(v) ? v.length : typeof v === 'number' ? v : 0;
    case 'names': {
      const names = Array.isArray(v) ? (v as { name: string }[]).map((x) => x.name) : [];
      return names.length
        ? names.map((n, i) => (
            <Fragment key={i}>
              {i > 0 ? ', ' : null}
              <bdi>{n}</bdi>
            </Fragment>
          ))
        : dash;
    }
    case 'roles': {
      const roles = Array.isArray(v) ? (v as { name: string }[]) : [];
      return (
        <Wrap gap="1">
          {roles.map((r) => (
            <Badge key={r.name} colorPalette="blue" variant="subtle">
              {t(`roles.${r.name}`, { defaultValue: r.name })}
            </Badge>
          ))}
        </Wrap>
      );
    }
    case 'label':
      return v === undefined || v === null ? dash : t(`${column.labels ?? ''}.${String(v)}`);
    case 'date':
      return typeof v === 'string' ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(v)) : dash;
  }
}
