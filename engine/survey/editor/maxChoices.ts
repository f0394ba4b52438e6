// Spec 001 section 5: the maximum of a select-multiple is written into its constraint as
// `count-selected(.) <= N`, replacing an earlier such clause (also one joined with `and` to another
// condition), and removed when the maximum is cleared. The rest of the author's text is kept as typed.

const CLAUSE = /^\(?\s*count-selected\s*\(\s*\.\s*\)\s*<=\s*\d+\s*\)?$/;

/** The top-level parts of `a and b and c`, outside parentheses and quotes, trimmed. */
function conjuncts(source: string): { parts: string[]; hasTopLevelOr: boolean } {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  let hasTopLevelOr = false;
  const wordAt = (i: number, word: string) =>
    source.startsWith(word, i) && /\s/.test(source[i - 1] ?? '') && /\s/.test(source[i + word.length] ?? '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && wordAt(i, 'and')) {
      parts.push(source.slice(start, i).trim());
      start = i + 3;
      i += 2;
    } else if (depth === 0 && wordAt(i, 'or')) hasTopLevelOr = true;
  }
  parts.push(source.slice(start).trim());
  return { parts: parts.filter((p) => p !== ''), hasTopLevelOr };
}

/** The constraint with the maximum N written in (null or 0: removed); null when nothing is left. */
export function withMaxChoices(constraint: string | null, max: number | null): string | null {
  const { parts } = conjuncts(constraint ?? '');
  const kept = parts.filter((p) => !CLAUSE.test(p));
  let rest = kept.join(' and ');
  if (kept.length === 1 && conjuncts(rest).hasTopLevelOr && max) rest = `(${rest})`;
  const clause = max && max > 0 ? `count-selected(.) <= ${Math.floor(max)}` : '';
  const out = [rest, clause].filter((p) => p !== '').join(' and ');
  return out === '' ? null : out;
}

/** The maximum a constraint holds, or null. */
export function maxChoicesOf(constraint: string | null): number | null {
  for (const p of conjuncts(constraint ?? '').parts) {
    if (CLAUSE.test(p)) return Number(/(\d+)\s*\)?$/.exec(p)![1]);
  }
  return null;
}
