// Search and paging shared by the list queries: a search box matches anywhere in the text, taken
// literally (% and _ typed by a user are not wildcards).
export function containsPattern(search: string | undefined): string | undefined {
  const s = search?.trim();
  if (!s) return undefined;
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

export const offsetOf = (p: PageRequest): number => (p.page - 1) * p.pageSize;
