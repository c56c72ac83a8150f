import * as authAndProfile from './20261122000000_auth_and_profile';
import * as domainModel from './20261122000100_domain_model';
import * as marketplaceIndexes from './20261123000300_marketplace_indexes';
import * as changeNotifications from './20261124000000_change_notifications';
import * as subscriptionDeniedFailed from './20261124100000_subscription_denied_failed';
import * as documentViews from './20261125000000_document_views';
import * as fundedLeavesMarket from './20261125100000_funded_leaves_market';
import * as projectPublishedAt from './20261125200000_project_published_at';
import * as averageMinListingsSetting from './20261125400000_average_min_listings_setting';
import * as pricingSettings from './20261125500000_pricing_settings';
import * as auditErasure from './20261125600000_audit_erasure';
import * as marketplaceCoveringIndexes from './20261125700000_marketplace_covering_indexes';
import * as marketplaceSummaryRollups from './20261126000000_marketplace_summary_rollups';
import * as marketChanges from './20261126100000_market_changes';
import * as funderChanges from './20261126200000_funder_changes';
import * as confidentialDocuments from './20261127000000_confidential_documents';
import * as averageFloorTen from './20261127000500_average_floor_ten';
import * as idempotencyKeys from './20261128000000_idempotency_keys';
import * as marketDefinition from './20261128000500_market_definition';
import * as summaryPerStatement from './20261128001000_summary_per_statement';
import * as creditSummaryViews from './20261129000000_credit_summary_views';
import * as funderCriteria from './20261129100000_funder_criteria';
import * as listingAlerts from './20261130000000_listing_alerts';
import * as fullFileChatsAndSignerAccount from './20261201200000_full_file_chats_and_signer_account';
import * as marketplaceReturnSnapshot from './20261202100000_marketplace_return_snapshot';
import * as loanAdministration from './20261203000000_loan_administration';
import * as variations from './20261204000000_variations';
import * as presales from './20261204100000_presales';
import * as covenants from './20261204200000_covenants';
import * as aiChatFacility from './20261205100000_ai_chat_facility';
import * as facilityDefaultAndCure from './20261206000000_facility_default_and_cure';
import * as retentionSecondHalf from './20261206100000_retention_second_half';
import * as userTimeZone from './20261206200000_user_time_zone';
import * as accrualAcrossFacilities from './20261207000000_accrual_across_facilities';

export const migrations = {
  '20261122000000_auth_and_profile': authAndProfile,
  '20261122000100_domain_model': domainModel,
  '20261123000300_marketplace_indexes': marketplaceIndexes,
  '20261124000000_change_notifications': changeNotifications,
  '20261124100000_subscription_denied_failed': subscriptionDeniedFailed,
  '20261125000000_document_views': documentViews,
  '20261125100000_funded_leaves_market': fundedLeavesMarket,
  '20261125200000_project_published_at': projectPublishedAt,
  '20261125400000_average_min_listings_setting': averageMinListingsSetting,
  '20261125500000_pricing_settings': pricingSettings,
  '20261125600000_audit_erasure': auditErasure,
  '20261125700000_marketplace_covering_indexes': marketplaceCoveringIndexes,
  '20261126000000_marketplace_summary_rollups': marketplaceSummaryRollups,
  '20261126100000_market_changes': marketChanges,
  '20261126200000_funder_changes': funderChanges,
  '20261127000000_confidential_documents': confidentialDocuments,
  '20261127000500_average_floor_ten': averageFloorTen,
  '20261128000000_idempotency_keys': idempotencyKeys,
  '20261128000500_market_definition': marketDefinition,
  '20261128001000_summary_per_statement': summaryPerStatement,
  '20261129000000_credit_summary_views': creditSummaryViews,
  '20261129100000_funder_criteria': funderCriteria,
  '20261130000000_listing_alerts': listingAlerts,
  '20261201200000_full_file_chats_and_signer_account': fullFileChatsAndSignerAccount,
  '20261202100000_marketplace_return_snapshot': marketplaceReturnSnapshot,
  '20261203000000_loan_administration': loanAdministration,
  '20261204000000_variations': variations,
  '20261204100000_presales': presales,
  '20261204200000_covenants': covenants,
  '20261205100000_ai_chat_facility': aiChatFacility,
  '20261206000000_facility_default_and_cure': facilityDefaultAndCure,
  '20261206100000_retention_second_half': retentionSecondHalf,
  '20261206200000_user_time_zone': userTimeZone,
  '20261207000000_accrual_across_facilities': accrualAcrossFacilities,
};
