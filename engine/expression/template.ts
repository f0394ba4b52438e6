// Labels and hints that show answers: 'Hello ${first_name}'. Not expressions: only ${name}
// placeholders in text. A missing answer reads '[No value]' (spec 001 section 5).
import type { Env } from './env';
import { MESSAGES } from './errors';
import { EvaluationScope } from './runtime/scope';
import { finalize } from './values/value';

const PLACEHOLDER = /\$\{\s*([^}\s]+)\s*\}/g;

/** The question names a label or hint shows, each once, in order. */
export function templateReferences(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) if (m[1] !== undefined) names.add(m[1]);
  return [...names];
}

/** The text with every ${name} replaced by what `replace` gives for the name. */
export function replaceReferences(text: string, replace: (name: string) => string): string {
  if (!text.includes('${')) return text;
  return text.replace(PLACEHOLDER, (_, name: string) => replace(name));
}

/**
 * An answer shown inside a label is the respondent's text, not the author's: the characters ODK's
 * formatting reads (engine/survey/markup.ts) are escaped, so an answer cannot make itself a link or a heading.
 */
export function escapeFormatting(value: string): string {
  return value.replace(/[\\*_[\]()#<>`]/g, (c) => `\\${c}`);
}

/** Unicode's isolates (FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE) around an answer shown in a label. */
export const ISOLATE_START = '\u2068';
export const ISOLATE_END = '\u2069';

/**
 * An answer shown in a label, escaped out of the formatting and isolated: a name in Latin letters or a
 * phone number inside an Arabic sentence keeps its own direction and leaves the sentence's alone. The
 * widgets render the isolated run as a <bdi> (widgets/runtime/AuthorText.tsx).
 */
export function shownInLabel(value: string): string {
  return `${ISOLATE_START}${escapeFormatting(value)}${ISOLATE_END}`;
}

/** The text with every ${name} replaced by its answer (passed through `shown`); never throws. */
export function interpolate(text: string, env: Env, shown: (value: string) => string = (v) => v): string {
  if (!text.includes('${')) return text;
  const scope = new EvaluationScope(env);
  return text.replace(PLACEHOLDER, (_, name: string) => {
    try {
      const value = finalize(scope.value(name), scope);
      const text = typeof value === 'number' && Number.isNaN(value) ? '' : String(value);
      return text === '' ? MESSAGES.noValue : shown(text);
    } catch {
      return MESSAGES.noValue;
    }
  });
}
