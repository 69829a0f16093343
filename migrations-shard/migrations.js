import journal from './meta/_journal.json';
import m0000 from './0000_shard_init.sql';
import m0001 from './0001_entry_page_totals.sql';
import m0002 from './0002_agent_durations.sql';
import m0003 from './0003_agent_requests.sql';
import m0004 from './0004_session_signer_origin.sql';
import m0005 from './0005_hourly_aggregates.sql';
import m0006 from './0006_sessions_signed_index.sql';
import m0007 from './0007_visitors_hourly.sql';
import m0008 from './0008_entry_page_running_hourly.sql';
import m0009 from './0009_drop_entry_page_totals_hourly.sql';
import m0010 from './0010_entry_page_running_daily.sql';
import m0011 from './0011_traffic_report_indexes.sql';
import m0012 from './0012_agent_requests_via_index.sql';
import m0013 from './0013_agent_request_hours.sql';
import m0014 from './0014_agent_path_days.sql';
import m0015 from './0015_policy_blocks.sql';
import m0016 from './0016_sessions_failed_verification_index.sql';
import m0017 from './0017_failing_index_leaves_out_crawls.sql';
import m0018 from './0018_covering_report_columns.sql';
import m0019 from './0019_via_index_server_events_only.sql';

  export default {
    journal,
    migrations: {
      m0000,
m0001,
m0002,
m0003,
m0004,
m0005,
m0006,
m0007,
m0008,
m0009,
m0010,
m0011,
m0012,
m0013,
m0014,
m0015,
m0016,
m0017,
m0018,
m0019
    }
  }
  