-- name: edge-churn
-- description: edges (input -> reader) added or removed while a trace ran, in the order it happened: change (added, removed, or added and removed), seqs, both ends with rule and view; edges present before tracing began and never removed are left out
-- params: trace (required)
SELECT CASE WHEN e.added_seq IS NOT NULL AND e.removed_seq IS NOT NULL THEN 'added and removed'
            WHEN e.added_seq IS NOT NULL THEN 'added' ELSE 'removed' END AS change,
       e.input AS src_attribute, src.rule AS src_rule, src.view AS src_view,
       e.reader AS dst_attribute, dst.rule AS dst_rule, dst.view AS dst_view,
       e.added_seq, e.removed_seq
FROM trace_edges e
LEFT JOIN trace_node_rules src ON src.trace_id = e.trace_id AND src.attribute = e.input
LEFT JOIN trace_node_rules dst ON dst.trace_id = e.trace_id AND dst.attribute = e.reader
WHERE e.trace_id = :trace AND (e.added_seq IS NOT NULL OR e.removed_seq IS NOT NULL)
ORDER BY coalesce(e.added_seq, e.removed_seq), e.input, e.reader;
