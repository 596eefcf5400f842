-- name: compare-run-names
-- description: a dump's rule and view of each attribute, to name a run's writes and the views they re-ran (NULL where the dump's graphs disagree)
-- params: snapshot (required)
-- internal: yes
SELECT r.attribute,
       CASE WHEN count(DISTINCT coalesce(r.rule, '')) = 1 THEN min(r.rule) END AS rule,
       (SELECT CASE WHEN count(DISTINCT v.view) = 1 THEN min(v.view) END
        FROM node_views v WHERE v.snapshot_id = :snapshot AND v.attribute = r.attribute) AS view
FROM node_rules r
WHERE r.snapshot_id = :snapshot
GROUP BY r.attribute
ORDER BY r.attribute;
