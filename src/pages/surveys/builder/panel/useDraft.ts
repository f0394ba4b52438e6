// A text being typed: kept locally (checked as typed) and written to the model when the field is left
// or Enter is pressed, so that undo steps are whole edits rather than single keystrokes.
import { useEffect, useState } from 'react';

export function useDraft(value: string, itemId: string) {
  const [draft, setDraft] = useState(value);
  // Another item selected, or the value changed by undo: show the model's value again.
  useEffect(() => setDraft(value), [value, itemId]);
  return [draft, setDraft] as const;
}
