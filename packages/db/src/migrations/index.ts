import type { Migration } from 'kysely';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_people.ts';
import * as m0003 from './0003_evaluations.ts';
import * as m0004 from './0004_hardening.ts';
import * as m0005 from './0005_account_root.ts';
import * as m0006 from './0006_home_and_self_service.ts';
import * as m0007 from './0007_chat.ts';
import * as m0010 from './0010_credit_grants.ts';
import * as m0011 from './0011_trust.ts';
import * as m0015 from './0015_users_account_root_index.ts';
import * as m0017 from './0017_login_failures.ts';
import * as m0019 from './0019_avatars.ts';
import * as m0020 from './0020_measurement_units.ts';
import * as m0021 from './0021_handovers.ts';
import * as m0022 from './0022_dashboard_by_account.ts';
import * as m0023 from './0023_account_data_versions.ts';
import * as m0024 from './0024_audit_append.ts';
import * as m0025 from './0025_audit_append_many.ts';
import * as m0026 from './0026_body_fat_series.ts';
import * as m0027 from './0027_isak_profile.ts';
import * as m0028 from './0028_isak_evaluator_index.ts';
import * as m0029 from './0029_audit_chain_heads.ts';
import * as m0030 from './0030_second_factor.ts';
import * as m0031 from './0031_passkeys.ts';
import * as m0032 from './0032_timeline_card_columns.ts';
import * as m0033 from './0033_data_versions_at_commit.ts';
import * as m0034 from './0034_blobs.ts';
import * as m0035 from './0035_chat_live_sockets.ts';
import * as m0036 from './0036_export_jobs.ts';
import * as m0038 from './0038_operator_console.ts';
import * as m0039 from './0039_instances_and_export_claims.ts';
import * as m0040 from './0040_chat_versions.ts';
import * as m0041 from './0041_client_consents_by_client.ts';
import * as m0042 from './0042_evaluation_documents_lz4.ts';
import * as m0043 from './0043_summary_count_on_insert.ts';
import * as m0044 from './0044_set_child_balances.ts';

/** Every migration, in order. A static list (no directory scan) works the same under tsx, vitest and bundles. */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_people': m0002,
  '0003_evaluations': m0003,
  '0004_hardening': m0004,
  '0005_account_root': m0005,
  '0006_home_and_self_service': m0006,
  '0007_chat': m0007,
  '0010_credit_grants': m0010,
  '0011_trust': m0011,
  '0015_users_account_root_index': m0015,
  '0017_login_failures': m0017,
  '0019_avatars': m0019,
  '0020_measurement_units': m0020,
  '0021_handovers': m0021,
  '0022_dashboard_by_account': m0022,
  '0023_account_data_versions': m0023,
  '0024_audit_append': m0024,
  '0025_audit_append_many': m0025,
  '0026_body_fat_series': m0026,
  '0027_isak_profile': m0027,
  '0028_isak_evaluator_index': m0028,
  '0029_audit_chain_heads': m0029,
  '0030_second_factor': m0030,
  '0031_passkeys': m0031,
  '0032_timeline_card_columns': m0032,
  '0033_data_versions_at_commit': m0033,
  '0034_blobs': m0034,
  '0035_chat_live_sockets': m0035,
  '0036_export_jobs': m0036,
  '0038_operator_console': m0038,
  '0039_instances_and_export_claims': m0039,
  '0040_chat_versions': m0040,
  '0041_client_consents_by_client': m0041,
  '0042_evaluation_documents_lz4': m0042,
  '0043_summary_count_on_insert': m0043,
  '0044_set_child_balances': m0044,
};
