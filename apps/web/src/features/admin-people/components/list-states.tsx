import { Alert, Button, Center, Group, Loader, Pagination, Paper, Text } from '@mantine/core';

/** Loading, failed and empty states shared by the people tabs. */
export function ListLoading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

export function ListFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" c="red.9" title="Failed to fetch admin data" role="alert">
      <Button size="xs" variant="default" mt="xs" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

export function ListEmpty({ text }: { text: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Text ta="center" c="gray.7">
        {text}
      </Text>
    </Paper>
  );
}

interface ListPaginationProps {
  page: number;
  total: number;
  limit: number;
  onChange: (page: number) => void;
}

export function ListPagination({ page, total, limit, onChange }: ListPaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / limit));
  if (pageCount <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pageCount}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
}
