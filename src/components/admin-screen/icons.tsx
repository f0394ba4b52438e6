// Icons of the declared actions, by the names declarations use.
import type { IconType } from 'react-icons';
import { LuArchive, LuArrowRight, LuCopy, LuLink, LuPencil, LuPlus, LuRotateCcw, LuTrash2, LuArchiveRestore } from 'react-icons/lu';
import type { Action } from '../../../schemas/screens';

export const actionIcons: Record<NonNullable<Action['icon']>, IconType> = {
  add: LuPlus,
  edit: LuPencil,
  delete: LuTrash2,
  restore: LuRotateCcw,
  open: LuArrowRight,
  trash: LuArchiveRestore,
  link: LuLink,
  copy: LuCopy,
  archive: LuArchive,
};

export function ActionIcon({ name }: { name: Action['icon'] }) {
  if (!name) return null;
  const Icon = actionIcons[name];
  return <Icon aria-hidden data-mirrored={name === 'open' ? true : undefined} />;
}

export function paletteOf(a: Pick<Action, 'tone'>): { colorPalette: string; variant: 'solid' | 'outline' | 'ghost' } {
  if (a.tone === 'primary') return { colorPalette: 'brand', variant: 'solid' };
  if (a.tone === 'danger') return { colorPalette: 'red', variant: 'outline' };
  return { colorPalette: 'gray', variant: 'outline' };
}
