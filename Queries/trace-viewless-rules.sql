-- name: trace-viewless-rules
-- description: the rules of a trace's evaluations that name no SwiftUI view (a rule-less node as #attribute), with their evaluations, the busiest first, beside the trace's evaluations in all
-- params: trace (required)
-- internal: yes
SELECT coalesce(rule, '#' || attribute) AS rule, count(*) AS evaluations,
       (SELECT count(*) FROM trace_update_rows WHERE trace_id = :trace) AS total
FROM trace_updates
WHERE trace_id = :trace AND view IS NULL
GROUP BY 1
ORDER BY evaluations DESC, rule;
