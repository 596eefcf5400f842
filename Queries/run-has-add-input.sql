-- name: run-has-add-input
-- description: 1 when a run has an add_input hit (its edges are known to RunCauses), else 0
-- params: run (required)
-- internal: yes
SELECT EXISTS (
  SELECT 1 FROM run_events
  -- run_events: the run's id range (Schema, migration 12).
  WHERE run_id = :run AND kind = 'add_input');
