-- name: html-run-edges
-- description: the distinct edges (input -> reader) a run's add_input hits revealed, for the HTML report's pictures
-- params: run (required)
-- internal: yes
SELECT DISTINCT input_attribute AS src_attribute, attribute AS dst_attribute
FROM events
-- A run's events are the id range its row records (see Schema, migration 5).
WHERE id BETWEEN (SELECT first_event_id FROM runs WHERE id = :run) AND (SELECT last_event_id FROM runs WHERE id = :run)
  AND kind = 'add_input' AND attribute IS NOT NULL AND input_attribute IS NOT NULL;
