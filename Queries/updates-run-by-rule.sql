-- name: updates
-- description: update hits of a run summed per rule, the rules named by a snapshot (attributes it lacks count under an empty rule)
-- params: run (required), snapshot (required)
-- by: rule
SELECT rule, sum(updates) AS updates, count(*) AS attributes
FROM (SELECT u.attribute, u.updates,
             (SELECT t.name
              FROM nodes n
              JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index AND t.type_index = n.type_index
              WHERE n.snapshot_id = :snapshot AND n.attribute = u.attribute
              ORDER BY n.graph_index LIMIT 1) AS rule
      FROM (SELECT attribute, count(*) AS updates
            FROM events
            -- A run's events are the id range its row records (see Schema, migration 5).
            WHERE id BETWEEN (SELECT first_event_id FROM runs WHERE id = :run) AND (SELECT last_event_id FROM runs WHERE id = :run) AND kind = 'update'
            GROUP BY attribute) u)
GROUP BY rule
ORDER BY updates DESC, rule;
