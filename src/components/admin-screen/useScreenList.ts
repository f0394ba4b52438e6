// A declared list as the screen shows it: the page, page size and search (the page kept in the
// address when the declaration says so), the rows and total from the API, and the step back one page
// when a page empties while the total is not zero (spec 000 "Deletion and recovery").
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ScreenDeclaration } from '../../../schemas/screens';
import { api } from '../../api/client';
import { buildRequest, canBuild, type FillContext } from './template';

export type Row = Record<string, unknown>;

/** Every screen's queries start with this, so an action can refresh all lists at once. */
export const SCREEN_QUERY = 'screen';

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

function usePage(decl: ScreenDeclaration, inDialog: boolean): [number, (p: number) => void] {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState(1);
  if (!decl.pagination.pageInQuery || inDialog) return [local, setLocal];
  const page = Math.max(1, Number(params.get('page')) || 1);
  return [
    page,
    (p) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('page', String(p));
          return next;
        },
        { replace: true },
      ),
  ];
}

export function useScreenList(decl: ScreenDeclaration, fillContext: FillContext, opts: { inDialog?: boolean } = {}) {
  const [page, setPage] = usePage(decl, opts.inDialog ?? false);
  const [pageSize, setPageSize] = useState(decl.pagination.pageSize);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput.trim(), decl.search?.debounceMs ?? 0);
  const [filters, setFilterValues] = useState<Readonly<Record<string, string>>>({});
  const ready = canBuild(decl.source.call, fillContext);
  const request = ready ? buildRequest(decl.source.call, fillContext) : undefined;

  const query = useQuery({
    queryKey: [SCREEN_QUERY, decl.id, request?.path, request?.query, page, pageSize, search, filters],
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const names = decl.pagination.params ?? { page: 'page', pageSize: 'pageSize' };
      const data = await api.get<unknown>(request!.path, {
        query: {
          ...request!.query,
          [names.page]: page,
          [names.pageSize]: pageSize,
          ...(search ? { [decl.search?.param ?? 'search']: search } : {}),
          ...filters,
        },
      });
      const list = (decl.source.items ? (data as Record<string, unknown>)[decl.source.items] : data) as Row[];
      const total = decl.source.total ? Number((data as Record<string, unknown>)[decl.source.total]) : list.length;
      return { rows: list, total };
    },
  });

  // A new search starts again from the first page.
  const lastSearch = useRef(search);
  useEffect(() => {
    if (lastSearch.current === search) return;
    lastSearch.current = search;
    setPage(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;
  useEffect(() => {
    if (!query.isPlaceholderData && query.isSuccess && rows.length === 0 && total > 0 && page > 1) setPage(page - 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isSuccess, query.isPlaceholderData, rows.length, total, page]);

  return {
    ready,
    rows,
    total,
    page,
    setPage,
    pageSize,
    setPageSize: (n: number) => {
      setPageSize(n);
      setPage(1);
    },
    searchInput,
    setSearchInput,
    filters,
    /** Sets one filter ('' clears it), or clears them all; either starts again at page 1. */
    setFilter: (param: string | null, value = '') => {
      setFilterValues((prev) => {
        if (param === null) return {};
        const next = { ...prev };
        if (value) next[param] = value;
        else delete next[param];
        return next;
      });
      setPage(1);
    },
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}

export type ScreenList = ReturnType<typeof useScreenList>;
