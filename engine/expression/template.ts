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

/** The text with every ${name} replaced by its answer; never throws. */
export function interpolate(text: string, env: Env): string {
  if (!text.includes('${')) return text;
  const scope = new EvaluationScope(env);
  return text.replace(PLACEHOLDER, (_, name: string) => {
    try {
      const value = finalize(scope.value(name), scope);
      const shown = typeof value === 'number' && Number.isNaN(value) ? '' : String(value);
      return shown === '' ? MESSAGES.noValue : shown;
    } catch {
      return MESSAGES.noValue;
    }
  });
}
