import { notifications } from '@mantine/notifications';

export interface ActionTitles {
  /** Title of the success notice; its text is the server's `message`. */
  success: string;
  /** Title of the failure notice (spec 001 section 8); its text is the server's error message. */
  failure: string;
}

/**
 * Runs one admin action and reports the outcome as a notification. Resolves to the answer, or to
 * `undefined` when the call failed (already reported), so callers only decide what to close.
 */
export async function notifyAction<T extends { message: string }>(
  call: () => Promise<T>,
  titles: ActionTitles,
): Promise<T | undefined> {
  try {
    const result = await call();
    notifications.show({ color: 'green', title: titles.success, message: result.message });
    return result;
  } catch (error) {
    notifications.show({
      color: 'red',
      title: titles.failure,
      message: error instanceof Error && error.message ? error.message : 'Something went wrong',
    });
    return undefined;
  }
}
