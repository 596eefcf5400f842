-- name: cycles-edges
-- description: whether the dump S holds an input edge from one attribute to its reader (edges are input -> reader)
-- params: snapshot (required), input (required), reader (required)
-- internal: yes
SELECT EXISTS (SELECT 1 FROM edges
               WHERE snapshot_id = :snapshot AND src_attribute = :input AND dst_attribute = :reader) AS connected;
