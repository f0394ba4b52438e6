// Rating (276) and matrix (277) questions: rows (the choices) by columns (the second choices). A rating
// takes one column per row, a matrix any number; clicking a chosen cell clears it (spec 001 section 4).
// Columns keep a minimum width (rating 100 px, matrix 200 px) and the table scrolls sideways on a phone.
import { useAnswer } from '../runtime/hooks';
import { describedBy, labelId } from './a11y';
import { ChoiceText } from './choices';
import { optionsOf, type ChoiceOption, type QuestionWidgetProps } from '../types';
import { plainLabel } from '../runtime/messages';
import { useText } from '../runtime/text';

interface GridOptions {
  rows: readonly ChoiceOption[];
  columns: readonly ChoiceOption[];
  minColumnWidth: number;
}

type Cells = Record<string, string | string[]>;

const cellsOf = (value: unknown): Cells => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Cells) : {});

/** The answer after a click on a cell; undefined when no cell is left. */
export function toggleCell(value: unknown, row: string, column: string, many: boolean): Cells | undefined {
  const next: Cells = { ...cellsOf(value) };
  const cell = next[row];
  if (many) {
    const list = Array.isArray(cell) ? cell : [];
    const kept = list.includes(column) ? list.filter((c) => c !== column) : [...list, column];
    if (kept.length) next[row] = kept;
    else delete next[row];
  } else if (cell === column) delete next[row];
  else next[row] = column;
  return Object.keys(next).length ? next : undefined;
}

export function Grid({ props, many }: { props: QuestionWidgetProps; many: boolean }) {
  const t = useText();
  const [value, set] = useAnswer(props);
  const o = optionsOf<GridOptions>(props);
  const cells = cellsOf(value);
  const locked = props.readonly === true || props.disabled === true;
  const chosen = (row: string, column: string): boolean => {
    const cell = cells[row];
    return Array.isArray(cell) ? cell.includes(column) : cell === column;
  };
  const emoji = o.hasEmoji === true;
  return (
    // Read-only, its inputs take no focus: the wrap does, so a keyboard can scroll a wide grid on a phone.
    <div
      className="fs-grid-wrap"
      role="group"
      aria-labelledby={labelId(props.id)}
      aria-describedby={describedBy(props.id)}
      id={props.id}
      {...(locked ? { tabIndex: 0 } : {})}
    >
      <table className="fs-grid">
        <thead>
          <tr>
            <th aria-hidden="true" />
            {o.columns.map((c) => (
              <th key={c.name} scope="col" style={{ minWidth: o.minColumnWidth }}>
                <ChoiceText choice={c} emoji={emoji} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {o.rows.map((row) => (
            <tr key={row.name} data-row={row.name}>
              <th scope="row">
                <ChoiceText choice={row} emoji={emoji} />
              </th>
              {o.columns.map((c) => {
                const on = chosen(row.name, c.name);
                return (
                  <td key={c.name}>
                    <label className="fs-cell">
                      <input
                        type={many ? 'checkbox' : 'radio'}
                        name={`${props.id}:${row.name}`}
                        checked={on}
                        disabled={locked}
                        aria-label={`${plainLabel(row.label, t)}: ${plainLabel(c.label, t)}`}
                        data-cell={`${row.name}:${c.name}`}
                        // A radio cannot be unchecked by clicking it; the click handler toggles instead.
                        onChange={() => undefined}
                        onClick={() => !locked && set(toggleCell(value, row.name, c.name, many))}
                      />
                    </label>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
