-- name: profile-present
-- description: 1 when the snapshot holds profile data (AGGraphStartProfiling was on), else 0
-- params: snapshot (required)
-- internal: yes
SELECT EXISTS (SELECT 1 FROM graphs WHERE snapshot_id = :snapshot
                 AND (update_total IS NOT NULL OR changed_total IS NOT NULL))
    OR EXISTS (SELECT 1 FROM types WHERE snapshot_id = :snapshot
                 AND (update_count IS NOT NULL OR change_count IS NOT NULL OR update_total IS NOT NULL OR changed_total IS NOT NULL))
    OR EXISTS (SELECT 1 FROM nodes WHERE snapshot_id = :snapshot
                 AND (update_count IS NOT NULL OR change_count IS NOT NULL OR update_total IS NOT NULL OR changed_total IS NOT NULL))
    OR EXISTS (SELECT 1 FROM profile_marks WHERE snapshot_id = :snapshot)
    OR EXISTS (SELECT 1 FROM profile_events WHERE snapshot_id = :snapshot) AS profiled;
