// Text (34): a text area of 4 rows, at most 30,000 characters; with the 'numbers' appearance a
// box for a non-negative whole number, kept as text (spec 001 section 5). A line or shape variant
// (XLSForm geotrace, geoshape) records points instead (LineWidget); a barcode is typed in this box.
import { TEXT_MAX_LENGTH } from '../../engine/survey/index';
import { useAnswer } from '../runtime/hooks';
import { inputProps } from '../shared/a11y';
import { NumberInput } from '../shared/NumberInput';
import { baseOf, optionsOf, type QuestionWidgetProps } from '../types';
import { LineWidget } from './LineWidget';

interface TextOptions {
  rows: number;
  maxLength: number;
  numbers: boolean;
  sheetType?: 'geotrace' | 'geoshape' | 'barcode';
}

export function TextWidget(props: QuestionWidgetProps) {
  const o = optionsOf<TextOptions>(props);
  if (o.sheetType === 'geotrace' || o.sheetType === 'geoshape') return <LineWidget props={props} kind={o.sheetType} />;
  return <TextBox props={props} o={o} />;
}

function TextBox({ props, o }: { props: QuestionWidgetProps; o: TextOptions }) {
  const [value, set] = useAnswer(props);
  if (o.numbers) return <NumberInput {...baseOf(props)} mode="digits" value={value} onChange={set} min={0} step={1} />;
  return (
    <textarea
      {...inputProps(props)}
      className="fs-input"
      rows={o.rows ?? 4}
      maxLength={o.maxLength ?? TEXT_MAX_LENGTH}
      value={typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)}
      onChange={(e) => set(e.target.value)}
    />
  );
}
