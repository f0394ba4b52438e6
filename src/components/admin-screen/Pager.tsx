// Pagination under a list: the range shown, the pages, and the page-size changer when declared.
import { ButtonGroup, Flex, IconButton, NativeSelect, Pagination, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import type { ScreenList } from './useScreenList';

/** What the pager needs of a list; /mytasks pages its own list through it too. */
export type PagedList = Pick<ScreenList, 'page' | 'pageSize' | 'total' | 'setPage' | 'setPageSize'>;

export function Pager({ list, sizes }: { list: PagedList; sizes?: readonly number[] | undefined }) {
  const { t } = useTranslation();
  const { page, pageSize, total } = list;
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap" data-testid="pager">
      <Text fontSize="sm" color="gray.600">
        {t('adminScreen.range', { from, to, total })}
      </Text>
      <Flex align="center" gap="3" wrap="wrap">
        {sizes && (
          <Flex align="center" gap="2">
            <Text fontSize="sm" color="gray.600" whiteSpace="nowrap">
              {t('adminScreen.rowsPerPage')}
            </Text>
            <NativeSelect.Root size="sm" width="20">
              <NativeSelect.Field
                value={String(pageSize)}
                onChange={(e) => list.setPageSize(Number(e.currentTarget.value))}
                data-testid="page-size"
                aria-label={t('adminScreen.rowsPerPage')}
              >
                {sizes.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Flex>
        )}
        {total > pageSize && (
          <Pagination.Root count={total} pageSize={pageSize} page={page} onPageChange={(e) => list.setPage(e.page)} siblingCount={1}>
            <ButtonGroup variant="ghost" size="sm" attached={false} gap="1">
              <Pagination.PrevTrigger asChild>
                <IconButton aria-label={t('adminScreen.previous')}>
                  <LuChevronLeft data-mirrored />
                </IconButton>
              </Pagination.PrevTrigger>
              <Pagination.Items
                render={(p) => (
                  <IconButton variant={{ base: 'ghost', _selected: 'outline' }} aria-label={t('adminScreen.page', { page: p.value })}>
                    {p.value}
                  </IconButton>
                )}
              />
              <Pagination.NextTrigger asChild>
                <IconButton aria-label={t('adminScreen.next')} data-testid="next-page">
                  <LuChevronRight data-mirrored />
                </IconButton>
              </Pagination.NextTrigger>
            </ButtonGroup>
          </Pagination.Root>
        )}
      </Flex>
    </Flex>
  );
}
