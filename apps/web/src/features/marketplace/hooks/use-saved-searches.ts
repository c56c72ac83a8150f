import { useLocalStorage } from '@mantine/hooks';
import { marketplaceQuery, type SavedSearch } from '@plinth/domain/marketplace';

/**
 * Saved searches stay on the device (spec 000 section 3, DESIGN.md section 8), under each account's
 * own key: two people signing in on one browser do not see each other's.
 */
export const savedSearchesKey = (userId: string) => `plinth.savedSearches.${userId}`;

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

export function useSavedSearches(userId: string) {
  const [searches, setSearches] = useLocalStorage<SavedSearch[]>({
    key: savedSearchesKey(userId),
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
