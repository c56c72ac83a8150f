/**
 * People queries live under ['admin'] (the admin panel's convention), so the panel's own actions
 * refresh them; and every action here invalidates all of ['admin']: approving or force-approving
 * someone changes the Overview's figures, the tab counts and the override history too.
 */
export const adminQueryKey = ['admin'] as const;
export const adminPeopleQueryKey = [...adminQueryKey, 'people'] as const;
