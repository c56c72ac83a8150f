import type { Generated } from 'kysely';

// The reader's time zone (migration 20261206200000_user_time_zone, decision 074), added to the
// hand-kept table type of `user` in ./types by declaration merging, until it is folded in there.
declare module './types' {
  interface UserTable {
    time_zone: Generated<string>;
  }
}
