import { type Kysely, sql } from 'kysely';

// The marketplace's own tables (DESIGN.md section 5) in snake_case. Money is whole AUD in
// numeric(14, 0) (payments: integer cents), rates are numeric percentages, every enumeration has a
// CHECK. Foreign keys: children of a project, deal or conversation go with it (cascade); a user's
// own rows go with the user; "who did it" references inside shared records (message senders,
// uploaders, requesters, commenters) become null so the other party keeps the record; payments are
// kept (set null) and the audit log has no foreign keys at all.
// Migrations take Kysely<any> and import no app code.

const REQUIRED_DOCUMENTS = [
  'feasibility_study',
  'development_approval',
  'architectural_plans',
  'quantity_surveyor_report',
  'valuation_report',
  'title_search',
];

const REQUIRED_DOCUMENT_DESCRIPTIONS: Record<string, string> = {
  feasibility_study:
    'A feasibility study showing the projected costs, revenue and profit of the development.',
  development_approval: 'The development approval or planning permit issued by the council for this project.',
  architectural_plans: 'The architectural plans, including site plans, floor plans and elevations.',
  quantity_surveyor_report: "A quantity surveyor's report estimating the full cost of construction.",
  valuation_report: 'An independent valuation of the land and the completed development.',
  title_search: 'A current title search showing who owns the land and any mortgages or caveats on it.',
};

const NOTIFICATION_FLAGS = [
  'email_messages',
  'email_project_updates',
  'email_newsletter',
  'email_access_requests',
  'email_deal_engagement',
  'email_proposals',
  'email_document_requests',
  'email_project_published',
  'email_project_rejected',
  'email_access_approved',
  'email_proposal_response',
  'email_borrower_messages',
  'email_account_approved',
  'email_payment_success',
] as const;

// Tables in creation order; down() drops them in reverse.
const TABLES = [
  'project',
  'project_document',
  'access_request',
  'message',
  'admin_message',
  'deal',
  'document_request',
  'deal_document',
  'deal_comment',
  'proposal',
  'contact_share',
  'notification',
  'notification_preferences',
  'payment',
  'payment_event',
  'audit_log',
  'system_setting',
  'ai_session',
  'ai_message',
];

const now = sql`now()`;
const uuidDefault = sql`gen_random_uuid()`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('project')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('borrower_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`title ~ '[^[:space:]]'`))
    .addColumn('description', 'text')
    .addColumn('location', 'text', (c) => c.notNull().check(sql`location ~ '[^[:space:]]'`))
    .addColumn('suburb', 'text', (c) => c.notNull().check(sql`suburb ~ '[^[:space:]]'`))
    .addColumn('city', 'text')
    .addColumn('state', 'text', (c) =>
      c.check(sql`state in ('NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT')`),
    )
    .addColumn('postcode', 'text', (c) => c.check(sql`postcode ~ '^[0-9]{4}$'`))
    .addColumn('latitude', 'numeric(9, 6)', (c) => c.check(sql`latitude between -90 and 90`))
    .addColumn('longitude', 'numeric(9, 6)', (c) => c.check(sql`longitude between -180 and 180`))
    .addColumn('property_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('Residential')
        .check(sql`property_type in ('Residential', 'Commercial', 'Mixed Use', 'Industrial', 'Retail')`),
    )
    .addColumn('development_stage', 'text', (c) =>
      c
        .notNull()
        .defaultTo('Planning')
        .check(sql`development_stage in ('Planning', 'Pre-Construction', 'Construction', 'Near Completion')`),
    )
    .addColumn('loan_amount', 'numeric(14, 0)', (c) => c.notNull().check(sql`loan_amount >= 100000`))
    .addColumn('interest_rate', 'numeric(5, 2)', (c) => c.check(sql`interest_rate between 0 and 50`))
    .addColumn('loan_term', 'integer', (c) => c.check(sql`loan_term between 1 and 120`))
    .addColumn('total_project_cost', 'numeric(14, 0)', (c) => c.check(sql`total_project_cost > 0`))
    .addColumn('equity_contribution', 'numeric(14, 0)', (c) => c.check(sql`equity_contribution >= 0`))
    .addColumn('land_value', 'numeric(14, 0)', (c) => c.check(sql`land_value >= 0`))
    .addColumn('construction_cost', 'numeric(14, 0)', (c) => c.check(sql`construction_cost >= 0`))
    .addColumn('expected_gdc', 'numeric(14, 0)', (c) => c.check(sql`expected_gdc >= 0`))
    .addColumn('expected_profit', 'numeric(14, 0)', (c) => c.check(sql`expected_profit >= 0`))
    .addColumn('project_size_sqm', 'numeric(12, 2)', (c) => c.check(sql`project_size_sqm >= 0`))
    .addColumn('number_of_units', 'integer', (c) => c.check(sql`number_of_units >= 0`))
    .addColumn('number_of_levels', 'integer', (c) => c.check(sql`number_of_levels >= 0`))
    .addColumn('car_spaces', 'integer', (c) => c.check(sql`car_spaces >= 0`))
    .addColumn('zoning', 'text')
    .addColumn('planning_permit_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('Not Started')
        .check(
          sql`planning_permit_status in ('Not Started', 'In Progress', 'Submitted', 'Approved', 'Approved with Conditions')`,
        ),
    )
    .addColumn('expected_start_date', 'date')
    .addColumn('expected_completion_date', 'date')
    .addColumn('market_risk_rating', 'text', (c) =>
      c.notNull().defaultTo('medium').check(sql`market_risk_rating in ('low', 'medium', 'high')`),
    )
    .addColumn('construction_risk_rating', 'text', (c) =>
      c.notNull().defaultTo('medium').check(sql`construction_risk_rating in ('low', 'medium', 'high')`),
    )
    .addColumn('location_risk_rating', 'text', (c) =>
      c.notNull().defaultTo('medium').check(sql`location_risk_rating in ('low', 'medium', 'high')`),
    )
    .addColumn('payment_status', 'text', (c) =>
      c.notNull().defaultTo('unpaid').check(sql`payment_status in ('unpaid', 'payment_pending', 'paid')`),
    )
    .addColumn('visible', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('submission_status', 'text', (c) =>
      c.check(sql`submission_status in ('submitted', 'rejected')`),
    )
    .addColumn('last_rejection_reason', 'text')
    .addColumn('rejection_date', 'timestamptz')
    .addColumn('payment_not_received', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('documents_complete', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('stripe_payment_intent_id', 'text')
    .addColumn('payment_date', 'timestamptz')
    .addColumn('funded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      'project_dates_order',
      sql`expected_completion_date is null or expected_start_date is null or expected_completion_date > expected_start_date`,
    )
    .addCheckConstraint('project_coordinates_pair', sql`(latitude is null) = (longitude is null)`)
    // Published (visible) listings are always paid, whichever way they got there (spec 001 section 4.1).
    .addCheckConstraint('project_visible_requires_paid', sql`not visible or payment_status = 'paid'`)
    .execute();
  await db.schema
    .createIndex('project_borrower_created_idx')
    .on('project')
    .columns(['borrower_id', 'created_at desc'])
    .execute();
  await db.schema
    .createIndex('project_marketplace_created_idx')
    .on('project')
    .column('created_at desc')
    .where(sql<boolean>`payment_status = 'paid' and visible`)
    .execute();
  await db.schema
    .createIndex('project_marketplace_loan_idx')
    .on('project')
    .column('loan_amount')
    .where(sql<boolean>`payment_status = 'paid' and visible`)
    .execute();
  await db.schema
    .createIndex('project_type_state_idx')
    .on('project')
    .columns(['property_type', 'state'])
    .execute();
  await db.schema.createIndex('project_payment_status_idx').on('project').column('payment_status').execute();

  await db.schema
    .createTable('project_document')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('uploader_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('document_type', 'text', (c) =>
      c.notNull().check(sql`document_type ~ '^[a-z0-9]+(_[a-z0-9]+)*$'`),
    )
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('file_name', 'text', (c) => c.notNull().check(sql`char_length(file_name) between 1 and 255`))
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn('sha256', 'text', (c) => c.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('project_document_project_idx')
    .on('project_document')
    .columns(['project_id', 'document_type'])
    .execute();

  await db.schema
    .createTable('access_request')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('funder_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(
          sql`status in ('pending', 'approved', 'declined', 'due_diligence', 'term_sheet', 'funded', 'closed')`,
        ),
    )
    .addColumn('initial_message', 'text', (c) =>
      c.check(sql`char_length(initial_message) between 1 and 1000`),
    )
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('declined_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // At most one open request per funder and project; a declined or closed one may be asked again.
  await db.schema
    .createIndex('access_request_open_unique')
    .on('access_request')
    .columns(['funder_id', 'project_id'])
    .unique()
    .where(sql<boolean>`status <> 'declined' and status <> 'closed'`)
    .execute();
  await db.schema
    .createIndex('access_request_project_idx')
    .on('access_request')
    .column('project_id')
    .execute();
  await db.schema
    .createIndex('access_request_funder_status_idx')
    .on('access_request')
    .columns(['funder_id', 'status'])
    .execute();

  await db.schema
    .createTable('message')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('access_request_id', 'uuid', (c) =>
      c.notNull().references('access_request.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('message', 'text', (c) =>
      c.notNull().check(sql`char_length(message) <= 1000 and message ~ '[^[:space:]]'`),
    )
    .addColumn('message_type', 'text', (c) =>
      c.notNull().defaultTo('text').check(sql`message_type in ('text', 'system')`),
    )
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('message_conversation_sent_idx')
    .on('message')
    .columns(['access_request_id', 'sent_at'])
    .execute();

  await db.schema
    .createTable('admin_message')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    // The non-admin user whose thread with the admins this is.
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('sender_role', 'text', (c) =>
      c.notNull().check(sql`sender_role in ('admin', 'borrower', 'funder')`),
    )
    .addColumn('message', 'text', (c) =>
      c.notNull().check(sql`char_length(message) <= 1000 and message ~ '[^[:space:]]'`),
    )
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('admin_message_thread_sent_idx')
    .on('admin_message')
    .columns(['user_id', 'sent_at'])
    .execute();

  await db.schema
    .createTable('deal')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('access_request_id', 'uuid', (c) =>
      c.notNull().unique().references('access_request.id').onDelete('cascade'),
    )
    .addColumn('borrower_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('funder_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`status in ('open', 'completed')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('completed_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addCheckConstraint('deal_completed_at', sql`status <> 'completed' or completed_at is not null`)
    .addCheckConstraint('deal_parties_differ', sql`borrower_id <> funder_id`)
    .execute();
  await db.schema.createIndex('deal_project_idx').on('deal').column('project_id').execute();
  await db.schema.createIndex('deal_funder_idx').on('deal').column('funder_id').execute();
  await db.schema.createIndex('deal_borrower_idx').on('deal').column('borrower_id').execute();

  await db.schema
    .createTable('document_request')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('deal_id', 'uuid', (c) => c.notNull().references('deal.id').onDelete('cascade'))
    .addColumn('requester_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('document_name', 'text', (c) =>
      c.notNull().check(sql`char_length(document_name) <= 200 and document_name ~ '[^[:space:]]'`),
    )
    .addColumn('description', 'text', (c) => c.check(sql`char_length(description) <= 2000`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'fulfilled')`),
    )
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('fulfilled_at', 'timestamptz')
    .addCheckConstraint(
      'document_request_fulfilled_at',
      sql`status <> 'fulfilled' or fulfilled_at is not null`,
    )
    .execute();
  await db.schema
    .createIndex('document_request_deal_idx')
    .on('document_request')
    .columns(['deal_id', 'requested_at'])
    .execute();

  await db.schema
    .createTable('deal_document')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('deal_id', 'uuid', (c) => c.notNull().references('deal.id').onDelete('cascade'))
    .addColumn('document_request_id', 'uuid', (c) => c.references('document_request.id').onDelete('set null'))
    .addColumn('uploader_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('file_name', 'text', (c) => c.notNull().check(sql`char_length(file_name) between 1 and 255`))
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn('sha256', 'text', (c) => c.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('deal_document_deal_idx')
    .on('deal_document')
    .columns(['deal_id', 'uploaded_at'])
    .execute();
  await db.schema
    .createIndex('deal_document_request_idx')
    .on('deal_document')
    .column('document_request_id')
    .execute();

  await db.schema
    .createTable('deal_comment')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('deal_id', 'uuid', (c) => c.notNull().references('deal.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('comment', 'text', (c) =>
      c.notNull().check(sql`char_length(comment) <= 10000 and comment ~ '[^[:space:]]'`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('deal_comment_deal_created_idx')
    .on('deal_comment')
    .columns(['deal_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('proposal')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('deal_id', 'uuid', (c) => c.notNull().references('deal.id').onDelete('cascade'))
    .addColumn('funder_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('loan_amount', 'numeric(14, 0)', (c) => c.notNull().check(sql`loan_amount > 0`))
    .addColumn('interest_rate', 'numeric(5, 2)', (c) =>
      c.notNull().check(sql`interest_rate > 0 and interest_rate <= 50`),
    )
    .addColumn('loan_term', 'integer', (c) => c.notNull().check(sql`loan_term between 1 and 120`))
    .addColumn('establishment_fee', 'numeric(14, 2)', (c) =>
      c.notNull().defaultTo(0).check(sql`establishment_fee >= 0`),
    )
    .addColumn('other_fees', 'text')
    .addColumn('conditions', 'text')
    .addColumn('valid_until', 'date')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'accepted', 'declined')`),
    )
    .addColumn('decline_reason', 'text')
    .addColumn('responded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // One pending proposal per deal; after a decline the funder may submit another.
  await db.schema
    .createIndex('proposal_one_pending_per_deal')
    .on('proposal')
    .column('deal_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('proposal_deal_created_idx')
    .on('proposal')
    .columns(['deal_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('contact_share')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('target_user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('deal_id', 'uuid', (c) => c.references('deal.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('contact_share_pair_unique', ['user_id', 'target_user_id'])
    .addCheckConstraint('contact_share_not_self', sql`user_id <> target_user_id`)
    .execute();
  await db.schema
    .createIndex('contact_share_target_idx')
    .on('contact_share')
    .column('target_user_id')
    .execute();

  await db.schema
    .createTable('notification')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type ~ '^[a-z][a-z0-9_]*$'`))
    .addColumn('related_id', 'text')
    .addColumn('message', 'text', (c) => c.notNull().check(sql`message ~ '[^[:space:]]'`))
    .addColumn('read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('notification_user_created_idx')
    .on('notification')
    .columns(['user_id', 'created_at desc'])
    .execute();
  await db.schema
    .createIndex('notification_user_unread_idx')
    .on('notification')
    .columns(['user_id', 'created_at desc'])
    .where(sql<boolean>`not read`)
    .execute();

  let preferences = db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'));
  for (const flag of NOTIFICATION_FLAGS) {
    preferences = preferences.addColumn(flag, 'boolean', (c) =>
      c.notNull().defaultTo(flag !== 'email_newsletter'),
    );
  }
  await preferences.addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now)).execute();

  // Payments outlive the project and the user they were for.
  await db.schema
    .createTable('payment')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('project_id', 'uuid', (c) => c.references('project.id').onDelete('set null'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('project_listing', 'subscription')`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('AUD').check(sql`currency = 'AUD'`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'completed', 'failed', 'refunded')`),
    )
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('sandbox', 'stripe')`))
    .addColumn('provider_reference', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('failure_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('payment_created_idx').on('payment').column('created_at desc').execute();
  await db.schema.createIndex('payment_project_idx').on('payment').column('project_id').execute();
  await db.schema.createIndex('payment_user_idx').on('payment').column('user_id').execute();
  await db.schema
    .createIndex('payment_provider_reference_idx')
    .on('payment')
    .columns(['provider', 'provider_reference'])
    .execute();

  // Webhook (and sandbox) events: the unique key makes a redelivered event a no-op.
  await db.schema
    .createTable('payment_event')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('sandbox', 'stripe')`))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('payment_event_provider_event_unique', ['provider', 'event_id'])
    .execute();

  // Append-only, hash-chained; no foreign keys so that entries survive deletion of what they name.
  // prev_hash is unique: two entries can never claim the same predecessor (no forks in the chain).
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action ~ '[^[:space:]]'`))
    .addColumn('target_type', 'text', (c) => c.notNull().check(sql`target_type ~ '[^[:space:]]'`))
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('prev_hash', 'text', (c) => c.unique())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at desc').execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id'])
    .execute();

  await db.schema
    .createTable('system_setting')
    .addColumn('key', 'text', (c) => c.primaryKey().check(sql`key ~ '^[a-z][a-z0-9_]*$'`))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('updated_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db
    .insertInto('system_setting')
    .values([
      {
        key: 'required_documents',
        value: JSON.stringify(REQUIRED_DOCUMENTS),
        description:
          'Document types a developer must upload before a project is complete (JSON list of keys).',
      },
      {
        key: 'required_document_descriptions',
        value: JSON.stringify(REQUIRED_DOCUMENT_DESCRIPTIONS),
        description: 'What each required document type is, shown to developers (JSON object by key).',
      },
    ])
    .execute();

  await db.schema
    .createTable('ai_session')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('project_id', 'uuid', (c) => c.references('project.id').onDelete('set null'))
    .addColumn('session_title', 'text', (c) => c.check(sql`char_length(session_title) <= 200`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('ai_session_user_created_idx')
    .on('ai_session')
    .columns(['user_id', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('ai_message')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidDefault))
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('ai_session.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull().check(sql`sender in ('user', 'ai')`))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('ai_message_session_created_idx')
    .on('ai_message')
    .columns(['session_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...TABLES].reverse()) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
