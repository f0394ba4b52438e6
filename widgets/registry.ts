// The widget registry: one widget per question type of engine/survey's type table. Typed against
// the table (`satisfies Record<QuestionType, ...>`), so a type added there without a widget here does
// not compile; rjsf reads it by the `ui:widget` names the compiler writes (byWidgetName).
import { byWidgetName, type QuestionType } from '../engine/survey/index';
import { AcknowledgeWidget } from './acknowledge/AcknowledgeWidget';
import { CalculateWidget } from './calculate/CalculateWidget';
import { DateWidget } from './date/DateWidget';
import { DateTimeWidget } from './datetime/DateTimeWidget';
import { DecimalWidget } from './decimal/DecimalWidget';
import { FileWidget } from './file/FileWidget';
import { GeopointWidget } from './geopoint/GeopointWidget';
import { HiddenWidget } from './hidden/HiddenWidget';
import { ImageWidget } from './image/ImageWidget';
import { IntegerWidget } from './integer/IntegerWidget';
import { MatrixWidget } from './matrix/MatrixWidget';
import { NoteWidget } from './note/NoteWidget';
import { PhoneWidget } from './phone/PhoneWidget';
import { RangeWidget } from './range/RangeWidget';
import { RankingWidget } from './ranking/RankingWidget';
import { RatingWidget } from './rating/RatingWidget';
import { SectionWidget } from './section/SectionWidget';
import { SelectMultipleWidget } from './select_multiple/SelectMultipleWidget';
import { SelectOneWidget } from './select_one/SelectOneWidget';
import { TextWidget } from './text/TextWidget';
import { TimeWidget } from './time/TimeWidget';
import type { QuestionWidget } from './types';

export const WIDGETS = {
  0: SectionWidget,
  32: SelectOneWidget,
  33: SelectMultipleWidget,
  34: TextWidget,
  35: IntegerWidget,
  36: DecimalWidget,
  37: DateWidget,
  38: TimeWidget,
  40: NoteWidget,
  100: PhoneWidget,
  104: DateTimeWidget,
  105: GeopointWidget,
  106: ImageWidget,
  110: FileWidget,
  112: AcknowledgeWidget,
  113: CalculateWidget,
  275: RangeWidget,
  276: RatingWidget,
  277: MatrixWidget,
  278: RankingWidget,
  279: HiddenWidget,
} as const satisfies Record<QuestionType, QuestionWidget>;

/** The registry as rjsf's `widgets` prop: keyed by `ui:widget` names ('select_one', ...). */
export const WIDGETS_BY_NAME = byWidgetName<QuestionWidget>(WIDGETS);
