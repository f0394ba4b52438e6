// Languages written right to left, by code: read by the survey's languages (./text.ts) and the interface
// texts (widgets/runtime/texts.ts). No imports, so the interface's small start can hold it.
const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'ha-arab', 'he', 'iw', 'ji', 'ks', 'ku-arab', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);

export function directionOf(code: string): 'rtl' | 'ltr' {
  return RTL.has(code.toLowerCase()) ? 'rtl' : 'ltr';
}
