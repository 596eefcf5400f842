-- name: findings-cycles
-- description: findings: a recording's AttributeGraph cycle reports per attribute (console, trace or run): reports, their positions, and the attributes of their frames
-- params: kind (required), owner (required)
-- internal: yes
-- Each attribute's reports and frames are gathered in one pass each (a subquery per attribute
-- read every report of the recording again: 0.35 s for 200 attributes of 11,200 reports); the
-- lists come in no set order (CycleFindings sorts them).
WITH own AS (
    SELECT id, attribute, position FROM cycles WHERE kind = :kind AND owner_id = :owner
),
reports AS (
    SELECT attribute, count(*) AS reports, group_concat(position) AS positions, min(position) AS first
    FROM own GROUP BY attribute
),
frames AS (
    SELECT o.attribute, group_concat(DISTINCT f.attribute) AS frame_attributes
    FROM own o JOIN cycle_frames f ON f.cycle_id = o.id
    WHERE f.attribute IS NOT NULL
    GROUP BY o.attribute
)
SELECT r.attribute, r.reports, r.positions, f.frame_attributes
FROM reports r LEFT JOIN frames f ON f.attribute IS r.attribute
ORDER BY r.first;
