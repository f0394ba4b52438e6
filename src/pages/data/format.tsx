// How survey data reads on screen: review statuses as badges, cells, durations.
import { Badge } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A review status's colours (Chakra palettes), by status: none, approved, not approved, on hold. */
export const REVIEW_PALETTE = ['gray', 'green', 'red', 'orange'] as const;

export function ReviewBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={REVIEW_PALETTE[status] ?? 'gray'} variant="subtle" data-testid="review-badge">
      {t(`surveyData.status.${status}`)}
    </Badge>
  );
}

export function cellText(v: string | number | boolean | null | undefined, t: TFunction): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? t('surveyData.yes') : t('surveyData.no');
  return String(v);
}

type DurationUnit = 'hour' | 'minute' | 'second';
// A formatter costs far more to make than to use, and the table asks for one per row drawn.
const unitFormats = new Map<string, Intl.NumberFormat>();
function unitFormat(locale: string, unit: DurationUnit): Intl.NumberFormat {
  const key = `${locale}|${unit}`;
  let f = unitFormats.get(key);
  if (!f) unitFormats.set(key, (f = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' })));
  return f;
}

/** '4 min 12 s' in the reader's language (Intl units). */
export function durationText(seconds: number | null, locale: string): string {
  if (seconds === null) return '';
  const unit = (value: number, u: DurationUnit) => unitFormat(locale, u).format(value);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h ? unit(h, 'hour') : '', h || m ? unit(m, 'minute') : '', unit(s, 'second')].filter(Boolean).join(' ');
}
