-- name: html-run-edges
-- description: the distinct edges (input -> reader) a run's add_input hits revealed, for the HTML report's pictures
-- params: run (required)
-- internal: yes
SELECT DISTINCT input_attribute AS src_attribute, attribute AS dst_attribute
FROM run_events
-- run_events: the run's id range (Schema, migration 12).
WHERE run_id = :run
  AND kind = 'add_input' AND attribute IS NOT NULL AND input_attribute IS NOT NULL;
