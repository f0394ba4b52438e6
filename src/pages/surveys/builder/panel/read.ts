// What the panel shows for a declared property: read from the model field the declaration names
// (PROPERTIES[key].field), the way the engine's writers write it.
import { parseParameters, PROPERTIES, type PropertyKey, type SurveyItem } from '../../../../../engine/survey/index';

/** The raw value of a property's field: on the question, else on the item (repeatGroup, repeat_count). */
export function fieldValue(item: SurveyItem, key: PropertyKey): unknown {
  const field = PROPERTIES[key].field;
  if (field === 'parameters' && key !== 'parameters')
    return parseParameters(item.surveyItem.parameters)[key.replace(/^range/, '').toLowerCase()] ?? null;
  const q = item.surveyItem as unknown as Record<string, unknown>;
  return field in q ? q[field] : (item as unknown as Record<string, unknown>)[field];
}

export const asText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
