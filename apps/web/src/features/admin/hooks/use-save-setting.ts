import { useState } from 'react';
import { notifyAction } from '../../../lib/notify-action';
import { useUpdateSetting } from '../api/system-settings';

/**
 * Saves one setting with the Settings tab's notices ('Setting Updated' / 'Update Failed'); the
 * server's reason, when it refuses, is kept to show under the control.
 */
export function useSaveSetting(key: string, label: string) {
  const update = useUpdateSetting();
  const [serverError, setServerError] = useState<string | null>(null);
  const save = (value: string) => {
    setServerError(null);
    return notifyAction(
      async () => {
        try {
          return await update.mutateAsync({ key, value });
        } catch (e) {
          setServerError(e instanceof Error ? e.message : 'Failed to save the setting');
          throw e;
        }
      },
      { success: 'Setting Updated', failure: 'Update Failed' },
      () => `${label} saved`,
    );
  };
  return { save, serverError, clearServerError: () => setServerError(null), isPending: update.isPending };
}
