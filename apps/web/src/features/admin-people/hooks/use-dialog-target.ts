import { useState } from 'react';

/**
 * Which person a dialog is about. The person is kept while the dialog closes, so its text does not
 * vanish mid-animation; `isOpen` alone goes false.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ target: T; isOpen: boolean } | null>(null);
  return {
    target: state?.target ?? null,
    isOpen: state?.isOpen ?? false,
    open: (target: T) => setState({ target, isOpen: true }),
    close: () => setState((current) => current && { ...current, isOpen: false }),
  };
}
