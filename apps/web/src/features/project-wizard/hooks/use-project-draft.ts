import { useCallback, useEffect, useRef } from 'react';
import { formValuesFromDraft, type ProjectFormValues } from '../utils/project-form-values';

/** The project form kept on this device only (spec 000 sections 3 and 4). */
export const PROJECT_DRAFT_KEY = 'plinth.projectDraft';
const AUTOSAVE_DELAY_MS = 1000;

export interface StoredProjectDraft {
  values: ProjectFormValues;
  savedAt: string;
}

/** The draft saved on this device, or null (none, unreadable, or storage blocked). */
export function readProjectDraft(): StoredProjectDraft | null {
  try {
    const raw = window.localStorage.getItem(PROJECT_DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { values?: unknown; savedAt?: unknown };
    const values = formValuesFromDraft(parsed.values);
    if (!values) return null;
    const savedAt = typeof parsed.savedAt === 'string' ? parsed.savedAt : new Date().toISOString();
    return { values, savedAt };
  } catch {
    return null;
  }
}

function writeProjectDraft(values: ProjectFormValues): boolean {
  try {
    const draft: StoredProjectDraft = { values, savedAt: new Date().toISOString() };
    window.localStorage.setItem(PROJECT_DRAFT_KEY, JSON.stringify(draft));
    return true;
  } catch {
    // Private browsing or a full quota: the draft is a convenience, the form still works.
    return false;
  }
}

const hasContent = (v: ProjectFormValues) => v.title.trim() !== '' || v.description.trim() !== '';

/**
 * Autosaves the form 1 second after a change once a title or description is present; `saveNow`
 * saves at once (Save Draft) and `clear` removes the draft and stops autosaving (after creation).
 */
export function useProjectDraft(values: ProjectFormValues) {
  const isClearedRef = useRef(false);
  // What the form opened with (empty, or the restored draft) needs no saving.
  const lastSavedRef = useRef<string | null>(JSON.stringify(values));

  useEffect(() => {
    if (isClearedRef.current || !hasContent(values)) return;
    const serialised = JSON.stringify(values);
    if (serialised === lastSavedRef.current) return;
    const timer = window.setTimeout(() => {
      if (isClearedRef.current) return;
      if (writeProjectDraft(values)) lastSavedRef.current = serialised;
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [values]);

  const saveNow = useCallback((current: ProjectFormValues) => {
    const saved = writeProjectDraft(current);
    if (saved) lastSavedRef.current = JSON.stringify(current);
    return saved;
  }, []);

  const clear = useCallback(() => {
    isClearedRef.current = true;
    try {
      window.localStorage.removeItem(PROJECT_DRAFT_KEY);
    } catch {
      // nothing stored, or storage blocked
    }
  }, []);

  /** Forget the stored draft but keep autosaving what is typed next ('Start over'). */
  const discard = useCallback(() => {
    lastSavedRef.current = null;
    try {
      window.localStorage.removeItem(PROJECT_DRAFT_KEY);
    } catch {
      // nothing stored, or storage blocked
    }
  }, []);

  return { saveNow, clear, discard };
}
