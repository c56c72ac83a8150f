import { Badge, Button, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

/**
 * On a phone (768 px and below) the filters wait behind a 'Filters' button that shows how many are
 * set, so the first screen shows results (issue 8). The drawer's fields are first rendered when it
 * first opens (a phone's first load does not pay for a form it does not show: decision 064), and
 * stay mounted after it closes, so a search typed just before closing still applies after its
 * debounce.
 */
export function MobileFilters({ activeCount, children }: { activeCount: number; children: ReactNode }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconAdjustmentsHorizontal aria-hidden size={18} />}
        rightSection={
          activeCount > 0 ? (
            <Badge size="sm" circle color="navy.9" aria-hidden>
              {activeCount}
            </Badge>
          ) : undefined
        }
        aria-label={activeCount > 0 ? `Filters (${activeCount} active)` : 'Filters'}
        onClick={() => {
          setHasOpened(true);
          open();
        }}
      >
        Filters
      </Button>
      {hasOpened && (
        <Drawer opened={opened} onClose={close} position="bottom" size="85%" title="Filters" keepMounted>
          {children}
          <Button fullWidth mt="md" onClick={close}>
            Show results
          </Button>
        </Drawer>
      )}
    </>
  );
}
