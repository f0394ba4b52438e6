// How each kind of column shows its value. What users typed (names, subjects, e-mails) is isolated
// (<bdi>): an Arabic project name keeps its own order in a left-to-right table and the reverse.
import { Badge, Text, Wrap } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import type { Column } from '../../../schemas/screens';
import type { Row } from './useScreenList';

const dash = <Text color="gray.400">–</Text>;

export function renderCell(column: Column, row: Row, t: TFunction, language: string): ReactNode {
  const v = row[column.key];
  switch (column.kind) {
    case 'text':
      return typeof v === 'string' && v !== '' ? <bdi>{v}</bdi> : dash;
    case 'person': {
      const name = (v as { fullName?: string } | null)?.fullName;
      return name ? <bdi>{name}</bdi> : dash;
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
