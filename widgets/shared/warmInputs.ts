// Chromium builds a date or time input's own fields (its locale's format, the picker's icon) the first
// time a page creates one and lays it out: about 25 ms to create and 40-60 ms to lay out at 4x, once per
// page and kind (docs/decisions/0058-fill-page-loading-order.md). A survey whose date and time questions are not on screen
// when the form first shows (behind a consent box, in a later section) paid that on the answer that
// revealed them, between the tap and the frame that shows it. It is paid in idle time after the form's
// first paint instead: an input of each kind the survey asks for and the page lacks, laid out out of
// sight (no size, transparent, hidden from assistive technology, inert) and removed in the same task, so
// it is never painted nor reachable.
import { QUESTION_TYPES, type CompiledForm } from '../../engine/survey/index';
import { dateInputType } from '../date/DateWidget';
import { DATETIME_INPUT } from '../datetime/DateTimeWidget';
import { TIME_INPUT } from '../time/TimeWidget';

/** The browser's input kind a question of these types draws, as its widget declares it. */
function nativeKind(key: string, appearance: readonly string[]): string | null {
  // 'month-year' as engine/survey's emitter reads it into the date widget's monthYear option.
  if (key === 'date') return dateInputType(appearance.includes('month-year'));
  if (key === 'time') return TIME_INPUT;
  if (key === 'datetime') return DATETIME_INPUT;
  return null;
}

/** The kinds built already: once per page, however often the form is built again (the builder's preview). */
const built = new Set<string>();

/** The browser's own date and time input kinds the form's questions draw. */
export function nativeInputsOf(form: CompiledForm): string[] {
  const kinds = new Set<string>();
  for (const n of form.bindings.nodes) {
    const kind = n.kind === 'field' ? nativeKind(QUESTION_TYPES[n.type].key, n.appearance) : null;
    if (kind !== null) kinds.add(kind);
  }
  return [...kinds];
}

/** Lays out, once and out of sight, an input of each such kind the form asks for and the page has none of yet. */
export function warmInputs(form: CompiledForm, host: HTMLElement): void {
  const doc = host.ownerDocument;
  const kinds = nativeInputsOf(form).filter((kind) => !built.has(kind) && doc.querySelector(`input[type="${kind}"]`) === null);
  if (kinds.length === 0) return;
  for (const kind of kinds) built.add(kind);
  const box = doc.createElement('div');
  box.className = 'fs-warm';
  box.setAttribute('aria-hidden', 'true');
  box.inert = true;
  for (const kind of kinds) {
    const input = doc.createElement('input');
    input.type = kind;
    input.className = 'fs-input fs-input-short';
    input.tabIndex = -1;
    box.append(input);
  }
  host.append(box);
  void box.offsetHeight;
  box.remove();
}
