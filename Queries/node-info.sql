-- name: node-info
-- description: one attribute's node(s) in a snapshot with rule, value type, flags (NULL when the dump leaves them out), description and value
-- params: snapshot (required), attribute (required)
-- internal: yes
SELECT n.attribute, n.graph_index, t.name AS rule, t.value_type, n.flags,
       n.description, n.value
FROM nodes n
LEFT JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index AND t.type_index = n.type_index
WHERE n.snapshot_id = :snapshot AND n.attribute = :attribute
ORDER BY n.graph_index;
