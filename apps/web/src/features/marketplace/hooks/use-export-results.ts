import { notifications } from '@mantine/notifications';
import { PAGE_SIZE_MAX } from '@plinth/domain/constants';
import type { ProjectPreview } from '@plinth/domain/marketplace';
import { useState } from 'react';
import { listMarketplace, type MarketplaceParams } from '../api/list-marketplace';
import { downloadCsv, exportFileName, toCsv } from '../utils/marketplace-csv';

/** The most rows one export fetches (10 requests of 100): beyond that, narrow the filters. */
export const EXPORT_MAX_ROWS = 1000;

/**
 * 'Export Results': every result of the current filters and sort (not only the page on screen),
 * fetched 100 at a time and turned into a CSV on the device.
 */
export function useExportResults(params: MarketplaceParams) {
  const [isExporting, setIsExporting] = useState(false);

  const exportResults = async () => {
    setIsExporting(true);
    try {
      const items: ProjectPreview[] = [];
      let total = 0;
      for (let page = 1; items.length < EXPORT_MAX_ROWS; page += 1) {
        const result = await listMarketplace({ ...params, page, limit: PAGE_SIZE_MAX });
        total = result.total;
        items.push(...result.items);
        if (result.items.length < PAGE_SIZE_MAX || items.length >= total) break;
      }
      const rows = items.slice(0, EXPORT_MAX_ROWS);
      downloadCsv(await toCsv(rows, window.location.origin), exportFileName());
      notifications.show({
        color: total > rows.length ? 'yellow' : 'green',
        title: 'Export Complete',
        message:
          total > rows.length
            ? `Exported the first ${rows.length.toLocaleString('en-AU')} of ${total.toLocaleString('en-AU')} results. Narrow the filters to export the rest.`
            : `Exported ${rows.length.toLocaleString('en-AU')} ${rows.length === 1 ? 'project' : 'projects'}.`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Export Failed',
        message: error instanceof Error && error.message ? error.message : 'Failed to export results',
      });
    } finally {
      setIsExporting(false);
    }
  };

  return { exportResults, isExporting };
}
