// Stands in for fast-uri, which @rjsf/utils imports only to resolve `$ref`s against a schema's `$id`
// (findSchemaDefinition). The survey compiler writes no `$id` and no `$ref` across documents, and the
// RFC 3986 parser weighs about 9 KiB gzip on the fill route, which respondents download on slow links; the browser's URL does the two
// things rjsf asks for. Relative ids ('Project', as schemas/ names entities) stay relative.
const BASE = 'https://schema.invalid';

function resolve(base: string, ref: string): string {
  try {
    const href = new URL(ref, new URL(base, `${BASE}/`)).href;
    if (!href.startsWith(`${BASE}/`)) return href;
    return base.startsWith('/') || ref.startsWith('/') ? href.slice(BASE.length) : href.slice(BASE.length + 1);
  } catch {
    return ref;
  }
}

function equal(a: string, b: string): boolean {
  return a === b || resolve('', a) === resolve('', b);
}

export default { resolve, equal };
