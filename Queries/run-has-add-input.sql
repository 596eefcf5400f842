-- name: run-has-add-input
-- description: 1 when a run has an add_input hit (its edges are known to RunCauses), else 0
-- params: run (required)
-- internal: yes
SELECT EXISTS (
  SELECT 1 FROM events
  -- A run's events are the id range its row records (see Schema, migration 5).
  WHERE id BETWEEN (SELECT first_event_id FROM runs WHERE id = :run) AND (SELECT last_event_id FROM runs WHERE id = :run)
    AND kind = 'add_input');
