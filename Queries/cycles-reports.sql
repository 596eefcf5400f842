-- name: cycles-reports
-- description: every cycle report (all kinds, or one kind and owner), in the order they came, with its owner's label and the snapshot of the dump the recorder took at it (when imported)
-- params: kind (optional), owner (optional)
-- internal: yes
-- `owner` is the row of `consoles`, `traces` or `runs` (`kind` says which); a report whose
-- owner row is gone keeps a NULL label.
SELECT c.id, c.kind, c.owner_id,
       CASE c.kind
           WHEN 'console' THEN (SELECT label FROM consoles WHERE id = c.owner_id)
           WHEN 'trace' THEN (SELECT label FROM traces WHERE id = c.owner_id)
           WHEN 'run' THEN (SELECT label FROM runs WHERE id = c.owner_id)
       END AS owner,
       c.position, c.attribute, c.level, c.form, c.complete,
       -- The recorder's dump at this stop, once imported: the snapshot whose file it is.
       (SELECT max(s.id) FROM snapshots s WHERE s.source = c.dump) AS dump_snapshot
FROM cycles c
WHERE (:kind IS NULL OR c.kind = :kind)
  AND (:owner IS NULL OR c.owner_id = :owner)
ORDER BY c.kind, c.owner_id, c.id;
