import { notifications } from '@mantine/notifications';

export interface ActionTitles {
  /** Title of the success notice (spec 001 section 8). */
  success: string;
  /** Title of the failure notice; its text is the server's error message. */
  failure: string;
}

const failureText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong';

/** The people actions answer with `{ message, user }`: the server's message is the notice's text. */
export const serverMessage = (result: { message: string }) => result.message;

/**
 * Runs one admin action and reports the outcome as a notification. Resolves to true when it
 * succeeded; a failure is already reported, so callers only decide what to close.
 */
export async function notifyAction<T>(
  call: () => Promise<T>,
  titles: ActionTitles,
  successText: (result: T) => string,
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
