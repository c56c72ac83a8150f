import { useLocalStorage } from '@mantine/hooks';
import { marketplaceQuery, type SavedSearch } from '@plinth/domain/marketplace';

/** Saved searches stay on the device (spec 000 section 3, DESIGN.md section 8). */
export const SAVED_SEARCHES_KEY = 'plinth.savedSearches';

/** Only what still reads as a search: a stored entry from an older version is dropped, not trusted. */
function readSavedSearches(raw: string | undefined): SavedSearch[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry): SavedSearch[] => {
      if (typeof entry !== 'object' || entry === null) return [];
      const { id, name, filters, created_at } = entry as Record<string, unknown>;
      if (typeof id !== 'string' || typeof name !== 'string' || typeof created_at !== 'string') return [];
      const checked = marketplaceQuery.safeParse(filters ?? {});
      if (!checked.success) return [];
      const { page: _page, limit: _limit, ...kept } = checked.data;
      return [{ id, name, filters: kept, created_at }];
    });
  } catch {
    return [];
  }
}

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function useSavedSearches() {
  const [searches, setSearches] = useLocalStorage<SavedSearch[]>({
    key: SAVED_SEARCHES_KEY,
    defaultValue: [],
    getInitialValueInEffect: false,
    serialize: JSON.stringify,
    deserialize: readSavedSearches,
  });

  return {
    searches,
    /** Saves under a name; a search with the same name (any case) is replaced. */
    save: (name: string, filters: SavedSearch['filters']) => {
      const trimmed = name.trim();
      setSearches((current) => [
        ...current.filter((s) => s.name.toLowerCase() !== trimmed.toLowerCase()),
        { id: newId(), name: trimmed, filters, created_at: new Date().toISOString() },
      ]);
    },
    remove: (id: string) => setSearches((current) => current.filter((s) => s.id !== id)),
  };
}
