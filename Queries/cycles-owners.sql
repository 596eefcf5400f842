-- name: cycles-owners
-- description: the consoles, traces and runs that hold cycle reports (kind, owner_id), of one kind or one owner when given, in the order cycles-reports lists their reports
-- params: kind (optional), owner (optional)
-- internal: yes
SELECT DISTINCT kind, owner_id
FROM cycles
WHERE (:kind IS NULL OR kind = :kind)
  AND (:owner IS NULL OR owner_id = :owner)
ORDER BY kind, owner_id;
