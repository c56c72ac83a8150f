import * as authAndProfile from './20261122000000_auth_and_profile';
import * as domainModel from './20261122000100_domain_model';
import * as marketplaceIndexes from './20261123000300_marketplace_indexes';
import * as changeNotifications from './20261124000000_change_notifications';

export const migrations = {
  '20261122000000_auth_and_profile': authAndProfile,
  '20261122000100_domain_model': domainModel,
  '20261123000300_marketplace_indexes': marketplaceIndexes,
  '20261124000000_change_notifications': changeNotifications,
};
