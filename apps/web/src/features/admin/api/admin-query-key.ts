/**
 * Every admin query lives under ['admin'], and every admin action invalidates all of them: one
 * action can change the stats, both project lists, the pending count and the override history.
 */
export const adminQueryKey = ['admin'] as const;
