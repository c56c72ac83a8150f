import { notifications } from '@mantine/notifications';

export interface ActionTitles {
  /** Title of the success notice (spec 001 section 8); its text is the server's `message` unless told. */
  success: string;
  /** Title of the failure notice; its text is the server's error message. */
  failure: string;
}

const failureText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong';

/**
 * Runs one admin action and reports the outcome as a notification. Resolves to true when it
 * succeeded; a failure is already reported, so callers only decide what to close.
 */
export function notifyAction<T extends { message: string }>(
  call: () => Promise<T>,
  titles: ActionTitles,
): Promise<boolean>;
export function notifyAction<T>(
  call: () => Promise<T>,
  titles: ActionTitles,
  successText: (result: T) => string,
): Promise<boolean>;
export async function notifyAction<T>(
  call: () => Promise<T>,
  titles: ActionTitles,
  successText = (result: T) => (result as { message: string }).message,
): Promise<boolean> {
  try {
    const result = await call();
    notifications.show({ color: 'green', title: titles.success, message: successText(result) });
    return true;
  } catch (error) {
    notifications.show({ color: 'red', title: titles.failure, message: failureText(error) });
    return false;
  }
}
