// The salesperson's working preferences before any is set, apart from their schema
// (follow-ups.ts, which types this value) so the window's first load carries no zod.

export const LOCAL_PREFERENCES_DEFAULT = {
  expiringWithinDays: 7,
  unansweredAfterDays: 5,
  notify: true,
  marginFloorPercent: null as number | null,
};
