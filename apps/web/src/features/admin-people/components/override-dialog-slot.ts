import type { ComponentType } from 'react';

/**
 * The admin panel's Admin Override Confirmation (reason required, Execute Override disabled while
 * blank). Features do not import each other, so the admin route hands that dialog in; these are
 * the props it takes.
 */
export interface OverrideDialogProps {
  opened: boolean;
  /** What the override does. */
  action: string;
  /** What it acts on. */
  target: string;
  isPending: boolean;
  onClose: () => void;
  /** Runs the override; the dialog closes when it resolves to true. */
  onExecute: (reason: string) => Promise<boolean>;
}

export type OverrideDialogComponent = ComponentType<OverrideDialogProps>;
