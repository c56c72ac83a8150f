import { Center, type MantineSize, Pagination } from '@mantine/core';

interface PagePaginationProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  size?: MantineSize;
  siblings?: number;
}

/** The pages of a list, centred below it, with the names the browser tests use; nothing for one page. */
export function PagePagination({ page, pageCount, onChange, size, siblings }: PagePaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <Center>
      <Pagination
        total={pageCount}
        value={page}
        onChange={onChange}
        size={size}
        siblings={siblings}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
        })}
      />
    </Center>
  );
}
